/// Canonical texts of plain-data values by their bytes (`CanonicalLayoutWriter`): a value without
/// references is its bytes, so the same bytes always have the same text. A scene's items repeat
/// such values (the identity transform, the default timing, a shared size or colour), and looking
/// one up costs a fraction of spelling its numbers again.
///
/// One memo per type. A type whose values rarely repeat (an item's centre) stops being looked up
/// after `trial` lookups that hit less than half the time, and the memo keeps at most `capacity`
/// texts: the memory stays small whatever the scene. Either way the text is the same; only the
/// time to write it changes.
final class CanonicalTextMemo {
    /// The largest value remembered, in bytes (a 4 × 4 matrix of doubles).
    static let maxBytes = 128
    static let trial = 256
    static let capacity = 4_096

    private var texts: [ByteKey: [UInt8]] = [:]
    private var lookups = 0
    private var hits = 0
    /// Whether values of this type are still looked up.
    private(set) var isOn = true

    /// The text remembered for `key`, counting the lookup.
    func text(for key: ByteKey) -> [UInt8]? {
        lookups += 1
        let found = texts[key]
        if found != nil { hits += 1 }
        if lookups == Self.trial && hits * 2 < lookups {
            isOn = false
            texts = [:]
        }
        return found
    }

    func remember(_ text: [UInt8], for key: ByteKey) {
        guard isOn, texts.count < Self.capacity else { return }
        texts[key] = text
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
