import Foundation
import FuzzDriver
import Pipeline
import Raster
import SceneLoading
import SceneModel
import SceneSyntax

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
//
// Mutation: a quarter of the mutations replace one number of the scene with an extreme one
// (`sceneRenderMutate`); the rest are libFuzzer's own, with -dict=extreme-numbers.dict; and the
// Makefile runs it with -mutate_depth=1, one mutation a case, so most mutants still validate.
// Measured on damped-resize.yaml alone, guards off: libFuzzer's mutations with the dictionary ran
// 365,000 cases over all the seeds without setting `shadow: { radius: 1e300 }`; the number
// replacement at the default depth (up to 5 stacked mutations) not in 5,000; at depth 1 it
// reached the trap within 5,000.
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

/// What `sceneRenderMutate` writes in place of a number: the edges of Double and of the integer
/// conversions downstream (the -dict file's tokens, in the spellings YAML and JSON both read).
let extremeNumbers = [
    "1e300", "-1e300", "1e-300", "5e-324", "1.7976931348623157e308", "1e19", "-1e19", "9.2e18",
    "9223372036854775808", "2147483648", "-2147483649", "4294967296", "1e7", "1e-7", "16384", "0", "-0.0", "1e154",
]

/// The byte ranges of numbers in scene text: runs of digits, signs, points and exponents that hold
/// a digit.
func numberRanges(_ bytes: [UInt8]) -> [Range<Int>] {
    func isNumberByte(_ b: UInt8) -> Bool { (48...57).contains(b) || b == 46 || b == 45 || b == 43 || b == 101 }
    var ranges: [Range<Int>] = []
    var start: Int? = nil
    for index in 0...bytes.count {
        if index < bytes.count, isNumberByte(bytes[index]) {
            if start == nil { start = index }
        } else if let first = start {
            if bytes[first..<index].contains(where: { (48...57).contains($0) }) { ranges.append(first..<index) }
            start = nil
        }
    }
    return ranges
}

#if FUZZING
    /// libFuzzer's own mutation of `data` in place; returns the new size.
    // swift-format-ignore: AlwaysUseLowerCamelCase
    // (libFuzzer's C symbol, named as the C library names it)
    @_silgen_name("LLVMFuzzerMutate")
    func LLVMFuzzerMutate(_ data: UnsafeMutablePointer<UInt8>?, _ size: Int, _ maxSize: Int) -> Int

    /// libFuzzer's custom mutator: for one seed in four, one number of the scene (chosen by the
    /// seed, which libFuzzer derives from -seed, so runs repeat) becomes one of `extremeNumbers`;
    /// otherwise, or when that does not fit, libFuzzer's own mutation.
    @_cdecl("LLVMFuzzerCustomMutator")
    public func sceneRenderMutate(
        _ data: UnsafeMutablePointer<UInt8>?, _ size: Int, _ maxSize: Int, _ seed: UInt32
    ) -> Int {
        guard let data, seed % 4 == 0 else { return LLVMFuzzerMutate(data, size, maxSize) }
        var bytes = Array(UnsafeBufferPointer(start: data, count: size))
        let numbers = numberRanges(bytes)
        guard !numbers.isEmpty else { return LLVMFuzzerMutate(data, size, maxSize) }
        // SplitMix64's finaliser: libFuzzer's seeds are not uniform in their low bits.
        var mixed = UInt64(seed) &* 0x9E37_79B9_7F4A_7C15
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        mixed ^= mixed >> 31
        let range = numbers[Int(mixed % UInt64(numbers.count))]
        let token = extremeNumbers[Int((mixed >> 32) % UInt64(extremeNumbers.count))]
        bytes.replaceSubrange(range, with: Array(token.utf8))
        guard bytes.count <= maxSize else { return LLVMFuzzerMutate(data, size, maxSize) }
        for (index, byte) in bytes.enumerated() { data[index] = byte }
        return bytes.count
    }
#endif

@main
enum SceneRenderFuzzerMain {
    static func main() { FuzzDriver.run { sceneRenderFuzzOne($0, $1) } }
}
