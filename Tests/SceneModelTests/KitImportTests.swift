import Colors
import Foundation
import Kit
import Testing

@testable import SceneLoading
@testable import SceneModel

/// `imports: [ios]`: the component kit shipped with Flipbook, imported by name from any folder.
@Suite("Kit imports")
struct KitImportTests {
    @Test("the kit's files are found by name, in name order, whole or one by one")
    func files() throws {
        let all = try #require(Kit.files(for: "ios")).map(\.lastPathComponent)
        #expect(all == all.sorted())
        #expect(all.contains("bars.yaml"))
        #expect(try #require(Kit.files(for: "ios/bars")).map(\.lastPathComponent) == ["bars.yaml"])
        #expect(Kit.files(for: "ios/none") == [])
        #expect(Kit.files(for: "android") == nil)
        #expect(Kit.files(for: "ios/bars/x") == nil)
    }

    @Test("a scene in any folder uses a kit component, and its system colours follow the scene's appearance")
    func importsByName() throws {
        let text = """
            imports: [ios/bars]
            canvas: { size: [393, 852] }
            duration: 1
            items:
              - { id: home, use: homeIndicator, center: [196.5, 835] }

            """
        let light = try decodeYAML(text, fileName: "/nonexistent/folder/scene.yaml")
        let bar = try #require(light.items.first?.children.first { $0.id == "home.bar" })
        #expect(bar.size.width == 134)
        #expect(bar.fill == ColorRGBA8(hex: "#000000"))
        let dark = try decodeYAML("appearance: dark\n" + text, fileName: "/nonexistent/folder/scene.yaml")
        #expect(dark.items.first?.children.first { $0.id == "home.bar" }?.fill == ColorRGBA8(hex: "#FFFFFF"))
    }

    @Test(
        "a kit file that does not exist lists the kit's files with a suggestion; a misspelt kit name gets the spelling")
    func errors() throws {
        let missing = try #require(
            sceneError { try decodeYAML("imports: [ios/bar]\n" + header + "items: []\n") })
        #expect(
            missing.description.hasPrefix(
                "test.yaml:1:11: imports[0]: the ios kit has no file 'bar'; expected one of: "))
        #expect(missing.description.hasSuffix("(did you mean 'bars'?)"))
        let misnamed = try #require(sceneError { try decodeYAML("imports: [iOS]\n" + header + "items: []\n") })
        #expect(
            misnamed.description
                == "test.yaml:1:11: imports[0]: expected a .yaml, .yml or .json file or a kit (ios), found 'iOS' (a kit is imported by its name alone, as in imports: [ios])"
        )
    }

    @Test("a kit component used without the import names the kit file to import")
    func suggestsTheImport() throws {
        let error = try #require(
            sceneError { try decodeYAML(header + "items:\n  - { id: home, use: homeIndicator, center: [160, 550] }\n") }
        )
        #expect(
            error.description
                == "test.yaml:4:22: items[0].use: unknown component 'homeIndicator'; the scene defines no components (the iOS kit has it: add imports: [ios/bars])"
        )
    }

    @Test("the schema's pattern for a kit import names every file of the kit")
    func schemaKnowsTheKit() throws {
        let schema = try String(
            contentsOf: repositoryRoot.appendingPathComponent("scenes/schema.json"), encoding: .utf8)
        let pattern = "^ios(/(" + Kit.fileNames(of: "ios").joined(separator: "|") + "))?$"
        #expect(schema.contains(pattern))
    }
}
