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
@_cdecl("LLVMFuzzerTestOneInput")
public func iconLoadFuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Data(bytes: $0, count: size) } ?? Data()
    let icon: Icon
    do {
        icon = try IconLoader.parse(bytes, name: "fuzz.svg")
    } catch is IconError {
        return 0
    } catch {
        fatalError("not an IconError: \(error)")
    }
    var rasterizer = Rasterizer()
    var pixmap = Pixmap(width: 64, height: 64, background: .white)
    let placements = [
        (Size(width: 48, height: 48), AffineTransform(translationX: 32, y: 32)),
        (
            Size(width: 7, height: 7),
            AffineTransform(rotation: .degrees(30)).concatenating(AffineTransform(translationX: 10.3, y: 50.7))
        ),
    ]
    for (size, transform) in placements {
        if icon.groups.isEmpty {
            for command in DisplayListBuilder.iconContent(icon, size: size, transform: transform, opacity: 1, clips: [])
            {
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
    return 0
}

@main
enum IconLoadFuzzerMain {
    static func main() { FuzzDriver.run { iconLoadFuzzOne($0, $1) } }
}
