import Colors
import Geometry
import Icons
import SceneSyntax

/// `layers: { svg: screens/home.svg }`: a design screen read as a tree of layers
/// (`IconLoader.loadLayers`), each layer a child item, so that behaviours and animations can
/// move its parts by name.
/// `layers:` has one key, read by `SceneDecoder.decodeLayers` itself (the tree needs the item).
package struct LayersDraft {}

package enum LayersKeys {
    package static var spec: ObjectSpec<LayersDraft> {
        ObjectSpec(
            name: "layers", schemaPath: ["$defs", "item", "properties", "layers"], what: "a layered design",
            doc: "A design screen whose elements with an `id` become child items.", prototype: LayersDraft(),
            keys: [
                .custom(
                    "svg", docType: "string", required: "svg: screens/home.svg, relative to the scene's folder",
                    doc:
                        "An SVG file (a design tool's export) relative to the scene file, in the subset `icon:` reads; no absolute path, no `..` or symbolic link out.",
                    rangeDoc: "inside the scene's folder; the limits of `icon:`",
                    decode: { _, _, _, _ in })
            ])
    }
}

extension SceneDecoder {
    /// Reads `layers:` into `item`: the file's content outside every layer as its icon, and a
    /// child item for each layer in front of the children the file lists (sublayers draw after
    /// the layer's own content, and the file's children over the design).
    func decodeLayers(_ node: SourceNode, at path: String, into item: inout Item) throws {
        var draft = LayersKeys.spec.prototype
        let f = try decode(LayersKeys.spec, node, at: path, into: &draft)
        guard let svgNode = f["svg"] else { preconditionFailure("LayersKeys requires svg") }
        let svgPath = path + ".svg"
        if item.icon != nil {
            throw error(
                at: node, path,
                "an item with `icon:` cannot take `layers:` too; the layers' file draws the item's content",
                suggestion: "drop `icon:`, or put the layered design on an item of its own")
        }
        let (relative, target) = try fileInsideSceneFolder(
            svgNode, at: svgPath, kind: "layered SVG", example: "screens/home.svg")
        let tree: IconLayerTree
        var warnings: [IconWarning] = []
        do {
            tree = try IconLoader.loadLayers(
                path: target.path, name: relative, itemSize: item.size, fonts: icons.fonts, warnings: &warnings)
        } catch let e as IconError {
            throw error(at: svgNode, svgPath, "layered SVG \(e.description)")
        }
        noteIconWarnings(warnings, at: svgNode, svgPath, kind: "layered SVG")
        // Every layer draws its own pieces once: the file's shapes count once, as one icon's.
        icons.shapes += tree.content.pieces.count + tree.layers.reduce(0) { $0 + $1.pieceCount }
        if icons.shapes > limits.maxSVGElements {
            throw error(
                at: svgNode, svgPath,
                "layered SVG '\(relative)' brings the scene's icons to \(icons.shapes) SVG shapes; expected at most \(limits.maxSVGElements) in all",
                suggestion: "raise the limit with --max-svg-elements (SceneLimits.maxSVGElements in Swift)")
        }
        if !tree.content.pieces.isEmpty { item.icon = ItemIcon(file: relative, icon: tree.content) }
        var names = Set<String>()
        var made: [Item] = []
        for (k, layer) in tree.layers.enumerated() {
            let previous = k > 0 ? tree.layers[k - 1].name : nil
            made.append(
                try layerItem(
                    layer, parent: item.id, after: previous, file: relative, names: &names, node: svgNode, at: svgPath))
        }
        item.children = made + item.children
    }

    /// The item of one layer and its sublayers: named `<parent>.<id>` (the id made a valid item
    /// name), or `<parent>.after-<previous>` for the content drawn after a sibling layer.
    private func layerItem(
        _ layer: IconLayer, parent: String, after previous: String?, file: String, names: inout Set<String>,
        node: SourceNode, at path: String
    ) throws -> Item {
        let own = layer.name.map(Self.itemName) ?? "after-" + (previous.map(Self.itemName) ?? "start")
        let id = parent + "." + own
        guard names.insert(id).inserted else {
            throw error(
                at: node, path,
                "layered SVG '\(file)' line \(layer.line): the layer '\(layer.name ?? own)' would be the item '\(id)', which another layer of the file already is",
                suggestion: "give the elements ids that differ in letters, digits, '_' and '-'")
        }
        var item = Item(
            id: id, size: layer.size, center: layer.center, rotation: layer.rotation, fill: .clear,
            opacity: layer.opacity)
        item.scale = layer.scale
        item.icon = layer.content.map { ItemIcon(file: file, icon: $0) }
        for (k, sublayer) in layer.sublayers.enumerated() {
            let before = k > 0 ? layer.sublayers[k - 1].name : nil
            item.children.append(
                try layerItem(sublayer, parent: id, after: before, file: file, names: &names, node: node, at: path))
        }
        if let mask = layer.mask {
            var masking = Item(
                id: id + ".mask", size: layer.size, center: Point(layer.size.width / 2, layer.size.height / 2),
                fill: .clear)
            masking.icon = ItemIcon(file: file, icon: mask)
            masking.isMask = true
            names.insert(masking.id)
            item.children.append(masking)
        }
        return item
    }

    /// An SVG id as an item name (`[A-Za-z_][A-Za-z0-9_-]*`): other characters become `_`, and a
    /// leading digit or hyphen gets a `_` before it (Figma writes `Frame 12` as `Frame_12`, but
    /// other tools keep spaces and dots).
    static func itemName(_ id: String) -> String {
        var out = String(
            id.unicodeScalars.map { c -> Character in
                c.isASCII && (c.properties.isAlphabetic || ("0"..."9").contains(c) || c == "_" || c == "-")
                    ? Character(c) : "_"
            })
        if let first = out.unicodeScalars.first, !(first.properties.isAlphabetic || first == "_") { out = "_" + out }
        return out
    }
}

extension IconLayer {
    /// The pieces the layer and its sublayers draw, masks included.
    var pieceCount: Int {
        (content?.pieces.count ?? 0) + (mask?.pieces.count ?? 0) + sublayers.reduce(0) { $0 + $1.pieceCount }
    }
}
