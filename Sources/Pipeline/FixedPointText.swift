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

    /// `%.8g`: eight significant digits, trailing zeros removed. Written here for zero and for
    /// values from 0.01 to below 99,999,999.5, as fixed-point text with the decimals that leaves;
    /// others, where `%g` switches to an exponent, go to `vsnprintf`.
    mutating func append(significant8 value: Double) {
        // Zero is the common case (a resting item's velocity): printf writes "0" or "-0".
        if value == 0 { return append(value.sign == .minus ? "-0" : "0") }
        let magnitude = value.magnitude
        guard magnitude >= 0.01, magnitude < 99_999_999.5 else { return append(cFormat("%.8g", value)) }
        // 10^exponent ≤ magnitude < 10^(exponent + 1). No double lies between 0.1 (or 0.01) and the
        // double nearest it, so comparing with those doubles classifies every value rightly. A
        // value that rounds up into the next decade prints the same once trailing zeros go.
        var exponent = -2
        while exponent < 7, magnitude >= Self.decadeBounds[exponent + 2] { exponent += 1 }
        append(value, decimals: 7 - exponent)
        guard exponent < 7 else { return }
        while bytes.last == UInt8(ascii: "0") { bytes.removeLast() }
        if bytes.last == UInt8(ascii: ".") { bytes.removeLast() }
    }

    /// "%.8g, %.8g": a point or a size as the text trace writes it.
    mutating func append(pair first: Double, _ second: Double) {
        append(significant8: first)
        append(", ")
        append(significant8: second)
    }

    /// `%.<decimals>f`, `decimals` in 0...9.
    mutating func append(_ value: Double, decimals: Int) {
        precondition((0...9).contains(decimals), "0 to 9 decimals")
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
        guard decimals > 0 else { return }
        bytes.append(UInt8(ascii: "."))
        appendDigits(n % scale, minimumCount: decimals)
    }

    private mutating func appendFromC(_ value: Double, decimals: Int) {
        append(cFormat("%.*f", Int32(decimals), value))
    }

    /// The decimal digits of `n`, zero-padded on the left to `minimumCount`.
    private mutating func appendDigits(_ n: UInt64, minimumCount: Int) {
        var count = 1
        var rest = n / 10
        while rest > 0 {
            count += 1
            rest /= 10
        }
        count = max(count, minimumCount)
        let start = bytes.count
        for _ in 0..<count { bytes.append(UInt8(ascii: "0")) }
        bytes.withUnsafeMutableBufferPointer { buffer in
            var rest = n
            var index = start + count - 1
            while rest > 0 {
                buffer[index] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
                index -= 1
            }
        }
    }

    /// 10^-1 ... 10^8: the upper bounds of the decades `append(significant8:)` writes itself.
    static let decadeBounds: [Double] = [0.1, 1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8]

    static let powersOfTen: [UInt64] = (0...9).map { k in (0..<k).reduce(1) { r, _ in r * 10 } }
}

let comma = UInt8(ascii: ",")
let space = UInt8(ascii: " ")
