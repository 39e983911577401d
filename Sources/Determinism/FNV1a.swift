/// FNV-1a, 64-bit (Fowler, Noll, Vo): a tiny, dependency-free content hash, stable across
/// platforms. Tests pin frames and simulations as FNV constants; `flipbook bench` prints one so
/// that runs on different machines can be checked to draw the same pixels. Not cryptographic.
public struct FNV1a64: Sendable {
    public private(set) var value: UInt64 = 0xCBF2_9CE4_8422_2325

    public init() {}

    /// Hashes `bytes` on: arrays, slices and `Data` go straight to the byte loop below; other
    /// sequences are gathered into an array first. (Inlinable so that callers in other modules
    /// specialise it: the unspecialised generic loop cost ~20 ns a byte, 60 ms for one 1080p frame.)
    @inlinable
    public mutating func combine<C: Sequence>(_ bytes: C) where C.Element == UInt8 {
        if bytes.withContiguousStorageIfAvailable({ combine(buffer: $0) }) == nil {
            Array(bytes).withUnsafeBufferPointer { combine(buffer: $0) }
        }
    }

    /// The byte loop: one xor and one multiply per byte.
    public mutating func combine(buffer: UnsafeBufferPointer<UInt8>) {
        var h = value
        for byte in buffer {
            h ^= UInt64(byte)
            h &*= 0x0000_0100_0000_01B3
        }
        value = h
    }

    /// Hashes a 64-bit value's eight bytes, least significant first (little-endian), as the
    /// byte loop would see its in-memory bytes: for pins over a simulation's `bitPattern`s.
    public mutating func combine(littleEndian word: UInt64) {
        var h = value
        for shift in stride(from: 0, to: 64, by: 8) {
            h ^= (word >> UInt64(shift)) & 0xFF
            h &*= 0x0000_0100_0000_01B3
        }
        value = h
    }

    /// FNV-1a's step over a whole 64-bit word at once (xor the word, then one multiply): a
    /// different, coarser hash than the byte loop, kept for the timing pins recorded with it.
    public mutating func combine(wholeWord word: UInt64) {
        value = (value ^ word) &* 0x0000_0100_0000_01B3
    }

    @inlinable
    public static func hash<C: Sequence>(_ bytes: C) -> UInt64 where C.Element == UInt8 {
        var h = FNV1a64()
        h.combine(bytes)
        return h.value
    }

    /// 16 lowercase hex digits.
    public var hex: String {
        let s = String(value, radix: 16)
        return String(repeating: "0", count: 16 - s.count) + s
    }
}

extension FNV1a64 {
    /// The 16 lowercase hex digits of the hash of `bytes`: how manifests, resume journals and
    /// `flipbook verify` spell content hashes.
    @inlinable
    public static func hexHash<C: Sequence>(_ bytes: C) -> String where C.Element == UInt8 {
        var h = FNV1a64()
        h.combine(bytes)
        return h.hex
    }
}
