import ArgumentParser
import Markup
import Pipeline
import SceneModel

struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check scene files without rendering; prints the first error of each bad file.")

    @Argument(help: "Scene files (.yaml, .yml, .json). Default: every scene in scenes/.")
    var scenes: [String] = []

    @OptionGroup(title: "Limits")
    var limitArguments: LimitArguments

    func run() throws {
        var failures = 0
        for file in try SceneArguments.resolve(scenes) {
            do {
                let (scene, warnings) = try SceneLoader.loadWithWarnings(path: file, limits: limitArguments.limits)
                for warning in warnings { printWarning(warning.description) }
                for warning in try SceneSimulation(scene: scene, file: file).textWarnings { printWarning("\(file): \(warning)") }
                print("\(file.visibleEscaped): ok (\(counted(scene.items.count, "item")), \(counted(scene.behaviors.count, "behavior")))")
            } catch let error as SceneError {
                printError(error.description)
                failures += 1
            }
        }
        if failures > 0 { throw ExitCode(1) }
    }
}

/// "1 item", "3 items".
func counted(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
