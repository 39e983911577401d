import SceneSyntax

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
