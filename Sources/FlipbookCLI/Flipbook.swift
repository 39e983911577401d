import ArgumentParser
import Export
import Figures
import FileSystem
import Foundation
import PNG
import Pipeline
import SceneModel
import SceneSyntax

@main
struct Flipbook: ParsableCommand {
    /// The version `--version` prints and every render manifest records.
    static let version = "0.1.0"

    static let configuration = CommandConfiguration(
        commandName: "flipbook",
        abstract: "Deterministic offline renderer of UI motion: scene files to PNG frames and video.",
        version: Flipbook.version,
        subcommands: [
            Render.self, Validate.self, StudioLauncher.self, Bench.self, Diff.self, Check.self, Figure.self,
            Concat.self, ExportCommand.self,
            Verify.self, Schema.self,
        ]
    )

    /// Errors from the library already say what went wrong and what to do; print them as one
    /// `error:` line and exit 1. Usage errors keep ArgumentParser's help text.
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let error as ExitCode {
            Foundation.exit(error.rawValue)
        } catch {
            if let message = userFacingMessage(error) {
                printError(message)
                Foundation.exit(1)
            }
            exit(withError: error)
        }
    }

    /// The one-line message of an error Flipbook raised itself, or nil for ArgumentParser's own
    /// (help, usage, version), which keep their formatting.
    private static func userFacingMessage(_ error: Error) -> String? {
        switch error {
        case let e as SceneError: return e.description
        case let e as ExportError: return e.description
        case let e as PNGError: return e.description
        case let e as CLIError: return e.description
        case let e as FrameSelectionError: return e.description
        case let e as ManifestError: return e.description
        case let e as FigureError: return e.description
        case let e as OutputLockError: return e.description
        case let e as SegmentJoinError: return e.description
        case let e as TraceBudgetError: return e.description
        case let e as FileWriteError: return e.description
        default: return nil
        }
    }
}
