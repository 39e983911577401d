import Foundation
import Testing

@testable import SceneLoading
@testable import SceneModel
@testable import SceneSyntax

/// Hostile and oversized scene files fail with an error that names the limit, in bounded time,
/// memory and stack; the default limits accept every reasonable scene.
@Suite("Scene limits and hostile input")
struct LimitsTests {
    private func error(_ text: String, _ name: String = "t.yaml", limits: SceneLimits = .default) -> String? {
        let format = SceneFileFormat(pathExtension: (name as NSString).pathExtension) ?? .yaml
        do {
            _ = try SceneLoader.decode(text, fileName: name, format: format, limits: limits)
            return nil
        } catch {
            return "\(error)"
        }
    }

    private let minimal = "canvas: { size: [10, 10] }\nduration: 1\nitems: []\n"

    @Test("[[[[…]]]] 100000 deep is an error naming the nesting limit, not a stack overflow")
    func deepFlowNesting() {
        let text = "a: " + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(error(text)?.contains("nesting deeper than 256 levels") == true)
        let json = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(error(json, "t.json")?.contains("nesting deeper than 256 levels") == true)
    }

    @Test("block nesting ('- - - - …' and indented mappings) is caught by the same pre-scan")
    func deepBlockNesting() {
        let dashes = String(repeating: "- ", count: 50_000) + "x\n"
        #expect(error(dashes)?.contains("nesting deeper than") == true)
        var indented = ""
        for level in 0..<300 { indented += String(repeating: " ", count: level) + "k\(level):\n" }
        #expect(error(indented)?.contains("nesting deeper than") == true)
    }

    @Test("a billion-laughs alias bomb is an error naming the node limit")
    func billionLaughs() {
        var text = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
        for i in 1...9 {
            let refs = Array(repeating: "*a\(i - 1)", count: 10).joined(separator: ", ")
            text += "a\(i): &a\(i) [\(refs)]\n"
        }
        let message = error(text)
        #expect(
            message?.contains("more than 2000000 values after expanding aliases") == true, "\(message ?? "no error")")
    }

    @Test("a file over the size limit is rejected before it is parsed, naming the flag")
    func fileSize() throws {
        let limits = SceneLimits(maxFileBytes: 100)
        #expect(
            error(minimal + "#" + String(repeating: "x", count: 200), limits: limits)
                == "t.yaml: file is \(minimal.utf8.count + 201) bytes; expected at most 100 bytes (raise the limit with --max-file-size (SceneLimits.maxFileBytes in Swift))"
        )
        let dir = NSTemporaryDirectory() + "limits-\(getpid())"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/big.yaml"
        try (minimal + "#" + String(repeating: "x", count: 5 << 20)).write(
            toFile: path, atomically: true, encoding: .utf8)
        #expect(throws: SceneError.self) { try SceneLoader.load(path: path) }
        #expect(try SceneLoader.load(path: path, limits: SceneLimits(maxFileBytes: 6 << 20)).name == "big")
    }

    @Test("item, behavior and frame counts over their limits name the limit and the flag")
    func counts() {
        var items = "canvas: { size: [100, 100] }\nduration: 1\nitems:\n"
        for i in 0..<5 { items += "  - { id: i\(i), size: [1, 1], center: [5, 5] }\n" }
        items += "behaviors:\n" + String(repeating: "  - gravity: { items: [i0] }\n", count: 3)
        #expect(error(items) == nil)
        #expect(
            error(items, limits: SceneLimits(maxItems: 4))
                == "t.yaml:8:5: items[4]: the scene has more than 4 items (every layer counts: children and the items of component instances); expected at most 4 (raise the limit with --max-items (SceneLimits.maxItems in Swift))"
        )
        #expect(
            error(items, limits: SceneLimits(maxBehaviors: 2))?
                .hasSuffix(
                    "behaviors: 3 behaviors; expected at most 2 (raise the limit with --max-behaviors (SceneLimits.maxBehaviors in Swift))"
                ) == true)
        #expect(
            error(items, limits: SceneLimits(maxFrames: 59))?
                .hasSuffix(
                    "duration: 1 s at 60 fps is 60 frames; expected at most 59 frames (raise the limit with --max-frames (SceneLimits.maxFrames in Swift), or shorten the scene)"
                ) == true)
    }

    @Test("the default limits keep the existing messages and accept a one-hour scene at 240 fps")
    func defaults() {
        #expect(error("canvas: { size: [10, 10] }\nfps: 240\nduration: 3600\nitems: []\n") == nil)
        #expect(
            error("canvas: { size: [10, 10] }\nduration: 7200\nitems: []\n")
                == "t.yaml:2:11: duration: expected seconds greater than 0 and at most 3600, found 7200")
        #expect(
            error("canvas: { size: [10, 10] }\nduration: 7200\nitems: []\n", limits: SceneLimits(maxSeconds: 7200))
                == nil)
    }

    @Test("a scene name that would leave the output folder is rejected")
    func hostileName() {
        for name in ["../x", "/etc/passwd", "a/b", "..", "x\\u0000"] {
            let message = error("name: \"\(name)\"\n" + minimal)
            #expect(
                message?.contains("name: expected a name of letters, digits, '_' or '-'") == true,
                "\(name): \(message ?? "accepted")")
        }
    }

    @Test("the depth pre-scan accepts every bundled scene")
    func bundledScenesPass() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("scenes").path
        for name in try FileManager.default.contentsOfDirectory(atPath: folder) where name.hasSuffix(".yaml") {
            let text = try String(contentsOfFile: folder + "/" + name, encoding: .utf8)
            #expect(YAMLDepthScan.firstTooDeep(text, limit: 16) == nil, "\(name)")
        }
    }
}
