import Foundation
import Markup

/// A regression report's motion view: expected and actual playing in step, side by side or as a
/// difference overlay, with the chosen trace column of both plotted under a shared timeline and the
/// frames that differ marked on it. Self-contained like the player (inline script and data; frames
/// by relative names under `expected/` and `actual/`).
public enum ComparePage {
    public static let fileName = "motion.html"

    /// The frames present beside the page: a report keeps some of them (goldens store a few PNGs,
    /// and a report over its size budget keeps the rest of the actual frames as thumbnails).
    public struct Frames: Sendable {
        /// `expected/frame_NNNNN.png`.
        public var expected: [Int]
        /// `actual/frame_NNNNN.png`, full size.
        public var actual: [Int]
        /// `actual/thumb_NNNNN.png`, shrunk.
        public var actualThumbnails: [Int]

        public init(expected: [Int], actual: [Int], actualThumbnails: [Int] = []) {
            self.expected = expected
            self.actual = actual
            self.actualThumbnails = actualThumbnails
        }
    }

    /// - Parameters:
    ///   - expected, actual: the two sides' data.
    ///   - frames: which frames are present.
    ///   - differing: frame indices whose pixels differ. A frame that does not differ is the same
    ///     on both sides, so the page shows the actual one as expected where the goldens lack it.
    public static func html(
        title: String, expected: PlayerData, actual: PlayerData, frames: Frames, differing: [Int]
    ) throws -> String {
        func list(_ xs: [Int]) -> String { "[" + xs.map(String.init).joined(separator: ",") + "]" }
        let data =
            "{\"expected\":\(PlayerPage.json(for: expected)),\"actual\":\(PlayerPage.json(for: actual)),"
            + "\"expectedFrames\":\(list(frames.expected)),\"actualFrames\":\(list(frames.actual)),"
            + "\"actualThumbnails\":\(list(frames.actualThumbnails)),\"differing\":\(list(differing))}"
        return PlayerPage.substituting(
            [
                "{{TITLE}}": title.xmlEscaped,
                "/*{{CSS}}*/": try PlayerPage.resource("player", "css") + (try PlayerPage.resource("compare", "css")),
                "/*{{DATA}}*/": data,
                "/*{{SCRIPT}}*/": try PlayerPage.resource("compare", "js"),
            ], in: try PlayerPage.resource("compare", "html"))
    }
}
