// What every Swift libFuzzer harness shares (Tests/Fuzz/README.md): the entry into libFuzzer's
// driver when built with FUZZING, a replayer of saved inputs otherwise, and `FuzzBytes`, which
// reads structured values out of the fuzzer's bytes.
#if canImport(Glibc)
    import Glibc
#endif

/// One libFuzzer test: the input's bytes; returns 0, or -1 for an input the harness skips (libFuzzer
/// then keeps it out of the corpus).
public typealias FuzzTarget = @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt

#if FUZZING
    // swift-format-ignore: AlwaysUseLowerCamelCase
    // (libFuzzer's C symbol, named as the C library names it)
    @_silgen_name("LLVMFuzzerRunDriver")
    func LLVMFuzzerRunDriver(
        _ argc: UnsafeMutablePointer<CInt>,
        _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
        _ callback: FuzzTarget
    ) -> CInt
#endif

public enum FuzzDriver {
    /// Whether a harness skips the inputs of a known crash whose fix lies outside the fuzzing
    /// work (each guard names its reproducer under Tests/Fuzz/crashers/; README.md, "Guards"), so
    /// the run goes on to find the next one. On unless FLIPBOOK_FUZZ_NO_GUARDS is set: with it, a
    /// replay of the reproducers checks a fix, and the guard is then deleted.
    public static let guardsKnownCrashes = getenv("FLIPBOOK_FUZZ_NO_GUARDS") == nil

    /// Built with FUZZING (`make fuzz-build`): hands the command line to libFuzzer's driver.
    /// Otherwise (a plain `swift build`): runs `target` on each file named on the command line, so
    /// a crashing input can be debugged without sanitizers. Each harness also exports its target
    /// as `LLVMFuzzerTestOneInput`: the link pulls in libFuzzer's own `main` (FuzzerMain.cpp),
    /// which names that symbol, and either entry runs the same target.
    public static func run(_ target: FuzzTarget) -> Never {
        #if FUZZING
            var argc = CommandLine.argc
            var argv = Optional(CommandLine.unsafeArgv)
            exit(LLVMFuzzerRunDriver(&argc, &argv, target))
        #else
            for path in CommandLine.arguments.dropFirst() {
                guard let bytes = readFile(path) else { fatalError("cannot open \(path)") }
                _ = bytes.withUnsafeBufferPointer { target($0.baseAddress, $0.count) }
                print("\(path): ok")
            }
            exit(0)
        #endif
    }

    /// The whole file at `path`, nil when it cannot be opened.
    public static func readFile(_ path: String) -> [UInt8]? {
        guard let file = fopen(path, "rb") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = fread(&buffer, 1, buffer.count, file)
            if count == 0 { break }
            bytes += buffer[0..<count]
        }
        return bytes
    }
}

/// Reads values from the front of a fuzz input (libFuzzer's FuzzedDataProvider, in Swift): each
/// read consumes bytes and an exhausted input reads as zeros, so every input decodes to something.
public struct FuzzBytes {
    public let bytes: [UInt8]
    public private(set) var position = 0

    public init(_ data: UnsafePointer<UInt8>?, _ size: Int) {
        bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    }

    public init(_ bytes: [UInt8]) { self.bytes = bytes }

    public var isExhausted: Bool { position >= bytes.count }

    public mutating func byte() -> UInt8 {
        guard position < bytes.count else { return 0 }
        defer { position += 1 }
        return bytes[position]
    }

    /// 0 ..< count (0 when count is 0), from one byte: harness bounds are all under 256.
    public mutating func below(_ count: Int) -> Int { count <= 0 ? 0 : Int(byte()) % count }

    public mutating func bool() -> Bool { byte() & 1 == 1 }

    /// Up to `count` bytes, fewer at the end of the input.
    public mutating func take(_ count: Int) -> ArraySlice<UInt8> {
        let end = min(bytes.count, position + max(0, count))
        defer { position = end }
        return bytes[min(position, end)..<end]
    }

    /// The rest of the input.
    public mutating func rest() -> ArraySlice<UInt8> { take(bytes.count - position) }

    public mutating func uint64() -> UInt64 {
        take(8).reversed().reduce(0) { $0 << 8 | UInt64($1) }
    }

    /// A double chosen to reach edge cases: a third of the byte values pick from `extremes`, a
    /// few read eight raw bytes (any bit pattern: NaNs with payloads, subnormals, infinities), the
    /// rest are small values on a 1/8 grid around zero, where drawing happens on a small canvas.
    public mutating func double() -> Double {
        let selector = byte()
        switch selector {
        case 0..<84: return Self.extremes[Int(selector) % Self.extremes.count]
        case 84..<100: return Double(bitPattern: uint64())
        default: return Double(Int8(bitPattern: byte())) / 8 + Double(Int(selector) - 178)
        }
    }

    /// Values at the edges of Double and of the integer conversions downstream code makes.
    public static let extremes: [Double] = [
        0, -0.0, 1, -1, 0.5, 2, 64, -64, 1e300, -1e300, 1e-300, -1e-300, 5e-324, -5e-324,
        2.2250738585072014e-308, 1.7976931348623157e308, -1.7976931348623157e308, 1e19, -1e19, 9.2e18, -9.2e18,
        9_223_372_036_854_775_807, 9_223_372_036_854_775_808, -9_223_372_036_854_775_808, 2_147_483_648,
        -2_147_483_649, 4_294_967_296, 1e7, -1e7, 1e9, 16_384, 65_536, .infinity, -.infinity, .nan, 1e-9, 0.999_999_9,
        1e154, 1.34e154, 1e-154,
    ]
}
