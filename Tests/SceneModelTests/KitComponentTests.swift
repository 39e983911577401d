import Colors
import Foundation
import Geometry
import Kit
import Testing

@testable import SceneLoading
@testable import SceneModel
@testable import SceneSyntax

/// Every component of the iOS kit, placed with its defaults, loads in light and dark, at UIKit's
/// sizes.
@Suite("iOS kit components")
struct KitComponentTests {
    /// Every component name of the kit, file by file, in file order.
    static let components = ComponentExpander.kitComponents()

    /// A scene with one instance of `name`, its defaults, at the middle of a 393 × 852 screen.
    static func scene(_ name: String, appearance: Appearance, arguments: String = "{}") throws -> Scene {
        try decodeYAML(
            """
            imports: [ios]
            appearance: \(appearance.rawValue)
            canvas: { size: [393, 852] }
            duration: 1
            items:
              - { id: c, use: \(name), center: [196.5, 426], arguments: \(arguments) }

            """, fileName: "/kit-test/scene.yaml")
    }

    @Test("the kit has the components its README lists, each name once")
    func inventory() {
        let names = Self.components.map(\.name)
        #expect(Set(names).count == names.count)
        for expected in [
            "statusBar", "dynamicIsland", "homeIndicator", "navigationBar", "largeTitleBar", "tabBar", "toolbar",
            "switch", "segmentedControl", "slider", "stepper", "filledButton", "tintedButton", "plainButton",
            "searchField", "listRow", "listSection", "sheet", "alert", "keyboard", "keyboardDark",
        ] {
            #expect(names.contains(expected), "missing \(expected)")
        }
    }

    @Test("every component loads with its defaults, in light and in dark", arguments: [Appearance.light, .dark])
    func everyComponentLoads(appearance: Appearance) throws {
        for (file, name) in Self.components {
            do {
                let scene = try Self.scene(name, appearance: appearance)
                #expect(scene.items.count == 1)
            } catch {
                Issue.record("\(file), \(name): \(error)")
            }
        }
    }

    @Test("sizes are UIKit's: UISwitch 51 × 31, UIStepper 94 × 32, the alert 270 wide, bars 44 and 83 tall")
    func metrics() throws {
        func size(_ name: String, child: String? = nil) throws -> Size {
            let item = try #require(try Self.scene(name, appearance: .light).items.first)
            guard let child else { return item.size }
            return try #require(item.children.first { $0.id == "c." + child }).size
        }
        #expect(try size("switch") == Size(51, 31))
        #expect(try size("stepper") == Size(94, 32))
        #expect(try size("segmentedControl").height == 32)
        #expect(try size("searchField").height == 36)
        #expect(try size("listRow").height == 44)
        #expect(try size("navigationBar") == Size(393, 44))
        #expect(try size("largeTitleBar") == Size(393, 96))
        #expect(try size("tabBar") == Size(393, 83))
        #expect(try size("statusBar") == Size(393, 54))
        #expect(try size("alert").width == 270)
        #expect(try size("homeIndicator", child: "bar") == Size(134, 5))
    }
}
