import Determinism

/// FNV-1a 64 of `bytes` (see `Determinism.FNV1a64`).
public func fnv1a64<C: Collection>(_ bytes: C) -> UInt64 where C.Element == UInt8 {
    FNV1a64.hash(bytes)
}

public func hex(_ value: UInt64) -> String {
    let s = String(value, radix: 16)
    return String(repeating: "0", count: 16 - s.count) + s
}
