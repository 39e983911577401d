/// What the scene hash worked out once, by key, kept while looking it up pays
/// (`CanonicalLayoutWriter`). A kind of value that rarely repeats (an item's centre) stops being
/// looked up after `trial` lookups that hit less than half the time, and at most `capacity` values
/// are kept: the memory stays small whatever the scene. Either way the text is the same; only the
/// time to write it changes.
final class TrialMemo<Key: Hashable, Value> {
    private let trial: Int
    private let capacity: Int
    private var values: [Key: Value] = [:]
    private var lookups = 0
    private var hits = 0
    /// Whether values are still looked up.
    private(set) var isOn = true

    init(trial: Int, capacity: Int) { (self.trial, self.capacity) = (trial, capacity) }

    /// The value kept for `key`, counting the lookup.
    func value(for key: Key) -> Value? {
        lookups += 1
        let found = values[key]
        if found != nil { hits += 1 }
        if lookups == trial && hits * 2 < lookups {
            isOn = false
            values = [:]
        }
        return found
    }

    func remember(_ value: Value, for key: Key) {
        guard isOn, values.count < capacity else { return }
        values[key] = value
    }
}

/// Canonical texts of plain-data values by their bytes: a value without references is its bytes,
/// so the same bytes always have the same text. A scene's items repeat such values (the identity
/// transform, the default timing, a shared size or colour), and looking one up costs a fraction of
/// spelling its numbers again. One memo per type.
enum CanonicalTextMemo {
    /// The largest value remembered, in bytes (a 4 × 4 matrix of doubles).
    static let maxBytes = 128

    static func make() -> TrialMemo<ByteKey, [UInt8]> { TrialMemo(trial: 256, capacity: 4_096) }
}

/// The texts of a struct's fields held behind an `Indirect`, for one storage they were read from:
/// values that share the storage hold the same fields, so their texts are the same. Most of a
/// scene's items share their attributes' storage (the defaults, or a component's first
/// instance's), and those fields are most of an item's text. One memo per struct type.
struct HeldTexts {
    /// The fields' texts, one after another, and where each ends.
    private var bytes: [UInt8] = []
    private var ends: [Int] = []

    static func memo() -> TrialMemo<ObjectIdentifier, HeldTexts> { TrialMemo(trial: 256, capacity: 1_024) }

    /// Adds a field's text: what `text` holds from `start` on.
    mutating func add(_ text: CanonicalText, from start: Int) {
        text.copyBytes(from: start, to: &bytes)
        ends.append(bytes.count)
    }

    /// Appends field `index`'s text to `text`.
    func appendText(_ index: Int, to text: inout CanonicalText) {
        let start = index == 0 ? 0 : ends[index - 1]
        bytes.withUnsafeBufferPointer { text.append(bytes: UnsafeBufferPointer(rebasing: $0[start..<ends[index]])) }
    }
}

/// Up to `CanonicalTextMemo.maxBytes` bytes of a value, as a dictionary key: hashed and compared
/// over the words they fill only.
struct ByteKey: Hashable {
    private var words = SIMD16<UInt64>()
    private let count: Int

    /// The `count` bytes at `pointer` (at most `CanonicalTextMemo.maxBytes`).
    init(_ pointer: UnsafeRawPointer, count: Int) {
        precondition(count <= CanonicalTextMemo.maxBytes, "a memo key holds at most 128 bytes")
        self.count = count
        withUnsafeMutableBytes(of: &words) { $0.copyMemory(from: UnsafeRawBufferPointer(start: pointer, count: count)) }
    }

    private var wordCount: Int { (count + 7) / 8 }

    /// The words folded into one before the hasher sees them: a combine a word cost more than the
    /// lookup saved for a matrix's sixteen.
    func hash(into hasher: inout Hasher) {
        var folded = UInt64(count)
        for k in 0..<wordCount { folded = (folded ^ words[k]) &* 0x9E37_79B9_7F4A_7C15 }
        hasher.combine(folded)
    }

    static func == (a: ByteKey, b: ByteKey) -> Bool {
        guard a.count == b.count else { return false }
        for k in 0..<a.wordCount where a.words[k] != b.words[k] { return false }
        return true
    }
}
