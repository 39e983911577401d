import Geometry

/// Reading a file as a tree of layers (`IconLoader.parseLayers`): a drawn element with an `id`
/// starts a layer. Its pieces are made in its own user space (the transform is reset where it
/// starts, and kept as the layer's place in its parent), its `opacity` becomes the layer's, and a
/// clip path or mask around its sublayers becomes the layer's mask. Elements copied by `<use>`,
/// in `<defs>` or inside a clip path or mask are never layers: they are drawn where they land.
extension IconBuilder {
    /// The state of a layered read.
    struct LayerRecorder {
        /// The bounds of the item the file is fitted into.
        var itemSize: Size
        /// The viewBox to the item's bounds: set when the root `<svg>` is read.
        var fit: Geometry.AffineTransform?
        var open: [OpenLayer] = []
        var records: [LayerRecord] = []
        /// Indexes into `records`: the layers outside every other.
        var top: [Int] = []

        init(itemSize: Size) { self.itemSize = itemSize }
    }

    struct OpenLayer {
        /// `styles.count` once the element's style was pushed: the layer closes when it pops.
        var depth: Int
        var id: String
        var line: Int
        var start: Int
        var toParent: Geometry.AffineTransform
        var opacity: Double
        var mask: Range<Int>? = nil
        var children: [Int] = []
    }

    /// Elements that may be layers: what draws, and the groups around what draws.
    static let layerElements: Set<String> = shapes.union(["g", "a", "switch", "use", "image", "text"])

    /// Starts a layer when `element` is one, before its style is pushed: the style's transform
    /// becomes the layer's place and is reset (or, for a transform that skews, reset to its
    /// linear part, which the layer's pieces then carry), and its opacity becomes the layer's.
    func beginLayer(_ element: String, _ attributes: [String: String], style: inout Style) {
        guard var recorder = layers, let id = attributes["id"], !id.isEmpty, Self.layerElements.contains(element),
            replaying.isEmpty, mode == .drawing
        else { return }
        var t = style.transform
        if recorder.open.isEmpty {
            if recorder.fit == nil, let viewBox {
                recorder.fit = rootAspectRatio.fit(viewBox, into: recorder.itemSize)
            }
            t = t.concatenating(recorder.fit ?? .identity)
        }
        // A rotation after a scale along the layer's axes: the columns of the linear part are
        // perpendicular and it has an inverse. Anything else is drawn into the pieces.
        let norm = t.a * t.a + t.b * t.b + t.c * t.c + t.d * t.d
        let decomposable = abs(t.a * t.c + t.b * t.d) <= 1e-12 * norm && abs(t.a * t.d - t.b * t.c) > 1e-12 * norm
        let linear = Geometry.AffineTransform(a: t.a, b: t.b, c: t.c, d: t.d, tx: 0, ty: 0)
        style.transform = decomposable ? .identity : linear
        recorder.open.append(
            OpenLayer(
                depth: styles.count + 1, id: id, line: parser?.lineNumber ?? 0, start: pieces.count,
                toParent: decomposable ? t : Geometry.AffineTransform(translationX: t.tx, y: t.ty),
                opacity: style.opacity))
        style.opacity = 1
        layers = recorder
    }

    /// Closes the layer opened at `depth`, if it is the innermost open one.
    func endLayer(at depth: Int) {
        guard var recorder = layers, let layer = recorder.open.last, layer.depth == depth else { return }
        recorder.open.removeLast()
        recorder.records.append(
            LayerRecord(
                id: layer.id, line: layer.line, toParent: layer.toParent, opacity: layer.opacity,
                pieces: layer.start..<pieces.count, mask: layer.mask, children: layer.children))
        let index = recorder.records.count - 1
        if recorder.open.isEmpty {
            recorder.top.append(index)
        } else {
            recorder.open[recorder.open.count - 1].children.append(index)
        }
        layers = recorder
    }

    /// After a group closed: when it composited layers with its own clip, mask, opacity or
    /// viewport, only a layer's own clip path or mask around its sublayers can stand, and it
    /// becomes that layer's mask; anything else would composite sublayers with what is beside
    /// them, which items cannot, and is refused.
    func adoptGroups(of frame: GroupFrame, madeAfter groupsBefore: Int) {
        guard let recorder = layers, error == nil, recorder.records.count > frame.layersBefore,
            groups.count > groupsBefore
        else { return }
        let group = groups[groupsBefore]
        let maskHasGroups = groups.contains { g in group.mask.map { $0.contains(g.extent.lowerBound) } ?? false }
        if let owner = recorder.open.last, owner.depth == frame.depth, groups.count == groupsBefore + 1,
            group.opacity == 1, let mask = group.mask, group.pieces.lowerBound == frame.start, !maskHasGroups
        {
            groups.removeLast()
            layers?.open[recorder.open.count - 1].mask = mask
            return
        }
        let inner = recorder.records[frame.layersBefore].id
        fail(
            "an element with a clip-path, mask, filter, opacity, isolation or clipped viewport holds the layer '\(inner)': a layer cannot be composited with what is beside it; expected the clip-path or mask on an element with an id of its own (a layer), and opacity on the layer itself or on its content"
        )
    }

    /// For the pieces of `range` inside layers closed within it, the map from their layer's
    /// content space to the space `range` is drawn in (a layer's pieces are in its own space);
    /// empty when no layer closed within it.
    func layerSpaces(in range: Range<Int>) -> [Int: Geometry.AffineTransform] {
        var spaces: [Int: Geometry.AffineTransform] = [:]
        // The layers inside `range` closed last of all (a layer closed earlier ends where the
        // range starts), so the walk goes back from the last and stops at the first outside;
        // walking back meets a piece's outer layers first, so each maps after those inside it.
        for record in (layers?.records ?? []).reversed() {
            if record.pieces.lowerBound < range.lowerBound { break }
            guard record.pieces.upperBound <= range.upperBound else { continue }
            for i in record.pieces { spaces[i] = record.toParent.concatenating(spaces[i] ?? .identity) }
        }
        return spaces
    }
}
