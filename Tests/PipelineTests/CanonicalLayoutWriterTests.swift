import Foundation
import Geometry
import SceneLoading
import SceneModel
import TestSupport
import Testing

@testable import Pipeline

/// The scene hash's text written from memory layouts (`CanonicalLayoutWriter`) is byte for byte
/// the text reflection writes (`CanonicalEncoding.reflecting`), so hashes in earlier manifests
/// still match.
@Suite("Canonical layout writer")
struct CanonicalLayoutWriterTests {
    @Test("every bundled scene's canonical text is the one reflection writes")
    func bundledScenes() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: repositoryRoot + "/scenes")
            .filter { ($0.hasSuffix(".yaml") || $0.hasSuffix(".json")) && $0 != "schema.json" }.sorted()
        #expect(files.count >= 30)
        for file in files {
            let scene = try SceneLoader.load(path: repositoryRoot + "/scenes/" + file)
            var fast = ""
            CanonicalEncoding.append(scene, to: &fast)
            #expect(fast == CanonicalEncoding.reflecting(scene), "\(file)")
        }
    }

    enum Mode: Equatable {
        case plain
        case tinted(Int)
        case named(label: String, Double?)
    }

    struct Nested: Equatable {
        var z: Float = 1.5
        var a: [Mode] = [.plain, .tinted(3), .named(label: "a\"b\\c\n", nil)]
    }

    /// Plain-data enums, which the writer reflects once per bit pattern.
    enum Kind { case first, second }
    enum Step: Equatable {
        case none
        case by(Int8)
    }

    struct Everything {
        var text = "plain"
        var substring: Substring = "sub"
        var character: Character = "é"
        var optionalSome: Double? = -0.0
        var optionalNone: Int? = nil
        var nestedOptional: Nested?? = .some(.some(Nested()))
        var numbers: [Int8] = [-128, 0, 127]
        var wide: (UInt64, label: Int32) = (.max, label: -7)
        var set: Set<String> = ["b", "a", "c"]
        var dictionary: [String: [Double]] = ["y": [1, 2], "x": []]
        var empty: [Nested] = []
        var nested = Nested()
        var flag = true
        var unit: UInt16 = 65_535
        var kind = Kind.second
        var steps: [Step] = [.none, .by(3), .by(-2), .none, .by(3)]
        var extremes: [Int] = [.min, .max, -1, 10]
    }

    @Test("optionals, enums with and without payloads, tuples, sets, dictionaries and escapes match reflection")
    func everyShape() {
        var fast = ""
        CanonicalEncoding.append(Everything(), to: &fast)
        #expect(fast == CanonicalEncoding.reflecting(Everything()))
        #expect(
            fast
                == #"{character:"é",dictionary:map[{key:"x",value:[]},{key:"y",value:[d3ff0000000000000,d4000000000000000]}],"#
                + #"empty:[],extremes:[-9223372036854775808,9223372036854775807,-1,10],flag:true,kind:second,nested:{a:[plain,tinted(3),named({.1:nil,label:"a\"b\\c\n"})],z:f3fc00000},"#
                + #"nestedOptional:{a:[plain,tinted(3),named({.1:nil,label:"a\"b\\c\n"})],z:f3fc00000},"#
                + #"numbers:[-128,0,127],optionalNone:nil,optionalSome:d8000000000000000,set:set["a","b","c"],"#
                + #"steps:[none,by(3),by(-2),none,by(3)],substring:"sub",text:"plain",unit:65535,"#
                + #"wide:{.0:18446744073709551615,label:-7}}"#)
    }

    /// Plain data that repeats and plain data that does not, more values than the memo's trial.
    struct Repeats {
        var points: [Pair] = (0..<600).map { Pair(x: Double($0 % 3), y: -0.0) }
        var distinct: [Pair] = (0..<600).map { Pair(x: Double($0), y: Double($0) / 7) }
        var matrices: [[Double]] = (0..<300).map { k in (0..<16).map { Double(($0 + k) % 5) } }
        var long: [Double] = (0..<40).map { Double($0) }
        struct Pair { var x: Double, y: Double }
    }

    @Test(
        "plain data remembered by its bytes, repeated or not, past the memo's trial, is written as reflection writes it"
    )
    func rememberedPlainData() {
        var fast = ""
        CanonicalEncoding.append(Repeats(), to: &fast)
        #expect(fast == CanonicalEncoding.reflecting(Repeats()))
        #expect(fast.contains("{x:d4000000000000000,y:d8000000000000000}"))
        // A second pass over the same values, with the memo full and switched off, writes the same.
        let writer = CanonicalLayoutWriter()
        writer.append(Repeats())
        writer.append(Repeats())
        #expect(writer.out.string == fast + fast)
    }

    /// Items sharing their attributes' storage, items with storage of their own holding the same
    /// values, and items with other values, mixed past the held texts' trial.
    static func itemsSharingAttributes(distinct: Int) -> [Item] {
        var shadowed = Item(id: "s", size: Size(4, 4), center: Point(1, 2))
        shadowed.shadow = Shadow(color: .black, opacity: 0.5, offset: Point(0, 1), radius: 2)
        return (0..<600).map { k in
            var item = k % 3 == 0 ? shadowed : Item(id: "i\(k)", size: Size(2, 2), center: Point(Double(k), 0))
            item.id = "i\(k)"
            if k % 5 == 0 { item.zPosition = 0 }  // storage of its own, at the defaults
            if k % 7 == 0 || k < distinct { item.rotationX = .degrees(Double(k)) }  // values of its own
            return item
        }
    }

    @Test("fields held behind shared storage are written from their first text, as reflection writes them")
    func heldTexts() {
        for distinct in [0, 600] {
            let items = Self.itemsSharingAttributes(distinct: distinct)
            var fast = ""
            CanonicalEncoding.append(items, to: &fast)
            #expect(fast == CanonicalEncoding.reflecting(items), "distinct: \(distinct)")
        }
    }

    @Test("a collision shape's own encoding is the one reflection gives the enum")
    func collisionBoundsEncoding() {
        let shapes: [CollisionBounds] = [.rectangle, .ellipse, .path([Point(1, -2), Point(0.5, 3)])]
        for shape in shapes { #expect(shape.canonicalEncoding == CanonicalEncoding.mirrored(shape)) }
        #expect(
            shapes[2].canonicalEncoding
                == "path([{x:d3ff0000000000000,y:dc000000000000000},{x:d3fe0000000000000,y:d4008000000000000}])")
    }
}
