import ArgumentParser
import Foundation
import Markup
import Pipeline
import SceneModel

enum SceneArguments {
    /// The scene files named on the command line (a folder stands for the scene files directly in
    /// it, in name order, as `studio` reads one), or every scene in `scenes/`.
    static func resolve(_ arguments: [String]) throws -> [String] {
        if !arguments.isEmpty { return try arguments.flatMap(expandFolder) }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: "scenes", isDirectory: &isDirectory), isDirectory.boolValue else {
            throw CLIError(
                "no scene files given and no scenes/ folder here; run from the project root or name scene files")
        }
        let files = try SceneDiscovery.sceneFiles(in: "scenes")
        guard !files.isEmpty else { throw CLIError("scenes/ holds no .yaml, .yml or .json scene files") }
        return files
    }

    /// `argument` itself, or the scene files of the folder it names.
    private static func expandFolder(_ argument: String) throws -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: argument, isDirectory: &isDirectory), isDirectory.boolValue else {
            return [argument]
        }
        let files = try SceneDiscovery.sceneFiles(in: argument)
        guard !files.isEmpty else {
            throw CLIError("\(argument.visibleEscaped) holds no .yaml, .yml or .json scene files")
        }
        return files
    }

    /// Two scenes with one name would overwrite each other's outputs.
    static func checkDistinctNames(_ scenes: [Scene], files: [String]) throws {
        var seen: [String: String] = [:]
        for (scene, file) in zip(scenes, files) {
            if let other = seen[scene.name] {
                throw CLIError(
                    "\(file): scene name '\(scene.name)' is also used by \(other); both would write \(scene.name)/ — rename one with `name:`"
                )
            }
            seen[scene.name] = file
        }
    }
}

/// A one-line error for the user; exits with status 1.
struct CLIError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// Prints `error: <message>` to stderr. Every message passes through `visibleEscaped` here, the
/// one place the CLI writes errors, so no quoted file name or value can hide or reorder text.
/// Line breaks the message itself contains (ffmpeg's stderr tail) are kept; each line is escaped.
func printError(_ message: String) {
    FileHandle.standardError.write(Data(("error: " + terminalLines(message) + "\n").utf8))
}

/// Prints `warning: <message>` to stderr, escaped like `printError`.
func printWarning(_ message: String) {
    FileHandle.standardError.write(Data(("warning: " + terminalLines(message) + "\n").utf8))
}

private func terminalLines(_ message: String) -> String {
    message.split(separator: "\n", omittingEmptySubsequences: false).map { String($0).visibleEscaped }.joined(
        separator: "\n")
}
