import Raster
import Testing

@testable import SceneModel
@testable import SceneSchema
@testable import SceneSyntax

/// One declaration gives the read, the check, the schema fragment and the docs row of a key.
/// A made-up object (not part of the format) shows it for every form at once.
@Suite("Key declarations")
struct KeySpecTests {
    struct Lamp {
        enum Mode: String, CaseIterable { case steady, blink }
        var name = ""
        var brightness = 0.5
        var on = true
        var tint = ColorRGBA8.white
        var mode = Mode.steady
        var count = 3
    }

    static var lamp: ObjectSpec<Lamp> {
        ObjectSpec(
            name: "lamp", schemaPath: ["$defs", "lamp"], what: "a lamp", doc: "A made-up lamp.", prototype: Lamp(),
            keys: [
                .string("name", \.name, required: "name: a label", doc: "Its label."),
                .number(
                    "brightness", \.brightness, range: .unit, noun: "a brightness", unit: "lux", doc: "How bright."),
                .bool("on", \.on, doc: "Whether it shines."),
                .colour("tint", \.tint, doc: "Its colour."),
                .word("mode", \.mode, doc: "How it shines."),
                .integer("count", \.count, range: .nonNegative, noun: "a count", doc: "Bulbs."),
            ])
    }

    private func decode(_ json: String) throws -> Lamp {
        let node = try #require(try JSONReader.parse(json, file: "lamp.json"))
        var lamp = Self.lamp.prototype
        try SceneDecoder(file: "lamp.json", format: .json).decode(Self.lamp, node, at: "lamp", into: &lamp)
        return lamp
    }

    private func message(_ json: String) -> String {
        do {
            _ = try decode(json)
            return "no error"
        } catch { return "\(error)" }
    }

    @Test("a declared object reads every key present and keeps the Swift defaults for the others")
    func readsAndDefaults() throws {
        let lamp = try decode(#"{"name": "desk", "brightness": 0.8, "mode": "blink"}"#)
        #expect(lamp.name == "desk" && lamp.brightness == 0.8 && lamp.mode == .blink)
        #expect(lamp.on && lamp.tint == .white && lamp.count == 3)
    }

    @Test(
        "unknown, missing and mistyped keys are errors at their line with the declared words",
        arguments: [
            (
                #"{"name": "a", "brightnes": 1}"#,
                "lamp.json:1:15: lamp.brightnes: unknown key 'brightnes'; expected one of: name, brightness, on, tint, mode, count (did you mean 'brightness'?)"
            ),
            (#"{"on": true}"#, "lamp.json:1:1: lamp: missing key 'name'; expected name: a label"),
            (
                #"{"name": "a", "mode": "blnk"}"#,
                "lamp.json:1:23: lamp.mode: expected one of: steady, blink, found string 'blnk' (did you mean 'blink'?)"
            ),
            (#"{"name": "a", "count": 1.5}"#, "lamp.json:1:24: lamp.count: expected an integer, found number 1.5"),
        ])
    func decodeErrors(json: String, expected: String) {
        #expect(message(json) == expected)
    }

    @Test("a declared range is the check: its words name the noun and the value")
    func rangeCheck() throws {
        let scene = Scene(
            name: "s", canvas: Canvas(size: .init(10, 10)), length: .duration(1), items: [], behaviors: [],
            output: .init())
        var lamp = Lamp()
        lamp.brightness = 1.5
        #expect(throws: Violation(keyPath: "lamp.brightness", message: "expected a brightness from 0 to 1, found 1.5"))
        {
            try Self.lamp.check(lamp, in: scene, at: "lamp")
        }
        lamp.brightness = 1
        lamp.count = -2
        #expect(throws: Violation(keyPath: "lamp.count", message: "expected a count of at least 0, found -2")) {
            try Self.lamp.check(lamp, in: scene, at: "lamp")
        }
    }

    @Test("the schema fragment carries the type, bounds, default from the Swift type, unit and doc line")
    func schemaFragment() {
        let schema = SchemaGenerator.objectSchema(AnySpec(Self.lamp), existing: nil)
        #expect(schema.value(at: ["required"]) == .array([.string("name")]))
        let brightness = schema.value(at: ["properties", "brightness", "anyOf"])
        #expect(
            brightness
                == .array([
                    .object([
                        ("type", .string("number")), ("minimum", .int(0)), ("maximum", .int(1)),
                        ("default", .number(0.5)),
                        ("description", .string("How bright. Unit: lux. Default: 0.5.")),
                    ]),
                    .object([("$ref", .string("#/$defs/controlReference"))]),
                ]))
        #expect(
            schema.value(at: ["properties", "mode"])
                == .object([
                    ("enum", .array([.string("steady"), .string("blink")])), ("default", .string("steady")),
                    ("description", .string("How it shines. Default: steady.")),
                ]))
        #expect(schema.value(at: ["properties", "tint", "default"]) == .string("#FFFFFF"))
    }

    @Test("the docs row says type, default, range and meaning")
    func docRows() {
        let table = DocTableGenerator.render([AnySpec(Self.lamp)], kindColumn: false)
        #expect(
            table == """
                | key | type | default | range | meaning |
                |---|---|---|---|---|
                | `name` | string | **required** | | Its label. |
                | `brightness` | number | `0.5` | 0 … 1 | How bright. |
                | `on` | boolean | `true` | | Whether it shines. |
                | `tint` | colour | `"#FFFFFF"` | | Its colour. |
                | `mode` | string | `steady` | `steady`, `blink` | How it shines. |
                | `count` | integer | `3` | ≥ 0 | Bulbs. |

                """)
    }
}
