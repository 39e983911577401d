import ArgumentParser
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// `flipbook studio …`: runs the studio program, `flipbook-studio`, from the folder this binary
/// lies in (symlinks resolved, so an installed `bin/flipbook` finds `lib/flipbook/flipbook-studio`),
/// with the same arguments. The studio is its own program so that rendering never builds or loads
/// the server stack; exec keeps one process, so Ctrl-C and SIGTERM reach the server directly.
struct StudioLauncher: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "studio",
        abstract: "Serve a scene folder with live reload: pick a scene, scrub it, save the file, see it again.",
        discussion: """
            Runs flipbook-studio (built by `make studio`, installed by `make install`) with these arguments; \
            `flipbook studio --help` lists its options.
            """)

    @Argument(parsing: .captureForPassthrough, help: "The studio's arguments (see flipbook studio --help).")
    var arguments: [String] = []

    /// The name of the studio's program, beside `flipbook`.
    static let programName = "flipbook-studio"

    func run() throws {
        let folder = Self.executableFolder()
        let program = folder + "/" + Self.programName
        guard FileManager.default.isExecutableFile(atPath: program) else {
            throw CLIError(
                "the studio is its own program, \(Self.programName), and it is not built beside \(folder)/flipbook: "
                    + "build it with `make studio` (or `swift build -c release --product \(Self.programName)`), "
                    + "or install both with `make install`")
        }
        let argv = ([program] + arguments).map { strdup($0) } + [nil]
        execv(program, argv)
        let reason = String(cString: strerror(errno))
        throw CLIError("cannot run \(program): \(reason)")
    }

    /// The folder of the running binary, through any symlinks (`/proc/self/exe` on Linux).
    static func executableFolder() -> String {
        let resolved = realpath("/proc/self/exe", nil) ?? realpath(CommandLine.arguments[0], nil)
        guard let resolved else { return "." }
        defer { free(resolved) }
        return URL(fileURLWithPath: String(cString: resolved)).deletingLastPathComponent().path
    }
}
