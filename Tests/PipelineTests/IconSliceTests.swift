import Foundation
import Geometry
import Icons
import Raster
import Testing

@testable import Pipeline

/// The root's `preserveAspectRatio` slice: the icon fills its item and is cut to the item's
/// bounds, as an SVG viewport clips.
@Suite("Icon slice on the canvas")
struct IconSliceTests {
    @Test("a slice icon fills a wide item and draws nothing past its bounds; a meet icon keeps its clips as given")
    func sliceClipsToTheItem() throws {
        let svg = { (fit: String) in
            "<svg viewBox=\"0 0 10 10\" preserveAspectRatio=\"\(fit)\"><rect width=\"10\" height=\"10\" fill=\"#0000FF\"/></svg>"
        }
        let size = Size(width: 20, height: 10)
        let transform = AffineTransform(translationX: 10, y: 10)
        let slice = try IconLoader.parse(Data(svg("xMidYMid slice").utf8), name: "test.svg")
        let paths = DisplayListBuilder.iconContent(slice, size: size, transform: transform, opacity: 1, clips: [])
        #expect(paths.map(\.clips) == [[ClipShape(size: size, cornerRadius: 0, transform: transform)]])
        // Scaled by 2 to fill the width: 20 × 20 centred on a 20 × 10 item, cut to the item.
        var list = DisplayList(width: 20, height: 20, background: .clear)
        list.rects = [DrawRect(size: size, transform: transform, fill: .clear, opacity: 1, content: paths)]
        let pixmap = Rasterizer.render(list)
        let blue = (0..<20).flatMap { y in (0..<20).map { x in (x, y) } }.filter { pixmap[x: $0.0, y: $0.1].b > 0 }
        #expect(blue.count == 20 * 10)
        #expect(blue.allSatisfy { (5..<15).contains($0.1) })
        let meet = try IconLoader.parse(Data(svg("xMidYMid meet").utf8), name: "test.svg")
        #expect(
            DisplayListBuilder.iconContent(meet, size: size, transform: transform, opacity: 1, clips: []).map(\.clips)
                == [[]])
    }
}
