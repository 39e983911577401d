import Foundation
import Markup

/// A regression report's motion view: expected and actual playing in step, side by side or as a
/// difference overlay, with the chosen trace column of both plotted under a shared timeline and the
/// frames that differ marked on it. Self-contained like the player (inline script and data; frames
/// by relative names under `expected/` and `actual/`).
public enum ComparePage {
    public static let fileName = "motion.html"

    /// - Parameters:
    ///   - expected, actual: the two sides' data (the expected side's frames may be only some of
    ///     them: `expectedFrames` lists those present).
    ///   - differing: frame indices whose pixels differ.
    public static func html(
        title: String, expected: PlayerData, actual: PlayerData,
        expectedFrames: [Int], differing: [Int]
    ) throws -> String {
        let data =
            "{\"expected\":\(PlayerPage.json(for: expected)),\"actual\":\(PlayerPage.json(for: actual)),"
            + "\"expectedFrames\":[\(expectedFrames.map(String.init).joined(separator: ","))],"
            + "\"differing\":[\(differing.map(String.init).joined(separator: ","))]}"
        return PlayerPage.substituting(
            [
                "{{TITLE}}": title.xmlEscaped,
                "/*{{CSS}}*/": try PlayerPage.resource("player", "css") + (try PlayerPage.resource("compare", "css")),
                "/*{{DATA}}*/": data,
                "/*{{SCRIPT}}*/": try PlayerPage.resource("compare", "js"),
            ], in: try PlayerPage.resource("compare", "html"))
    }
}
