import FuzzDriver
import Geometry
import Icons
import Pipeline
import Raster

import struct Foundation.Data

// libFuzzer harness of icon loading: every input is parsed as an SVG icon (`IconLoader.parse`, the
// checked subset over Foundation's XMLParser), and an icon that loads is drawn as an `icon:` item
// draws it (each piece filled, then its stroke's outline, through the glyph cache; an icon with
// groups through the display list's offscreens), fitted into a
// 48 px square and again into a 7 px one rotated by 30°, on a 64 × 64 pixmap. The only
// acceptable failure is an `IconError`; a crash, a precondition, an ASan report or another error
// type fails the run. Seeds: scenes/icons/*.svg (Tests/Fuzz/README.md).
//
// The same bytes are then read as a design screen's layer tree (`IconLoader.parseLayers`, what
// `layers: { svg: }` reads) for a 48 px item, and every layer's content and mask drawn in its
// own bounds.
@_cdecl("LLVMFuzzerTestOneInput")
public func iconLoadFuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Data(bytes: $0, count: size) } ?? Data()
    var rasterizer = Rasterizer()
    var pixmap = Pixmap(width: 64, height: 64, background: .white)
    if let icon = loaded({ try IconLoader.parse(bytes, name: "fuzz.svg") }) {
        let placements = [
            (Size(width: 48, height: 48), AffineTransform(translationX: 32, y: 32)),
            (
                Size(width: 7, height: 7),
                AffineTransform(rotation: .degrees(30)).concatenating(AffineTransform(translationX: 10.3, y: 50.7))
            ),
        ]
        for (size, transform) in placements {
            draw(icon, size: size, transform: transform, with: &rasterizer, onto: &pixmap)
        }
    }
    if let tree = loaded({ try IconLoader.parseLayers(bytes, name: "fuzz.svg", itemSize: Size(width: 48, height: 48)) })
    {
        var parts: [(Icon, Size)] = [(tree.content, Size(width: 48, height: 48))]
        var stack = tree.layers
        while let layer = stack.popLast(), parts.count < 256 {
            for icon in [layer.content, layer.mask].compactMap({ $0 }) { parts.append((icon, layer.size)) }
            stack += layer.sublayers
        }
        for (icon, size) in parts {
            draw(
                icon, size: size, transform: AffineTransform(translationX: 32, y: 32), with: &rasterizer, onto: &pixmap)
        }
    }
    return 0
}

/// What `load` returns, or nil for an `IconError`; any other error fails the run.
private func loaded<T>(_ load: () throws -> T) -> T? {
    do {
        return try load()
    } catch is IconError {
        return nil
    } catch {
        fatalError("not an IconError: \(error)")
    }
}

/// Draws `icon` as an `icon:` item of `size` under `transform` draws it.
private func draw(
    _ icon: Icon, size: Size, transform: AffineTransform, with rasterizer: inout Rasterizer,
    onto pixmap: inout Pixmap
) {
    if icon.groups.isEmpty {
        for command in DisplayListBuilder.iconContent(icon, size: size, transform: transform, opacity: 1, clips: []) {
            rasterizer.draw(command, onto: &pixmap)
        }
    } else {
        // Groups (opacity, clip paths, masks) go through the display list's offscreens.
        let layers = DisplayListBuilder.iconLayers(icon, size: size, transform: transform, opacity: 1, clips: [])
        var list = DisplayList(width: 64, height: 64, background: .white, rects: layers.rects)
        list.groups = layers.groups
        rasterizer.render(list, into: &pixmap)
    }
}

@main
enum IconLoadFuzzerMain {
    static func main() { FuzzDriver.run { iconLoadFuzzOne($0, $1) } }
}
