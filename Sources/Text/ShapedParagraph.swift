/// One paragraph (text between hard line breaks) itemized and shaped: each grapheme cluster gets
/// the first font of the chain that has all its characters, the bidi algorithm gives every
/// scalar a level, and each maximal run of one font and one level is shaped by HarfBuzz in its
/// direction. Advances are summed per grapheme cluster, which is what line breaking measures.
struct ShapedParagraph {
    struct Run {
        let range: Range<Int>
        let level: UInt8
        let face: FontFace
        /// In HarfBuzz's (visual) order within the run.
        let glyphs: [ShapedGlyph]
    }

    let scalars: [UInt32]
    /// Scalar index where each grapheme cluster starts, plus `scalars.count` at the end.
    let graphemeStarts: [Int]
    /// Grapheme cluster index of each scalar.
    let graphemeOf: [Int]
    let isRightToLeft: Bool
    let runs: [Run]
    /// Points each grapheme cluster advances the pen, letter spacing included.
    let advances: [Double]
    /// Scalars no font of the chain has, in order of appearance, each once.
    let missing: [UInt32]

    var graphemeCount: Int { graphemeStarts.count - 1 }

    init(_ text: Substring, chain: [FontFace], size: Double, letterSpacing: Double) {
        // Sized for the longest the text can be (a scalar a UTF-8 byte at most), and one scratch
        // list of a character's scalars: arrays made and grown for every character were most of
        // setting a short label, apart from HarfBuzz.
        let most = text.utf8.count
        var scalars: [UInt32] = []
        scalars.reserveCapacity(most)
        var starts: [Int] = []
        starts.reserveCapacity(most + 1)
        var faceOfGrapheme: [Int] = []
        faceOfGrapheme.reserveCapacity(most)
        var missing: [UInt32] = []
        var needed: [Unicode.Scalar] = []
        for character in text {
            starts.append(scalars.count)
            needed.removeAll(keepingCapacity: true)
            for scalar in character.unicodeScalars {
                scalars.append(scalar.value)
                if !Self.isControlOrSpace(scalar) && !scalar.properties.isDefaultIgnorableCodePoint {
                    needed.append(scalar)
                }
            }
            if let all = chain.firstIndex(where: { face in needed.allSatisfy { face.hasGlyph(for: $0) } }) {
                // A face has every scalar: none is missing.
                faceOfGrapheme.append(all)
                continue
            } else if let first = needed.first, let some = chain.firstIndex(where: { $0.hasGlyph(for: first) }) {
                faceOfGrapheme.append(some)
            } else {
                faceOfGrapheme.append(0)
            }
            for scalar in needed
            where !chain.contains(where: { $0.hasGlyph(for: scalar) }) && !missing.contains(scalar.value) {
                missing.append(scalar.value)
            }
        }
        starts.append(scalars.count)
        var graphemeOf = [Int](repeating: 0, count: scalars.count)
        for g in 0..<(starts.count - 1) {
            for s in starts[g]..<starts[g + 1] { graphemeOf[s] = g }
        }
        let bidi = Bidi.levels(of: scalars)

        var runs: [Run] = []
        var runStart = 0
        for s in 0...scalars.count {
            let boundary =
                s == scalars.count
                || (s > runStart
                    && (bidi.levels[s] != bidi.levels[runStart]
                        || faceOfGrapheme[graphemeOf[s]] != faceOfGrapheme[graphemeOf[runStart]]))
            guard boundary, s > runStart else { continue }
            let level = bidi.levels[runStart]
            let face = chain[faceOfGrapheme[graphemeOf[runStart]]]
            let glyphs = Shaper.shape(scalars, range: runStart..<s, face: face, rightToLeft: level % 2 == 1)
            runs.append(Run(range: runStart..<s, level: level, face: face, glyphs: glyphs))
            runStart = s
        }

        var advances = [Double](repeating: 0, count: starts.count - 1)
        for run in runs {
            let scale = size / Double(run.face.unitsPerEm)
            for glyph in run.glyphs {
                advances[graphemeOf[glyph.cluster]] += Self.advance(
                    of: glyph, scale: scale, letterSpacing: letterSpacing)
            }
        }
        self.scalars = scalars
        graphemeStarts = starts
        self.graphemeOf = graphemeOf
        isRightToLeft = bidi.paragraphIsRightToLeft
        self.runs = runs
        self.advances = advances
        self.missing = missing
    }

    static func advance(of glyph: ShapedGlyph, scale: Double, letterSpacing: Double) -> Double {
        Double(glyph.xAdvance) * scale + (glyph.xAdvance != 0 ? letterSpacing : 0)
    }

    static func isControlOrSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    func isSpace(grapheme g: Int) -> Bool { LineBreaks.isSpace(scalars[graphemeStarts[g]]) }

    /// Width of graphemes `range` without its trailing spaces (they hang past the line's end).
    func width(_ range: Range<Int>) -> Double {
        var end = range.upperBound
        while end > range.lowerBound && isSpace(grapheme: end - 1) { end -= 1 }
        return advances[range.lowerBound..<end].reduce(0, +)
    }

    /// `range` without its trailing spaces.
    func trimmed(_ range: Range<Int>) -> Range<Int> {
        var end = range.upperBound
        while end > range.lowerBound && isSpace(grapheme: end - 1) { end -= 1 }
        return range.lowerBound..<end
    }

    /// Greedy line breaking into grapheme ranges no wider than `width`: each line ends at the
    /// last break opportunity that fits; a word wider than a whole line is cut between graphemes
    /// (at least one grapheme per line, so every line makes progress).
    func lines(width: Double) -> [Range<Int>] {
        guard graphemeCount > 0 else { return [0..<0] }
        let breakScalars = LineBreaks.opportunities(scalars, graphemeStarts: Array(graphemeStarts.dropLast()))
        let breaks = breakScalars.map { graphemeOf[$0] } + [graphemeCount]
        var result: [Range<Int>] = []
        var start = 0
        var b = 0
        // A tolerance of a millionth of a point keeps exact fits (width == line width) fitting
        // despite the sum's rounding.
        let limit = width + 1e-6
        while start < graphemeCount {
            while b < breaks.count && breaks[b] <= start { b += 1 }
            var end = -1
            var k = b
            while k < breaks.count && self.width(start..<breaks[k]) <= limit {
                end = breaks[k]
                k += 1
            }
            if end < 0 {
                // Not even the next word fits: cut it between graphemes.
                end = start + 1
                let next = k < breaks.count ? breaks[k] : graphemeCount
                while end < next && self.width(start..<(end + 1)) <= limit { end += 1 }
            }
            result.append(start..<end)
            start = end
        }
        return result
    }
}
