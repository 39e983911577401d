import Foundation
import FuzzDriver
import Pipeline
import Raster
import SceneModel

// libFuzzer harness of whole renders: every input is a scene file (JSON when it starts with `{`,
// YAML otherwise) decoded and validated as if it lay in the scenes folder (so `icon:`, `image:`,
// `fonts:` and component imports resolve against scenes/icons, scenes/photos, ...), then, when it
// validates, simulated and rendered in process: three frames (ticks 0, 1 and 24) drawn into one
// `FrameCanvas` as the render loop draws them. The rule under test is the house's: bad input is a
// `SceneError`, and rendering a validated scene cannot fail; a crash, a precondition, an ASan
// report or another error type fails the run.
//
// The harness's own bounds, to keep a case near a millisecond: at most 200 top-level items, and
// the canvas scale lowered so the longer side is at most 96 px (then validated again: a scene the
// smaller scale makes invalid is skipped). Scenes over the bounds return -1 (kept out of the
// corpus). The scenes folder is `scenes` under the working directory, or FLIPBOOK_FUZZ_SCENES.
let scenesFolder = ProcessInfo.processInfo.environment["FLIPBOOK_FUZZ_SCENES"] ?? "scenes"
let maxCanvasSide = 96.0

@_cdecl("LLVMFuzzerTestOneInput")
public func sceneRenderFuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let isJSON = text.first { !$0.isWhitespace } == "{"
    let file = scenesFolder + (isJSON ? "/fuzz.json" : "/fuzz.yaml")
    var scene: Scene
    do {
        scene = try SceneLoader.decode(text, fileName: file, format: isJSON ? .json : .yaml)
    } catch is SceneError {
        return 0
    } catch {
        fatalError("decoding: not a SceneError: \(error)")
    }
    guard scene.items.count <= 200 else { return -1 }
    let side = max(scene.canvas.size.width, scene.canvas.size.height) * scene.canvas.scale
    if side > maxCanvasSide {
        scene.canvas.scale *= maxCanvasSide / side
        do { try scene.validate(file: file) } catch { return -1 }
    }
    let simulation: SceneSimulation
    do {
        simulation = try SceneSimulation(scene: scene, file: file)
    } catch is SceneError {
        // The engine refused a value validation let through: reported as an error, not a crash.
        return 0
    } catch {
        fatalError("simulation: not a SceneError: \(error)")
    }
    var rasterizer = Rasterizer()
    var canvas = FrameCanvas()
    for tick in [0, 1, 24] {
        while simulation.tick < tick { simulation.advance() }
        let list = simulation.displayList()
        rasterizer.render(list, into: &canvas)
        guard list.width == scene.canvas.pixelWidth, list.height == scene.canvas.pixelHeight else {
            let canvasSize = "\(scene.canvas.pixelWidth)×\(scene.canvas.pixelHeight)"
            fatalError("frame \(list.width)×\(list.height) for a \(canvasSize) canvas")
        }
    }
    return 0
}

@main
enum SceneRenderFuzzerMain {
    static func main() { FuzzDriver.run { sceneRenderFuzzOne($0, $1) } }
}
