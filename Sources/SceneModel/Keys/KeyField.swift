/// The property a key reads into and checks, reached in place when it can be.
///
/// A key path read or write goes through the runtime (`swift_getAtKeyPath`, some 800 instructions),
/// and validating a scene reads about ten properties of every item. When the path names a stored
/// property of plain data (no references: numbers, points, sizes, colours, angles, enums without
/// payload), `MemoryLayout.offset(of:)` gives where it lies in the object, and a read or write is
/// a load or a store there. Any other path (a computed property, one holding a string or array)
/// goes through the key path as before, or through `getter` when the key gives one (a computed
/// property its declaration can read directly, such as an item's shared attributes).
struct KeyField<Object, Value> {
    let path: WritableKeyPath<Object, Value>
    /// The property's byte offset in `Object`, when it is plain data stored inline.
    private let offset: Int?
    private let getter: ((Object) -> Value)?

    init(_ path: WritableKeyPath<Object, Value>, getter: ((Object) -> Value)? = nil) {
        self.path = path
        offset = _isPOD(Value.self) ? MemoryLayout<Object>.offset(of: path) : nil
        self.getter = getter
    }

    /// Whether reads and writes go straight to the property's bytes.
    var isInPlace: Bool { offset != nil }

    func read(_ object: Object) -> Value {
        guard let offset else { return getter?(object) ?? object[keyPath: path] }
        return withUnsafeBytes(of: object) { $0.load(fromByteOffset: offset, as: Value.self) }
    }

    /// Plain data holds no references, so storing over the old value releases nothing.
    func write(_ value: Value, into object: inout Object) {
        guard let offset else {
            object[keyPath: path] = value
            return
        }
        withUnsafeMutableBytes(of: &object) { $0.storeBytes(of: value, toByteOffset: offset, as: Value.self) }
    }
}
