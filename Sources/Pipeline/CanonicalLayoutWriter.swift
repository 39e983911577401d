import SceneModel
@_spi(Reflection) import Swift

/// The scene hash's canonical text (`CanonicalEncoding`), written by walking each value's memory
/// with a plan made once per type, instead of a `Mirror` per value.
///
/// A `Mirror` looks up every field's name and type again for every value, and the dynamic casts
/// that classify each value cost as much again: hashing a large scene took longer than
/// simulating it. Here a type's plan is made the first time it is met: its stored fields
/// (`_forEachField`: name, offset, type), sorted by name as the encoding sorts them; the fields
/// are then read in place through pointers. The text is byte for byte what reflection writes
/// (`CanonicalEncoding.appendReflecting`): anything the plans do not cover — enums, tuples,
/// sets, dictionaries, types with a custom mirror — is handed to that reflection, whole.
final class CanonicalLayoutWriter {
    // Appended to for every value of the scene, by this class alone and never re-entrantly: the
    // runtime's exclusivity checks on every append were a tenth of the hash's time.
    @exclusivity(unchecked) var out = CanonicalText()
    @exclusivity(unchecked) private var plans: [ObjectIdentifier: Plan] = [:]
    /// Casts and `Mirror` only, for every value: the reference (`CanonicalEncoding.reflecting`).
    private let reflectingOnly: Bool

    init(reflectingOnly: Bool = false) { self.reflectingOnly = reflectingOnly }

    /// A writer of its own text, in the same mode (a set's or dictionary's entries, sorted after).
    func writer() -> CanonicalLayoutWriter { CanonicalLayoutWriter(reflectingOnly: reflectingOnly) }

    private enum Plan {
        case bool, int, int8, int16, int32, int64, uint, uint8, uint16, uint32, uint64, double, float, string
        /// `CanonicallyEncoded`: the value's own text.
        case custom
        /// `nil`, or the wrapped value (whose storage starts where the optional's does).
        case optional(CanonicalOptional.Type, wrapped: Any.Type)
        case array(CanonicalArray.Type, element: Any.Type)
        /// A plain struct: its fields sorted by name.
        case fields([Field])
        /// An enum of plain data in at most 8 bytes (most are payload-free): reflected once per
        /// bit pattern, then looked up. Reflection casts a value to every leaf type first, and an
        /// item has several such fields.
        case smallEnum(SmallEnumTexts)
        /// Everything else: the value boxed and reflected.
        case reflected
    }

    /// A struct's stored field: at `offset` in the struct, or, for the fields of an `Indirect` the
    /// struct stores (`through`), at `offset` in the value that indirection holds.
    private struct Field {
        let label: String
        let offset: Int
        let type: Any.Type
        let through: (indirection: CanonicalIndirection.Type, offset: Int)?
        /// `label:` in UTF-8, as it is written before the value.
        let labelAndColon: [UInt8]

        init(
            label: String, offset: Int, type: Any.Type,
            through: (indirection: CanonicalIndirection.Type, offset: Int)? = nil
        ) {
            (self.label, self.offset, self.type, self.through) = (label, offset, type, through)
            labelAndColon = Array((label + ":").utf8)
        }
    }

    /// Appends `value`'s canonical text.
    func append(_ value: Any) {
        let type = Swift.type(of: value)
        if reflectingOnly { return CanonicalEncoding.appendReflecting(value, writer: self) }
        switch plan(for: type) {
        case .reflected:
            CanonicalEncoding.appendReflecting(value, writer: self)
        default:
            withStorage(of: value) { append(type, at: $0) }
        }
    }

    /// Appends the canonical text of the `type` value stored at `pointer`.
    private func append(_ type: Any.Type, at pointer: UnsafeRawPointer) {
        let plan = plan(for: type)
        switch plan {
        case .bool: out += pointer.load(as: Bool.self) ? "true" : "false"
        case .int: out.append(decimal: pointer.load(as: Int.self))
        case .int8: out.append(decimal: pointer.load(as: Int8.self))
        case .int16: out.append(decimal: pointer.load(as: Int16.self))
        case .int32: out.append(decimal: pointer.load(as: Int32.self))
        case .int64: out.append(decimal: pointer.load(as: Int64.self))
        case .uint: out.append(decimal: pointer.load(as: UInt.self))
        case .uint8: out.append(decimal: pointer.load(as: UInt8.self))
        case .uint16: out.append(decimal: pointer.load(as: UInt16.self))
        case .uint32: out.append(decimal: pointer.load(as: UInt32.self))
        case .uint64: out.append(decimal: pointer.load(as: UInt64.self))
        case .double: out.append(hexBits: pointer.load(as: Double.self).bitPattern, prefix: "d")
        case .float: out.append(hexBits: UInt64(pointer.load(as: Float.self).bitPattern), prefix: "f")
        case .string: SceneHash.appendQuoted(pointer.load(as: String.self), to: &out)
        case .custom:
            guard let custom = boxed(type, at: pointer) as? CanonicallyEncoded else {
                preconditionFailure("\(type) was planned as CanonicallyEncoded")
            }
            out += custom.canonicalEncoding
        case .optional(let optional, let wrapped):
            if optional.isNil(at: pointer) { out += "nil" } else { append(wrapped, at: pointer) }
        case .array(let array, let element):
            out += "["
            array.withElements(at: pointer) { base, count, stride in
                for k in 0..<count {
                    if k > 0 { out += "," }
                    append(element, at: base + k * stride)
                }
            }
            out += "]"
        case .fields(let fields):
            out.append(ascii: "{")
            // By index through a buffer pointer: iterating would copy (retain) every field.
            fields.withUnsafeBufferPointer { fields in
                for k in fields.indices {
                    if k > 0 { out.append(ascii: ",") }
                    out.append(bytes: fields[k].labelAndColon)
                    if let through = fields[k].through {
                        through.indirection.withValue(at: pointer + through.offset) {
                            append(fields[k].type, at: $0 + fields[k].offset)
                        }
                    } else {
                        append(fields[k].type, at: pointer + fields[k].offset)
                    }
                }
            }
            out.append(ascii: "}")
        case .smallEnum(let texts):
            var bits: UInt64 = 0
            withUnsafeMutableBytes(of: &bits) {
                $0.copyMemory(from: UnsafeRawBufferPointer(start: pointer, count: texts.size))
            }
            if let text = texts.byBits[bits] {
                out += text
            } else {
                // Plain data: the bytes are the value, so the same bytes are the same text.
                let text = writer()
                CanonicalEncoding.appendReflecting(boxed(type, at: pointer), writer: text)
                texts.byBits[bits] = text.out
                out += text.out
            }
        case .reflected:
            CanonicalEncoding.appendReflecting(boxed(type, at: pointer), writer: self)
        }
    }

    private func plan(for type: Any.Type) -> Plan {
        if let plan = plans[ObjectIdentifier(type)] { return plan }
        let plan = Self.makePlan(for: type)
        plans[ObjectIdentifier(type)] = plan
        return plan
    }

    /// The numbers, `Bool` and `String`: written from the value itself.
    private static func leaf(_ type: Any.Type) -> Plan? {
        let leaves: [(Any.Type, Plan)] = [
            (Bool.self, .bool), (Int.self, .int), (Int8.self, .int8), (Int16.self, .int16), (Int32.self, .int32),
            (Int64.self, .int64), (UInt.self, .uint), (UInt8.self, .uint8), (UInt16.self, .uint16),
            (UInt32.self, .uint32), (UInt64.self, .uint64), (Double.self, .double), (Float.self, .float),
            (String.self, .string),
        ]
        return leaves.first { $0.0 == type }?.1
    }

    private static func makePlan(for type: Any.Type) -> Plan {
        if let leaf = leaf(type) { return leaf }
        // Quoted as strings by the casts.
        if type == Substring.self || type == Character.self { return .reflected }
        if type is CanonicallyEncoded.Type { return .custom }
        if let optional = type as? CanonicalOptional.Type { return .optional(optional, wrapped: optional.wrappedType) }
        if let array = type as? CanonicalArray.Type { return .array(array, element: array.elementType) }
        if !(type is CustomReflectable.Type), kind(of: type) == 0x201, let size = plainDataSize(type), size <= 8 {
            return .smallEnum(SmallEnumTexts(size: size))
        }
        // A struct whose mirror is its stored fields: not one with a custom mirror, and not a class,
        // enum or tuple (`_forEachField` reports no fields for those, or they are told apart by kind).
        guard !(type is CustomReflectable.Type), !(type is AnyClass), isStruct(type) else { return .reflected }
        var fields: [Field] = []
        let walked = _forEachField(of: type) { name, offset, fieldType, _ in
            guard let indirection = fieldType as? CanonicalIndirection.Type else {
                fields.append(Field(label: String(cString: name), offset: offset, type: fieldType))
                return true
            }
            // Its value's fields stand as the struct's own, as reflection spells them.
            return _forEachField(of: indirection.valueType) { name, innerOffset, innerType, _ in
                fields.append(
                    Field(
                        label: String(cString: name), offset: innerOffset, type: innerType,
                        through: (indirection, offset)))
                return true
            }
        }
        guard walked else { return .reflected }
        return .fields(fields.sorted { $0.label < $1.label })
    }

    /// Whether `type` is a struct (its metadata kind; Mirror's display style without a value).
    private static func isStruct(_ type: Any.Type) -> Bool { kind(of: type) == 0x200 }

    /// The metadata's first word, its kind (MetadataKind.def): 0x200 for structs, 0x201 for enums.
    private static func kind(of type: Any.Type) -> UInt { unsafeBitCast(type, to: UnsafePointer<UInt>.self).pointee }

    /// The size of a value of `type` when it is plain data (no references: its bytes are its
    /// value); nil otherwise.
    private static func plainDataSize(_ type: Any.Type) -> Int? {
        func size<T>(_: T.Type) -> Int? { _isPOD(T.self) ? MemoryLayout<T>.size : nil }
        return size(type)
    }

    /// The `type` value at `pointer`, copied into an `Any`.
    private func boxed(_ type: Any.Type, at pointer: UnsafeRawPointer) -> Any {
        func load<T>(_: T.Type) -> Any { pointer.assumingMemoryBound(to: T.self).pointee }
        return _openExistential(type, do: load)
    }

    /// Runs `body` with a pointer to `value`'s own storage (not the box's).
    private func withStorage(of value: Any, _ body: (UnsafeRawPointer) -> Void) {
        func open<T>(_ value: T) {
            withUnsafeBytes(of: value) { raw in
                // A value of no size has no storage; any aligned address stands for it.
                body(raw.baseAddress ?? UnsafeRawPointer(bitPattern: MemoryLayout<T>.alignment)!)
            }
        }
        _openExistential(value, do: open)
    }
}

/// The canonical text as UTF-8 bytes: appending to a `String` costs several times more, and a
/// large scene's text is many megabytes.
struct CanonicalText {
    private(set) var bytes: [UInt8] = []

    var string: String { String(decoding: bytes, as: UTF8.self) }

    static func += (text: inout CanonicalText, tail: String) {
        var tail = tail
        tail.withUTF8 { text.bytes.append(contentsOf: $0) }
    }

    static func += (text: inout CanonicalText, tail: CanonicalText) { text.bytes += tail.bytes }

    mutating func append(ascii: Unicode.Scalar) { bytes.append(UInt8(ascii: ascii)) }

    mutating func append(bytes tail: [UInt8]) { bytes += tail }

    /// `value` in decimal, as `String(value)` spells it.
    mutating func append<Integer: BinaryInteger>(decimal value: Integer) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        guard magnitude != 0 else { return bytes.append(UInt8(ascii: "0")) }
        // Least significant digit first, then turned in place: no buffer of its own.
        let start = bytes.count
        while magnitude != 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: magnitude % 10))
            magnitude /= 10
        }
        bytes[start...].reverse()
    }

    /// `prefix` and the lowercase hexadecimal digits of `bits`, without leading zeros (as
    /// `String(bits, radix: 16)` spells them).
    mutating func append(hexBits bits: UInt64, prefix: Unicode.Scalar) {
        bytes.append(UInt8(ascii: prefix))
        let digits = max(1, (64 - bits.leadingZeroBitCount + 3) / 4)
        for k in stride(from: digits - 1, through: 0, by: -1) {
            let nibble = UInt8(truncatingIfNeeded: bits >> (4 * UInt64(k))) & 0xF
            bytes.append(nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10)
        }
    }
}

/// A small enum type's texts by bit pattern (`Plan.smallEnum`).
final class SmallEnumTexts {
    let size: Int
    var byBits: [UInt64: CanonicalText] = [:]

    init(size: Int) { self.size = size }
}

/// `Indirect`, to a writer that knows only its type: a stored field whose value's fields the
/// canonical text spells as the holder's own, since where a struct keeps a property (inline or
/// behind a reference) is not part of what the scene says.
protocol CanonicalIndirection {
    static var valueType: Any.Type { get }
    /// The held value, for reflection.
    var heldValue: Any { get }
    /// Runs `body` with a pointer to the value held by the `Indirect` at `pointer`.
    static func withValue(at pointer: UnsafeRawPointer, _ body: (UnsafeRawPointer) -> Void)
}

extension Indirect: CanonicalIndirection {
    static var valueType: Any.Type { Value.self }

    var heldValue: Any { value }

    static func withValue(at pointer: UnsafeRawPointer, _ body: (UnsafeRawPointer) -> Void) {
        pointer.assumingMemoryBound(to: Self.self).pointee.withUnsafeValuePointer { body(UnsafeRawPointer($0)) }
    }
}

/// `Optional`, to a writer that knows only its type.
protocol CanonicalOptional {
    static var wrappedType: Any.Type { get }
    static func isNil(at pointer: UnsafeRawPointer) -> Bool
}

extension Optional: CanonicalOptional {
    static var wrappedType: Any.Type { Wrapped.self }

    static func isNil(at pointer: UnsafeRawPointer) -> Bool {
        if case .none = pointer.assumingMemoryBound(to: Self.self).pointee { return true }
        return false
    }
}

/// `Array`, to a writer that knows only its type.
protocol CanonicalArray {
    static var elementType: Any.Type { get }
    /// Runs `body` with the elements' storage: the first's address, the count and the stride.
    static func withElements(at pointer: UnsafeRawPointer, _ body: (UnsafeRawPointer, Int, Int) -> Void)
}

extension Array: CanonicalArray {
    static var elementType: Any.Type { Element.self }

    static func withElements(at pointer: UnsafeRawPointer, _ body: (UnsafeRawPointer, Int, Int) -> Void) {
        pointer.assumingMemoryBound(to: Self.self).pointee.withUnsafeBufferPointer { elements in
            guard let base = elements.baseAddress else { return }
            body(UnsafeRawPointer(base), elements.count, MemoryLayout<Element>.stride)
        }
    }
}
