import ArgumentParser
import Foundation
import Markup
import Pipeline

struct Verify: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check rendered frames and videos against their manifests.",
        discussion: """
            Checks every frame and video a manifest lists (FNV-1a 64 of the file's bytes). Given a folder,
            checks every *.manifest.json in it (a joined video's <video>.manifest.json from `flipbook concat`
            included), and that shard manifests cover all of the scene's frames.
            Exit status: 0 when everything matches, 1 when files are missing or differ (each is listed),
            2 when no manifest can be read.
            """)

    @Argument(help: "An output folder, or one <scene>.manifest.json.")
    var path: String

    func run() throws {
        let report: ManifestVerifier.Report
        do {
            report = try ManifestVerifier.verify(path)
        } catch let error as ManifestError {
            printError(error.description)
            throw ExitCode(2)
        }
        for problem in report.problems { print(problem.visibleEscaped) }
        let summary = "\(counted(report.manifests.count, "manifest")), \(counted(report.matched, "file")) match"
        if report.isClean {
            print("ok: " + summary)
        } else {
            print("FAILED: \(counted(report.problems.count, "problem")); " + summary)
            throw ExitCode(1)
        }
    }
}
