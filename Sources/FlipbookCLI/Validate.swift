import ArgumentParser
import Foundation
import Markup
import Pipeline
import SceneLoading
import SceneModel
import SceneSyntax

struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check scene files without rendering; prints the first error of each bad file.",
        discussion:
            "Each good file gets one line: its items (every layer, children included) and behaviors. Warnings follow on standard error for things that render but show nothing: an item outside the canvas on every frame, a child placed wholly outside its parent. Warnings never change the exit status: 0 when every file is valid, 1 otherwise."
    )

    @Argument(help: "Scene files (.yaml, .yml, .json) or folders of them. Default: every scene in scenes/.")
    var scenes: [String] = []

    @OptionGroup(title: "Limits")
    var limitArguments: LimitArguments

    func run() throws {
        var failures = 0
        for file in try SceneArguments.resolve(scenes) {
            do {
                let (scene, warnings) = try SceneLoader.loadWithWarnings(path: file, limits: limitArguments.limits)
                for warning in warnings { printWarning(warning.description) }
                // One simulation for both kinds of warning: its texts are set as it is built, and
                // the off-canvas check then runs it.
                let simulation = try SceneSimulation(scene: scene, file: file)
                for warning in simulation.textWarnings { printWarning("\(file): \(warning)") }
                print(
                    "\(file.visibleEscaped): ok (\(Self.itemCount(scene)), \(counted(scene.behaviors.count, "behavior")))"
                )
                for warning in try SceneWarnings.check(scene, file: file, simulation: simulation) {
                    printWarning("\(file): \(warning)")
                }
            } catch let error as SceneError {
                printError(error.description)
                failures += 1
            }
        }
        if failures > 0 { throw ExitCode(1) }
    }

    /// "5 items", or with children "40 items (5 top-level)": every layer counts.
    static func itemCount(_ scene: Scene) -> String {
        let total = scene.layerCount
        return counted(total, "item") + (total == scene.items.count ? "" : " (\(scene.items.count) top-level)")
    }
}

/// "1 item", "3 items".
func counted(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
