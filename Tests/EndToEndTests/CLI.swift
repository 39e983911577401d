import Foundation
import TestSupport

/// The `flipbook` binaries under test: the debug one `swift test` builds beside the test bundle,
/// and the release one `make test` builds first (so determinism is pinned in both builds).
///
/// `make test` sets `FLIPBOOK_TEST_CLI=release`: the end-to-end tests then run the release
/// binary, the one users run (and several times faster at rendering); a plain `swift test`
/// runs the debug one it just built, so an edit is never tested through a stale release build.
enum CLI {
    static var binary: String {
        ProcessInfo.processInfo.environment["FLIPBOOK_TEST_CLI"] == "release" ? releaseBinary : debugBinary
    }

    static var debugBinary: String {
        let besideTests = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("flipbook").path
        if FileManager.default.isExecutableFile(atPath: besideTests) { return besideTests }
        return repositoryRoot + "/.build/debug/flipbook"
    }

    static var releaseBinary: String { repositoryRoot + "/.build/release/flipbook" }

    /// Runs `flipbook` from the repository root, as a user would.
    static func run(
        _ arguments: [String], binary: String = binary,
        environment: [String: String]? = nil
    ) throws -> ProcessOutput {
        try runProcess(binary, arguments, currentDirectory: repositoryRoot, environment: environment)
    }
}
