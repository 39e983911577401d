import Foundation

/// CSS 2's `clip` property (`clip="rect(top, right, bottom, left)"`).
///
/// SVG 1.1 (§14.3.5) applied it to the elements that establish a viewport; CSS Masking 1 (§5.1)
/// deprecated it in favour of `clip-path` and applies it only to absolutely positioned boxes,
/// which SVG content never is, and SVG 2 leaves it to CSS. resvg reads the name and never applies
/// it: its reference for `clip` on an `<image>` draws the whole picture, as browsers do. So the
/// loader draws without it, and says so unless it is `auto`, its initial value, which clips
/// nothing anyway.
extension IconBuilder {
    /// Whether `key` is `clip`, drawn without (with a warning when it would have clipped).
    func ignoresCSSClip(_ key: String, _ value: String, on element: String) -> Bool {
        guard key == "clip" else { return false }
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        if trimmed.lowercased() != "auto" {
            warn(
                "clip=\"\(trimmed.prefix(40))\" on <\(element)>: CSS Masking deprecates clip and applies it only to absolutely positioned boxes, which SVG content is not; drawn unclipped (clip-path clips)"
            )
        }
        return true
    }
}
