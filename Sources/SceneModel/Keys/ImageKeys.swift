import Colors
import Geometry
import SceneSyntax

// The declarations of `image:` (its mapping form) and of gradients (`fill:` and
// `canvas.background`): `{ linear | radial | conic: { colors, locations, startPoint, endPoint, dither } }`.
// The file is opened and decoded by the `file` key's read (SceneDecoder+Image.swift), so a
// missing or broken image is an error at its line.

/// `image:` as a mapping, read into a draft: the file's decoded image comes from `file`.
package struct ImageDraft {
    var file: ItemImage?
    var contentMode = ContentMode.scaleToFill
    var contentsRect = Rect(x: 0, y: 0, width: 1, height: 1)
}

package enum ImageKeys {
    /// Built once and never mutated, as `ItemKeys.spec` is (why there).
    package nonisolated(unsafe) static let spec: ObjectSpec<ImageDraft> = definition
    /// Its keys, listed once.
    package nonisolated(unsafe) static let declared = DeclaredKeys(spec)

    private static var definition: ObjectSpec<ImageDraft> {
        ObjectSpec(
            name: "image", schemaPath: ["$defs", "image", "anyOf", "1"], what: "an image",
            doc: "An image file laid in the item's bounds (UIImageView).", prototype: ImageDraft(),
            keys: [
                .custom(
                    "file", docType: "string", required: "file: photos/a.jpg, relative to the scene's folder",
                    doc: "Relative to the scene file; no absolute path, no `..` or symbolic link out (as `icon:`).",
                    rangeDoc:
                        "a PNG, JPEG or WebP (still) inside the scene's folder; ≤ 64 MiB, ≤ 16,384 px a side, ≤ 40 megapixels",
                    decode: { d, node, at, draft in draft.file = try d.imageFile(node, at: at()) }),
                .word(
                    "contentMode", \.contentMode,
                    doc:
                        "`UIView.contentMode` (UIKit's names and sense: `top` is the top edge on screen). The aspect modes centre the image; `scaleAspectFill` overflows the bounds unless `masksToBounds`."
                ),
                .custom(
                    "contentsRect", docType: "`[x, y, width, height]`",
                    doc: "`CALayer.contentsRect`: the part of the image shown (a sprite sheet's frame).",
                    defaultDoc: "`[0, 0, 1, 1]`", rangeDoc: "inside the unit square, width and height > 0",
                    decode: { d, node, at, draft in draft.contentsRect = try d.contentsRect(node, at: at()) }),
            ])
    }
}

/// `lottie:` as written, before the file's frame count can check `from` and `to`.
package struct LottieDraft {
    var file: ItemLottie? = nil
    var speed = 1.0
    var loop = false
    var from: Int? = nil
    var to: Int? = nil
    var contentMode: ContentMode = .scaleAspectFit
}

package enum LottieKeys {
    /// Built once and never mutated, as `ItemKeys.spec` is (why there).
    package nonisolated(unsafe) static let spec: ObjectSpec<LottieDraft> = definition
    /// Its keys, listed once.
    package nonisolated(unsafe) static let declared = DeclaredKeys(spec)

    private static var definition: ObjectSpec<LottieDraft> {
        ObjectSpec(
            name: "lottie", schemaPath: ["$defs", "lottie"], what: "a Lottie animation",
            doc: "A Lottie animation played in the item's bounds (rlottie), composited like an image.",
            prototype: LottieDraft(),
            keys: [
                .custom(
                    "file", docType: "string", required: "file: animations/check.json, relative to the scene's folder",
                    doc:
                        "A Lottie (Bodymovin JSON) file relative to the scene file; no absolute path, no `..` or symbolic link out.",
                    rangeDoc:
                        "inside the scene's folder; ≤ 4 MiB, ≤ 1,000 layers and assets, ≤ 100,000 frames, ≤ 16,384 a side, numbers within ±1,000,000; images embedded",
                    decode: { d, node, at, draft in draft.file = try d.lottieFile(node, at: at()) }),
                .number(
                    "speed", \.speed, range: .positiveAtMost(100), noun: "a speed",
                    doc: "Playback rate: 2 plays twice as fast (a Lottie player's `speed`)."),
                .bool("loop", \.loop, doc: "Start again from `from` after the last frame, instead of holding it."),
                .integer(
                    "from", \.from, range: .nonNegative, noun: "a frame",
                    doc: "The first frame played, counted from the file's first.", defaultDoc: "`0`",
                    rangeDoc: "below `to`"),
                .integer(
                    "to", \.to, range: .nonNegative, noun: "a frame",
                    doc: "The frame playing stops before (the segment is `from ..< to`).",
                    defaultDoc: "the file's frame count", rangeDoc: "above `from`, at most the file's frame count"),
                .word(
                    "contentMode", \.contentMode,
                    doc:
                        "How the composition is laid in the bounds, as an image's `contentMode`; `scaleAspectFit` (a Lottie view's default) keeps its proportions."
                ),
            ])
    }
}

/// A gradient's body, read into a draft: the points' defaults depend on the gradient's kind.
package struct GradientDraft {
    var colors: [ColorRGBA8] = []
    var locations: [Double]? = nil
    var startPoint: Point? = nil
    var endPoint: Point? = nil
    var dither = false
}

/// `{ linear | radial | conic: … }`: which one was given.
package struct GradientKindDraft {
    var kind: Gradient.Kind?
    var body: GradientDraft?
}

package enum GradientKeys {
    /// Most colour stops a gradient may have.
    static let maxStops = 32

    /// Built once and never mutated, as `ItemKeys.spec` is (why there).
    package nonisolated(unsafe) static let spec: ObjectSpec<GradientKindDraft> = definition

    /// Its keys, listed once.
    package nonisolated(unsafe) static let declared = DeclaredKeys(spec)

    private static var definition: ObjectSpec<GradientKindDraft> {
        func kind(_ kind: Gradient.Kind, _ doc: String) -> Key<GradientKindDraft> {
            .custom(
                kind.rawValue, docType: "mapping", schemaRef: "gradientBody", doc: doc,
                decode: { d, node, at, draft in
                    draft.kind = kind
                    draft.body = try d.decode(body, node, at: at())
                })
        }
        return ObjectSpec(
            name: "gradientKind", schemaPath: ["$defs", "gradient"], what: "a gradient",
            doc:
                "A CAGradientLayer gradient: exactly one of linear, radial, conic. Colours are interpolated in premultiplied space.",
            prototype: GradientKindDraft(),
            keys: [
                kind(
                    .linear,
                    "CAGradientLayer's `axial`: along the axis startPoint (t = 0) → endPoint (t = 1). Exactly one of the three."
                ),
                kind(
                    .radial,
                    "CAGradientLayer's `radial`: an ellipse centred on startPoint, through endPoint's offsets (t = 1 on it)."
                ),
                kind(
                    .conic,
                    "CAGradientLayer's `conic`: clockwise turns around startPoint from the direction of endPoint."),
            ],
            structure: { d, f, path in
                let given = Gradient.Kind.allCases.map(\.rawValue).filter { f[$0] != nil }
                guard given.count == 1 else {
                    throw d.error(
                        at: f.mark, path,
                        given.isEmpty
                            ? "expected a colour or a gradient { linear | radial | conic: { colors: […] } }, found an empty mapping"
                            : "\(listing(given)) are both given; expected exactly one gradient")
                }
            })
    }

    static var body: ObjectSpec<GradientDraft> {
        ObjectSpec(
            name: "gradient", schemaPath: ["$defs", "gradientBody"], what: "a gradient",
            doc: "A gradient's colour stops and axis, in the unit square of the bounds.", prototype: GradientDraft(),
            keys: [
                .custom(
                    "colors", docType: "list of colours", required: "colors: [\"#000000\", \"#FFFFFF\"]",
                    doc:
                        "Straight alpha as written; interpolated in **premultiplied** colour, as Core Animation does (a stop fading to clear fades, it does not darken).",
                    rangeDoc: "1 … \(maxStops)",
                    decode: { d, node, at, draft in draft.colors = try d.gradientColors(node, at: at()) }),
                .custom(
                    "locations", docType: "list of numbers",
                    doc:
                        "Before the first the first colour holds, after the last the last; equal neighbours make a hard step.",
                    defaultDoc: "evenly spaced", rangeDoc: "one per colour, each 0 … 1, non-decreasing",
                    decode: { d, node, at, draft in
                        draft.locations = try d.gradientLocations(node, at: at(), count: draft.colors.count)
                    }),
                .optional(
                    "startPoint", \.startPoint, docType: "`[x, y]`",
                    doc: "In the unit square of the bounds: `[0, 0]` top-left, `[1, 1]` bottom-right.",
                    defaultDoc: "linear `[0.5, 0]`, others `[0.5, 0.5]`", rangeDoc: "finite",
                    read: { d, node, at in try d.point(node, at: at) }),
                .optional(
                    "endPoint", \.endPoint, docType: "`[x, y]`", doc: "",
                    defaultDoc: "linear `[0.5, 1]`, radial `[1, 1]`, conic `[1, 0.5]`", rangeDoc: "finite",
                    read: { d, node, at in try d.point(node, at: at) }),
                .bool(
                    "dither", \.dither,
                    doc:
                        "Rounds each channel by a 4 × 4 Bayer threshold instead of to nearest: the same mean, no visible 8-bit bands in slow gradients (MP4). A GIF's bands come from its 256-colour palette: pass `--gif-dither bayer` or `diffusion` too."
                ),
            ])
    }
}
