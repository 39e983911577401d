import Geometry
import Raster
import SceneModel
import SceneSyntax
import Text

/// Every text item's layout, made once per render: text is set in the item's model bounds
/// (its width wraps the lines) and only moves, turns, fades or changes colour afterwards, so the
/// shaping and line breaking never run per frame.
struct SceneTexts {
    struct Entry {
        let layout: TextLayout
        /// Glyph outlines in font units (y up) with the transform to item-local points (origin at
        /// the bounds' top-left), drawn one filled path per glyph.
        let glyphs: [(path: Path, transform: AffineTransform, key: GlyphKey)]
    }

    private(set) var byID: [String: Entry] = [:]
    /// "item 'title': no font has U+0F00 …", one per missing character per item, in item order.
    private(set) var warnings: [String] = []

    init(scene: Scene, file: String) throws {
        // The walk with key paths (every parent's spelt) only for a scene with text.
        guard scene.containsItemWithAttributes(where: { $0.text != nil }) else { return }
        var items: [(item: Item, path: String)] = []
        scene.forEachItem { item, path, _ in if item.text != nil { items.append((item, path.description)) } }
        guard !items.isEmpty else { return }
        let registry = scene.fontRegistry
        // Set once for each different text: a list's rows repeat their labels, and a layout is
        // the same for the same string, style and box.
        var set: [Setting: Entry] = [:]
        set.reserveCapacity(items.count)
        byID.reserveCapacity(items.count)
        for (item, path) in items {
            guard let text = item.text else { continue }
            let setting = Setting(string: text.string, style: text.style, size: item.size)
            let entry: Entry
            if let done = set[setting] {
                entry = done
            } else {
                let layout: TextLayout
                do {
                    layout = try TextLayout.layout(
                        text.string, style: text.style, width: item.size.width, height: item.size.height,
                        registry: registry)
                } catch {
                    throw SceneError(file: file, keyPath: path + ".text", message: "\(error)")
                }
                // Labelled as `Entry.glyphs` is: an unlabelled tuple array was cast element by element.
                let glyphs = layout.glyphs.map { g in
                    (
                        path: g.face.outline(glyph: g.glyph), transform: g.transform,
                        key: GlyphKey(font: g.face.hashValue64, glyph: g.glyph)
                    )
                }
                entry = Entry(layout: layout, glyphs: glyphs)
                set[setting] = entry
            }
            byID[item.id] = entry
            warnings += entry.layout.warnings.map { "item '\(item.id)': \($0)" }
        }
    }

    /// What a layout depends on: the text, its style and the item's bounds.
    private struct Setting: Hashable {
        let string: String
        let style: TextStyle
        let size: Size
    }

    /// The font files the texts drew with, each once, sorted by path: what the manifest records.
    var fonts: [FontFace] {
        var seen: [String: FontFace] = [:]
        for entry in byID.values { for face in entry.layout.faces { seen[face.path] = face } }
        return seen.keys.sorted().compactMap { seen[$0] }
    }

    /// The item's glyphs as filled paths: `itemToPixels` maps the item's centre-origin local
    /// points to pixels; the text box's top-left is at (−size/2).
    func content(
        for id: String, size: Size, itemToPixels: AffineTransform, color: ColorRGBA8,
        opacity: Double, clips: [ClipShape]
    ) -> [DrawPath] {
        guard let entry = byID[id], color.a > 0 else { return [] }
        let box = AffineTransform(translationX: -size.width / 2, y: -size.height / 2).concatenating(itemToPixels)
        return entry.glyphs.compactMap { glyph in
            glyph.path.isEmpty
                ? nil
                : DrawPath(
                    path: glyph.path, transform: glyph.transform.concatenating(box), fillRule: .nonZero,
                    paint: .solid(color), opacity: opacity, clips: clips, glyph: glyph.key)
        }
    }
}
