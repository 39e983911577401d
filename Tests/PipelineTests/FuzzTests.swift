import Determinism
import Foundation
import Pipeline
import Raster
import SceneLoading
import SceneModel
import SceneSyntax
import TestSupport
import Testing

/// Mutated scene files through the decoder and validator; scenes that validate are simulated for
/// a few ticks and their first frame rasterized. Nothing may crash (a precondition, a Box2D
/// assertion or a stack overflow would end the test process); every rejection must be a
/// `SceneError`.
///
/// 300 cases in the normal run (a few seconds in debug); more on demand:
/// `FLIPBOOK_FUZZ_CASES=20000 swift test --filter FuzzTests`. The seed is fixed, so a failure
/// is reproduced by the same count; `FLIPBOOK_FUZZ_SEED` picks another sequence.
@Suite("Scene file fuzzing")
struct FuzzTests {
    static let seeds: [(name: String, text: String)] = {
        let folder = repositoryRoot + "/scenes"
        return listDirectory(folder).filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".json") }
            .filter { $0 != "schema.json" }
            .compactMap { name in (try? String(contentsOfFile: folder + "/" + name, encoding: .utf8)).map { (name, $0) }
            }
    }()

    static let hostileNumbers = [
        "0", "-1", "1e308", "-1e308", "NaN", ".nan", ".inf", "-.inf", "1e-320", "4294967296",
        "9223372036854775808", "0.0000001", "100000",
    ]

    /// One mutation of `text`, chosen and placed by `rng`.
    static func mutate(_ text: String, _ rng: inout SplitMix64) -> String {
        var bytes = Array(text.utf8)
        func pick(_ n: Int) -> Int { n <= 0 ? 0 : Int(rng.next() % UInt64(n)) }
        switch pick(10) {
        case 0:  // flip bytes
            for _ in 0..<(1 + pick(4)) where !bytes.isEmpty { bytes[pick(bytes.count)] ^= UInt8(1 << pick(8)) }
        case 1:  // delete a span
            if !bytes.isEmpty {
                let a = pick(bytes.count)
                bytes.removeSubrange(a..<min(bytes.count, a + 1 + pick(40)))
            }
        case 2:  // duplicate a span
            if !bytes.isEmpty {
                let a = pick(bytes.count)
                let b = min(bytes.count, a + 1 + pick(80))
                bytes.insert(contentsOf: bytes[a..<b], at: pick(bytes.count))
            }
        case 3, 4:  // swap a number for a hostile one
            let numbers = numberRanges(bytes)
            if !numbers.isEmpty {
                let r = numbers[pick(numbers.count)]
                bytes.replaceSubrange(r, with: Array(hostileNumbers[pick(hostileNumbers.count)].utf8))
            }
        case 5:  // drop a line (a key, or an item)
            var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            if !lines.isEmpty { lines.remove(at: pick(lines.count)) }
            return lines.joined(separator: "\n")
        case 6:  // duplicate a line (duplicate keys, items, behaviors)
            var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            if !lines.isEmpty {
                let i = pick(lines.count)
                lines.insert(lines[i], at: i)
            }
            return lines.joined(separator: "\n")
        case 7:  // deep nesting somewhere
            let depth = [10, 300, 5000, 100_000][pick(4)]
            let nest = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
            bytes.insert(contentsOf: Array(nest.utf8), at: pick(bytes.count))
        case 8:  // many items
            return manyItems(text, count: [50, 2000, 12_000][pick(3)], rng: &rng)
        default:  // insert random bytes
            bytes.insert(contentsOf: rng.bytes(1 + pick(8)), at: pick(bytes.count))
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Byte ranges of decimal numbers in the text.
    static func numberRanges(_ bytes: [UInt8]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var i = 0
        while i < bytes.count {
            if (48...57).contains(bytes[i]) {
                var j = i
                while j < bytes.count, (48...57).contains(bytes[j]) || bytes[j] == 46 { j += 1 }
                ranges.append(i..<j)
                i = j
            } else {
                i += 1
            }
        }
        return ranges
    }

    /// A scene with `count` extra items appended (YAML: a new top-level `items` replaces the
    /// first, which is a duplicate key; so the items go into a flow list spliced after `items:`).
    static func manyItems(_ text: String, count: Int, rng: inout SplitMix64) -> String {
        let extra = (0..<count).map { i in
            "{ \"id\": \"fz\(i)\", \"size\": [\(1 + rng.next() % 40), \(1 + rng.next() % 40)], \"center\": [\(rng.next() % 400), \(rng.next() % 600)] }"
        }
        guard let range = text.range(of: "\"items\": [") ?? text.range(of: "items:") else { return text }
        if text[range].hasPrefix("\"") {
            return text.replacingCharacters(in: range, with: "\"items\": [" + extra.joined(separator: ", ") + ", ")
        }
        return text.replacingCharacters(in: range, with: "items:\n" + extra.map { "  - " + $0 }.joined(separator: "\n"))
    }

    @Test("mutated scene files never crash the decoder, validator, simulation or rasterizer")
    func fuzz() throws {
        let environment = ProcessInfo.processInfo.environment
        let cases = environment["FLIPBOOK_FUZZ_CASES"].flatMap(Int.init) ?? 300
        var rng = SplitMix64(seed: environment["FLIPBOOK_FUZZ_SEED"].flatMap(UInt64.init) ?? 0xF11B_00C5)
        try #require(Self.seeds.count >= 10, "the bundled scenes are the seeds")
        var outcomes: [String: Int] = ["valid": 0, "rejected": 0, "rendered": 0]
        for n in 0..<cases {
            let seed = Self.seeds[Int(rng.next() % UInt64(Self.seeds.count))]
            var text = seed.text
            for _ in 0..<(1 + rng.next() % 3) { text = Self.mutate(text, &rng) }
            let format: SceneFileFormat = seed.name.hasSuffix(".json") ? .json : .yaml
            let scene: Scene
            do {
                scene = try SceneLoader.decode(text, fileName: seed.name, format: format)
            } catch is SceneError {
                outcomes["rejected", default: 0] += 1
                continue
            } catch {
                Issue.record("case \(n) (\(seed.name)): not a SceneError: \(error)")
                continue
            }
            outcomes["valid", default: 0] += 1
            if environment["FLIPBOOK_FUZZ_TRACE"] != nil {
                FileHandle.standardError.write(Data("fuzz case \(n) (\(seed.name)):\n\(text)\n".utf8))
            }
            let simulation: SceneSimulation
            do { simulation = try SceneSimulation(scene: scene, file: seed.name) } catch { continue }
            for _ in 0..<3 { simulation.advance() }
            // The harness bounds the raster work; a validated 16384² canvas is legal but takes a GiB.
            if scene.canvas.pixelWidth * scene.canvas.pixelHeight <= 1 << 21 {
                _ = Rasterizer.render(simulation.displayList())
                outcomes["rendered", default: 0] += 1
            }
        }
        print(
            "fuzz: \(cases) cases: \(outcomes.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))"
        )
    }
}
