import LottiePlayback

/// A Lottie animation on an item (`lottie:`), played inside the item's bounds at the item's own
/// time and composited like an image: it moves, fades, masks and turns with its layer.
///
/// Frame timing follows a Lottie player's: frame `from + ⌊t · fr · speed⌋` of the file at the
/// layer's local time `t` (seconds since its layer's time began, its `timing:` applied), holding
/// the last frame of `from ..< to` when it ends, or starting again from `from` when `loop` is set.
public struct ItemLottie: Equatable, Sendable, CustomDebugStringConvertible {
    /// As the scene wrote it, relative to the scene's folder.
    public var file: String
    /// The file's absolute path (what `verify` re-hashes).
    public var path: String
    /// The checked file, its bytes and what playing it needs.
    public var document: LottieDocument
    public var speed = 1.0
    public var loop = false
    /// The frames played, `from ..< to`, counted from the file's first frame.
    public var from = 0
    public var to: Int
    public var contentMode: ContentMode = .scaleAspectFit

    public init(file: String, path: String, document: LottieDocument) {
        self.file = file
        self.path = path
        self.document = document
        self.to = document.frameCount
    }

    /// The file's frame shown at the layer's local time `t` (seconds).
    public func frame(at t: Double) -> Int {
        let span = to - from
        // A hair of slack so that t = k / fr lands on frame k despite the binary fractions.
        let elapsed = t * document.frameRate * speed + 1e-9
        guard elapsed.isFinite, elapsed > 0 else { return from }
        if loop { return from + Int(elapsed.truncatingRemainder(dividingBy: Double(span))) }
        return elapsed >= Double(span - 1) ? to - 1 : from + Int(elapsed)
    }

    /// What the scene hash sees: the file as written, its content hash and how it plays, never
    /// its bytes or absolute path.
    public var debugDescription: String {
        "ItemLottie(file: \(file.debugDescription), hash: \(document.hash), speed: \(speed), loop: \(loop), "
            + "from: \(from), to: \(to), contentMode: .\(contentMode))"
    }

    public static func == (a: ItemLottie, b: ItemLottie) -> Bool { a.debugDescription == b.debugDescription }
}
