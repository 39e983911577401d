import CPNG

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

/// Compression settings for `PNG.encode`. Every combination produces a valid, lossless PNG; the
/// settings trade file size against encoding time only.
///
/// Values are validated when built, so an encoder never sees an out-of-range level.
public struct PNGOptions: Hashable, Sendable, CustomStringConvertible {
    /// zlib compression level. Unit: zlib's level scale. Range: 0...9. Default: 4.
    /// Effect: 0 stores the data uncompressed (140× libpng's size on a flat frame, 10× faster);
    /// 1...3 use zlib's greedy matcher; 4...9 its lazy matcher with longer and longer searches,
    /// smaller and slower (9 is 3-16× slower than 4 in the benchmark). Ignored by `.rle` and
    /// `.huffmanOnly` except for 0.
    public let level: Int
    /// zlib match strategy. Default: `.default`. Effect: see `PNGStrategy`.
    public let strategy: PNGStrategy
    /// PNG row filter(s). Default: `.none`. Effect: see `PNGFilter`; a single filter costs about
    /// 0.8 ms per 640×1136 frame, `.all` about 10 ms.
    public let filter: PNGFilter

    /// The valid range of `level`.
    public static let levels: ClosedRange<Int> = 0...9

    /// Builds options, rejecting a level outside `PNGOptions.levels`.
    public init(level: Int, strategy: PNGStrategy, filter: PNGFilter) throws(PNGError) {
        guard Self.levels.contains(level) else { throw PNGError.invalidCompressionLevel(level) }
        self.init(checkedLevel: level, strategy: strategy, filter: filter)
    }

    private init(checkedLevel level: Int, strategy: PNGStrategy, filter: PNGFilter) {
        self.level = level
        self.strategy = strategy
        self.filter = filter
    }

    /// Flipbook's default, chosen by measurement on 640×1136 UI frames (table and command in
    /// Sources/PNG/README.md): level 4, `.default` strategy, no row filter. Against
    /// `.libpngDefault` it encodes the flat frame 2.6× faster (6.8 vs 17.9 ms) at 107 % of the
    /// size, and the busy frame 3.2× faster (11.8 vs 37.2 ms) at 92 % of the size. Level 4 is the
    /// fastest level with zlib's lazy matcher, which levels 1...3 lack and which flat frames need
    /// (they come out 53-56 % larger at levels 1...3). Skipping the row filter saves libpng's
    /// per-row adaptive search (10.6 ms at level 4) for 7 % of size on the flat frame, since zlib
    /// already finds the repeats at distance 4 (one pixel) and 2560 (one row) by itself; on the
    /// busy frame it is smaller without a filter.
    public static let `default` = PNGOptions(checkedLevel: 4, strategy: .default, filter: .none)

    /// What libpng does when nothing is set: level 6, `.default` strategy, adaptive filters.
    /// Kept for comparison in benchmarks.
    public static let libpngDefault = PNGOptions(checkedLevel: 6, strategy: .default, filter: .all)

    /// "level 6, default, all".
    public var description: String { "level \(level), \(strategy), \(filter)" }

    var cValue: cpng_encode_options {
        cpng_encode_options(level: Int32(level), strategy: strategy.cValue, filters: filter.cValue)
    }
}
