import Raster
import SceneModel
import Testing

/// `touches:`, the canvas's `screenCornerRadius` and `frame`, and the bare `tap` entry of
/// `dynamicsTimeline`: decoding, defaults and errors with their lines.
@Suite("Touches, device framing and taps: decoding")
struct TouchesDecodingTests {
    static func decode(_ canvasExtra: String = "", _ rest: String = "") throws -> Scene {
        try decodeYAML(
            "canvas: { size: [100, 80]\(canvasExtra) }\nduration: 1\nitems:\n  - { id: card, size: [10, 10], center: [50, 40] }\n"
                + rest)
    }

    static func message(_ canvasExtra: String = "", _ rest: String = "") -> String {
        do {
            _ = try decode(canvasExtra, rest)
            return "<no error>"
        } catch { return "\(error)" }
    }

    @Test("defaults: touches shown when scripted, 44 pt, system grey at half alpha; no rounded screen, no frame")
    func defaults() throws {
        let scene = try Self.decode()
        #expect(
            scene.touches == TouchesSpec(show: nil, size: 44, color: ColorRGBA8(r: 0x8E, g: 0x8E, b: 0x93, a: 0x80)))
        #expect(scene.canvas.screenCornerRadius == 0 && scene.canvas.frame == nil)
    }

    @Test(
        "every key decodes: touches { show, size, color }, screenCornerRadius, frame { color, width } (width defaults to 10)"
    )
    func keys() throws {
        let scene = try Self.decode(
            ", screenCornerRadius: 12, frame: { color: \"#333333\" }",
            "touches: { show: false, size: 30, color: \"#FF000080\" }\n")
        #expect(scene.touches == TouchesSpec(show: false, size: 30, color: ColorRGBA8(r: 255, g: 0, b: 0, a: 0x80)))
        #expect(scene.canvas.screenCornerRadius == 12)
        #expect(scene.canvas.frame == DeviceBezel(color: ColorRGBA8(r: 0x33, g: 0x33, b: 0x33, a: 255), width: 10))
    }

    @Test("a bare tap decodes with no action; a tap still takes set, remove or add")
    func bareTap() throws {
        let scene = try Self.decode("", "dynamicsTimeline:\n  - { at: 0.5, tap: card }\n")
        #expect(scene.dynamicsTimeline == [DynamicsTimelineEntry(at: 0.5, tap: "card", action: .none)])
        #expect(
            Self.message("", "dynamicsTimeline:\n  - { at: 0.5, tap: crad }\n")
                == "test.yaml:6:21: dynamicsTimeline[0].tap: unknown item 'crad'; expected one of: card (did you mean 'card'?)"
        )
        #expect(
            Self.message("", "dynamicsTimeline:\n  - { at: 0.5 }\n")
                == "test.yaml:6:5: dynamicsTimeline[0]: expected exactly one of set, remove or add, found none (for example remove: fall)"
        )
    }

    @Test("bad keys and values are errors at their line and column, with what was expected")
    func errors() {
        #expect(
            Self.message("", "touches: { shw: true }\n")
                == "test.yaml:5:12: touches.shw: unknown key 'shw'; expected one of: show, size, color (did you mean 'show'?)"
        )
        #expect(
            Self.message("", "touches: { size: 0 }\n")
                == "test.yaml:5:18: touches.size: expected a diameter in points greater than 0 and at most 1000, found 0 (44 is a fingertip)"
        )
        #expect(
            Self.message("", "touches: { show: yes }\n")
                == "test.yaml:5:18: touches.show: expected true or false, found string 'yes'")
        #expect(
            Self.message(", screenCornerRadius: 41")
                == "test.yaml:1:48: canvas.screenCornerRadius: expected a radius in points from 0 to half the canvas's shorter side (40), found 41"
        )
        #expect(
            Self.message(", frame: { width: 40 }")
                == "test.yaml:1:44: canvas.frame.width: expected a width in points from 0 to less than half the canvas's shorter side (40), found 40"
        )
        #expect(
            Self.message(", frame: { colour: \"#000000\" }")
                == "test.yaml:1:37: canvas.frame.colour: unknown key 'colour'; expected one of: color, width (did you mean 'color'?)"
        )
        #expect(
            Self.message(", screenCornerRadius: round")
                == "test.yaml:1:48: canvas.screenCornerRadius: expected a number, found string 'round'")
    }
}
