import Foundation

/// Numbers as C's `printf` writes them with `%.Nf` and `%ld`, byte for byte, without `printf`:
/// a trace row is about twenty numbers, and `vsnprintf` made formatting them most of a traced
/// frame's cost.
///
/// `%.Nf` rounds the exact binary value to N decimals, ties to even. Here the value is scaled by
/// 10^N in one multiplication, whose error is at most half an ulp of the product; when the
/// product's fraction lies farther from one half than four times that bound, its rounding is the
/// exact value's rounding, and the digits are written from the integer. A value near a tie, not
/// finite, or too large for exact integers goes to `vsnprintf`, so every output equals C's.
struct FixedPointText {
    /// The text so far, as UTF-8 bytes.
    private(set) var bytes: [UInt8] = []

    init(capacity: Int = 256) { bytes.reserveCapacity(capacity) }

    var string: String { String(decoding: bytes, as: UTF8.self) }

    mutating func append(_ text: String) { bytes.append(contentsOf: text.utf8) }

    mutating func append(byte: UInt8) { bytes.append(byte) }

    /// `%ld`.
    mutating func append(integer value: Int) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        appendDigits(UInt64(value.magnitude), minimumCount: 1)
    }

    /// A comma, then `value` as `%.<decimals>f`: one trace column.
    mutating func appendColumn(_ value: Double, decimals: Int) {
        bytes.append(comma)
        append(value, decimals: decimals)
    }

    /// `%.<decimals>f`, `decimals` in 1...9.
    mutating func append(_ value: Double, decimals: Int) {
        precondition((1...9).contains(decimals), "1 to 9 decimals")
        let scale = Self.powersOfTen[decimals]
        let scaled = value.magnitude * Double(scale)
        // Exact integers below 2^52; the product's error bound, four times over.
        guard value.isFinite, scaled < 0x1p52 else { return appendFromC(value, decimals: decimals) }
        let floor = scaled.rounded(.down)
        let fraction = scaled - floor
        guard abs(fraction - 0.5) > scaled * 0x1p-51 + 0x1p-60 else {
            return appendFromC(value, decimals: decimals)
        }
        let n = UInt64(fraction > 0.5 ? floor + 1 : floor)
        if value.sign == .minus { bytes.append(UInt8(ascii: "-")) }
        appendDigits(n / scale, minimumCount: 1)
        bytes.append(UInt8(ascii: "."))
        appendDigits(n % scale, minimumCount: decimals)
    }

    private mutating func appendFromC(_ value: Double, decimals: Int) {
        append(cFormat("%.*f", Int32(decimals), value))
    }

    /// The decimal digits of `n`, zero-padded on the left to `minimumCount`.
    private mutating func appendDigits(_ n: UInt64, minimumCount: Int) {
        var digits: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)  // 32 bytes: room for 20 digits
        var count = 0
        var rest = n
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[31 - count] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
                count += 1
            } while rest > 0 || count < minimumCount
            bytes.append(contentsOf: buffer[(32 - count)...])
        }
    }

    static let powersOfTen: [UInt64] = (0...9).map { k in (0..<k).reduce(1) { r, _ in r * 10 } }
}

let comma = UInt8(ascii: ",")
