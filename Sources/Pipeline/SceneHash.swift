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
        FNV1a64.hexHash(canonicalText(scene).utf8)
    }

    /// The text the hash is taken over: the version line, the scene, then its assets.
    public static func canonicalText(_ scene: Scene) -> String {
        var text = version + "\n"
        CanonicalEncoding.append(scene, to: &text)
        text += "\nassets:"
        for asset in SceneAssets.files(of: scene) {
            text += "\n" + asset.kind + " " + quoted(asset.file) + " " + asset.hash
        }
        return text + "\n"
    }

    static func quoted(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            default:
                if scalar.value < 0x20 {
                    out += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}

/// A value the canonical encoding writes by its own rule instead of by reflection: classes (whose
/// stored state may hold caches or handles) and values better named by a content hash.
public protocol CanonicallyEncoded {
    /// The value's canonical text (a quoted string, a number, or a `{…}` of canonical fields).
    var canonicalEncoding: String { get }
}

extension SceneFont: CanonicallyEncoded {
    /// The path as written and the file's content hash (the face itself is a FreeType handle).
    public var canonicalEncoding: String {
        "{contentHash:" + SceneHash.quoted(face.contentHash) + ",path:" + SceneHash.quoted(path) + "}"
    }
}

/// Reflection with sorted field names (see `SceneHash`).
enum CanonicalEncoding {
    static func append(_ value: Any, to out: inout String) {
        if let custom = value as? CanonicallyEncoded {
            out += custom.canonicalEncoding
            return
        }
        switch value {
        case let v as Bool: out += v ? "true" : "false"
        case let v as Int: out += String(v)
        case let v as Int8: out += String(v)
        case let v as Int16: out += String(v)
        case let v as Int32: out += String(v)
        case let v as Int64: out += String(v)
        case let v as UInt: out += String(v)
        case let v as UInt8: out += String(v)
        case let v as UInt16: out += String(v)
        case let v as UInt32: out += String(v)
        case let v as UInt64: out += String(v)
        case let v as Double: out += "d" + String(v.bitPattern, radix: 16)
        case let v as Float: out += "f" + String(v.bitPattern, radix: 16)
        case let v as String: out += SceneHash.quoted(v)
        case let v as Substring: out += SceneHash.quoted(String(v))
        case let v as Character: out += SceneHash.quoted(String(v))
        default: appendReflecting(value, to: &out)
        }
    }

    private static func appendReflecting(_ value: Any, to out: inout String) {
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .optional:
            if let some = mirror.children.first { append(some.value, to: &out) } else { out += "nil" }
        case .collection:
            out += "["
            for (k, child) in mirror.children.enumerated() {
                if k > 0 { out += "," }
                append(child.value, to: &out)
            }
            out += "]"
        case .set, .dictionary:
            // Sorted by their canonical text: a Set's or Dictionary's order never reaches the hash.
            let entries = mirror.children.map { child -> String in
                var text = ""
                append(child.value, to: &text)
                return text
            }.sorted()
            out += (mirror.displayStyle == .set ? "set[" : "map[") + entries.joined(separator: ",") + "]"
        case .enum:
            if let payload = mirror.children.first {
                out += (payload.label ?? "_") + "("
                append(payload.value, to: &out)
                out += ")"
            } else {
                out += String(describing: value)
            }
        case .class:
            preconditionFailure("SceneHash: \(type(of: value)) is a class; give it a CanonicallyEncoded conformance")
        default:
            // Structs and tuples: fields sorted by label (tuples' unlabeled fields by position).
            let fields = mirror.children.enumerated().map { (k, child) -> (String, Any) in
                (child.label ?? ".\(k)", child.value)
            }.sorted { $0.0 < $1.0 }
            out += "{"
            for (k, field) in fields.enumerated() {
                if k > 0 { out += "," }
                out += field.0 + ":"
                append(field.1, to: &out)
            }
            out += "}"
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
