import SceneModel

/// Turns a `LayerRecorder`'s per-tick samples into the Lottie document: one shape layer per
/// identity (top first, as Lottie lists them), each property a constant or fitted keyframes.
struct LottieDocumentWriter {
    let scene: Scene
    var recorder: LayerRecorder
    private var keyframes = 0
    private var keyframesAtEveryTick = 0
    /// Embedded images by their identity, in the order first used.
    var assets: [(identity: String, json: LottieJSON)] = []
    /// The Lottie files embedded so far, by their hash (`lottieContent(of:)`).
    var lottieContents: [String: LottieContent] = [:]
    /// Each identity's shape layer is `ind` its place in the drawing order, so a child can name
    /// its parent before the parent's layer is written; every other layer takes the next free one.
    let mainIndexes: [String: Int]
    var nextIndex: Int

    init(scene: Scene, recorder: LayerRecorder) {
        self.scene = scene
        self.recorder = recorder
        mainIndexes = Dictionary(uniqueKeysWithValues: recorder.order.enumerated().map { ($1, $0 + 1) })
        nextIndex = recorder.order.count + 1
    }

    /// Where a layer goes: its `ind`, and the layer it is parented to (`Parent`), if any.
    struct Place {
        var index: Int
        var parent: Parent?
    }

    /// Lottie parenting: the parent's shape layer and its decomposed transform on every tick,
    /// which the child's own transform is taken relative to.
    struct Parent {
        var index: Int
        var transforms: [[Double]]
    }

    mutating func freshPlace(parent: Parent? = nil) -> Place {
        defer { nextIndex += 1 }
        return Place(index: nextIndex, parent: parent)
    }

    typealias Tolerance = LottieExport.Tolerance

    func export() throws -> LottieExport {
        var writer = self
        var layers = try writer.layers(of: recorder.order, inside: [])
        if let background = writer.background(at: writer.freshPlace()) { layers.append(background) }
        let size = scene.canvas.size
        let document = LottieJSON.object([
            ("v", .string("5.7.4")), ("fr", .integer(scene.fps)), ("ip", .integer(0)),
            ("op", .integer(recorder.ticks)), ("w", .integer(Int(size.width.rounded(.up)))),
            ("h", .integer(Int(size.height.rounded(.up)))), ("nm", .string(scene.name)), ("ddd", .integer(0)),
            ("assets", .array(writer.assets.map(\.json))), ("layers", .array(layers)),
        ])
        return LottieExport(
            document: document, warnings: writer.recorder.warnings, frameCount: recorder.ticks,
            keyframes: writer.keyframes, keyframesAtEveryTick: writer.keyframesAtEveryTick, layerCount: layers.count)
    }

    /// Identity `id`'s layers, top first: content images (each under the content drawn over
    /// it), its shape layer, its image fill (its body is clear there), its shadow; all parented
    /// to its item's parent when that is one of `direct` (`parent(of:drawn:among:)`).
    mutating func identityLayers(_ id: String, parentedAmong direct: Set<String>) throws -> [LottieJSON] {
        var layers: [LottieJSON] = []
        let (samples, present) = filled(id)
        let parent = parent(of: id, drawn: samples, among: direct)
        let slots = samples.map(\.images.count).max() ?? 0
        let isFill = (0..<slots).map { slot in
            samples.contains { $0.images.indices.contains(slot) && $0.images[slot].isFill }
        }
        for (n, slot) in (0..<slots).filter({ !isFill[$0] }).enumerated().reversed() {
            let over = contentGroups(samples, imagesBelow: n + 1)
            if !over.isEmpty {
                layers.append(
                    shapeLayer("\(id) over image \(n)", shapes: over, samples, present, at: freshPlace(parent: parent)))
            }
            layers.append(try imageLayer(id, slot: slot, samples, present, at: freshPlace(parent: parent)))
        }
        layers.append(layer(id, samples, present, at: Place(index: mainIndexes[id] ?? 0, parent: parent)))
        for slot in 0..<slots where isFill[slot] {
            layers.append(try imageLayer(id, slot: slot, samples, present, at: freshPlace(parent: parent)))
        }
        if samples.contains(where: { $0.shadow != nil }) {
            layers.append(shadowLayer(id, samples, present, at: freshPlace(parent: parent)))
        }
        return layers
    }

    /// The samples of `id` on every tick: a tick it is not drawn on takes the nearest drawn one's
    /// (the layer is then at opacity 0), so its other properties do not jump for nothing.
    func filled(_ id: String) -> (samples: [RectSample], present: [Bool]) {
        let byTick = recorder.samples[id] ?? [:]
        let present = (0..<recorder.ticks).map { byTick[$0] != nil }
        guard let first = (0..<recorder.ticks).first(where: { present[$0] }) else { return ([], present) }
        var samples: [RectSample] = []
        var last = byTick[first]!
        for tick in 0..<recorder.ticks {
            if let s = byTick[tick] { last = s }
            samples.append(last)
        }
        return (samples, present)
    }

    /// Identity `id` as a shape layer, from its samples on every tick (`filled`).
    private mutating func layer(_ id: String, _ samples: [RectSample], _ present: [Bool], at place: Place) -> LottieJSON
    {
        var shapes = contentGroups(samples, imagesBelow: 0)
        if samples.contains(where: { $0.border != nil }) { shapes.append(borderGroup(samples)) }
        shapes.append(bodyGroup(samples))
        return shapeLayer(id, shapes: shapes, samples, present, at: place)
    }

    /// The shadow of identity `id` as a shape layer under its others: one group per ring, each
    /// filled at its alpha (0 on ticks without a shadow, where the rings keep their last shape).
    private mutating func shadowLayer(
        _ id: String, _ samples: [RectSample], _ present: [Bool], at place: Place
    ) -> LottieJSON {
        guard let first = samples.compactMap(\.shadow).first else {
            preconditionFailure("a shadow layer without a shadow")
        }
        var last = first
        let shadows = samples.map { sample in
            if let shadow = sample.shadow { last = shadow }
            return sample.shadow ?? last.hidden
        }
        let shapes = (0..<ShadowSample.steps).map { k in
            group(
                "shadow \(k)",
                [
                    path(shadows.map { [$0.rings[k]] }, contour: 0),
                    fill(shadows.map { $0.color + [$0.alphas[k]] }, evenOdd: false),
                ], opacity: Array(repeating: 1, count: samples.count))
        }
        return shapeLayer(id + " shadow", shapes: shapes, samples, present, at: place)
    }

    /// A shape layer of `shapes` placed, shown and clipped as identity `id`'s samples say.
    private mutating func shapeLayer(
        _ name: String, shapes: [LottieJSON], _ samples: [RectSample], _ present: [Bool], at place: Place
    ) -> LottieJSON {
        let ks = layerTransform(
            opacity: zip(present, samples).map { $0 && !$1.isClippedAway ? 100 : 0 }, samples.map(\.transform),
            parent: place.parent)
        var members: [(String, LottieJSON)] = [
            ("ddd", .integer(0)), ("ind", .integer(place.index)), ("ty", .integer(4)), ("nm", .string(name)),
            ("sr", .integer(1)), ("ks", ks), ("ao", .integer(0)),
        ]
        if let parent = place.parent { members.append(("parent", .integer(parent.index))) }
        let clips = clipMasks(samples.map(\.clips), firstMode: "a")
        if !clips.isEmpty {
            members.append(("hasMask", .bool(true)))
            members.append(("masksProperties", .array(clips)))
        }
        members += [
            ("shapes", .array(shapes)), ("ip", .integer(0)), ("op", .integer(recorder.ticks)), ("st", .integer(0)),
            ("bm", .integer(0)),
        ]
        return .object(members)
    }

    /// How the Pipeline names the frames of an item's Lottie animation (`PreparedLottie`).
    static let lottieFrameIdentity = "lottie-"

    /// Image `slot` of identity `id` as an image layer: placed by its transform, masked by the
    /// shape it fills (added) and its clips (intersected). A `lottie:` item's frames are a precomp
    /// layer of the file's own layers instead, time-remapped to the frame shown on every tick
    /// (`lottieContent(of:)`), where the file can be embedded.
    private mutating func imageLayer(
        _ id: String, slot: Int, _ samples: [RectSample], _ present: [Bool], at place: Place
    ) throws -> LottieJSON {
        let images = samples.map { $0.images.indices.contains(slot) ? $0.images[slot] : nil }
        guard var first = images.compactMap({ $0 }).first else { preconditionFailure("an image slot without an image") }
        let isLottie = first.image.identity.hasPrefix(Self.lottieFrameIdentity)
        let content = isLottie ? lottieContent(of: first.image.identity) : nil
        if content == nil, images.contains(where: { $0 != nil && $0!.image.identity != first.image.identity }) {
            if isLottie {
                // Lottie content that cannot be embedded: its last frame is the state it settles in.
                first = images.compactMap({ $0 }).last ?? first
                recorder.warn(
                    id, "its Lottie animation is exported as its last frame; hand on the Lottie file itself")
            } else {
                recorder.warn(id, "it shows different images over time; the export keeps the first")
            }
        }
        var filled = images.map { $0 ?? first }
        var members: [(String, LottieJSON)]
        if let content {
            filled = filled.map { $0.inComposition(width: content.width, height: content.height) }
            let frames = images.map { $0.flatMap { Self.lottieFrame(of: $0.image.identity) } }
            members = [
                ("ty", .integer(0)), ("nm", .string("\(id) lottie \(slot)")), ("refId", .string(content.assetID)),
                ("tm", timeRemap(frames, firstFrame: content.firstFrame)),
                ("w", .integer(content.width)), ("h", .integer(content.height)),
            ]
        } else {
            let assetID: String
            if let known = assets.firstIndex(where: { $0.identity == first.image.identity }) {
                assetID = "image_\(known)"
            } else {
                assetID = "image_\(assets.count)"
                assets.append((first.image.identity, try LottieImageAsset.json(first.image, id: assetID)))
            }
            members = [("ty", .integer(2)), ("nm", .string("\(id) image \(slot)")), ("refId", .string(assetID))]
        }
        let shown = zip(images, present).map { image, drawn in
            guard drawn, let image, !LottieBezier.intersectToNothing(image.masks + image.clips) else { return 0.0 }
            return image.opacity * 100
        }
        let ks = layerTransform(opacity: shown, filled.map(\.transform), parent: place.parent)
        let maskCount = filled.map(\.masks.count).max() ?? 0
        var masks: [LottieJSON] = []
        for k in 0..<maskCount {
            masks.append(
                mask(
                    shapeProperty(filled.map { $0.masks.indices.contains(k) ? $0.masks[k] : .nothing }), mode: "a",
                    name: "shape \(k)"))
        }
        masks += clipMasks(filled.map(\.clips), firstMode: masks.isEmpty ? "a" : "i")
        return .object(
            [("ddd", .integer(0)), ("ind", .integer(place.index))] + members + [
                ("sr", .integer(1)), ("ks", ks), ("ao", .integer(0)),
            ] + (place.parent.map { [("parent", LottieJSON.integer($0.index))] } ?? []) + [
                ("hasMask", .bool(!masks.isEmpty)), ("masksProperties", .array(masks)), ("ip", .integer(0)),
                ("op", .integer(recorder.ticks)), ("st", .integer(0)), ("bm", .integer(0)),
            ])
    }

    /// A layer's transform (`ks`) from its opacity (percent) and decomposed transform
    /// (`RectSample.decompose`) on every tick. One position track with one easing per segment
    /// for both axes: Lottie's split position (`s: true` with `x` and `y`) would let each axis
    /// ease on its own, but rlottie plays it wrong when both axes are animated with keyframes at
    /// different ticks.
    /// With a parent, the transform is the parent's inverse followed by the layer's own, so that
    /// the player's parent-then-child composition gives back the layer's; its position and scale
    /// are fitted within the tolerance divided by the parent's largest scale, which magnifies
    /// their errors on the canvas (a scroll view's content is drawn at the canvas's scale).
    private mutating func layerTransform(opacity: [Double], _ composed: [[Double]], parent: Parent?) -> LottieJSON {
        let transform = parent.map { zip(composed, $0.transforms).map { RectSample.relative($0, to: $1) } } ?? composed
        let gain = parent?.transforms.map { max(abs($0[3]), abs($0[4])) / 100 }.max() ?? 1
        return .object([
            ("o", opacityProperty(opacity)),
            ("r", property(Self.unwrapped(transform.map { $0[2] }).map { [$0] }, Tolerance.angle)),
            ("p", property(transform.map { [$0[0], $0[1]] }, Tolerance.position / gain)),
            ("a", Self.still(.numbers([0, 0, 0]))),
            ("s", property(transform.map { [$0[3], $0[4], 100] }, Tolerance.scale / gain)),
            ("sk", property(transform.map { [$0[5]] }, Tolerance.angle)),
            ("sa", Self.still(.integer(0))),
        ])
    }

    /// Angles made continuous, so a turn through ±180° is not a spin the other way.
    static func unwrapped(_ angles: [Double]) -> [Double] {
        var out = angles
        for k in out.indices.dropFirst() {
            while out[k] - out[k - 1] > 180 { out[k] -= 360 }
            while out[k] - out[k - 1] < -180 { out[k] += 360 }
        }
        return out
    }

    private mutating func bodyGroup(_ samples: [RectSample]) -> LottieJSON {
        let gradients = samples.compactMap(\.gradient)
        let paint: LottieJSON
        if gradients.count == samples.count, gradients.allSatisfy({ $0.radial == gradients[0].radial }) {
            paint = gradientFill(gradients)
        } else {
            paint = fill(samples.map(\.fill), evenOdd: false)
        }
        return group("body", [path(samples.map { [$0.body] }, contour: 0), paint], opacity: samples.map(\.bodyOpacity))
    }

    /// Lottie's gradient fill (`gf`): the points and the stops each a track; a change in the
    /// number of stops holds, then jumps.
    private mutating func gradientFill(_ gradients: [RectSample.GradientSample]) -> LottieJSON {
        let stops = KeyframeFit.track(
            gradients.map(\.stops), tolerance: Tolerance.color, shapes: gradients.map { [$0.stopCount] }, bounds: 0...1)
        count(stops)
        let stopsJSON: LottieJSON
        switch stops {
        case .constant(let v): stopsJSON = Self.still(.numbers(v))
        case .animated(let keys): stopsJSON = animated(keys) { .numbers($0.value) }
        }
        return .object([
            ("ty", .string("gf")), ("o", Self.still(.integer(100))), ("r", .integer(1)),
            ("s", property(gradients.map { Array($0.points[0..<2]) }, Tolerance.position)),
            ("e", property(gradients.map { Array($0.points[2..<4]) }, Tolerance.position)),
            ("t", .integer(gradients[0].radial ? 2 : 1)),
            ("g", .object([("p", .integer(gradients[0].stopCount)), ("k", stopsJSON)])), ("nm", .string("gradient")),
        ])
    }

    private mutating func borderGroup(_ samples: [RectSample]) -> LottieJSON {
        let outlines = samples.map { $0.border.map { [$0.outline] } ?? [] }
        let colors = samples.map { $0.border?.color ?? [0, 0, 0, 0] }
        let stroke = LottieJSON.object([
            ("ty", .string("st")), ("c", colorProperty(colors)),
            ("o", opacityProperty(colors.map { $0[3] * 100 })),
            ("w", property(samples.map { [$0.border?.width ?? 0] }, Tolerance.position)),
            ("lc", .integer(1)), ("lj", .integer(1)), ("ml", .integer(10)), ("nm", .string("border")),
        ])
        return group("border", [path(outlines, contour: 0), stroke], opacity: samples.map(\.bodyOpacity))
    }

    /// The content paths with `imagesBelow` content images under them, top first (Lottie draws
    /// a group's items last to first); none when no tick has such a piece.
    private mutating func contentGroups(_ samples: [RectSample], imagesBelow: Int) -> [LottieJSON] {
        let slots = samples.map(\.content.count).max() ?? 0
        var groups: [LottieJSON] = []
        for slot in (0..<slots).reversed() {
            let pieces = samples.map {
                $0.content.indices.contains(slot) && $0.content[slot].imagesBelow == imagesBelow
                    ? $0.content[slot] : nil
            }
            guard pieces.contains(where: { $0 != nil }) else { continue }
            let opacity = pieces.map { $0?.opacity ?? 0 }
            let strokes = pieces.compactMap { $0?.stroke }
            if strokes.count == pieces.compactMap({ $0 }).count, let first = strokes.first {
                let filledStrokes = pieces.map { $0?.stroke ?? first }
                groups.append(
                    strokeGroup(
                        slot, filledStrokes, colors: pieces.map { $0?.color ?? [0, 0, 0, 0] }, opacity: opacity))
                continue
            }
            let contours = pieces.map { $0?.contours ?? [] }
            let count = contours.map(\.count).max() ?? 0
            var items: [LottieJSON] = (0..<count).map { path(contours, contour: $0) }
            let evenOdd = pieces.contains { $0?.evenOdd == true }
            items.append(fill(pieces.map { $0?.color ?? [0, 0, 0, 0] }, evenOdd: evenOdd))
            groups.append(group("content \(slot)", items, opacity: opacity))
        }
        return groups
    }

    /// A shape layer's stroke as Lottie strokes it: the centre line, a trim path for
    /// `strokeStart`/`strokeEnd` (the whole path measured as one, `m: 2`), then the stroke with its
    /// caps, joins and dashes.
    private mutating func strokeGroup(
        _ slot: Int, _ strokes: [RectSample.StrokeSample], colors: [[Double]], opacity: [Double]
    ) -> LottieJSON {
        let count = strokes.map(\.centerline.count).max() ?? 0
        var items: [LottieJSON] = (0..<count).map { path(strokes.map(\.centerline), contour: $0) }
        if strokes.contains(where: { $0.trim != [0, 100] }) {
            items.append(
                .object([
                    ("ty", .string("tm")),
                    ("s", opacityProperty(strokes.map { $0.trim[0] })),
                    ("e", opacityProperty(strokes.map { $0.trim[1] })),
                    ("o", Self.still(.integer(0))), ("m", .integer(2)),
                    ("nm", .string("trim")),
                ]))
        }
        let first = strokes[0]
        var stroke: [(String, LottieJSON)] = [
            ("ty", .string("st")), ("c", colorProperty(colors)),
            ("o", opacityProperty(colors.map { $0[3] * 100 })),
            ("w", property(strokes.map { [$0.width] }, Tolerance.position)), ("lc", .integer(first.cap)),
            ("lj", .integer(first.join)), ("ml", .number(first.miterLimit)), ("nm", .string("stroke")),
        ]
        if !first.dashes.isEmpty, strokes.allSatisfy({ $0.dashes.count == first.dashes.count }) {
            let names = (0..<(first.dashes.count - 1)).map { $0 % 2 == 0 ? "d" : "g" } + ["o"]
            stroke.append(
                (
                    "d",
                    .array(
                        names.enumerated().map { k, name in
                            .object([
                                ("n", .string(name)), ("nm", .string(name)),
                                ("v", property(strokes.map { [$0.dashes[k]] }, Tolerance.position)),
                            ])
                        })
                ))
        }
        items.append(.object(stroke))
        return group("stroke \(slot)", items, opacity: opacity)
    }

    private mutating func fill(_ colors: [[Double]], evenOdd: Bool) -> LottieJSON {
        .object([
            ("ty", .string("fl")), ("c", colorProperty(colors)),
            ("o", opacityProperty(colors.map { $0[3] * 100 })),
            ("r", .integer(evenOdd ? 2 : 1)),
            ("nm", .string("fill")),
        ])
    }

    private mutating func group(_ name: String, _ items: [LottieJSON], opacity: [Double]) -> LottieJSON {
        let transform = LottieJSON.object([
            ("ty", .string("tr")), ("p", Self.still(.numbers([0, 0]))), ("a", Self.still(.numbers([0, 0]))),
            ("s", Self.still(.numbers([100, 100]))), ("r", Self.still(.integer(0))),
            ("o", opacityProperty(opacity.map { $0 * 100 })), ("sk", Self.still(.integer(0))),
            ("sa", Self.still(.integer(0))),
        ])
        return .object([("ty", .string("gr")), ("nm", .string(name)), ("it", .array(items + [transform]))])
    }

    /// Contour `contour` of each tick's outline as a Lottie path (`sh`); a tick without it has
    /// an empty path.
    private mutating func path(_ outlines: [[LottieBezier]], contour: Int) -> LottieJSON {
        let contours = outlines.map { $0.indices.contains(contour) ? $0[contour] : .nothing }
        return .object([
            ("ty", .string("sh")), ("ks", shapeProperty(contours)), ("nm", .string("path \(contour)")),
        ])
    }

    private func mask(_ path: LottieJSON, mode: String, name: String) -> LottieJSON {
        .object([
            ("inv", .bool(false)), ("mode", .string(mode)), ("pt", path),
            ("o", Self.still(.integer(100))),
            ("x", Self.still(.integer(0))), ("nm", .string(name)),
        ])
    }

    /// Ancestors' clips as masks, each tick's `clips[tick][k]` the k-th: intersected, the first
    /// taking `firstMode`. Still ones come before moving ones: rlottie drops an interpolated
    /// intersecting mask that another mask follows (a scrolled photo then shows unclipped).
    private mutating func clipMasks(_ clips: [[LottieBezier]], firstMode: String) -> [LottieJSON] {
        let count = clips.map(\.count).max() ?? 0
        var paths: [(name: String, path: LottieJSON, moves: Bool)] = []
        for k in 0..<count {
            let path = shapeProperty(clips.map { $0.indices.contains(k) ? $0[k] : .nothing })
            paths.append(("clip \(k)", path, path["a"] == .integer(1)))
        }
        let ordered = paths.filter { !$0.moves } + paths.filter(\.moves)
        return ordered.enumerated().map { k, clip in mask(clip.path, mode: k == 0 ? firstMode : "i", name: clip.name) }
    }

    /// A path property: the contours' numbers fitted as one vector a tick; a change in vertex
    /// count holds, then jumps.
    private mutating func shapeProperty(_ contours: [LottieBezier]) -> LottieJSON {
        let closed = contours.first?.closed ?? true
        let track = KeyframeFit.track(
            contours.map(\.vector), tolerance: Tolerance.position,
            shapes: contours.map { [$0.vertices.count, $0.closed ? 1 : 0] })
        count(track)
        switch track {
        case .constant(let v):
            return Self.still(LottieBezier.json(closed: closed, vector: v))
        case .animated(let keys):
            return animated(keys) { frame in
                .array([LottieBezier.json(closed: contours[frame.tick].closed, vector: frame.value)])
            }
        }
    }

    /// A plain property: a constant (a number for one dimension) or its fitted keyframes. An
    /// opacity or colour stays within its range at every tick.
    private mutating func property(
        _ samples: [[Double]], _ tolerance: Double, bounds: ClosedRange<Double>? = nil
    ) -> LottieJSON {
        let track = KeyframeFit.track(samples, tolerance: tolerance, bounds: bounds)
        count(track)
        switch track {
        case .constant(let v):
            return Self.still(v.count == 1 ? .number(v[0]) : .numbers(v))
        case .animated(let keys): return animated(keys) { .numbers($0.value) }
        }
    }

    /// A percentage (an opacity, a trim's end) on every tick, kept within 0…100 at every tick.
    mutating func opacityProperty(_ percents: [Double]) -> LottieJSON {
        property(percents.map { [$0] }, Tolerance.opacity, bounds: 0...100)
    }

    /// The red, green and blue of straight colours on every tick, each kept within 0…1, and an
    /// alpha of 1 (the opacity is its own property): four components, as Bodymovin writes them,
    /// since Qt's player takes a colour's alpha from the fourth and draws three-component fills
    /// clear.
    private mutating func colorProperty(_ colors: [[Double]]) -> LottieJSON {
        property(colors.map { Array($0.prefix(3)) + [1] }, Tolerance.color, bounds: 0...1)
    }

    /// A property that never changes.
    static func still(_ value: LottieJSON) -> LottieJSON { .object([("a", .integer(0)), ("k", value)]) }

    /// An animated property: its keyframes with `value` of each.
    private func animated(_ keys: [Keyframe], value: (Keyframe) -> LottieJSON) -> LottieJSON {
        .object([
            ("a", .integer(1)),
            (
                "k",
                .array(
                    keys.enumerated().map { k, frame in key(frame, value: value(frame), isLast: k == keys.count - 1) })
            ),
        ])
    }

    private mutating func count(_ track: Track) {
        keyframes += track.keyframeCount
        if case .animated = track { keyframesAtEveryTick += recorder.ticks }
    }

    /// A keyframe; the last one is a bare time and value (players read easing there as the start
    /// of a segment with no end: rlottie then plays the whole property wrong).
    private func key(_ key: Keyframe, value: LottieJSON, isLast: Bool) -> LottieJSON {
        var members: [(String, LottieJSON)] = [("t", .integer(key.tick)), ("s", value)]
        if isLast {
            return .object(members)
        } else if key.holds {
            members.append(("h", .integer(1)))
        } else {
            members.append(("o", .object([("x", .array([.fine(1.0 / 3)])), ("y", .array([.fine(key.easing.y1)]))])))
            members.append(("i", .object([("x", .array([.fine(2.0 / 3)])), ("y", .array([.fine(key.easing.y2)]))])))
        }
        return .object(members)
    }

    /// The canvas's background colour as the bottom layer (nil when it is clear).
    private mutating func background(at place: Place) -> LottieJSON? {
        guard recorder.backgrounds.contains(where: { $0[3] > 0 }) else { return nil }
        let size = scene.canvas.size
        var outline = LottieBezier(closed: true)
        outline.vertices = [.init(0, 0), .init(size.width, 0), .init(size.width, size.height), .init(0, size.height)]
        outline.inTangents = Array(repeating: .zero, count: 4)
        outline.outTangents = Array(repeating: .zero, count: 4)
        let ks = LottieJSON.object([
            ("o", Self.still(.integer(100))), ("r", Self.still(.integer(0))), ("p", Self.still(.numbers([0, 0, 0]))),
            ("a", Self.still(.numbers([0, 0, 0]))), ("s", Self.still(.numbers([100, 100, 100]))),
        ])
        let shapes = LottieJSON.array([
            group(
                "background",
                [
                    .object([
                        ("ty", .string("sh")),
                        ("ks", Self.still(LottieBezier.json(closed: true, vector: outline.vector))),
                    ]),
                    fill(recorder.backgrounds, evenOdd: false),
                ], opacity: Array(repeating: 1, count: recorder.ticks))
        ])
        return .object([
            ("ddd", .integer(0)), ("ind", .integer(place.index)), ("ty", .integer(4)), ("nm", .string("background")),
            ("sr", .integer(1)), ("ks", ks), ("ao", .integer(0)), ("shapes", shapes), ("ip", .integer(0)),
            ("op", .integer(recorder.ticks)), ("st", .integer(0)), ("bm", .integer(0)),
        ])
    }
}
