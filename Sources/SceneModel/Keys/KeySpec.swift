import BehaviorRules
import Colors
import Geometry
import SceneSyntax

// One declaration per scene key: name, type, default, range, unit, doc line and example. The
// decoder (`SceneDecoder.decode(_:_:at:into:)`), the range checks of `Scene.validate`, the key's
// entry in scenes/schema.json (`SchemaGenerator`) and its row in docs/scene-format.md
// (`DocTableGenerator`) are all read from it.
//
// Rules of this file:
// - A key's default is not written here: it is read from the Swift type's initialiser through
//   the key path (`ObjectSpec.prototype`), so Scene.swift stays the one place a default lives.
// - Declaration order is documented order: the order keys are decoded, checked, listed in "expected
//   one of" and written in the schema and the docs.
// - A key whose value needs more than a typed read (relative positions, shapes, behaviours inside
//   behaviours) still has a declaration, with `decode: nil`; the hand-written code that reads it
//   runs after the declared keys. That is how an object migrates one key at a time.

/// What a key's value is. Drives the typed read, the schema fragment and the "type" column.
package enum KeyType {
    case number
    case integer
    case boolean
    case string
    /// One of a fixed set of words (a Swift enum's raw values).
    case word([String])
    case colour
    /// `[a, b]`, two numbers; the names appear in messages (`expected [dx, dy]`).
    case pair(String, String)
    case itemID
    case itemIDs
    /// A non-empty list of points of `size` numbers each (`[[t, value], …]`, `[[t, x, y], …]`);
    /// `docType` is the "type" column.
    case points(docType: String, size: Int)
    /// Anything else: `docType` is the "type" column, `schemaRef` the `$defs` entry its schema
    /// refers to (nil: the committed schema's fragment for the key is kept as it is).
    case other(docType: String, schemaRef: String?)
}

/// A number's allowed values. Each case knows its check (with the words `Scene.validate` has always
/// used), its schema bounds and its "range" column.
package enum KeyRange: Equatable {
    /// Any finite number.
    case finite
    /// Finite and within ±1e7, what Box2D's 32-bit floats hold (`SceneRules.coordinateRange`).
    case engine
    /// 0 … 1 inclusive.
    case unit
    /// Greater than 0.
    case positive
    /// Greater than 0 and within the engine's range.
    case enginePositive
    /// At least 0.
    case nonNegative
    /// At least 0 and within the engine's range.
    case engineNonNegative
    /// Greater than 0, at most the bound.
    case positiveAtMost(Double)
    /// An integer of at most this magnitude (the decoder enforces it while reading the integer).
    case magnitude(Double)
    /// From the first to the second bound, inclusive.
    case closed(Double, Double)
    /// Strictly between the two bounds (a spring's bounce, −1 … 1 exclusive).
    case open(Double, Double)
    /// At least the bound.
    case atLeast(Double)
}

/// The documented face of a key: everything but how it is decoded and checked.
package struct KeyDoc {
    package var name: String
    package var type: KeyType
    /// The hint of "missing key 'x'; expected <hint>" when the key is required; nil when optional.
    package var required: String? = nil
    package var range: KeyRange? = nil
    /// The noun of range messages: "expected <noun> greater than 0".
    var noun: String = "a value"
    /// Unit of a number ("pt", "s", "degrees"), said in the schema's description.
    package var unit: String? = nil
    /// One line for the docs' meaning column (Markdown) and the schema's description.
    package var doc: String
    /// Overrides of the generated "default" and "range" cells (Markdown), when words say it better.
    package var defaultDoc: String? = nil
    package var rangeDoc: String? = nil
    /// A value as a user would write it, for the schema's `examples`.
    package var example: JSONValue? = nil
    /// Schema members beyond the type's (`maxLength`), for a bound the range cannot say.
    package var schemaBounds: [(String, JSONValue)] = []
    /// Read before decoding (components, controls): documented, but not a key the decoder allows.
    var consumedBeforeDecoding = false
    /// Whether a number may be written as `$name` (a control's value); false inside a control's
    /// own declaration, where a control cannot name another.
    package var acceptsControl = true
}

/// One of the exclusive forms of an object (a control is a number or a colour): the keys it
/// takes and the ones it needs. The schema states them as a `oneOf`.
package struct SpecForm {
    package var keys: [String]
    package var required: [String]
}

/// One key of an `Object`: its documentation, its typed read and its checks.
package struct Key<Object> {
    package var doc: KeyDoc
    /// Reads the key's node into the object; nil when hand-written code reads it. The path
    /// (`items[2].fill`) is spelt only when the closure asks (`at()`): for a message, or a value
    /// that keeps its place; a large scene's keys nearly all read fine.
    var decode: ((SceneDecoder, SourceNode, @autoclosure () -> String, inout Object) throws -> Void)?
    /// The semantic rule, for `Scene.validate` (the scene gives references their context).
    var check: ((Scene, Object, String) throws -> Void)?
    /// The default, read from the prototype; nil for none.
    var defaultValue: ((Object) -> JSONValue?)?

    var name: String { doc.name }
}

/// The keys of one mapping, in documented order.
package struct ObjectSpec<Object> {
    /// The docs' marker (`<!-- keys:<name> -->`) and, for behaviours, the behaviour's kind.
    var name: String
    /// Where the object's schema lives: a path of property names from the schema's root.
    var schemaPath: [String]
    /// "expected <what> as a mapping with keys …".
    var what: String
    /// One line about the object, for the schema and the first row of a behaviour's table.
    var doc: String
    /// A value holding every default (required keys get placeholders).
    var prototype: Object
    package var keys: [Key<Object>]
    /// Rules between keys (exactly one of two forms, a key only with another), checked once the
    /// keys are known and before any value is read: like unknown keys, they are structural errors.
    var structure: ((SceneDecoder, SceneDecoder.Fields, String) throws -> Void)? = nil
    /// Exclusive forms, when the object has them (`structure` enforces them while decoding).
    var forms: [SpecForm]? = nil

    /// The keys the decoder allows, in documented order.
    var keyNames: [String] { keys.filter { !$0.doc.consumedBeforeDecoding }.map(\.name) }
    var required: [(key: String, hint: String)] {
        keys.compactMap { key in key.doc.required.map { (key.name, $0) } }
    }
}

/// The parts of an `ObjectSpec` the generators read, without its object type.
package struct AnySpec {
    package var name: String
    package var schemaPath: [String]
    package var doc: String
    package var keys: [(doc: KeyDoc, defaultValue: JSONValue?)]
    package var forms: [SpecForm]?

    /// `at` places the object's schema somewhere other than its own `schemaPath`: an object
    /// written under two parents (a scrub's drag, in layer and animator calls) is declared once.
    init<Object>(_ spec: ObjectSpec<Object>, at path: [String]? = nil) {
        name = spec.name
        schemaPath = path ?? spec.schemaPath
        doc = spec.doc
        keys = spec.keys.map { ($0.doc, $0.defaultValue?(spec.prototype)) }
        forms = spec.forms
    }
}

extension KeyRange {
    /// A shared behaviour rule, as the scene checks it.
    init(_ rule: ParameterRule) {
        switch rule {
        case .finite: self = .finite
        case .nonNegative: self = .nonNegative
        case .positive: self = .positive
        case .unit: self = .unit
        }
    }

    /// A shared behaviour rule for a number handed to Box2D: also within the engine's ±1e7.
    /// (A unit range needs no engine bound.)
    static func engine(_ rule: ParameterRule) -> KeyRange {
        switch rule {
        case .finite: .engine
        case .nonNegative: .engineNonNegative
        case .positive: .enginePositive
        case .unit: .unit
        }
    }

    /// Checks `value` with the words `Scene.validate` uses; `noun` names it. `path` is spelt only
    /// for a message: every item's checks run, and nearly all pass.
    func check(_ value: Double, _ noun: String, at path: @autoclosure () -> String) throws(Violation) {
        switch self {
        case .engine, .enginePositive, .engineNonNegative: break
        default:
            if !value.isFinite {
                throw Violation(keyPath: path(), message: "expected a finite number, found \(format(value))")
            }
        }
        switch self {
        case .finite, .magnitude: return
        case .engine:
            try Self.engineCheck(value, at: path())
        case .unit:
            if !(value >= 0 && value <= 1) {
                throw Violation(keyPath: path(), message: "expected \(noun) from 0 to 1, found \(format(value))")
            }
        case .positive:
            if !(value > 0) {
                throw Violation(keyPath: path(), message: "expected \(noun) greater than 0, found \(format(value))")
            }
        case .enginePositive:
            if !value.isFinite {
                throw Violation(keyPath: path(), message: "expected a finite number, found \(format(value))")
            }
            if !(value > 0) {
                throw Violation(keyPath: path(), message: "expected \(noun) greater than 0, found \(format(value))")
            }
            try Self.engineCheck(value, at: path())
        case .nonNegative:
            if !(value >= 0) {
                throw Violation(keyPath: path(), message: "expected \(noun) of at least 0, found \(format(value))")
            }
        case .engineNonNegative:
            try Self.engineCheck(value, at: path())
            if !(value >= 0) {
                throw Violation(keyPath: path(), message: "expected \(noun) of at least 0, found \(format(value))")
            }
        case .atLeast(let m):
            if !(value >= m) {
                throw Violation(
                    keyPath: path(), message: "expected \(noun) of at least \(format(m)), found \(format(value))")
            }
        case .closed(let lo, let hi):
            if !(value >= lo && value <= hi) {
                throw Violation(
                    keyPath: path(),
                    message: "expected \(noun) from \(format(lo)) to \(format(hi)), found \(format(value))")
            }
        case .open(let lo, let hi):
            if !(value > lo && value < hi) {
                throw Violation(
                    keyPath: path(),
                    message: "expected \(noun) above \(format(lo)) and below \(format(hi)), found \(format(value))")
            }
        case .positiveAtMost(let m):
            if !(value > 0 && value <= m) {
                throw Violation(
                    keyPath: path(),
                    message: "expected \(noun) greater than 0 and at most \(format(m)), found \(format(value))")
            }
        }
    }

    /// Every number a behaviour hands to Box2D: finite and within ±1e7. Box2D computes in 32-bit
    /// floats, and a value near Float's limit becomes infinity there, then NaN once the solver
    /// clamps it, and trips `IsValid()` assertions (found by the fuzz test).
    static func engineCheck(_ value: Double, at path: @autoclosure () -> String) throws(Violation) {
        if !value.isFinite {
            throw Violation(keyPath: path(), message: "expected a finite number, found \(format(value))")
        }
        if !SceneRules.coordinateRange.contains(value) {
            throw Violation(
                keyPath: path(),
                message:
                    "expected a value within ±\(format(SceneRules.coordinateRange.upperBound)) (the physics engine computes in 32-bit floats), found \(format(value))"
            )
        }
    }

    /// JSON Schema bounds.
    package var schemaBounds: [(String, JSONValue)] {
        switch self {
        case .finite, .engine: return []
        case .unit: return [("minimum", .int(0)), ("maximum", .int(1))]
        case .positive, .enginePositive: return [("exclusiveMinimum", .int(0))]
        case .nonNegative, .engineNonNegative: return [("minimum", .int(0))]
        case .positiveAtMost(let m): return [("exclusiveMinimum", .int(0)), ("maximum", .number(m))]
        case .magnitude(let m): return [("minimum", .int(-Int(m))), ("maximum", .int(Int(m)))]
        case .closed(let lo, let hi): return [("minimum", .number(lo)), ("maximum", .number(hi))]
        case .open(let lo, let hi): return [("exclusiveMinimum", .number(lo)), ("exclusiveMaximum", .number(hi))]
        case .atLeast(let m): return [("minimum", .number(m))]
        }
    }

    /// The docs' "range" cell.
    package var docText: String {
        switch self {
        case .finite: return "finite"
        case .engine: return ""
        case .unit: return "0 … 1"
        case .positive, .enginePositive: return "> 0"
        case .nonNegative, .engineNonNegative: return "≥ 0"
        case .positiveAtMost(let m): return "> 0, ≤ \(format(m))"
        case .magnitude(let m): return "within ±\(format(m))"
        case .closed(let lo, let hi): return "\(format(lo)) … \(format(hi))"
        case .open(let lo, let hi): return "(\(format(lo)), \(format(hi)))"
        case .atLeast(let m): return "≥ \(format(m))"
        }
    }
}
