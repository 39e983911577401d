// How large a scene may be, and how large and deep a scene file may be before it is parsed.
//
// Rules of this file:
// - Every limit has a default that every reasonable scene stays far below, and every message
//   that enforces one names the value found, the limit, and the flag (or Swift property) that
//   raises it. A limit is a guard against mistakes and hostile files, never a policy.
// - The file limits (`maxFileBytes`, `maxNestingDepth`, `maxNodes`) are checked before or while
//   parsing, so that a hostile file fails in bounded memory and stack: size before reading,
//   nesting by a linear pre-scan before Yams (whose composer recurses once per level), and the
//   node budget while converting Yams nodes (YAML aliases share one node many times; converting
//   them copies it each time, so a "billion laughs" file would otherwise expand exponentially).

/// The limits a scene and its file must stay within. `SceneLoader` and `Scene.validate` take one;
/// `.default` is what `flipbook` uses without `--max-…` flags.
public struct SceneLimits: Sendable, Equatable {
    /// Largest canvas side in pixels (points × scale, rounded up). Default 16384
    /// (`SceneRules.maxPixelsPerSide`, the GPU texture limit; one frame then stays under 1 GiB).
    public var maxPixelsPerSide: Int
    /// Longest `duration` or `maxDuration` in seconds, > 0. Default 3600 (`SceneRules.maxSeconds`).
    /// Raised with `--max-duration`.
    public var maxSeconds: Double
    /// Most frames a scene may produce (`duration`·`fps`, or `maxDuration`·`fps`, rounded), ≥ 1.
    /// Default 864000 (one hour at 240 fps, so the default never rejects a scene that the other
    /// default limits accept). Raised with `--max-frames`.
    public var maxFrames: Int
    /// Most items in a scene, ≥ 0, counting every layer: top-level items, children at any depth
    /// and every item a component instance expands to. Default 10000: the rasterizer draws every
    /// item every distinct frame, so a scene of more would take hours per second of motion. Checked
    /// while components expand, so a few lines of nested components fail at the first item over.
    /// Raised with `--max-items`.
    public var maxItems: Int
    /// Most text in a scene: Unicode scalars summed over every text item (and instance), ≥ 0.
    /// Default 200000, a hundred screens of text; shaping and laying out costs ~10 µs a scalar, so a
    /// copied 10,000-character label in 1,000 instances would take minutes before the first frame.
    /// Checked before any text is shaped. Raised with `--max-text`.
    public var maxTextScalars: Int
    /// Most decoded image pixels in a scene, summed over its distinct image files, ≥ 0. Default
    /// 100,000,000 (400 MB of RGBA, about 530 MB with mipmaps): each file's size is read from its
    /// header and counted before its pixels are allocated. Raised with `--max-image-pixels`.
    public var maxImagePixels: Int
    /// Most SVG shapes (paths, rects, circles, …) drawn by a scene's icons, summed over every item
    /// that shows an icon, ≥ 0. Default 200,000. Raised with `--max-svg-elements`.
    public var maxSVGElements: Int
    /// Most behaviours in a scene, ≥ 0. Default 10000. Raised with `--max-behaviors`.
    public var maxBehaviors: Int
    /// Largest scene file in bytes, checked before the file is read. Default 4 MiB (the bundled
    /// scenes are under 4 KiB). Raised with `--max-file-size` (in bytes).
    public var maxFileBytes: Int
    /// Deepest nesting of lists and mappings in a scene file. Default 256 (a scene needs fewer than 16);
    /// also `JSONReader.maxDepth`. Not a flag: deeper files are hostile, not ambitious.
    public var maxNestingDepth: Int
    /// Most YAML/JSON nodes (scalars, lists, mappings) after aliases are expanded. Default
    /// 2_000_000, more than a 4 MiB file without aliases can hold. Not a flag (only an alias bomb
    /// reaches it); raise it in Swift.
    public var maxNodes: Int

    public init(
        maxPixelsPerSide: Int = SceneRules.maxPixelsPerSide, maxSeconds: Double = SceneRules.maxSeconds,
        maxFrames: Int = 864_000, maxItems: Int = 10_000, maxBehaviors: Int = 10_000,
        maxFileBytes: Int = 4 << 20, maxNestingDepth: Int = 256, maxNodes: Int = 2_000_000,
        maxTextScalars: Int = 200_000, maxImagePixels: Int = 100_000_000, maxSVGElements: Int = 200_000
    ) {
        precondition(
            maxPixelsPerSide >= 1 && maxSeconds > 0 && maxFrames >= 1 && maxItems >= 0
                && maxBehaviors >= 0 && maxFileBytes >= 1 && maxNestingDepth >= 1 && maxNodes >= 1
                && maxTextScalars >= 0 && maxImagePixels >= 0 && maxSVGElements >= 0,
            "scene limits must be positive")
        self.maxTextScalars = maxTextScalars
        self.maxImagePixels = maxImagePixels
        self.maxSVGElements = maxSVGElements
        self.maxPixelsPerSide = maxPixelsPerSide
        self.maxSeconds = maxSeconds
        self.maxFrames = maxFrames
        self.maxItems = maxItems
        self.maxBehaviors = maxBehaviors
        self.maxFileBytes = maxFileBytes
        self.maxNestingDepth = maxNestingDepth
        self.maxNodes = maxNodes
    }

    public static let `default` = SceneLimits()
}

/// A conservative linear pre-scan of YAML text for its nesting depth, so that Yams' recursive
/// composer never sees a file deep enough to overflow the stack.
///
/// Upper bound, never an under-estimate: the depth of a line is the number of enclosing block
/// indentation levels, plus the sequence/complex-key indicators (`- `, `? `) and `key: ` pairs
/// that open on the line, plus the open flow brackets (`[`, `{`) outside quotes and comments.
/// The bundled scenes score at most 13 (an over-estimate); the limit is 256.
enum YAMLDepthScan {
    /// The first 1-based line whose estimated depth exceeds `limit`, with that depth; nil if none.
    static func firstTooDeep(_ text: String, limit: Int) -> (line: Int, depth: Int)? {
        var indents: [Int] = []
        var flow = 0
        var line = 1
        var column = 0
        var atLineStart = true
        var lineOpenings = 0
        var inSingle = false
        var inDouble = false
        var inComment = false
        var previous: UInt8 = 0x20
        let bytes = Array(text.utf8)
        var i = 0
        func check() -> Bool { indents.count + lineOpenings + flow > limit }
        while i < bytes.count {
            let c = bytes[i]
            if c == 0x0A {
                line += 1
                column = 0
                atLineStart = true
                lineOpenings = 0
                inComment = false
                // Quoted scalars may span lines in YAML; keep the quote state.
                previous = 0x20
                i += 1
                continue
            }
            if inComment {
                i += 1
                continue
            }
            if atLineStart && flow == 0 && !inSingle && !inDouble {
                if c == 0x20 {
                    column += 1
                    i += 1
                    continue
                }
                atLineStart = false
                if c != 0x23 {  // not a comment line
                    while let last = indents.last, last >= column { indents.removeLast() }
                    indents.append(column)
                }
            }
            atLineStart = false
            if inDouble {
                if c == 0x5C {
                    i += 2
                    continue
                }  // backslash escape
                if c == 0x22 { inDouble = false }
            } else if inSingle {
                if c == 0x27 { inSingle = false }
            } else {
                let next: UInt8 = i + 1 < bytes.count ? bytes[i + 1] : 0x20
                let nextIsSpace = next == 0x20 || next == 0x0A || next == 0x0D || next == 0x09
                switch c {
                case 0x23 where previous == 0x20 || previous == 0x09: inComment = true
                case 0x22: inDouble = true
                case 0x27
                where previous == 0x20 || previous == 0x5B || previous == 0x7B || previous == 0x2C || previous == 0x3A:
                    inSingle = true
                case 0x5B, 0x7B: flow += 1
                case 0x5D, 0x7D: flow = max(0, flow - 1)
                // Inside brackets the brackets are the nesting: `- `, `? ` and `key: ` there open
                // nothing, so a one-line flow list of any length scores its bracket depth.
                case 0x2D, 0x3F, 0x3A: if nextIsSpace && flow == 0 { lineOpenings += 1 }
                default: break
                }
                if check() { return (line, indents.count + lineOpenings + flow) }
            }
            previous = c
            i += 1
        }
        return nil
    }
}
