import CPNG
import CPNGDeflate

/// How zlib searches for matches inside the filtered image data.
///
/// Names and meanings are zlib's (`deflateInit2`'s `strategy`). With zlib 1.2.13, `.rle` and
/// `.huffmanOnly` ignore the level (1...9 give identical bytes), and `.filtered` only differs from
/// `.default` at levels 4...9, where zlib's lazy matcher runs.
public enum PNGStrategy: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    /// `Z_DEFAULT_STRATEGY`: general LZ77 matching at the configured level.
    case `default`
    /// `Z_FILTERED`: prefers literals over short matches (< 6 bytes), which suits PNG-filtered
    /// data made of small values with a noisy distribution.
    case filtered
    /// `Z_HUFFMAN_ONLY`: no matching at all, only entropy coding. Fastest, largest.
    case huffmanOnly
    /// `Z_RLE`: matches only at distance 1 (runs of one repeated byte). Needs a row filter that
    /// turns flat colour into zeros (`sub`, `up`, `paeth`); then about as fast as level 1 and on
    /// busy frames a little smaller, but on flat frames 20-50 % larger than level 4. Without a
    /// filter RGBA repeats at distance 4, which RLE cannot see: 23× larger.
    case rle
    /// `Z_FIXED`: fixed Huffman codes, no per-block code tables. Rarely useful for images.
    case fixed

    public var description: String { rawValue }

    var cValue: Int32 {
        switch self {
        case .default: return CPNG_STRATEGY_DEFAULT
        case .filtered: return CPNG_STRATEGY_FILTERED
        case .huffmanOnly: return CPNG_STRATEGY_HUFFMAN_ONLY
        case .rle: return CPNG_STRATEGY_RLE
        case .fixed: return CPNG_STRATEGY_FIXED
        }
    }
}

/// Which PNG row filters (PNG specification §9) the encoder may use before compression.
///
/// A single filter is applied to every row; `.all` is libpng's adaptive choice, which tries all
/// five on each row and keeps the one whose output has the smallest sum of absolute values.
public enum PNGFilter: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    /// Filter type 0: bytes stored as they are.
    case none
    /// Filter type 1: difference with the pixel to the left. Flat runs become zeros.
    case sub
    /// Filter type 2: difference with the pixel above. Rows equal to the previous become zeros.
    case up
    /// Filter type 3: difference with the mean of left and above.
    case average
    /// Filter type 4: difference with the Paeth predictor of left, above and upper-left.
    case paeth
    /// All five, chosen per row by libpng (its default for 8-bit RGBA). Costs five filter passes
    /// per row.
    case all

    public var description: String { rawValue }

    var cValue: Int32 {
        switch self {
        case .none: return CPNG_FILTER_NONE
        case .sub: return CPNG_FILTER_SUB
        case .up: return CPNG_FILTER_UP
        case .average: return CPNG_FILTER_AVG
        case .paeth: return CPNG_FILTER_PAETH
        case .all: return CPNG_FILTER_ALL
        }
    }
}

/// Which deflate implementation compresses the filtered rows.
public enum PNGCompressor: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    /// zlib through libpng (`CPNG`): levels 0...9, every `PNGStrategy`, libpng's adaptive filter.
    case zlib
    /// libdeflate (`CPNGDeflate`, our own chunk framing): levels 0...12, one filter for every row.
    /// 2-4× faster than zlib at a similar size on rendered frames (Sources/PNG/README.md).
    case libdeflate

    public var description: String { rawValue }
}

/// Compression settings for `PNG.encode`. Every combination produces a valid, lossless PNG; the
/// settings trade file size against encoding time only.
///
/// Values are validated when built, so an encoder never sees an out-of-range level.
public struct PNGOptions: Hashable, Sendable, CustomStringConvertible {
    /// Which deflate implementation runs. Default: `.libdeflate`.
    public let compressor: PNGCompressor
    /// Compression level. Unit: the compressor's level scale. Range: 0...9 for zlib
    /// (`levels`), 0...12 for libdeflate (`libdeflateLevels`). Default: libdeflate 1.
    /// Effect: 0 stores the data uncompressed; higher levels search longer for matches, smaller
    /// and slower. zlib: 1...3 use its greedy matcher, 4...9 its lazy one (9 is 3-16× slower
    /// than 4); `.rle` and `.huffmanOnly` ignore it except for 0. libdeflate: 1...9 greedy to
    /// lazy, 10...12 optimal parsing (several times slower again).
    public let level: Int
    /// zlib match strategy (`.default` for libdeflate, which has none). Effect: see `PNGStrategy`.
    public let strategy: PNGStrategy
    /// PNG row filter(s). Default: `.none`. Effect: see `PNGFilter`; a single filter costs about
    /// 0.8 ms per 640×1136 frame with libpng, `.all` about 10 ms (zlib only).
    public let filter: PNGFilter

    /// The valid range of `level` with zlib.
    public static let levels: ClosedRange<Int> = 0...9
    /// The valid range of `level` with libdeflate.
    public static let libdeflateLevels: ClosedRange<Int> = 0...12

    /// zlib through libpng: rejects a level outside `PNGOptions.levels`.
    public init(level: Int, strategy: PNGStrategy, filter: PNGFilter) throws(PNGError) {
        guard Self.levels.contains(level) else { throw PNGError.invalidCompressionLevel(level) }
        self.init(checked: .zlib, level: level, strategy: strategy, filter: filter)
    }

    /// libdeflate: rejects a level outside `PNGOptions.libdeflateLevels` and the filter `.all`
    /// (libpng's adaptive choice, which this writer does not implement).
    public init(libdeflateLevel level: Int, filter: PNGFilter) throws(PNGError) {
        guard Self.libdeflateLevels.contains(level), filter != .all else {
            throw PNGError.invalidLibdeflateOptions(level: level, filter: filter)
        }
        self.init(checked: .libdeflate, level: level, strategy: .default, filter: filter)
    }

    private init(checked compressor: PNGCompressor, level: Int, strategy: PNGStrategy, filter: PNGFilter) {
        self.compressor = compressor
        self.level = level
        self.strategy = strategy
        self.filter = filter
    }

    /// The same compressor and filter at another level (what `flipbook render --png-level` sets).
    public func with(level: Int) throws(PNGError) -> PNGOptions {
        switch compressor {
        case .zlib: try PNGOptions(level: level, strategy: strategy, filter: filter)
        case .libdeflate: try PNGOptions(libdeflateLevel: level, filter: filter)
        }
    }

    /// Flipbook's default, chosen by measurement on real rendered frames (table and command in
    /// Sources/PNG/README.md): libdeflate level 1, no row filter. Against the previous default
    /// (`.zlibDefault`, zlib level 4 without a filter) it encodes 1080p and UI frames 2.6-2.9×
    /// faster at 101-108 % of the size (libdeflate 1.14, zlib 1.2.13).
    public static let `default` = PNGOptions(checked: .libdeflate, level: 1, strategy: .default, filter: .none)

    /// The default before libdeflate (chosen the same way, against `.libpngDefault`): zlib level 4,
    /// `.default` strategy, no row filter; 2.6-3.3× faster than libpng's default at 85-103 % of
    /// its size. Kept for comparison in benchmarks.
    public static let zlibDefault = PNGOptions(checked: .zlib, level: 4, strategy: .default, filter: .none)

    /// What libpng does when nothing is set: level 6, `.default` strategy, adaptive filters.
    /// Kept for comparison in benchmarks.
    public static let libpngDefault = PNGOptions(checked: .zlib, level: 6, strategy: .default, filter: .all)

    /// "level 6, default, all" (zlib) or "libdeflate 4, none".
    public var description: String {
        switch compressor {
        case .zlib: "level \(level), \(strategy), \(filter)"
        case .libdeflate: "libdeflate \(level), \(filter)"
        }
    }

    var cValue: cpng_encode_options {
        cpng_encode_options(level: Int32(level), strategy: strategy.cValue, filters: filter.cValue)
    }

    /// The filter type byte for the libdeflate writer (never `.all`, refused when built).
    var filterType: Int32 {
        switch filter {
        case .none, .all: CPNGD_FILTER_NONE
        case .sub: CPNGD_FILTER_SUB
        case .up: CPNGD_FILTER_UP
        case .average: CPNGD_FILTER_AVERAGE
        case .paeth: CPNGD_FILTER_PAETH
        }
    }
}
