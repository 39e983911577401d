/// FNV-1a, 64-bit: a tiny, dependency-free content hash for pinning bytes as constants in tests.
public func fnv1a64<C: Collection>(_ bytes: C) -> UInt64 where C.Element == UInt8 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
        hash ^= UInt64(byte)
        hash = hash &* 0x0000_0100_0000_01b3
    }
    return hash
}

public func hex(_ value: UInt64) -> String {
    let s = String(value, radix: 16)
    return String(repeating: "0", count: 16 - s.count) + s
}
