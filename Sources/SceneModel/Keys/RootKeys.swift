import Geometry
import SceneSyntax

// The top level of a scene file and its `output:` mapping.
//
// The keys of the top level that depend on each other (exactly one of duration and until, items
// before behaviours, the name from the file) are read by hand in `SceneDecoder.decode(_:defaultName:)`
// (`decode: nil`, or `readByHand`); the others are read from their declarations after them. `components`, `imports` and `controls` are consumed
// before decoding (ComponentExpander, ControlResolver), so they are documented but not allowed
// by the time the decoder reads the mapping.

enum RootKeys {
    static var spec: ObjectSpec<Scene> {
        ObjectSpec(
            name: "top", schemaPath: [], what: "",
            doc:
                "A Flipbook scene: a canvas, rectangular items and UIKit Dynamics behaviours, rendered to PNG frames and video. YAML and JSON share this schema. Flipbook's loader also checks what JSON Schema cannot express: numbers must be finite; item ids must be unique; behaviours must name existing items; the canvas in pixels (size x scale) must be at most 16384 per side. See docs/scene-format.md.",
            prototype: Scene(
                name: "", canvas: Canvas(size: Size(0, 0)), length: .duration(0), items: [], behaviors: [],
                output: OutputSettings()),
            keys: [
                .custom(
                    "version", docType: "integer", doc: "Format version.", defaultDoc: "`1`", rangeDoc: "must be `1`"),
                .custom(
                    "name", docType: "string",
                    doc:
                        "Names the output folder and video (and files such as `<name>.frames-000000-000120.manifest.json`, which must fit in a file name's 255 bytes).",
                    defaultDoc: "file name without extension",
                    rangeDoc: "`[A-Za-z0-9_-]+`, at most \(SceneRules.maxNameLength) characters"),
                .custom(
                    "appearance", docType: "string",
                    doc:
                        "Light or dark mode (`UIUserInterfaceStyle`): the value system colours such as `systemBlue` and `label` take, and the default `style` of system materials. See [system colours](#system-colours).",
                    defaultDoc: "`light`", rangeDoc: "`light`, `dark`"),
                .custom(
                    "canvas", docType: "mapping", required: "canvas: { size: [width, height] } in points",
                    doc: "The screen.",
                    rangeDoc: "see below"),
                .integer(
                    "fps", \.fps,
                    range: .closed(Double(SceneRules.fpsRange.lowerBound), Double(SceneRules.fpsRange.upperBound)),
                    noun: "an integer", doc: "Frames (simulation ticks) per second."
                ).readByHand,
                .custom(
                    "duration", docType: "number",
                    doc: "Fixed length in seconds. **Exactly one of `duration` and `until`.**",
                    defaultDoc: "—", rangeDoc: "> 0, ≤ \(format(SceneRules.maxSeconds))"),
                .custom(
                    "until", docType: "string", doc: "Run until the animator pauses (every item at rest).",
                    defaultDoc: "—",
                    rangeDoc: "`rest`"),
                .custom(
                    "maxDuration", docType: "number", doc: "Upper bound on an `until: rest` scene, in seconds.",
                    defaultDoc: "`\(format(SceneRules.defaultMaxDuration))`",
                    rangeDoc: "> 0, ≤ \(format(SceneRules.maxSeconds)); only with `until: rest`"),
                .custom(
                    "components", docType: "mapping",
                    doc: "Reusable items with parameters, see [Components](#components).",
                    defaultDoc: "none", rangeDoc: "names like ids"
                ).consumedBeforeDecoding,
                .custom(
                    "imports", docType: "list of file names", doc: "Files whose `components:` this scene may use.",
                    defaultDoc: "none",
                    rangeDoc:
                        "inside the scene's folder, `.yaml`/`.yml`/`.json`, at most \(SceneRules.maxImports)"
                ).consumedBeforeDecoding,
                .custom(
                    "items", docType: "list of items",
                    required: "items: a list of items, each with id, size and center",
                    doc: "The rectangles, see below.", defaultDoc: "**required** (may be `[]`)", rangeDoc: "ids unique"),
                .list(
                    "itemGroups", \.itemGroups,
                    doc:
                        "Items behaviours move as one body (`UIDynamicItemGroup`), see [Item groups and child views](#item-groups-and-child-views).",
                    rangeDoc: "ids unique among items and groups",
                    read: { d, n, at in try d.decode(ItemGroupKeys.spec, n, at: at) }),
                .custom(
                    "behaviors", docType: "list of behaviours", doc: "See below; applied in list order.",
                    defaultDoc: "`[]`"),
                .list(
                    "viewAnimations", \.viewAnimations,
                    doc: "`UIView.animate…` blocks, see [Timing](#timing-core-animation-and-uikit-animations).",
                    read: { d, n, at in try d.decode(ViewAnimationKeys.spec, n, at: at) }),
                .list(
                    "animators", \.animators, doc: "`UIViewPropertyAnimator`s with scripted calls.",
                    rangeDoc: "ids unique", read: { d, n, at in try d.decode(AnimatorKeys.spec, n, at: at) }),
                .list(
                    "layerTimeline", \.layerTimeline, doc: "Scripted changes of item layers' media timing.",
                    rangeDoc: "`at` non-decreasing", read: { d, n, at in try d.decodeLayerCall(n, at: at) }),
                .list(
                    "dynamicsTimeline", \.dynamicsTimeline,
                    doc:
                        "Scripted changes of the behaviours: add, remove, set parameters; see [below](#dynamicstimelinei).",
                    rangeDoc: "`at` non-decreasing",
                    read: { d, n, at in try d.decode(DynamicsTimelineKeys.spec, n, at: at) }),
                .custom(
                    "output", docType: "mapping", doc: "What to write.", defaultDoc: "frames and mp4",
                    decode: { d, n, at, scene in scene.output = try d.decode(OutputKeys.spec, n, at: at()) },
                    check: { scene, object, at in try OutputKeys.spec.check(object.output, in: scene, at: at) }),
                .custom(
                    "controls", docType: "mapping",
                    doc: "Named values used as `$name` in place of literals; see [`controls`](#controls).",
                    defaultDoc: "`{}`", rangeDoc: "names `[A-Za-z_][A-Za-z0-9_]*`"
                ).consumedBeforeDecoding,
                TextKeys.fontsReadFirst,
                .custom(
                    "touches", docType: "mapping", doc: "The circle drawn under scripted fingers.",
                    defaultDoc: "shown when scripted",
                    rangeDoc: "see [Touches](#touches)",
                    decode: { d, n, at, scene in scene.touches = try d.decode(TouchesKeys.spec, n, at: at()) }),
                .custom("$schema", docType: "string", doc: "For editors; ignored.", defaultDoc: "—"),
            ])
    }
}

enum OutputKeys {
    static var spec: ObjectSpec<OutputSettings> {
        ObjectSpec(
            name: "output", schemaPath: ["properties", "output"], what: "output settings",
            doc: "What to write. Default: PNG frames and an mp4 video.", prototype: OutputSettings(),
            keys: [
                .bool("frames", \.frames, doc: "Write `frame_00000.png`, …"),
                .custom(
                    "video", docType: "string or list",
                    doc: "Videos encoded with ffmpeg, one file per format (`<scene>.<format>`).",
                    defaultDoc: "`\"mp4\"`", rangeDoc: "`mp4`, `webm`, `mov`, `gif`, `apng`, a list of them, or `none`",
                    decode: { d, n, at, output in output.video = try d.decodeVideo(n, at: at()) }),
                .number(
                    "scale", \.scale, range: .closed(0.01, 1), unit: nil,
                    doc:
                        "The videos' size as a fraction of the frames' (ffmpeg's lanczos resampling): `0.375` makes a 640 px wide render a 240 px GIF. PNG frames keep the canvas's size. `--output-scale` overrides it.",
                    rangeDoc: "0.01 … 1"),
                .integer(
                    "fps", \.fps,
                    range: .closed(Double(SceneRules.fpsRange.lowerBound), Double(SceneRules.fpsRange.upperBound)),
                    noun: "an integer",
                    doc:
                        "The videos' frame rate, frames taken by whole ticks (a 60 fps scene at 20 fps keeps every third). `--video-fps` overrides it.",
                    defaultDoc: "the scene's `fps`"),
            ])
    }
}

extension Key {
    /// The same key, documented and checked, but read by hand-written code.
    var readByHand: Key {
        var key = self
        key.decode = nil
        return key
    }

    /// The same key, documented but consumed before the decoder reads the mapping (so not among
    /// the keys it allows).
    var consumedBeforeDecoding: Key {
        var key = self
        key.doc.consumedBeforeDecoding = true
        return key
    }
}
