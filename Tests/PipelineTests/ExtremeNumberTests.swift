import Determinism
import Foundation
import Pipeline
import Raster
import SceneLoading
import SceneModel
import SceneSyntax
import TestSupport
import Testing

/// Every number of every bundled scene, one at a time, swapped for an extreme value, through what
/// `flipbook validate` and `flipbook render` do, in this process: load (decode and validate), the
/// text and off-canvas warnings (a full simulation), the trace budget, a render of the first two
/// frames to PNG with trace and manifest, and three more frames rasterized across the scene.
///
/// Nothing may crash (a trap ends the test process, so the test has to finish), and a case either
/// renders or fails with a `SceneError`. The numbers are those of the scene files, of the
/// components they import and of the icons they draw (an icon's or component's case loads the
/// first scene that uses it), including numbers inside strings (path data, SVG attributes).
///
/// The full set is every (number, value) pair, about 33,000 cases; the normal run takes a fixed
/// seeded sample of 200 (about 60 s in a debug build on a busy 2-core machine). `FLIPBOOK_MUTATION_CASES=N` takes N (or `all`), `FLIPBOOK_MUTATION_FROM=K`
/// starts at the K-th of those (to continue after a crash), and `FLIPBOOK_MUTATION_TRACE=1` names
/// each case on standard error before running it.
@Suite("Extreme numbers in every numeric field of the bundled scenes")
struct ExtremeNumberTests {
    static let values = [
        "1e300", "-1e300", "1e-300", "5e-324", "1e19", "-1e19", "9.2e18", "2147483648", "0", "-0", "1e155",
    ]

    /// One substitution: `file` (relative to scenes/) with the bytes `range` replaced by `value`,
    /// checked by loading `scene`.
    struct Case {
        var file: String
        var range: Range<Int>
        var value: String
        var scene: String

        var label: String { "\(file) @\(range.lowerBound) = \(value) (loading \(scene))" }
    }

    @Test("no extreme number in any field of a bundled scene, component or icon crashes validate or render")
    func extremeNumbers() throws {
        let environment = ProcessInfo.processInfo.environment
        let all = Self.allCases()
        let wanted = environment["FLIPBOOK_MUTATION_CASES"].map { $0 == "all" ? all.count : Int($0) ?? 200 } ?? 200
        let selected = Self.sample(all, count: wanted, seed: 0xE1_7E_EE_00)
        let from = environment["FLIPBOOK_MUTATION_FROM"].flatMap(Int.init) ?? 0
        let trace = environment["FLIPBOOK_MUTATION_TRACE"] != nil
        let root = try makeTemporaryDirectory("extreme-numbers")
        defer { try? FileManager.default.removeItem(atPath: root) }
        let folder = root + "/scenes"
        try FileManager.default.copyItem(atPath: repositoryRoot + "/scenes", toPath: folder)
        var outcomes: [String: Int] = [:]
        for (n, mutation) in selected.enumerated() where n >= from {
            if trace { FileHandle.standardError.write(Data("mutation case \(n): \(mutation.label)\n".utf8)) }
            let outcome = try Self.run(mutation, in: folder, output: root + "/out")
            outcomes[outcome, default: 0] += 1
        }
        let summary = outcomes.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        print("extreme numbers: \(selected.count) of \(all.count) cases from \(from): \(summary)")
        // The harness must reach the rasterizer, not stop at the decoder.
        #expect(outcomes["rendered", default: 0] >= (selected.count - from) / 10)
    }

    @Test("an animator change to center [1e19, 180] renders every frame, the layers moved there drawing nothing")
    func farAnimatorChange() throws {
        let file = repositoryRoot + "/scenes/property-animator-scrub.yaml"
        let original = try String(contentsOfFile: file, encoding: .utf8)
        let text = original.replacingOccurrences(
            of: "sheet: { center: [160, 180]", with: "sheet: { center: [1e19, 180]")
        try #require(text != original)
        let scene = try SceneLoader.decode(text, fileName: file, format: .yaml)
        let simulation = try SceneSimulation(scene: scene, file: file)
        let last = FramePlan(scene: scene).maxFrames - 1
        var farFrames = 0
        for frame in 0...last {
            if frame % 10 == 0 || frame == last {
                let list = simulation.displayList()
                // The same list without the layers that are more than 2^30 px away.
                var near = list
                near.rects.removeAll { abs($0.transform.tx) > 1e9 }
                if near.rects.count < list.rects.count { farFrames += 1 }
                #expect(Rasterizer.render(list) == Rasterizer.render(near), "frame \(frame)")
            }
            simulation.advance()
        }
        // The sheet (and its children, text and shadow) leaves for x = 1e19 once the scrub ends.
        #expect(farFrames >= 5)
    }

    /// Loads, validates and renders one case; returns its outcome's name. Files are restored after.
    static func run(_ mutation: Case, in folder: String, output: String) throws -> String {
        let path = folder + "/" + mutation.file
        let original = try Data(contentsOf: URL(fileURLWithPath: path))
        var bytes = [UInt8](original)
        bytes.replaceSubrange(mutation.range, with: Array(mutation.value.utf8))
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        defer { try? original.write(to: URL(fileURLWithPath: path)) }
        let file = folder + "/" + mutation.scene
        let scene: Scene
        do {
            scene = try SceneLoader.loadWithWarnings(path: file).0
            _ = try SceneSimulation(scene: scene, file: file).textWarnings
        } catch let error as SceneError {
            #expect(!error.description.isEmpty)
            return "rejected"
        } catch {
            Issue.record("\(mutation.label): not a SceneError: \(error)")
            return "wrong error"
        }
        // The harness bounds the work per case; larger scenes are legal but slow in a debug build.
        let plan = FramePlan(scene: scene)
        guard scene.items.count <= 200, scene.canvas.pixelWidth * scene.canvas.pixelHeight <= 1 << 21,
            plan.maxFrames <= 2_400
        else { return "too large for the harness" }
        do {
            _ = try SceneWarnings.check(scene, file: file)
            var options = RenderOptions(outputDirectory: output, writeFrames: true, video: [], jobs: 1)
            options.frames = .range(0..<2)
            try TraceBudget.check(scene, options: options)
            _ = try SceneRenderer.render(scene, options: options)
            try? FileManager.default.removeItem(atPath: output)
            try rasterizeAcross(scene, frames: plan.maxFrames, file: file)
        } catch {
            Issue.record("\(mutation.label): a validated scene failed to render: \(error)")
            return "render error"
        }
        return "rendered"
    }

    /// Simulates every frame and rasterizes three spread over the rest of the scene (a third in,
    /// two thirds in, the last), so values that only take effect later (an animator's change)
    /// reach the pixels.
    static func rasterizeAcross(_ scene: Scene, frames: Int, file: String) throws {
        let simulation = try SceneSimulation(scene: scene, file: file)
        let last = max(frames - 1, 0)
        let sampled = Set((1...3).map { $0 * last / 3 })
        for frame in 0...last {
            if sampled.contains(frame) { _ = Rasterizer.render(simulation.displayList()) }
            simulation.advance()
        }
    }

    /// `count` cases of `all` chosen by a seeded shuffle, in their original order (all of them
    /// when `count` reaches the total).
    static func sample(_ all: [Case], count: Int, seed: UInt64) -> [Case] {
        guard count < all.count else { return all }
        var rng = SplitMix64(seed: seed)
        var indices = Array(all.indices)
        for i in 0..<count {
            let j = i + Int(rng.next() % UInt64(indices.count - i))
            indices.swapAt(i, j)
        }
        return indices.prefix(max(count, 0)).sorted().map { all[$0] }
    }
}

extension ExtremeNumberTests {
    /// Every case, in a fixed order: scene files, then the components and icons they use.
    static func allCases() -> [Case] {
        let folder = repositoryRoot + "/scenes"
        let scenes = listDirectory(folder).filter { ($0.hasSuffix(".yaml") || $0.hasSuffix(".json")) }
            .filter { $0 != "schema.json" }
        let texts = Dictionary(
            uniqueKeysWithValues: scenes.map {
                ($0, (try? String(contentsOfFile: folder + "/" + $0, encoding: .utf8)) ?? "")
            })
        var assets: [String] = []
        for sub in ["components", "icons"] {
            assets += listDirectory(folder + "/" + sub).filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".svg") }
                .map { sub + "/" + $0 }
        }
        let assetTexts = Dictionary(
            uniqueKeysWithValues: assets.map {
                ($0, (try? String(contentsOfFile: folder + "/" + $0, encoding: .utf8)) ?? "")
            })
        var files = scenes.map { ($0, $0) }
        for asset in assets {
            // The first scene naming the asset, or importing a component that names it.
            let user =
                scenes.first { texts[$0, default: ""].contains(asset) }
                ?? scenes.first { scene in
                    assets.contains { component in
                        component.hasPrefix("components/") && texts[scene, default: ""].contains(component)
                            && assetTexts[component, default: ""].contains(asset)
                    }
                }
            if let user { files.append((asset, user)) }
        }
        var cases: [Case] = []
        for (file, scene) in files {
            let text = texts[file] ?? assetTexts[file] ?? ""
            for range in numberTokens(Array(text.utf8)) {
                cases += values.map { Case(file: file, range: range, value: $0, scene: scene) }
            }
        }
        return cases
    }
}

extension ExtremeNumberTests {
    /// Byte ranges of the decimal numbers in a scene, component or SVG text, signs and exponents
    /// included: plain YAML and JSON numbers, and numbers inside quoted strings (path data,
    /// attributes). Skipped: comments, hex colours, and digits that are part of a name (`r3`).
    static func numberTokens(_ bytes: [UInt8]) -> [Range<Int>] {
        func isDigit(_ i: Int) -> Bool { i >= 0 && i < bytes.count && (0x30...0x39).contains(bytes[i]) }
        func isWordByte(_ i: Int) -> Bool {
            guard i >= 0, i < bytes.count else { return false }
            let c = bytes[i] | 0x20
            return (0x61...0x7A).contains(c) || isDigit(i) || bytes[i] == 0x5F
        }
        var ranges: [Range<Int>] = []
        var quote: UInt8? = nil
        var i = 0
        while i < bytes.count {
            let c = bytes[i]
            if c == 0x0A { quote = nil }
            if let q = quote, c == q {
                quote = nil
            } else if quote == nil, c == 0x22 || c == 0x27, !isWordByte(i - 1) {
                quote = c
            } else if c == 0x23 {  // '#': a comment outside quotes, a hex colour inside
                if quote == nil && (i == 0 || bytes[i - 1] == 0x20 || bytes[i - 1] == 0x0A || bytes[i - 1] == 0x09) {
                    while i < bytes.count, bytes[i] != 0x0A { i += 1 }
                    continue
                }
                i += 1
                while isWordByte(i) { i += 1 }
                continue
            } else if let end = numberEnd(bytes, at: i), quote != nil || (!isWordByte(i - 1) && !isWordByte(end)) {
                ranges.append(i..<end)
                i = end
                continue
            }
            i += 1
        }
        return ranges
    }

    /// The end of the number starting at `i` ([+-] digits [. digits] [e [+-] digits], or
    /// [+-] . digits), or nil when none starts there.
    static func numberEnd(_ bytes: [UInt8], at start: Int) -> Int? {
        func isDigit(_ i: Int) -> Bool { i < bytes.count && (0x30...0x39).contains(bytes[i]) }
        var i = start
        if i < bytes.count, bytes[i] == 0x2D || bytes[i] == 0x2B { i += 1 }
        let integerStart = i
        while isDigit(i) { i += 1 }
        var digits = i - integerStart
        if i < bytes.count, bytes[i] == 0x2E, isDigit(i + 1) {
            i += 1
            while isDigit(i) {
                i += 1
                digits += 1
            }
        }
        guard digits > 0 else { return nil }
        if i < bytes.count, bytes[i] | 0x20 == 0x65 {
            var j = i + 1
            if j < bytes.count, bytes[j] == 0x2D || bytes[j] == 0x2B { j += 1 }
            if isDigit(j) {
                while isDigit(j) { j += 1 }
                i = j
            }
        }
        return i
    }
}
