import Foundation
import TestSupport

/// The `flipbook` binaries under test: the debug one `swift test` builds beside the test bundle,
/// and the release one `make test` builds first (so determinism is pinned in both builds).
enum CLI {
    static var debugBinary: String {
        let besideTests = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("flipbook").path
        if FileManager.default.isExecutableFile(atPath: besideTests) { return besideTests }
        return repositoryRoot + "/.build/debug/flipbook"
    }

    static var releaseBinary: String { repositoryRoot + "/.build/release/flipbook" }

    /// Runs `flipbook` from the repository root, as a user would.
    static func run(
        _ arguments: [String], binary: String = debugBinary,
        environment: [String: String]? = nil
    ) throws -> ProcessOutput {
        try runProcess(binary, arguments, currentDirectory: repositoryRoot, environment: environment)
    }
}
