import Determinism
import Foundation
import Geometry

/// A design screen read as a tree of layers (`layers: { svg: }` on an item): every drawn element
/// with an `id` becomes a layer of its own, so a scene can move, fade, mask or flip it; what has
/// no id stays drawn in its nearest layer. The geometry is already an item's: each layer's
/// bounds, centre and transform are given in its parent's bounds, the top level in the bounds of
/// the item the file was fitted into.
public struct IconLayerTree: Equatable, Sendable {
    /// What the item itself draws: the file's content that lies in no layer and comes before the
    /// first one, fitted as an `icon:` is.
    public var content: Icon
    /// The top-level layers in document order (paint order), with the runs of content drawn
    /// after them.
    public var layers: [IconLayer]

    /// How many layers the tree holds, at every depth, masks not counted.
    public var count: Int { layers.reduce(0) { $0 + $1.count } }
}

/// One layer of an `IconLayerTree`: an item's worth of geometry and what it draws.
public struct IconLayer: Equatable, Sendable {
    /// The element's `id`; nil for a run of its parent's content that comes after a sibling
    /// layer (Core Animation draws a layer's own content under all its sublayers, so content that
    /// SVG paints over a layer needs a layer of its own, after it).
    public var name: String?
    /// The element's line in the file (the line of the first element of a run).
    public var line: Int
    /// The bounds: the element's geometric bounding box in its own user space (SVG's `getBBox`,
    /// its sublayers included); at least `IconLayer.minimumSide` a side.
    public var size: Size
    /// Where the middle of the bounds lands in the parent's bounds (origin at their top-left).
    public var center: Point
    /// The element's transform decomposed, turning and scaling about the centre: a rotation,
    /// clockwise with y down, after a scale along the layer's own axes. A transform that skews
    /// cannot be so decomposed: its linear part is then drawn into the content, and these are
    /// the identity.
    public var rotation: Angle
    public var scale: Point
    /// Group opacity (the element's `opacity`), composited once as `allowsGroupOpacity` does.
    public var opacity: Double
    /// What the layer draws of its own, in its bounds (viewBox: the bounds in user space); nil
    /// for none.
    public var content: Icon?
    /// The element's `clip-path` or `mask` when it holds sublayers, as a mask layer over its
    /// bounds (`CALayer.mask`); a clip or mask on a layer without sublayers stays in `content`.
    public var mask: Icon?
    public var sublayers: [IconLayer]

    /// The smallest side a layer's bounds take (an item's smallest), so that a line or an empty
    /// group still has bounds to turn about.
    public static let minimumSide = 0.05

    public var count: Int { 1 + sublayers.reduce(0) { $0 + $1.count } }
}

/// A layer as the builder closes it, before the tree is assembled (IconBuilder+Layers.swift).
struct LayerRecord {
    var id: String
    var line: Int
    /// Its content space (where its pieces are) to its parent's content space; for a top-level
    /// layer, to the bounds of the item the file is fitted into.
    var toParent: Geometry.AffineTransform
    var opacity: Double
    /// All its pieces, its sublayers' and its mask's included.
    var pieces: Range<Int>
    var mask: Range<Int>?
    /// Indexes into the records: its sublayers in document order.
    var children: [Int]
}

/// Turns the builder's records and pieces into an `IconLayerTree`: each layer's own pieces cut
/// into runs between its sublayers, its bounds from its runs and its sublayers' bounds, and its
/// geometry relative to its parent's bounds.
struct LayerAssembly {
    let pieces: [IconPiece]
    let groups: [IconGroup]
    let records: [LayerRecord]
    let hash: String
    /// `Icon.fontKey` of every part.
    let fontKey: UInt64
    let itemSize: Size
    /// Bounds of each record in its content space, filled children first (a record's children
    /// close before it, so they come earlier in `records`).
    private var bounds: [Rect] = []

    init(
        pieces: [IconPiece], groups: [IconGroup], records: [LayerRecord], hash: String, fontKey: UInt64 = 0,
        itemSize: Size
    ) {
        self.pieces = pieces
        self.groups = groups
        self.records = records
        self.hash = hash
        self.fontKey = fontKey
        self.itemSize = itemSize
        for record in records {
            var box = Rect.null
            for run in runs(of: record.pieces, children: record.children, mask: record.mask) {
                box = box.union(Self.geometricBounds(of: run, pieces: pieces, groups: groups))
            }
            for child in record.children { box = box.union(Self.mapped(bounds[child], by: records[child].toParent)) }
            bounds.append(Self.atLeastMinimum(box))
        }
    }

    /// The tree: the item's own content and its top-level layers, in a file of `viewBox` fitted
    /// by `aspectRatio` into an item of `itemSize`.
    func tree(top: [Int], viewBox: Rect, aspectRatio: SVGAspectRatio) -> IconLayerTree {
        let runs = runs(of: 0..<pieces.count, children: top, mask: nil)
        let itemBounds = Rect(x: 0, y: 0, width: itemSize.width, height: itemSize.height)
        func whole(_ run: Range<Int>) -> Icon {
            icon(run, viewBox: viewBox, aspectRatio: aspectRatio)
        }
        var layers: [IconLayer] = []
        for (k, child) in top.enumerated() {
            layers.append(layer(child, parentOrigin: .zero))
            let after = runs[k + 1]
            if !after.isEmpty {
                layers.append(run(whole(after), line: records[child].line, in: itemBounds))
            }
        }
        return IconLayerTree(content: whole(runs[0]), layers: layers)
    }

    private func layer(_ index: Int, parentOrigin: Point) -> IconLayer {
        let record = records[index]
        let box = bounds[index]
        let t = record.toParent
        let sx = (t.a * t.a + t.b * t.b).squareRoot()
        let (rotation, scale) =
            sx > 0 ? (Angle.radians(atan2(t.b, t.a)), Point(sx, (t.a * t.d - t.b * t.c) / sx)) : (.zero, Point(1, 1))
        let runs = runs(of: record.pieces, children: record.children, mask: record.mask)
        let none = SVGAspectRatio(align: nil, slice: false)
        var sublayers: [IconLayer] = []
        for (k, child) in record.children.enumerated() {
            sublayers.append(layer(child, parentOrigin: box.origin))
            if !runs[k + 1].isEmpty {
                sublayers.append(
                    run(icon(runs[k + 1], viewBox: box, aspectRatio: none), line: records[child].line, in: box))
            }
        }
        let center = t.apply(to: box.center)
        return IconLayer(
            name: record.id, line: record.line, size: box.size,
            center: Point(center.x - parentOrigin.x, center.y - parentOrigin.y), rotation: rotation, scale: scale,
            opacity: record.opacity, content: runs[0].isEmpty ? nil : icon(runs[0], viewBox: box, aspectRatio: none),
            mask: record.mask.map { icon($0, viewBox: box, aspectRatio: none) }, sublayers: sublayers)
    }

    /// The content of a layer drawn after one of its sublayers: its parent's bounds, unmoved.
    private func run(_ content: Icon, line: Int, in box: Rect) -> IconLayer {
        IconLayer(
            name: nil, line: line, size: box.size, center: Point(box.width / 2, box.height / 2), rotation: .zero,
            scale: Point(1, 1), opacity: 1, content: content, mask: nil, sublayers: [])
    }

    /// The pieces of `range` that are its own, cut at each child: before the first child, between
    /// each pair, and after the last (the mask's pieces, at the end, left out).
    private func runs(of range: Range<Int>, children: [Int], mask: Range<Int>?) -> [Range<Int>] {
        var out: [Range<Int>] = []
        var start = range.lowerBound
        for child in children {
            out.append(start..<records[child].pieces.lowerBound)
            start = records[child].pieces.upperBound
        }
        out.append(start..<(mask?.lowerBound ?? range.upperBound))
        return out
    }

    /// An icon of the pieces of `run` and the groups that lie in it (the builder refuses a group
    /// that reaches across a layer's edge).
    private func icon(_ run: Range<Int>, viewBox: Rect, aspectRatio: SVGAspectRatio) -> Icon {
        let shift = run.lowerBound
        let inside = groups.filter { run.contains($0.extent.lowerBound) && $0.extent.upperBound <= run.upperBound }
        // The part's pieces depend on the file, where they start, and the item's size (a
        // transform that skews is drawn into them with the fit).
        var key = FNV1a64()
        key.combine(Array(hash.utf8))
        for word in [UInt64(run.lowerBound), itemSize.width.bitPattern, itemSize.height.bitPattern] {
            key.combine(littleEndian: word)
        }
        return Icon(
            viewBox: viewBox, pieces: Array(pieces[run]),
            groups: inside.map {
                IconGroup(
                    pieces: ($0.pieces.lowerBound - shift)..<($0.pieces.upperBound - shift), opacity: $0.opacity,
                    mask: $0.mask.map { ($0.lowerBound - shift)..<($0.upperBound - shift) })
            },
            hash: hash, part: key.value | 1, fontKey: fontKey, aspectRatio: aspectRatio)
    }

    /// The box of the paths of `run`'s pieces that are drawn (a group's mask pieces left out).
    static func geometricBounds(of run: Range<Int>, pieces: [IconPiece], groups: [IconGroup]) -> Rect {
        var masks = Set<Int>()
        for group in groups { if let m = group.mask, run.contains(m.lowerBound) { masks.formUnion(m) } }
        var box = Rect.null
        for i in run where !masks.contains(i) { box = box.union(pieces[i].path.bounds) }
        return box
    }

    /// The box around `box`'s corners under `t` (none for none).
    static func mapped(_ box: Rect, by t: Geometry.AffineTransform) -> Rect {
        box == .null ? .null : boundingBox(of: box, under: t)
    }

    /// `box` grown about its middle to `IconLayer.minimumSide` a side where it is thinner; an
    /// empty layer's box is that square about its origin.
    static func atLeastMinimum(_ box: Rect) -> Rect {
        let side = IconLayer.minimumSide
        guard box != .null else { return Rect(center: .zero, size: Size(side, side)) }
        return Rect(center: box.center, size: Size(max(box.width, side), max(box.height, side)))
    }
}
