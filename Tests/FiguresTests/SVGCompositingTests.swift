import Foundation
import Geometry
import Pipeline
import Raster
import SceneLoading
import SceneModel
import Testing

@testable import Figures

/// SVG frames of this round's compositing: continuous corners and groups.
@Suite("SVG of continuous corners and groups")
struct SVGCompositingTests {
    private func scene(_ items: String) throws -> Scene {
        try SceneLoader.decode(
            "canvas: { size: [120, 80], scale: 1 }\nduration: 0.1\nitems:\n" + items,
            fileName: repositoryRoot + "/scenes/curve-test.yaml", format: .yaml)
    }

    @Test("an SVG frame draws a continuous corner as the published cubics, starting 1.52866483 radii from the corner")
    func svgWritesTheCubics() throws {
        let list = try SceneSimulation(
            scene: scene(
                "  - { id: card, size: [100, 60], center: [60, 40], cornerRadius: 10, cornerCurve: continuous }")
        ).displayList()
        let svg = SVGWriter.svg(list)
        // The top side ends 15.2866483 pt left of the top-right corner (50, −30 in local units).
        #expect(svg.contains("M34.7133517 -30 C39.1150677 -30 41.3159311 -30 43.3006573 -29.34504"))
        #expect(!svg.contains(" A"))
    }

    @Test("a faded parent with children is one <g opacity> around its layers, which keep their own opacities")
    func svgWritesGroups() throws {
        let list = try SceneSimulation(
            scene: scene(
                """
                  - { id: card, size: [100, 60], center: [60, 40], opacity: 0.5, children: [
                      { id: a, size: [20, 20], center: [10, 10], fill: "#FF0000" },
                      { id: b, size: [20, 20], center: [20, 10], fill: "#0000FF", opacity: 0.5 } ] }
                """)
        ).displayList()
        let lines = SVGWriter.svg(list).split(separator: "\n").map(String.init)
        let open = try #require(lines.firstIndex(of: "<g class=\"group\" opacity=\"0.5\">"))
        #expect(lines[(open + 1)...].filter { $0 == "</g>" }.count >= 1)
        #expect(lines.filter { $0.hasPrefix("<g class=\"group\"") }.count == 1)
        #expect(lines.filter { $0 == "<g opacity=\"0.5\">" }.count == 1, "the blue child keeps its own opacity")
    }

    @Test("a mask is an alpha <mask> of its layers referenced by the group, and its layers are not drawn as layers")
    func svgWritesMasks() throws {
        let list = try SceneSimulation(
            scene: scene(
                """
                  - { id: photo, size: [100, 60], center: [60, 40], fill: "#007AFF",
                      mask: { id: circle, size: [40, 40], center: [50, 30], cornerRadius: 20, fill: "#00FF00" } }
                """)
        ).displayList()
        let svg = SVGWriter.svg(list)
        let lines = svg.split(separator: "\n").map(String.init)
        let maskLine = try #require(lines.firstIndex { $0.hasPrefix("<mask id=\"mask") })
        #expect(lines[maskLine].contains("mask-type=\"alpha\""))
        let close = try #require(lines[maskLine...].firstIndex(of: "</mask>"))
        #expect(lines[maskLine..<close].contains { $0.contains("#00FF00") || $0.contains("#00ff00") })
        #expect(lines.contains { $0.hasPrefix("<g class=\"group\" opacity=\"1\" mask=\"url(#mask") })
        // The green circle appears only inside the mask definition.
        #expect(lines[(close + 1)...].allSatisfy { !$0.contains("#00FF00") && !$0.contains("#00ff00") })
    }
}

/// Figures place a recorded frame's rects in their viewport: a solid frame keeps its groups.
@Suite("Figures of composited frames")
struct FigureCompositingTests {
    @Test("a contact-sheet cell of a frame with a mask, a blur and group opacity has the frame's own pixels")
    func viewportKeepsGroups() throws {
        let scene = try SceneLoader.decode(
            """
            canvas: { size: [80, 60], scale: 1, background: "#FFFFFF" }
            duration: 0.2
            items:
              - { id: photo, size: [60, 40], center: [40, 30], fill: "#007AFF", opacity: 0.6,
                  filters: [{ gaussianBlur: { radius: 2 } }],
                  children: [{ id: dot, size: [20, 20], center: [30, 20], fill: "#FF9500" }],
                  mask: { id: circle, size: [30, 30], center: [30, 20], cornerRadius: 15, fill: "#000000" } }
            """, fileName: "test.yaml", format: .yaml)
        let recording = try MotionRecording(scene: scene)
        let frame = recording.frames[0]
        #expect(frame.groups.count == 1 && frame.groups[0].mask != nil)
        let viewport = FrameViewport(crop: CropRequest.canvas.rect(for: recording, ticks: []), pixelsPerPoint: 1)
        let placed = recording.viewportList(viewport, layers: [(tick: 0, opacity: 1, tint: nil)])
        #expect(placed.groups.count == 1)
        #expect(Rasterizer.render(placed) == Rasterizer.render(frame))
    }
}

/// A group's SVG filter (an icon's drop shadow) in an SVG frame.
@Suite("SVG of filtered groups")
struct SVGFilterTests {
    static func list(linear: Bool) -> DisplayList {
        var list = DisplayList(width: 120, height: 80, background: .white)
        list.rects = [
            DrawRect(
                size: Size(50, 30), cornerRadius: 6, transform: AffineTransform(translationX: 50, y: 36),
                fill: ColorRGBA8(r: 46, g: 139, b: 87))
        ]
        let region = Rect(x: 10, y: 6, width: 100, height: 66)
        var group = DrawGroup(rects: 0..<1, opacity: 1)
        group.filter = DrawFilter(
            region: region,
            primitives: [
                .init(kind: .gaussianBlur(.sourceAlpha, sigmaX: 3, sigmaY: 3), subregion: region, linearRGB: linear),
                .init(kind: .offset(.result(0), dx: 6, dy: 8), subregion: region, linearRGB: linear),
                .init(kind: .flood(ColorRGBA8(r: 0, g: 0, b: 255, a: 160)), subregion: region, linearRGB: linear),
                .init(kind: .composite(.result(2), .result(1), .in), subregion: region, linearRGB: linear),
                .init(kind: .merge([.result(3), .sourceGraphic]), subregion: region, linearRGB: linear),
            ])
        list.groups = [group]
        return list
    }

    @Test("a group's filter is an SVG <filter> in pixels, its primitives' values and inputs as the rasterizer has them")
    func writesTheFilter() throws {
        let elements = try SVGReader.parse(SVGWriter.svg(Self.list(linear: false)))
        let filter = try #require(elements.named("filter").first)
        #expect(filter.attributes["filterUnits"] == "userSpaceOnUse" && filter.attributes["width"] == "100")
        let group = try #require(elements.named("g").first { $0.attributes["filter"] != nil })
        #expect(group.attributes["filter"] == "url(#\(filter.attributes["id"] ?? ""))")
        let blur = try #require(elements.named("feGaussianBlur").first)
        #expect(blur.attributes["in"] == "SourceAlpha" && blur.attributes["stdDeviation"] == "3 3")
        #expect(blur.attributes["color-interpolation-filters"] == "sRGB" && blur.attributes["result"] == "r0")
        let offset = try #require(elements.named("feOffset").first)
        #expect(offset.attributes["in"] == "r0" && offset.attributes["dx"] == "6" && offset.attributes["dy"] == "8")
        let composite = try #require(elements.named("feComposite").first)
        #expect(composite.attributes["in"] == "r2" && composite.attributes["in2"] == "r1")
        #expect(composite.attributes["operator"] == "in")
        #expect(elements.named("feMergeNode").map { $0.attributes["in"] } == ["r3", "SourceGraphic"])
        let flood = try #require(elements.named("feFlood").first)
        #expect(flood.attributes["flood-color"]?.lowercased() == "#0000ff")
    }

    @Test(
        "rsvg-convert draws a frame's drop shadow like the rasterizer, in sRGB and in linearRGB (measured: mean |Δ| 0.01 a channel, none off by 16)",
        arguments: [false, true])
    func independentRendererForFilters(linear: Bool) throws {
        // The shadow shows, blue, below and right of the card.
        let shadow = Rasterizer.render(Self.list(linear: linear))[x: 78, y: 55]
        #expect(Int(shadow.b) > Int(shadow.r) + 40, "\(shadow)")
        try compareWithRsvg(
            Self.list(linear: linear), name: "drop shadow \(linear ? "linearRGB" : "sRGB")", meanBound: 1,
            farBound: 0.01)
    }

    @Test(
        "a group's blend mode and isolation are CSS in its style (SVG 2 makes neither a presentation attribute); a normal group writes neither"
    )
    func svgWritesBlendModes() throws {
        var list = DisplayList(width: 20, height: 20, background: .white)
        list.rects = [
            DrawRect(size: Size(10, 10), transform: AffineTransform(translationX: 5, y: 5), fill: .black),
            DrawRect(size: Size(10, 10), transform: AffineTransform(translationX: 10, y: 10), fill: .white),
        ]
        var isolated = DrawGroup(rects: 0..<2, opacity: 1)
        isolated.isolates = true
        var blending = DrawGroup(rects: 1..<2, opacity: 0.5)
        blending.blendMode = .colorDodge
        list.groups = [isolated, blending]
        let lines = SVGWriter.svg(list).split(separator: "\n").map(String.init)
        #expect(lines.contains("<g class=\"group\" opacity=\"1\" style=\"isolation: isolate\">"))
        #expect(lines.contains("<g class=\"group\" opacity=\"0.5\" style=\"mix-blend-mode: color-dodge\">"))
        list.groups = [DrawGroup(rects: 0..<2, opacity: 0.5)]
        #expect(!SVGWriter.svg(list).contains("style="))
    }
}
