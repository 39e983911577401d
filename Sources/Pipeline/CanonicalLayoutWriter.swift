import Determinism
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
/// sets, dictionaries, types with a custom mirror — is handed to that reflection, whole. Plans
/// point at their parts' plans, and plain data that repeats is written from its text remembered
/// by bytes (`CanonicalTextMemo`).
final class CanonicalLayoutWriter {
    // Appended to for every value of the scene, by this class alone and never re-entrantly: the
    // runtime's exclusivity checks on every append were a tenth of the hash's time.
    @exclusivity(unchecked) var out = CanonicalText()
    @exclusivity(unchecked) private var plans: [ObjectIdentifier: TypePlan] = [:]
    /// Texts being written to be remembered (`appendRemembered`): their bytes must stay in `out`
    /// until then, so it is not flushed meanwhile.
    @exclusivity(unchecked) private var remembering = 0
    /// Casts and `Mirror` only, for every value: the reference (`CanonicalEncoding.reflecting`).
    private let reflectingOnly: Bool

    init(reflectingOnly: Bool = false) { self.reflectingOnly = reflectingOnly }

    /// A writer of its own text, in the same mode (a set's or dictionary's entries, sorted after).
    func writer() -> CanonicalLayoutWriter { CanonicalLayoutWriter(reflectingOnly: reflectingOnly) }

    /// One type's plan, made the first time a value of it is written. A struct's fields, an
    /// optional's wrapped type and an array's elements point at their own types' plans, so a
    /// value is written without looking its type up: that lookup (hashing the type's identity)
    /// was a tenth of the hash.
    private final class TypePlan {
        let type: Any.Type
        @exclusivity(unchecked) var plan: Plan?
        /// Texts by bytes, for a struct of plain data or an array of plain-data elements.
        @exclusivity(unchecked) var memo: TrialMemo<ByteKey, [UInt8]>?
        /// The bytes of a value, for a struct of plain data.
        @exclusivity(unchecked) var plainSize = 0

        init(_ type: Any.Type) { self.type = type }
    }

    /// A plan that another plan points at. The writer's table owns every `TypePlan` for the
    /// writer's life (a struct's plan may point back at itself through its arrays, as an item's
    /// children do), so the pointers hold no count of their own.
    private struct PlanRef {
        unowned(unsafe) let target: TypePlan
    }

    private enum Plan {
        case bool, int, int8, int16, int32, int64, uint, uint8, uint16, uint32, uint64, double, float, string
        /// `CanonicallyEncoded`: the value's own text.
        case custom(CanonicallyEncoded.Type)
        /// `nil`, or the wrapped value (whose storage starts where the optional's does).
        case optional(CanonicalOptional.Type, wrapped: PlanRef)
        case array(CanonicalArray.Type, element: PlanRef)
        /// A plain struct: its fields sorted by name.
        case fields(Fields)
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
        let type: PlanRef
        let through: (indirection: CanonicalIndirection.Type, offset: Int)?
        /// Where `label:` is in its struct's `Fields.labels`.
        var labelBytes: Range<Int> = 0..<0

        init(
            label: String, offset: Int, type: PlanRef,
            through: (indirection: CanonicalIndirection.Type, offset: Int)? = nil
        ) {
            (self.label, self.offset, self.type, self.through) = (label, offset, type, through)
        }
    }

    /// A struct's fields in the order they are written, and their `label:`s in UTF-8, one after
    /// another in one array: one reference for a struct's value, not one for each field.
    private final class Fields {
        let fields: [Field]
        let labels: [UInt8]
        /// The one `Indirect` the struct's held fields go through, if they all go through one.
        let held: (indirection: CanonicalIndirection.Type, offset: Int)?
        /// Their texts by the storage they were read from.
        let heldTexts = HeldTexts.memo()

        init(sorting unsorted: [Field]) {
            var fields = unsorted.sorted { $0.label < $1.label }
            var labels: [UInt8] = []
            for k in fields.indices {
                let start = labels.count
                labels += Array((fields[k].label + ":").utf8)
                fields[k].labelBytes = start..<labels.count
            }
            (self.fields, self.labels) = (fields, labels)
            let offsets = Set(fields.compactMap { $0.through?.offset })
            held = offsets.count == 1 ? fields.lazy.compactMap(\.through).first : nil
        }
    }

    /// Appends `value`'s canonical text.
    func append(_ value: Any) {
        if reflectingOnly { return CanonicalEncoding.appendReflecting(value, writer: self) }
        let typePlan = typePlan(for: Swift.type(of: value))
        if case .reflected = plan(of: typePlan) {
            CanonicalEncoding.appendReflecting(value, writer: self)
        } else {
            withStorage(of: value) { append(typePlan, at: $0) }
        }
    }

    /// Appends the canonical text of the value of `typePlan`'s type stored at `pointer`.
    private func append(_ typePlan: TypePlan, at pointer: UnsafeRawPointer) {
        let plan = plan(of: typePlan)
        if let memo = typePlan.memo, memo.isOn, typePlan.plainSize > 0 {
            appendRemembered(memo, bytes: pointer, count: typePlan.plainSize) { write(plan, of: typePlan, at: pointer) }
        } else {
            write(plan, of: typePlan, at: pointer)
        }
    }

    /// The text remembered for the `count` bytes at `bytes`, or the one `write` appends, then
    /// remembered.
    private func appendRemembered(
        _ memo: TrialMemo<ByteKey, [UInt8]>, bytes: UnsafeRawPointer, count: Int, _ write: () -> Void
    ) {
        let key = ByteKey(bytes, count: count)
        if let text = memo.value(for: key) { return out.append(bytes: text) }
        let start = writingKept(write)
        memo.remember(out.bytes(from: start), for: key)
    }

    /// Runs `write` with `out` kept whole meanwhile (not flushed), so that what it appended can be
    /// copied after; returns where that starts.
    private func writingKept(_ write: () -> Void) -> Int {
        let start = out.count
        remembering += 1
        write()
        remembering -= 1
        return start
    }

    /// Appends the text of the value at `pointer` by `plan`, `typePlan`'s.
    private func write(_ plan: Plan, of typePlan: TypePlan, at pointer: UnsafeRawPointer) {
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
        case .custom(let custom):
            out += custom.canonicalEncoding(at: pointer)
        case .optional(let optional, let wrapped):
            if Self.isNil(optional, at: pointer) { out += "nil" } else { append(wrapped.target, at: pointer) }
        case .array(let array, let element):
            out.append(ascii: "[")
            // Most of an item's lists are empty: their count is read without the elements' storage,
            // whose generic metadata is looked up on each call.
            if array.count(at: pointer) > 0 {
                array.withElements(at: pointer) { base, count, stride in
                    func elements() {
                        for k in 0..<count {
                            if k > 0 { out.append(ascii: ",") }
                            append(element.target, at: base + k * stride)
                            // Between a list's elements (an item's children, a scene's items).
                            if remembering == 0 { out.flushIfLarge() }
                        }
                    }
                    // Elements of plain data: the same bytes, the same list (a matrix's numbers).
                    if let memo = typePlan.memo, memo.isOn, count * stride <= CanonicalTextMemo.maxBytes {
                        appendRemembered(memo, bytes: base, count: count * stride, elements)
                    } else {
                        elements()
                    }
                }
            }
            out.append(ascii: "]")
        case .fields(let plan):
            write(plan, at: pointer)
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
                CanonicalEncoding.appendReflecting(boxed(typePlan.type, at: pointer), writer: text)
                texts.byBits[bits] = text.out
                out += text.out
            }
        case .reflected:
            CanonicalEncoding.appendReflecting(boxed(typePlan.type, at: pointer), writer: self)
        }
    }

    /// A struct's text: its fields, sorted by label. Those it holds behind an `Indirect` are
    /// written from the texts of the storage they are read from when another value sharing that
    /// storage wrote them (most items share the default attributes), else written and kept.
    private func write(_ plan: Fields, at pointer: UnsafeRawPointer) {
        var storage: ObjectIdentifier?
        var known: HeldTexts?
        if let held = plan.held, plan.heldTexts.isOn {
            storage = held.indirection.storage(at: pointer + held.offset)
            known = plan.heldTexts.value(for: storage!)
        }
        var recorded: HeldTexts? = storage != nil && known == nil ? HeldTexts() : nil
        var heldIndex = 0
        out.append(ascii: "{")
        // By index through buffer pointers: iterating would copy (retain) every field.
        plan.fields.withUnsafeBufferPointer { fields in
            plan.labels.withUnsafeBufferPointer { labels in
                for k in fields.indices {
                    if k > 0 { out.append(ascii: ",") }
                    out.append(bytes: UnsafeBufferPointer(rebasing: labels[fields[k].labelBytes]))
                    guard let through = fields[k].through else {
                        append(fields[k].type.target, at: pointer + fields[k].offset)
                        continue
                    }
                    if let known {
                        known.appendText(heldIndex, to: &out)
                        heldIndex += 1
                        continue
                    }
                    func writeHeld() {
                        through.indirection.withValue(at: pointer + through.offset) {
                            append(fields[k].type.target, at: $0 + fields[k].offset)
                        }
                    }
                    if recorded == nil {
                        writeHeld()
                    } else {
                        let start = writingKept(writeHeld)  // before `out` is read for the copy
                        recorded!.add(out, from: start)
                    }
                }
            }
        }
        out.append(ascii: "}")
        if let storage, let recorded { plan.heldTexts.remember(recorded, for: storage) }
    }

    /// Whether the optional of type `optional` at `pointer` is nil. Called with the optional's
    /// own metadata (the metatype the plan keeps): a static method of `Optional` looked that
    /// metadata up again on every call, a search of the runtime's table of prespecialized types
    /// that was a seventh of the hash.
    private static func isNil<Value: CanonicalOptional>(_: Value.Type, at pointer: UnsafeRawPointer) -> Bool {
        pointer.assumingMemoryBound(to: Value.self).pointee.isNone
    }

    /// The plan of `type`, made (unresolved) the first time it is asked for.
    private func typePlan(for type: Any.Type) -> TypePlan {
        if let known = plans[ObjectIdentifier(type)] { return known }
        let made = TypePlan(type)
        plans[ObjectIdentifier(type)] = made
        return made
    }

    /// `typePlan`'s plan, resolved at its first use; the parts it points at are resolved at theirs.
    private func plan(of typePlan: TypePlan) -> Plan {
        if let plan = typePlan.plan { return plan }
        let plan = makePlan(for: typePlan.type)
        typePlan.plan = plan
        switch plan {
        case .fields:
            if let size = Self.plainDataSize(typePlan.type), size > 0, size <= CanonicalTextMemo.maxBytes {
                (typePlan.memo, typePlan.plainSize) = (CanonicalTextMemo.make(), size)
            }
        case .array(_, let element):
            if Self.plainDataSize(element.target.type) != nil { typePlan.memo = CanonicalTextMemo.make() }
        default: break
        }
        return plan
    }

    private func ref(_ type: Any.Type) -> PlanRef { PlanRef(target: typePlan(for: type)) }

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

    private func makePlan(for type: Any.Type) -> Plan {
        if let leaf = Self.leaf(type) { return leaf }
        // Quoted as strings by the casts.
        if type == Substring.self || type == Character.self { return .reflected }
        if let custom = type as? CanonicallyEncoded.Type { return .custom(custom) }
        if let optional = type as? CanonicalOptional.Type {
            return .optional(optional, wrapped: ref(optional.wrappedType))
        }
        if let array = type as? CanonicalArray.Type { return .array(array, element: ref(array.elementType)) }
        if !(type is CustomReflectable.Type), Self.kind(of: type) == 0x201, let size = Self.plainDataSize(type),
            size <= 8
        {
            return .smallEnum(SmallEnumTexts(size: size))
        }
        // A struct whose mirror is its stored fields: not one with a custom mirror, and not a class,
        // enum or tuple (`_forEachField` reports no fields for those, or they are told apart by kind).
        guard !(type is CustomReflectable.Type), !(type is AnyClass), Self.isStruct(type) else { return .reflected }
        var fields: [Field] = []
        let walked = _forEachField(of: type) { name, offset, fieldType, _ in
            guard let indirection = fieldType as? CanonicalIndirection.Type else {
                fields.append(Field(label: String(cString: name), offset: offset, type: ref(fieldType)))
                return true
            }
            // Its value's fields stand as the struct's own, as reflection spells them.
            return _forEachField(of: indirection.valueType) { name, innerOffset, innerType, _ in
                fields.append(
                    Field(
                        label: String(cString: name), offset: innerOffset, type: ref(innerType),
                        through: (indirection, offset)))
                return true
            }
        }
        guard walked else { return .reflected }
        return .fields(Fields(sorting: fields))
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
    /// Set when only the text's hash is wanted: `bytes` then holds what is not hashed yet, and
    /// the writer hands each 64 KiB on (`flushIfLarge`) instead of keeping the whole text.
    var hash: FNV1a64?

    /// Hashes and lets go of the bytes so far once they are 64 KiB, when hashing.
    mutating func flushIfLarge() {
        guard hash != nil, bytes.count >= 1 << 16 else { return }
        bytes.withUnsafeBufferPointer { hash!.combine(buffer: $0) }
        bytes.removeAll(keepingCapacity: true)
    }

    /// The hash of the whole text, the bytes still held hashed too.
    mutating func hashingRest() -> FNV1a64 {
        var whole = hash ?? FNV1a64()
        bytes.withUnsafeBufferPointer { whole.combine(buffer: $0) }
        bytes.removeAll()
        return whole
    }

    var string: String { String(decoding: bytes, as: UTF8.self) }

    static func += (text: inout CanonicalText, tail: String) {
        var tail = tail
        tail.withUTF8 { text.bytes.append(contentsOf: $0) }
    }

    static func += (text: inout CanonicalText, tail: CanonicalText) { text.bytes += tail.bytes }

    mutating func append(ascii: Unicode.Scalar) { bytes.append(UInt8(ascii: ascii)) }

    mutating func append(bytes tail: [UInt8]) { bytes += tail }

    var count: Int { bytes.count }

    /// The bytes from `start` on.
    func bytes(from start: Int) -> [UInt8] { Array(bytes[start...]) }

    /// Appends the bytes from `start` on to `array`.
    func copyBytes(from start: Int, to array: inout [UInt8]) { array += bytes[start...] }

    mutating func append(bytes tail: UnsafeBufferPointer<UInt8>) { bytes.append(contentsOf: tail) }

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
        let digits = max(1, (64 - bits.leadingZeroBitCount + 3) / 4)
        // Spelt on the stack and appended at once: an append a digit checked the array's capacity
        // sixteen times a number.
        var spelt: (UInt64, UInt64, UInt64) = (0, 0, 0)
        withUnsafeMutableBytes(of: &spelt) { text in
            text[0] = UInt8(ascii: prefix)
            var rest = bits
            for k in stride(from: digits, to: 0, by: -1) {
                let nibble = UInt8(truncatingIfNeeded: rest) & 0xF
                text[k] = nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
                rest >>= 4
            }
            bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: text[0...digits]))
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
    /// The storage the `Indirect` at `pointer` holds its value in: the same storage, the same value.
    static func storage(at pointer: UnsafeRawPointer) -> ObjectIdentifier
}

extension Indirect: CanonicalIndirection {
    static var valueType: Any.Type { Value.self }

    var heldValue: Any { value }

    static func withValue(at pointer: UnsafeRawPointer, _ body: (UnsafeRawPointer) -> Void) {
        pointer.assumingMemoryBound(to: Self.self).pointee.withUnsafeValuePointer { body(UnsafeRawPointer($0)) }
    }

    static func storage(at pointer: UnsafeRawPointer) -> ObjectIdentifier {
        pointer.assumingMemoryBound(to: Self.self).pointee.storageIdentity
    }
}

/// `Optional`, to a writer that knows only its type.
protocol CanonicalOptional {
    static var wrappedType: Any.Type { get }
    /// Whether this is nil, asked in place (`CanonicalLayoutWriter.isNil`).
    var isNone: Bool { get }
}

extension Optional: CanonicalOptional {
    static var wrappedType: Any.Type { Wrapped.self }

    var isNone: Bool {
        if case .none = self { return true }
        return false
    }
}

/// `Array`, to a writer that knows only its type.
protocol CanonicalArray {
    static var elementType: Any.Type { get }
    /// The number of elements of the array at `pointer`.
    static func count(at pointer: UnsafeRawPointer) -> Int
    /// Runs `body` with the elements' storage: the first's address, the count and the stride.
    static func withElements(at pointer: UnsafeRawPointer, _ body: (UnsafeRawPointer, Int, Int) -> Void)
}

extension Array: CanonicalArray {
    static var elementType: Any.Type { Element.self }

    static func count(at pointer: UnsafeRawPointer) -> Int { pointer.assumingMemoryBound(to: Self.self).pointee.count }

    static func withElements(at pointer: UnsafeRawPointer, _ body: (UnsafeRawPointer, Int, Int) -> Void) {
        pointer.assumingMemoryBound(to: Self.self).pointee.withUnsafeBufferPointer { elements in
            guard let base = elements.baseAddress else { return }
            body(UnsafeRawPointer(base), elements.count, MemoryLayout<Element>.stride)
        }
    }
}
