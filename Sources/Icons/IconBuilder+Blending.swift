import Colors
import Foundation

/// `mix-blend-mode` and `isolation` (CSS Compositing and Blending Level 1): CSS properties only,
/// set by `style=""` or a sheet. SVG 2 does not make them presentation attributes, so written as
/// attributes they change nothing, as browsers and resvg draw them (`styled` drops them before
/// the cascade). An element that blends becomes a group (`IconGroup.blendMode`) composited onto
/// what the icon drew below it; an isolated element's pieces become a group the blends inside
/// cannot see past.
extension IconBuilder {
    /// The properties a sheet or `style=""` may set that are not presentation attributes.
    static let compositingProperties = ["mix-blend-mode", "isolation"]

    /// What `mix-blend-mode` accepts: CSS's separable and non-separable modes, as it spells them.
    static let blendModesExpected = BlendMode.allCases.map(\.rawValue).joined(separator: ", ")

    /// The element's blend mode and whether it isolates, from what the cascade set (`attributes`
    /// after `styled`); nil after a failure (a value outside the lists).
    func compositing(_ attributes: [String: String], on element: String) -> (blend: BlendMode, isolates: Bool)? {
        var result = (blend: BlendMode.normal, isolates: false)
        if let text = attributes["mix-blend-mode"] {
            // CSS keywords are ASCII case-insensitive.
            let keyword = text.trimmingWhitespace.lowercased()
            if let mode = BlendMode(rawValue: keyword) {
                result.blend = mode
            } else if ["plus-lighter", "plus-darker"].contains(keyword) {
                // Compositing Level 2's, valid CSS that Flipbook does not draw.
                fail("mix-blend-mode: \(keyword) on <\(element)>: expected one of \(Self.blendModesExpected)")
                return nil
            } else {
                // Not a blend mode (`xor` is a compositing operator): as if not written.
                warnInvalid("mix-blend-mode", text, on: element, expected: "one of \(Self.blendModesExpected)")
            }
        }
        if let text = attributes["isolation"] {
            switch text.trimmingWhitespace.lowercased() {
            case "auto": break
            case "isolate": result.isolates = true
            default: warnInvalid("isolation", text, on: element, expected: "auto or isolate")
            }
        }
        if result.blend != .normal && layers != nil && mode != .clipping {
            fail(
                "mix-blend-mode: \(result.blend.rawValue) on <\(element)> in a file read as layers: each layer is drawn on its own, so a blend could not see the layers below it; expected the file as an icon (icon:)"
            )
            return nil
        }
        return result
    }

    /// After an element's group was composited (`composite`): its blend mode goes on the group
    /// made last for it, which holds the others (SVG's order: filter, clip, mask, opacity, then the
    /// blend), or on a group of its own; an isolated element (`isolation: isolate`, or SVG's
    /// implicit isolation by a clip path or a viewport) whose pieces were drawn straight becomes
    /// a group when something inside blends, so that blend sees only the element's drawing.
    func finishCompositing(_ frame: GroupFrame, madeAfter groupsBefore: Int) {
        let all = frame.start..<pieces.count
        guard error == nil, !all.isEmpty else { return }
        let made = groups.count > groupsBefore && groups[groups.count - 1].pieces.lowerBound == frame.start
        if frame.blend != .normal {
            if made {
                groups[groups.count - 1].blendMode = frame.blend
            } else {
                groups.append(IconGroup(pieces: all, opacity: 1, blendMode: frame.blend))
            }
            return
        }
        guard !made, frame.isolates || frame.clip != nil || frame.viewport != nil,
            groups.contains(where: { $0.blendMode != .normal && all.contains($0.pieces.lowerBound) })
        else { return }
        groups.append(IconGroup(pieces: all, opacity: 1, isolates: true))
    }

    /// Fails when the groups made for a luminance mask's content blend: the mask's pieces are
    /// turned into alpha one by one, and a blend mixes colours across them. (In an alpha mask a
    /// blend changes nothing: blending keeps source-over's alpha.)
    func refuseBlendsInLuminanceMask(_ id: String, line: Int, groupsFrom start: Int) -> Bool {
        guard groups[start...].contains(where: { $0.blendMode != .normal }) else { return true }
        fail(
            "mix-blend-mode in the luminance <mask> #\(id) at line \(line) is not in the supported subset; expected mask-type: alpha"
        )
        return false
    }
}
