import ArgumentParser
import Foundation
import Markup
import Pipeline

struct Verify: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check rendered frames and videos against their manifests.",
        discussion: """
            Checks every frame and video a manifest lists (FNV-1a 64 of the file's bytes). Given a folder, \
            checks every *.manifest.json in it (a joined video's <video>.manifest.json from `flipbook concat` \
            included), and that shard manifests cover all of the scene's frames. \
            The fonts and images the frames were drawn with are checked too: system fonts by family and \
            weight, the scene's own files under --scene-folder (without it they are listed as not checked). \
            Every name a manifest gives must stay inside the output folder or the scene folder; a manifest \
            naming anything else (an absolute path, '..', an older manifest's machine paths) is refused \
            before anything is read. \
            Exit status: 0 when everything matches, 1 when files are missing or differ (each is listed), \
            2 when no manifest can be read.
            """)

    @Argument(help: "An output folder, or one <scene>.manifest.json.")
    var path: String

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The folder of the scene file, where the scene's own fonts and images are re-hashed.",
            valueName: "folder"))
    var sceneFolder: String?

    func validate() throws {
        var isFolder: ObjCBool = false
        if let sceneFolder,
            !FileManager.default.fileExists(atPath: sceneFolder, isDirectory: &isFolder) || !isFolder.boolValue
        {
            throw ValidationError("--scene-folder \(sceneFolder) is not a folder; give the folder the scene file is in")
        }
    }

    func run() throws {
        let report: ManifestVerifier.Report
        do {
            report = try ManifestVerifier.verify(path, sceneFolder: sceneFolder)
        } catch let error as ManifestError {
            printError(error.description)
            throw ExitCode(2)
        }
        for note in report.unchecked { print("note: " + note.visibleEscaped) }
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
