import Colors
import Foundation
import Geometry
import Raster
import Testing

@testable import Benchmarks

@Suite("Display lists written for the native drivers")
struct DisplayListExportTests {
    static func json(_ object: [String: Any]) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
    }

    @Test("a circular rounded rectangle is an rrect; a continuous or partly square one is its outline path")
    func shapes() throws {
        let circular = DisplayListExport.Writer.shape(Size(40, 20), 30, .all, .circular)
        #expect(try Self.json(circular) == #"{"rrect":[-20,-10,20,10,10]}"#)
        let square = DisplayListExport.Writer.shape(Size(40, 20), 0, [.topLeft], .circular)
        #expect(try Self.json(square) == #"{"rrect":[-20,-10,20,10,0]}"#)
        let top = DisplayListExport.Writer.shape(Size(40, 20), 4, [.topLeft, .topRight], .circular)
        let verbs = (top["path"] as? [String: Any])?["verbs"] as? String
        #expect(verbs == "MLCLCLCLCZ")
        let continuous = DisplayListExport.Writer.shape(Size(100, 100), 10, .all, .continuous)
        let path = try #require(continuous["path"] as? [String: Any])
        // Four corners of five cubics each (PaintCode's three and two short joins), lines between.
        #expect((path["verbs"] as? String) == "M" + "CCCCC" + String(repeating: "LCCCCC", count: 3) + "Z")
        let points = try #require(path["points"] as? [Double])
        // It starts on the top side, 1.528 radii from the top-right corner.
        #expect(abs(points[0] - (50 - 15.2866483)) < 1e-12 && points[1] == -50)
    }

    @Test("a rectangle, a glyph, an icon piece and an image paint, as the JSON the drivers read")
    func elements() throws {
        var writer = DisplayListExport.Writer(fonts: [7: "/fonts/Sans.ttf"])
        let glyph = DrawPath(
            path: Path([.move(Point(0, 0)), .line(Point(1, 0)), .line(Point(0, 1)), .close]),
            transform: AffineTransform(a: 0.5, b: 0, c: 0, d: -0.5, tx: 10, ty: 20), paint: .solid(.black),
            glyph: GlyphKey(font: 7, glyph: 42))
        #expect(
            try Self.json(writer.path(glyph))
                == #"{"clips":[],"evenOdd":false,"glyph":{"font":"\/fonts\/Sans.ttf","index":42},"opacity":1,"paint":{"solid":[0,0,0,255]},"transform":[0.5,0,0,-0.5,10,20]}"#
        )
        var icon = glyph
        icon.glyph = GlyphKey(font: 99, glyph: 2)
        #expect(
            try Self.json(writer.path(icon))
                == #"{"clips":[],"evenOdd":false,"opacity":1,"paint":{"solid":[0,0,0,255]},"path":{"points":[0,0,1,0,0,1],"verbs":"MLLZ"},"transform":[0.5,0,0,-0.5,10,20]}"#
        )
        var rect = DrawRect(
            size: Size(10, 6), cornerRadius: 2, transform: AffineTransform(translationX: 5, y: 3),
            fill: ColorRGBA8(r: 1, g: 2, b: 3, a: 4), opacity: 0.5,
            shadow: DrawShadow(color: .black, opacity: 0.3, offset: Point(0, 8), radius: 16))
        rect.backdrop = DrawBackdrop(sigma: 90, saturation: 1.8, tint: ColorRGBA8(r: 255, g: 255, b: 255, a: 191))
        #expect(
            try Self.json(writer.rect(rect))
                == #"{"backdrop":{"saturation":1.8,"sigma":90,"tint":[255,255,255,191]},"clips":[],"content":[],"fill":[1,2,3,4],"opacity":0.5,"shadow":{"color":[0,0,0,255],"offset":[0,8],"opacity":0.3,"radius":16},"shape":{"rrect":[-5,-3,5,3,2]},"transform":[1,0,0,1,5,3]}"#
        )
        let image = RasterImage(width: 1, height: 1, straightRGBA: [9, 9, 9, 255], identity: "one")
        let paint = Paint.image(ImagePaint(image: image, toPixels: AffineTransform(scaleX: 2, y: 2)))
        #expect(
            try Self.json(writer.paint(paint))
                == #"{"image":{"file":"image-0.png","pixelated":false,"toPixels":[2,0,0,2,0,0]}}"#)
        _ = try writer.paint(paint)
        #expect(writer.images.count == 1, "an image met twice is written once")
    }

    @Test("a gradient's axis is written in the layer's points, with the map to pixels")
    func gradientAxis() throws {
        var writer = DisplayListExport.Writer(fonts: [:])
        let paint = Paint.gradient(
            GradientPaint(
                gradient: ContentWorkload.header, size: Size(1080, 260),
                toPixels: AffineTransform(translationX: 0, y: 0)))
        #expect(
            try Self.json(writer.paint(paint))
                == #"{"linear":{"colors":[[94,92,230,255],[10,132,255,255]],"dither":false,"end":[540,260],"locations":[0,1],"start":[540,0],"toPixels":[1,0,0,1,0,0]}}"#
        )
    }

    @Test("what the export cannot write is refused by name")
    func refusals() throws {
        var writer = DisplayListExport.Writer(fonts: [:])
        var list = DisplayList(width: 4, height: 4, background: .white)
        list.groups = [
            DrawGroup(rects: 0..<0, opacity: 0.5, projection: PerspectiveWorkload.projection(placesFromCentre: 1))
        ]
        #expect(throws: DisplayListExport.Unsupported.self) { try writer.frame(list) }
        let bordered = DrawRect(
            size: Size(4, 4), transform: AffineTransform(translationX: 2, y: 2), fill: .white, borderWidth: 1,
            borderColor: .black)
        do {
            _ = try writer.rect(bordered)
            Issue.record("a border was written")
        } catch let error as DisplayListExport.Unsupported {
            #expect(
                error.description == "the display list uses borders, which the export for native drivers does not write"
            )
        }
    }

    @Test("the export writes every frame, each image once and Flipbook's every 30th frame, with no temporary files")
    func files() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("export-\(getpid())").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try DisplayListExport.write(StandardWorkload.materials, frames: 31, into: folder)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        #expect(names.count == 31 + 2 + 1)
        #expect(names.first == "flipbook-0000.png" && names[1] == "flipbook-0030.png")
        #expect(names[2] == "frame-0000.json" && names[32] == "frame-0030.json" && names.last == "image-0.png")
        let frame = try JSONSerialization.jsonObject(
            with: Data(contentsOf: URL(fileURLWithPath: folder + "/frame-0000.json")))
        let rects = try #require((frame as? [String: Any])?["rects"] as? [[String: Any]])
        #expect(rects.count == MaterialsWorkload.displayList(frame: 0).rects.count)
    }
}
