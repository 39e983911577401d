import Foundation

/// Text of numbers as C's `printf` writes them with `%.Nf`, `%.8g` and `%ld`, byte for byte,
/// without `printf`: a trace row is about twenty numbers, and `vsnprintf` made formatting them
/// most of a traced frame's cost.
///
/// The bytes live in an array kept longer than the text (`length` marks the end). A line is
/// written through a `TextCursor` (`write(atMost:_:)`) into room made once for the whole line,
/// so its pieces are written with no checks or copies of their own, and a buffer reused line
/// after line (`removeAll`) never reallocates.
struct FixedPointText {
    /// Storage; the text is its first `length` bytes.
    private var storage: [UInt8]
    private(set) var length = 0

    init(capacity: Int = 256) { storage = [UInt8](repeating: 0, count: max(capacity, 64)) }

    /// The text so far, as UTF-8 bytes.
    var bytes: ArraySlice<UInt8> { storage[0..<length] }

    var string: String { String(decoding: bytes, as: UTF8.self) }

    /// Bytes written so far.
    var count: Int { length }

    /// The bytes written so far, for a sink to copy.
    func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try storage.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[0..<length])) }
    }

    /// Empties the text, keeping its storage for the next lines.
    mutating func removeAll() { length = 0 }

    /// Writes with `body` after making room for `bytes` more (the caller's bound on what it
    /// writes: `TextCursor.numberBytes` a number, a string's UTF-8 count).
    @inline(__always)
    mutating func write(atMost bytes: Int, _ body: (inout TextCursor) -> Void) {
        if length + bytes > storage.count {
            // An array, not `repeatElement`: the repeated collection is copied one generic
            // element at a time (unspecialised, 60 µs a number in a debug build).
            storage.append(contentsOf: [UInt8](repeating: 0, count: max(storage.count, length + bytes - storage.count)))
        }
        let start = length
        length = storage.withUnsafeMutableBufferPointer { buffer in
            var cursor = TextCursor(buffer.baseAddress! + start)
            body(&cursor)
            return cursor.position - buffer.baseAddress!
        }
    }

    mutating func append(_ text: String) { write(atMost: text.utf8.count) { $0.append(text) } }

    mutating func append(byte: UInt8) { write(atMost: 1) { $0.append(byte: byte) } }

    /// `%ld`.
    mutating func append(integer value: Int) {
        write(atMost: TextCursor.numberBytes) { $0.append(integer: value) }
    }

    /// A comma, then `value` as `%.<decimals>f`: one trace column.
    mutating func appendColumn(_ value: Double, decimals: Int) {
        write(atMost: TextCursor.numberBytes + 1) { $0.appendColumn(value, decimals: decimals) }
    }

    /// `%.8g` (`TextCursor.append(significant8:)`).
    mutating func append(significant8 value: Double) {
        write(atMost: TextCursor.numberBytes) { $0.append(significant8: value) }
    }

    /// "%.8g, %.8g": a point or a size as the text trace writes it.
    mutating func append(pair first: Double, _ second: Double) {
        write(atMost: 2 * TextCursor.numberBytes + 2) { $0.append(pair: first, second) }
    }

    /// `%.<decimals>f`, `decimals` in 0...9.
    mutating func append(_ value: Double, decimals: Int) {
        write(atMost: TextCursor.numberBytes) { $0.append(value, decimals: decimals) }
    }
}

/// Where a line is being written, in room `FixedPointText.write(atMost:_:)` has made: each
/// piece is written at `position`, which moves past it.
///
/// `%.Nf` rounds the exact binary value to N decimals, ties to even. Here the value is scaled by
/// 10^N in one multiplication, whose error is at most half an ulp of the product; when the
/// product's fraction lies farther from one half than four times that bound, its rounding is the
/// exact value's rounding, and the digits are written from the integer. A value near a tie, not
/// finite, or too large for exact integers goes to `vsnprintf`, so every output equals C's.
struct TextCursor {
    private(set) var position: UnsafeMutablePointer<UInt8>

    /// The most any number takes: `%.9f` of -1.8e308 is 320 bytes.
    static let numberBytes = 330

    fileprivate init(_ position: UnsafeMutablePointer<UInt8>) { self.position = position }

    @inline(__always)
    mutating func append(byte: UInt8) {
        position.pointee = byte
        position += 1
    }

    /// Text known when the program is built (the row's fixed words).
    @inline(__always)
    mutating func append(_ text: StaticString) {
        position.update(from: text.utf8Start, count: text.utf8CodeUnitCount)
        position += text.utf8CodeUnitCount
    }

    mutating func append(_ text: String) {
        let written = text.utf8.withContiguousStorageIfAvailable { utf8 -> Bool in
            guard let source = utf8.baseAddress else { return true }
            position.update(from: source, count: utf8.count)
            position += utf8.count
            return true
        }
        if written == nil { for byte in text.utf8 { append(byte: byte) } }
    }

    /// `%ld`.
    mutating func append(integer value: Int) {
        if value < 0 { append(byte: UInt8(ascii: "-")) }
        appendDigits(UInt64(value.magnitude), decimals: 0)
    }

    /// A comma, then `value` as `%.<decimals>f`: one trace column.
    @inline(__always)
    mutating func appendColumn(_ value: Double, decimals: Int) {
        append(byte: comma)
        append(value, decimals: decimals)
    }

    /// `%.8g`: eight significant digits, trailing zeros removed. Written here for zero and for
    /// values from 0.01 to below 99,999,999.5, as fixed-point text with the decimals that leaves;
    /// others, where `%g` switches to an exponent, go to `vsnprintf`.
    mutating func append(significant8 value: Double) {
        // Zero is the common case (a resting item's velocity): printf writes "0" or "-0".
        if value == 0 { return value.sign == .minus ? append("-0" as StaticString) : append(byte: UInt8(ascii: "0")) }
        let magnitude = value.magnitude
        guard magnitude >= 0.01, magnitude < 99_999_999.5 else { return append(cFormat("%.8g", value)) }
        // 10^exponent ≤ magnitude < 10^(exponent + 1). No double lies between 0.1 (or 0.01) and the
        // double nearest it, so comparing with those doubles classifies every value rightly. A
        // value that rounds up into the next decade prints the same once trailing zeros go.
        var exponent = -2
        while exponent < 7, magnitude >= Self.decadeBound(exponent + 2) { exponent += 1 }
        append(value, decimals: 7 - exponent)
        guard exponent < 7 else { return }
        // The text has a point (1 decimal at least), so trimming stops there.
        while position[-1] == UInt8(ascii: "0") { position -= 1 }
        if position[-1] == UInt8(ascii: ".") { position -= 1 }
    }

    /// "%.8g, %.8g": a point or a size as the text trace writes it.
    mutating func append(pair first: Double, _ second: Double) {
        append(significant8: first)
        append(", " as StaticString)
        append(significant8: second)
    }

    /// `%.<decimals>f`, `decimals` in 0...9.
    mutating func append(_ value: Double, decimals: Int) {
        precondition((0...9).contains(decimals), "0 to 9 decimals")
        // Zero, the usual velocity, angle and offset of a resting layer: "0.000000".
        if value == 0 {
            if value.sign == .minus { append(byte: UInt8(ascii: "-")) }
            append(byte: UInt8(ascii: "0"))
            guard decimals > 0 else { return }
            append(byte: UInt8(ascii: "."))
            position.initialize(repeating: UInt8(ascii: "0"), count: decimals)
            position += decimals
            return
        }
        let scaled = value.magnitude * Self.powerOfTen(decimals)
        // Exact integers below 2^52; the product's error bound, four times over.
        guard value.isFinite, scaled < 0x1p52 else { return append(cFormat("%.*f", Int32(decimals), value)) }
        let floor = scaled.rounded(.down)
        let fraction = scaled - floor
        guard abs(fraction - 0.5) > scaled * 0x1p-51 + 0x1p-60 else {
            return append(cFormat("%.*f", Int32(decimals), value))
        }
        if value.sign == .minus { append(byte: UInt8(ascii: "-")) }
        appendDigits(UInt64(fraction > 0.5 ? floor + 1 : floor), decimals: decimals)
    }

    /// `n / 10^decimals`: the integer part (at least "0"), then, when `decimals` is above 0, a
    /// point and exactly `decimals` digits.
    ///
    /// Right to left, straight into place once the length is known: the fraction a digit at a
    /// time, the integer part two digits a step from a table of the hundred pairs (divisions by
    /// constants only).
    @inline(__always)
    private mutating func appendDigits(_ n: UInt64, decimals: Int) {
        // The digits of n (n < 2^64 has at most 20; below 10^19 the threshold cannot overflow).
        var digits = 1
        var threshold: UInt64 = 10
        while digits < 20, n >= threshold {
            digits += 1
            threshold &*= 10
        }
        let wholeDigits = max(1, digits - decimals)
        let end = position + wholeDigits + (decimals > 0 ? decimals + 1 : 0)
        var at = end
        var rest = n
        let pairs = digitPairs.utf8Start
        if decimals > 0 {
            var left = decimals
            if left & 1 == 1 {
                at -= 1
                at.pointee = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
                rest /= 10
                left -= 1
            }
            while left > 0 {
                let pair = Int(truncatingIfNeeded: rest % 100) &* 2
                rest /= 100
                at -= 2
                at[0] = pairs[pair]
                at[1] = pairs[pair + 1]
                left -= 2
            }
            at -= 1
            at.pointee = UInt8(ascii: ".")
        }
        while rest >= 100 {
            let pair = Int(truncatingIfNeeded: rest % 100) &* 2
            rest /= 100
            at -= 2
            at[0] = pairs[pair]
            at[1] = pairs[pair + 1]
        }
        if rest >= 10 {
            let pair = Int(truncatingIfNeeded: rest) &* 2
            at -= 2
            at[0] = pairs[pair]
            at[1] = pairs[pair + 1]
        } else {
            at -= 1
            at.pointee = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest)
        }
        position = end
    }

    /// 10^k for k in 0...9, exactly.
    @inline(__always)
    private static func powerOfTen(_ k: Int) -> Double { Double(powerOfTenInteger(k)) }

    @inline(__always)
    private static func powerOfTenInteger(_ k: Int) -> UInt64 {
        switch k {
        case 0: 1
        case 1: 10
        case 2: 100
        case 3: 1_000
        case 4: 10_000
        case 5: 100_000
        case 6: 1_000_000
        case 7: 10_000_000
        case 8: 100_000_000
        default: 1_000_000_000
        }
    }

    /// 10^(k - 2), k in 0...9: the upper bounds of the decades `append(significant8:)` writes
    /// itself (0.1 … 1e8).
    @inline(__always)
    private static func decadeBound(_ k: Int) -> Double { k == 0 ? 0.1 : powerOfTen(k - 1) }
}

/// "00", "01", … "99": the two digits of every number below a hundred.
private let digitPairs: StaticString =
    "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"

let comma = UInt8(ascii: ",")
let space = UInt8(ascii: " ")
let newline = UInt8(ascii: "\n")
