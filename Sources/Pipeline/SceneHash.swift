import Determinism
import SceneModel
import Text

/// The scene's hash: FNV-1a 64 (16 hex digits) of a canonical text of the resolved scene and of
/// the assets it references. What the manifest records (`scene.hash`), the resume journal's
/// header names, `--resume` compares and `concat` checks shards by.
///
/// The canonical text (`canonicalText`), version `flipbook-scene-hash v1`:
/// - every value after defaults, so comments, key order, YAML vs JSON and a scene built in Swift
///   vs the same scene in a file do not change it;
/// - structs as `{field:value,…}` with fields sorted by name, so reordering fields in the source
///   does not change it; enums as `case` or `case(payload)`; arrays in order; numbers exactly
///   (integers in decimal, `Double`/`Float` as their IEEE bit patterns in hex); strings quoted;
/// - no type or module names, so renaming a type or moving it between modules keeps the hash;
///   a renamed field or case does change it (it is a changed scene format);
/// - the assets (`SceneAssets.files`): each referenced file's kind, path and content hash, so a
///   different icon or font under the same name changes the hash.
///
/// Bump `version` when the encoding itself changes. History: before v1 the hash was FNV over
/// Swift's `String(reflecting: scene)`, which type renames, field order and toolchains changed;
/// manifests written before v1 do not match, so the first `--resume` after the change renders
/// again (once).
public enum SceneHash {
    public static let version = "flipbook-scene-hash v1"

    /// 16 lowercase hex digits.
    public static func hex(_ scene: Scene) -> String {
        // Hashed as it is written, a chunk at a time: a large scene's text is a hundred megabytes.
        var text = canonicalBytes(scene, hashing: true)
        return text.hashingRest().hex
    }

    /// The text the hash is taken over: the version line, the scene, then its assets.
    public static func canonicalText(_ scene: Scene) -> String { canonicalBytes(scene).string }

    /// `canonicalText` as UTF-8 bytes, as it is written; with `hashing`, only the bytes not yet
    /// hashed (`CanonicalText.hash`).
    static func canonicalBytes(_ scene: Scene, hashing: Bool = false) -> CanonicalText {
        let writer = CanonicalLayoutWriter()
        if hashing { writer.out.hash = FNV1a64() }
        writer.out += version + "\n"
        writer.append(scene)
        writer.out += "\nassets:"
        for asset in SceneAssets.files(of: scene) {
            writer.out += "\n" + asset.kind + " " + quoted(asset.file) + " " + asset.hash
        }
        writer.out += "\n"
        return writer.out
    }

    static func quoted(_ s: String) -> String {
        var out = CanonicalText()
        appendQuoted(s, to: &out)
        return out.string
    }

    /// Appends `s` in double quotes: quote, backslash and newline escaped, other controls as
    /// `\u{hex}`.
    static func appendQuoted(_ s: String, to out: inout CanonicalText) {
        // Most strings (ids, file names) need no escape: appended whole.
        if s.utf8.allSatisfy({ $0 >= 0x20 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }) {
            out += "\""
            out += s
            out += "\""
            return
        }
        out += "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            default:
                if scalar.value < 0x20 {
                    out += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    out += String(scalar)
                }
            }
        }
        out += "\""
    }
}

/// A value the canonical encoding writes by its own rule instead of by reflection: classes (whose
/// stored state may hold caches or handles) and values better named by a content hash.
public protocol CanonicallyEncoded {
    /// The value's canonical text (a quoted string, a number, or a `{…}` of canonical fields).
    var canonicalEncoding: String { get }
    /// `canonicalEncoding` of the value stored at `pointer`: the layout writer reads it in place,
    /// without boxing the value and casting it back.
    static func canonicalEncoding(at pointer: UnsafeRawPointer) -> String
}

extension CanonicallyEncoded {
    public static func canonicalEncoding(at pointer: UnsafeRawPointer) -> String {
        pointer.assumingMemoryBound(to: Self.self).pointee.canonicalEncoding
    }
}

extension SceneFont: CanonicallyEncoded {
    /// The path as written and the file's content hash (the face itself is a FreeType handle).
    public var canonicalEncoding: String {
        "{contentHash:" + SceneHash.quoted(face.contentHash) + ",path:" + SceneHash.quoted(path) + "}"
    }
}

/// The canonical text of a value (see `SceneHash`): struct fields sorted by name, enums by case,
/// collections in order, sets and dictionaries sorted.
///
/// Written by `CanonicalLayoutWriter`, which reads plain structs, optionals, arrays and numbers
/// in place; everything else, and the reference it is tested against (`reflecting`), is written
/// here from casts and `Mirror`.
enum CanonicalEncoding {
    static func append(_ value: Any, to out: inout String) {
        let writer = CanonicalLayoutWriter()
        writer.append(value)
        out += writer.out.string
    }

    /// The text from casts and `Mirror` alone: what the layout writer must equal.
    static func reflecting(_ value: Any) -> String {
        let writer = CanonicalLayoutWriter(reflectingOnly: true)
        writer.append(value)
        return writer.out.string
    }

    /// The text `Mirror` gives `value` itself, whatever its own encoding (`CanonicallyEncoded`);
    /// its parts are written as usual. What a conformance must spell.
    static func mirrored(_ value: Any) -> String {
        let writer = CanonicalLayoutWriter(reflectingOnly: true)
        appendMirror(value, writer: writer)
        return writer.out.string
    }

    /// Appends `value` to `writer.out` by casts and `Mirror`; its parts go back to the writer.
    static func appendReflecting(_ value: Any, writer: CanonicalLayoutWriter) {
        if let custom = value as? CanonicallyEncoded {
            writer.out += custom.canonicalEncoding
            return
        }
        switch value {
        case let v as Bool: writer.out += v ? "true" : "false"
        case let v as Int: writer.out += String(v)
        case let v as Int8: writer.out += String(v)
        case let v as Int16: writer.out += String(v)
        case let v as Int32: writer.out += String(v)
        case let v as Int64: writer.out += String(v)
        case let v as UInt: writer.out += String(v)
        case let v as UInt8: writer.out += String(v)
        case let v as UInt16: writer.out += String(v)
        case let v as UInt32: writer.out += String(v)
        case let v as UInt64: writer.out += String(v)
        case let v as Double: writer.out.append(hexBits: v.bitPattern, prefix: "d")
        case let v as Float: writer.out.append(hexBits: UInt64(v.bitPattern), prefix: "f")
        case let v as String: SceneHash.appendQuoted(v, to: &writer.out)
        case let v as Substring: SceneHash.appendQuoted(String(v), to: &writer.out)
        case let v as Character: SceneHash.appendQuoted(String(v), to: &writer.out)
        default: appendMirror(value, writer: writer)
        }
    }

    private static func appendMirror(_ value: Any, writer: CanonicalLayoutWriter) {
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .optional:
            if let some = mirror.children.first { writer.append(some.value) } else { writer.out += "nil" }
        case .collection:
            writer.out += "["
            for (k, child) in mirror.children.enumerated() {
                if k > 0 { writer.out += "," }
                writer.append(child.value)
            }
            writer.out += "]"
        case .set, .dictionary:
            // Sorted by their canonical text: a Set's or Dictionary's order never reaches the hash.
            let entries = mirror.children.map { child -> String in
                let entry = writer.writer()
                entry.append(child.value)
                return entry.out.string
            }.sorted()
            writer.out += (mirror.displayStyle == .set ? "set[" : "map[") + entries.joined(separator: ",") + "]"
        case .enum:
            if let payload = mirror.children.first {
                writer.out += (payload.label ?? "_") + "("
                writer.append(payload.value)
                writer.out += ")"
            } else {
                writer.out += String(describing: value)
            }
        case .class:
            preconditionFailure("SceneHash: \(type(of: value)) is a class; give it a CanonicallyEncoded conformance")
        default:
            // Structs and tuples: fields sorted by label (tuples' unlabeled fields by position). The
            // fields of an `Indirect` a struct stores are spelled as the struct's own.
            let fields = mirror.children.enumerated().flatMap { (k, child) -> [(String, Any)] in
                guard let indirection = child.value as? CanonicalIndirection else {
                    return [(child.label ?? ".\(k)", child.value)]
                }
                return Mirror(reflecting: indirection.heldValue).children.map { ($0.label ?? "", $0.value) }
            }.sorted { $0.0 < $1.0 }
            writer.out += "{"
            for (k, field) in fields.enumerated() {
                if k > 0 { writer.out += "," }
                writer.out += field.0 + ":"
                writer.append(field.1)
            }
            writer.out += "}"
        }
    }
}

extension ItemImage: CanonicallyEncoded {
    /// The file as written and its content hash, never the absolute path (the same scene hashes
    /// alike in any folder) nor the decoded pixels (a class that the content hash stands for).
    public var canonicalEncoding: String {
        var rect = ""
        CanonicalEncoding.append(contentsRect, to: &rect)
        return "{contentHash:" + SceneHash.quoted(hash) + ",contentMode:" + SceneHash.quoted("\(contentMode)")
            + ",contentsRect:" + rect + ",file:" + SceneHash.quoted(file) + "}"
    }
}

extension ItemLottie: CanonicallyEncoded {
    /// How it plays, the file as written and its content hash; never the absolute path (the same
    /// scene hashes alike in any folder) nor the file's bytes (which the hash stands for).
    public var canonicalEncoding: String {
        var numbers = ""
        CanonicalEncoding.append(speed, to: &numbers)
        return "{contentHash:" + SceneHash.quoted(document.hash) + ",contentMode:" + SceneHash.quoted("\(contentMode)")
            + ",file:" + SceneHash.quoted(file) + ",from:\(from),loop:\(loop),speed:" + numbers + ",to:\(to)}"
    }
}

extension CollisionBounds: CanonicallyEncoded {
    /// As reflection spells an enum (`rectangle`, `path([…])`), written directly: the array in
    /// one case makes the enum more than plain data, and reflecting it took a tenth of the hash of
    /// a scene of plain items.
    public var canonicalEncoding: String {
        switch self {
        case .rectangle: return "rectangle"
        case .ellipse: return "ellipse"
        case .path(let points):
            var text = "path("
            CanonicalEncoding.append(points, to: &text)
            return text + ")"
        }
    }
}
