import Geometry
import SceneSyntax

// The declarations of `scroll:` (an item that is a UIScrollView) and of its scripted drags.

enum ScrollKeys {
    /// Content may be at most this long on an axis: a list of 10,000 rows of 1,000 pt.
    static let maxContent = 1e7

    /// Built once and never mutated, as `ItemKeys.spec` is (why there).
    nonisolated(unsafe) static let spec: ObjectSpec<ScrollSpec> = definition

    private static var definition: ObjectSpec<ScrollSpec> {
        ObjectSpec(
            name: "scroll", schemaPath: ["$defs", "item", "properties", "scroll"], what: "a scroll view",
            doc: "UIScrollView: the item's children are its content.", prototype: ScrollSpec(),
            keys: [
                .size(
                    "contentSize", \.contentSize, required: "contentSize: [width, height] of the content in points",
                    doc: "`contentSize`: the content's size in points; the children are placed in it.",
                    rangeDoc: "both ≥ 0, at most 10,000,000",
                    check: { _, scroll, at in
                        for (k, v) in [scroll.contentSize.width, scroll.contentSize.height].enumerated() {
                            try Scene.checkRange(v, 0...maxContent, k == 0 ? "a width" : "a height", at: at + "[\(k)]")
                        }
                    }),
                .custom(
                    "contentInset", docType: "`[top, left, bottom, right]`",
                    doc:
                        "`contentInset` (UIEdgeInsets) in points: room the content may scroll past its edges, where it rests (a list under a bar starts at `-top`).",
                    defaultDoc: "`[0, 0, 0, 0]`", rangeDoc: "each finite, ≥ −10,000,000 and ≤ 10,000,000",
                    decode: { d, node, at, scroll in
                        scroll.contentInset = try d.numbers(
                            node, at: at(), count: 4, names: "[top, left, bottom, right]")
                    },
                    check: { _, scroll, at in
                        for (k, v) in scroll.contentInset.enumerated() {
                            try Scene.checkRange(v, -maxContent...maxContent, "an inset", at: at + "[\(k)]")
                        }
                    }),
                .point(
                    "contentOffset", \.contentOffset, names: ("x", "y"), range: .finite, unit: "pt",
                    doc: "`contentOffset` at the start: the content point at the item's top-left corner.",
                    defaultDoc: "`[0, 0]`"),
                .bool(
                    "bounces", \.bounces,
                    doc:
                        "`bounces`: past an edge the content follows the finger on a rubber band and springs back; `false` stops it at the edge."
                ),
                .bool(
                    "alwaysBounceVertical", \.alwaysBounceVertical,
                    doc:
                        "`alwaysBounceVertical`: drags bounce vertically even when the content is not taller than the bounds."
                ),
                .bool(
                    "alwaysBounceHorizontal", \.alwaysBounceHorizontal,
                    doc: "`alwaysBounceHorizontal`: the same, horizontally."),
                .bool(
                    "isPagingEnabled", \.isPagingEnabled,
                    doc:
                        "`isPagingEnabled`: the content comes to rest on multiples of the bounds' size, the page nearest where the release would glide to, at most one page from where the drag began."
                ),
                .custom(
                    "decelerationRate", docType: "`normal`, `fast` or a number",
                    doc:
                        "`decelerationRate`: the velocity a glide keeps per millisecond, `normal` (0.998) or `fast` (0.99), or a number.",
                    defaultDoc: "`normal`", rangeDoc: "a number > 0 and < 1",
                    decode: { d, node, at, scroll in scroll.decelerationRate = try d.decelerationRate(node, at: at()) }),
                .bool(
                    "showsScrollIndicators", \.showsScrollIndicators,
                    doc:
                        "`showsVerticalScrollIndicator` and `showsHorizontalScrollIndicator`: the bars shown while the content moves."
                ),
                .list(
                    "drags", \.drags, docType: "list of `{ at, path }`",
                    doc:
                        "Scripted drags on the scroll view: the finger comes down at `at` seconds and follows `path` (`[[t, x, y], …]`, `t` in seconds after `at`, canvas points), lifting at the last point with the velocity of its last 50 ms.",
                    rangeDoc: "in time order, each starting after the previous lifts",
                    read: { d, node, at in try d.decode(ScrollDragKeys.spec, node, at: at) }),
                .list(
                    "setContentOffset", \.setContentOffset, docType: "list of `{ at, offset, animated }`",
                    doc:
                        "`setContentOffset(_:animated:)` calls: at `at` seconds the content moves to `offset` (`[x, y]`), over 0.3 s on ease-in-ease-out when `animated` (the default), else at once; a scroll that comes while the content moves catches it where it is. Traced as `setContentOffset(…)` and `scrollViewDidEndScrollingAnimation`.",
                    rangeDoc: "not while a finger is down",
                    read: { d, node, at in try d.decode(OffsetChangeKeys.spec, node, at: at) }),
            ])
    }

    /// The drags one after another: a finger cannot come down before the last one lifted, and a
    /// scroll is not asked for while one is down.
    static func checkDrags(_ scroll: ScrollSpec, at: String) throws {
        for (k, change) in scroll.setContentOffset.enumerated() {
            if let drag = scroll.drags.first(where: { $0.at <= change.at && change.at <= $0.end }) {
                throw Violation(
                    keyPath: at + ".setContentOffset[\(k)].at",
                    message:
                        "expected a time when no finger is down, found \(SceneSyntax.format(change.at)) s, during the drag from \(SceneSyntax.format(drag.at)) to \(SceneSyntax.format(drag.end)) s"
                )
            }
        }
        for (k, drag) in scroll.drags.enumerated().dropFirst() where drag.at < scroll.drags[k - 1].end {
            throw Violation(
                keyPath: at + ".drags[\(k)].at",
                message:
                    "expected a drag that starts after the previous one lifts at \(SceneSyntax.format(scroll.drags[k - 1].end)) s, found \(SceneSyntax.format(drag.at))"
            )
        }
    }
}

/// `{ at, path: [[t, x, y], …] }`: one finger on a scroll view.
enum ScrollDragKeys {
    /// Built once and never mutated, as `ItemKeys.spec` is (why there).
    nonisolated(unsafe) static let spec: ObjectSpec<ScrollSpec.Drag> = definition

    private static var definition: ObjectSpec<ScrollSpec.Drag> {
        ObjectSpec(
            name: "drag", schemaPath: ["$defs", "item", "properties", "scroll", "properties", "drags", "items"],
            what: "a scroll drag", doc: "A scripted finger on a scroll view.", prototype: ScrollSpec.Drag(),
            keys: [
                .number(
                    "at", \.at, range: .closed(0, 3600), noun: "a time", unit: "s",
                    doc: "When the finger comes down, seconds from the start."),
                .custom(
                    "path", docType: "`[[t, x, y], …]`", required: "path: [[seconds after at, x, y], …]",
                    doc: "The finger, `t` in seconds after `at`, `x` and `y` in canvas points.",
                    rangeDoc: "at least one; times ≥ 0, increasing",
                    decode: { d, n, at, drag in (drag.times, drag.points) = try d.dragPath(n, at: at()) }),
            ])
    }
}

extension SceneDecoder {
    /// `normal`, `fast` or a number strictly between 0 and 1.
    func decelerationRate(_ node: SourceNode, at path: String) throws -> ScrollSpec.Deceleration {
        if case .string(let word)? = node.scalarMeaning {
            switch word {
            case "normal": return .normal
            case "fast": return .fast
            default:
                throw error(
                    at: node, path, "expected normal, fast or a number between 0 and 1, found '\(word)'",
                    suggestion: didYouMean(word, ["normal", "fast"]))
            }
        }
        let rate = try number(node, at: path)
        guard rate > 0 && rate < 1 else {
            throw error(
                at: node, path,
                "expected a deceleration rate greater than 0 and less than 1 (0.998 is normal, 0.99 fast), found \(SceneSyntax.format(rate))"
            )
        }
        return .rate(rate)
    }
}

/// `{ at, offset, animated }`: one `setContentOffset(_:animated:)` call.
enum OffsetChangeKeys {
    /// Built once and never mutated, as `ItemKeys.spec` is (why there).
    nonisolated(unsafe) static let spec: ObjectSpec<ScrollSpec.OffsetChange> = definition

    private static var definition: ObjectSpec<ScrollSpec.OffsetChange> {
        ObjectSpec(
            name: "setContentOffset",
            schemaPath: ["$defs", "item", "properties", "scroll", "properties", "setContentOffset", "items"],
            what: "a content offset change", doc: "setContentOffset(_:animated:) at a time.",
            prototype: ScrollSpec.OffsetChange(),
            keys: [
                .number(
                    "at", \.at, required: "at: the time in seconds", range: .closed(0, 3600), noun: "a time",
                    unit: "s", doc: "When, seconds from the start."),
                .point(
                    "offset", \.offset, names: ("x", "y"), required: "offset: [x, y], the new content offset",
                    range: .finite, unit: "pt", doc: "The new content offset (the content point at the top-left)."),
                .bool("animated", \.animated, doc: "Over 0.3 s on ease-in-ease-out; `false` moves at once."),
            ])
    }
}
