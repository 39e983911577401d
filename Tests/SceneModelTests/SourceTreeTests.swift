import Foundation
import Markup
import Testing

@testable import SceneLoading
@testable import SceneModel
@testable import SceneSyntax

@Suite("Reading the located tree")
struct SourceTreeTests {
    @Test(
        "plain scalars follow the YAML 1.2 core schema, decimal only",
        arguments: [
            ("", ScalarMeaning.null), ("~", .null), ("null", .null), ("NULL", .null),
            ("true", .bool(true)), ("False", .bool(false)),
            ("yes", .string("yes")), ("on", .string("on")), ("no", .string("no")),
            ("0x10", .string("0x10")), ("1_000", .string("1_000")), ("12:30", .string("12:30")), ("1e", .string("1e")),
            ("2020-01-01", .string("2020-01-01")), (".", .string(".")), ("-", .string("-")), ("+.e3", .string("+.e3")),
            ("#3366CC", .string("#3366CC")), ("row", .string("row")), ("-x", .string("-x")), ("info", .string("info")),
            ("nano", .string("nano")), ("+", .string("+")),
        ])
    func plainScalars(text: String, meaning: ScalarMeaning) {
        #expect(ScalarMeaning.plain(text) == meaning)
    }

    @Test(
        "decimal numbers, and non-finite spellings as numbers",
        arguments: [
            ("60", 60.0), ("-1.5", -1.5), ("+2", 2), (".5", 0.5), ("5.", 5), ("1e3", 1000), ("2.5E-1", 0.25),
            ("007", 7), (".inf", .infinity), ("-.Inf", -.infinity), ("Infinity", .infinity), ("1e999", .infinity),
        ])
    func numbers(text: String, value: Double) {
        #expect(ScalarMeaning.plain(text) == .number(value, text: text))
    }

    @Test(
        "a short decimal is read without strings to the same Double as the full reader, bit for bit, and a longer one is left to it"
    )
    func shortDecimalsMatchTheFullReader() {
        // Every decimal of up to 15 digits with any point position is exactly representable as
        // the quotient of two exact values, so the fast read can be checked against Double(String).
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return seed >> 11
        }
        var texts = ["0", "-0", "+5", ".5", "-.25", "1.", "007", "0.01", "299792458", "999999999999999", "0.1", "1e3"]
        for _ in 0..<20_000 {
            let length = Int(next() % 15) + 1
            var digits = String(next() % 1_000_000_000_000_000).suffix(length)
            if digits.isEmpty { digits = "0" }
            let point = Int(next() % UInt64(digits.count + 1))
            var text = String(digits)
            if next() % 3 != 0 { text.insert(".", at: text.index(text.startIndex, offsetBy: point)) }
            texts.append((next() % 2 == 0 ? "-" : "") + text)
        }
        for text in texts {
            let fast = ScalarMeaning.shortDecimalValue(text)
            let full = Double(text)
            if text == "1e3" {
                #expect(fast == nil && ScalarMeaning.decimalValue(text) == 1000)
            } else {
                #expect(fast?.bitPattern == full?.bitPattern, "\(text)")
            }
        }
        #expect(ScalarMeaning.shortDecimalValue("1234567890123456") == nil, "16 digits go to the full reader")
        #expect(ScalarMeaning.decimalValue("1234567890123456.7") == 1_234_567_890_123_456.7)
        #expect(ScalarMeaning.shortDecimalValue("1.2.3") == nil && ScalarMeaning.decimalValue("1.2.3") == nil)
        // A sign only first, once; a lone sign or point is no number.
        for text in ["1-2", "+-1", "--1", "1+", "-", ".", "-."] {
            #expect(ScalarMeaning.shortDecimalValue(text) == nil, "\(text)")
        }
        #expect(ScalarMeaning.shortDecimalValue("+.5") == 0.5 && ScalarMeaning.shortDecimalValue("-7.") == -7)
    }

    @Test("NaN in any spelling is a number that is not finite", arguments: [".nan", ".NaN", "NaN", "nan"])
    func nan(text: String) throws {
        guard case .number(let value, text)? = Optional(ScalarMeaning.plain(text)) else {
            Issue.record("\(text) is not a number")
            return
        }
        #expect(value.isNaN)
    }

    @Test("the strict JSON reader agrees with JSONSerialization on valid JSON")
    func jsonReaderAgreesWithFoundation() throws {
        let texts = [
            try String(contentsOf: repositoryRoot.appendingPathComponent("scenes/gravity.json"), encoding: .utf8),
            try Fixtures.text("everything.json"),
            #"{"a": "x\/y\u00e9\ud83d\ude00\t\"\\", "b": [true, false, null, -0, 1.5e-3, 0.25], "c": {}, "d": []}"#,
            "\u{FEFF}[1,\r\n2]",
        ]
        for text in texts {
            let ours = try #require(try JSONReader.parse(text, file: "t.json"))
            let foundation = try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
            #expect(plain(ours) == plain(foundation), "\(text.prefix(40))")
        }
    }

    @Test("JSON and YAML positions count lines and Unicode scalars from 1")
    func positions() throws {
        let json = try #require(try JSONReader.parse("{\n  \"é😀\": [1,\r\n   2]}", file: "t.json"))
        guard case .mapping(let entries) = json.value, case .sequence(let list) = entries[0].value.value else {
            Issue.record("unexpected shape")
            return
        }
        #expect(json.mark == SourceMark(line: 1, column: 1))
        #expect(entries[0].keyMark == SourceMark(line: 2, column: 3))
        #expect(list[0].mark == SourceMark(line: 2, column: 10))
        #expect(list[1].mark == SourceMark(line: 3, column: 4))
        let yaml = try #require(try SceneLoader.parse("a:\n  \"é😀\": [1,\n   2]", fileName: "t.yaml", format: .yaml))
        guard case .mapping(let top) = yaml.value, case .mapping(let inner) = top[0].value.value,
            case .sequence(let items) = inner[0].value.value
        else {
            Issue.record("unexpected shape")
            return
        }
        #expect(inner[0].keyMark == SourceMark(line: 2, column: 3))
        #expect(items[0].mark == SourceMark(line: 2, column: 10))
        #expect(items[1].mark == SourceMark(line: 3, column: 4))
    }

    @Test("a key path without a position of its own falls back to its nearest ancestor, never the root")
    func markTable() throws {
        let root = try #require(
            try SceneLoader.parse("canvas:\n  size: [1, 2]\nitems: []", fileName: "t.yaml", format: .yaml))
        let table = MarkTable(root)
        #expect(table.mark(for: "canvas.size[1]") == SourceMark(line: 2, column: 13))
        #expect(table.mark(for: "canvas.scale") == SourceMark(line: 2, column: 3))
        #expect(table.mark(for: "items[3].id") == SourceMark(line: 3, column: 8))
        #expect(table.mark(for: "name") == nil)
    }

    /// A Foundation-comparable value for either tree.
    private func plain(_ node: SourceNode) -> NSObject {
        switch node.value {
        case .sequence(let nodes): return nodes.map(plain) as NSArray
        case .mapping(let entries):
            return Dictionary(entries.map { ($0.key, plain($0.value)) }, uniquingKeysWith: { $1 }) as NSDictionary
        case .scalar:
            switch node.scalarMeaning {
            case .null?: return NSNull()
            case .bool(let b)?: return NSNumber(value: b)
            case .number(let v, _)?: return NSNumber(value: v)
            case .string(let s)?: return s as NSString
            case nil: return NSNull()
            }
        }
    }

    private func plain(_ value: Any) -> NSObject {
        switch value {
        case let a as [Any]: return a.map(plain) as NSArray
        case let d as [String: Any]: return d.mapValues(plain) as NSDictionary
        case let s as String: return s as NSString
        case is NSNull: return NSNull()
        case let b as Bool where type(of: value) == Bool.self: return NSNumber(value: b)
        case let n as NSNumber:
            // corelibs Foundation returns JSON booleans as NSNumber of type char ("c").
            if String(cString: n.objCType) == "c" { return NSNumber(value: n.boolValue) }
            return NSNumber(value: n.doubleValue)
        default: return "\(value)" as NSString
        }
    }
}

@Suite("Did you mean")
struct SuggestionTests {
    @Test(
        "edit distance counts insertions, deletions, substitutions and adjacent swaps",
        arguments: [
            ("card", "card", 0), ("crad", "card", 1), ("fil", "fill", 1), ("snapp", "snap", 1),
            ("colour", "color", 1), ("", "abc", 3), ("kitten", "sitting", 3),
        ])
    func distance(a: String, b: String, expected: Int) {
        #expect(editDistance(a, b) == expected)
    }

    @Test("suggestions are close relative to the word's length, case-insensitive first")
    func closestCandidate() {
        #expect(closest(to: "crad", in: ["card", "cart"]) == "card")
        #expect(closest(to: "CornerRadius", in: Keys.item) == "cornerRadius")
        #expect(closest(to: "dampnig", in: Keys.snap) == "damping")
        #expect(closest(to: "x", in: ["z", "y"]) == nil)
        #expect(closest(to: "Z", in: ["z", "y"]) == "z")
        #expect(closest(to: "shove", in: Keys.behaviors) == nil)
        #expect(closest(to: "qqqq", in: ["card"]) == nil)
    }
}
