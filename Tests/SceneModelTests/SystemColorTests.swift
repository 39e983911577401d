import Colors
import Testing

@testable import SceneLoading
@testable import SceneModel

/// UIKit's system colours by name, resolved by the scene's `appearance:`.
@Suite("System colours")
struct SystemColorTests {
    static let scene = """
        canvas: { size: [320, 568], background: systemGroupedBackground }
        duration: 1
        items:
          - { id: a, size: [10, 10], center: [5, 5], fill: systemBlue }
          - { id: b, size: [10, 10], center: [5, 5], fill: secondaryLabel, border: { width: 1, color: separator } }
          - { id: c, size: [10, 10], center: [5, 5], fill: clear, backgroundEffect: { blur: systemMaterial } }

        """

    @Test("a light scene gets the HIG's light values, alpha bytes rounded from UIKit's fractions")
    func lightValues() throws {
        let scene = try decodeYAML(Self.scene)
        #expect(scene.canvas.background == ColorRGBA8(hex: "#F2F2F7"))
        #expect(scene.items[0].fill == ColorRGBA8(hex: "#007AFF"))
        #expect(scene.items[1].fill == ColorRGBA8(hex: "#3C3C4399"))
        #expect(scene.items[1].border?.color == ColorRGBA8(hex: "#3C3C434A"))
        #expect(scene.items[2].backgroundEffect?.style == .light)
    }

    @Test("appearance: dark gives every system colour its dark value and system materials their dark style")
    func darkValues() throws {
        let scene = try decodeYAML("appearance: dark\n" + Self.scene)
        #expect(scene.canvas.background == ColorRGBA8(hex: "#000000"))
        #expect(scene.items[0].fill == ColorRGBA8(hex: "#0A84FF"))
        #expect(scene.items[1].fill == ColorRGBA8(hex: "#EBEBF599"))
        #expect(scene.items[1].border?.color == ColorRGBA8(hex: "#54545899"))
        #expect(scene.items[2].backgroundEffect?.style == .dark)
    }

    @Test("a material's own style wins over the scene's appearance")
    func materialStyleGiven() throws {
        let scene = try decodeYAML(
            "appearance: dark\n"
                + Self.scene.replacingOccurrences(of: "systemMaterial }", with: "systemMaterial, style: light }"))
        #expect(scene.items[2].backgroundEffect?.style == .light)
    }

    @Test("every name has two values, and the tints differ between light and dark where UIKit's do")
    func table() {
        #expect(SystemColors.names.count == 42)
        #expect(Set(SystemColors.names).count == SystemColors.names.count)
        for name in SystemColors.names {
            #expect(SystemColors.color(named: name, appearance: .light) != nil)
            #expect(SystemColors.color(named: name, appearance: .dark) != nil)
        }
        #expect(SystemColors.color(named: "systemGray5", appearance: .dark) == ColorRGBA8(hex: "#2C2C2E"))
        #expect(SystemColors.color(named: "systemFill", appearance: .dark) == ColorRGBA8(hex: "#7878805C"))
        #expect(SystemColors.color(named: "SystemBlue", appearance: .light) == nil)
    }

    @Test("a misspelt system colour is an error with a suggestion; an unknown appearance lists both")
    func errors() throws {
        let misspelt = try #require(
            sceneError {
                try decodeYAML(Self.scene.replacingOccurrences(of: "fill: systemBlue", with: "fill: sytemBlue"))
            })
        #expect(
            misspelt.description
                == "test.yaml:4:52: items[0].fill: expected a colour '#RGB', '#RGBA', '#RRGGBB', '#RRGGBBAA' or a system colour such as systemBlue, found string 'sytemBlue' (did you mean 'systemBlue'?)"
        )
        let appearance = try #require(sceneError { try decodeYAML("appearance: night\n" + Self.scene) })
        #expect(
            appearance.description
                == "test.yaml:1:13: appearance: expected one of: light, dark, found string 'night' (did you mean 'light'?)"
        )
    }
}
