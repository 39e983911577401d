import Figures
import Foundation
import Geometry
import PNG
import Pipeline
import Raster
import SceneLoading
import SceneModel
import Testing

@Suite("SVG output")
struct SVGTests {
    @Test(
        "a frame's SVG has one fill rect per layer and one inside border per bordered layer, with the exact transform and opacity"
    )
    func frameStructure() throws {
        let nest = try recording("transform-nest.yaml")
        let list = nest.frames[30]
        // The nest's four prints, found by item id among the screen's layers.
        let simulation = try SceneSimulation(scene: nest.scene, file: repositoryRoot + "/scenes/transform-nest.yaml")
        for _ in 0..<30 { simulation.advance() }
        let labelled = simulation.labelledDisplayList()
        #expect(labelled.list == list)
        let cards = ["one", "two", "three", "four"].compactMap { id in labelled.items.firstIndex(of: id) }
        #expect(cards.count == 4 && cards.allSatisfy { list.rects[$0].borderWidth == 4 })
        let elements = try SVGReader.parse(SVGWriter.svg(list))
        let svg = try #require(elements.first)
        #expect(
            svg.name == "svg" && svg.attributes["width"] == "\(list.width)"
                && svg.attributes["height"] == "\(list.height)")
        let rects = elements.named("rect")
        // A layer's fill is a rect with a fill; the rects of clip paths (the prints' photos mask
        // to their bounds) have none.
        let fills = rects.filter { $0.attributes["class"] == nil && $0.attributes["fill"] != nil }
        let borders = rects.filter { $0.attributes["class"] == "border" }
        // Every layer of this frame is drawn (positive size and opacity), so fills pair with layers.
        #expect(list.rects.allSatisfy { $0.size.width > 0 && $0.size.height > 0 && $0.opacity > 0 })
        #expect(rects.filter { $0.attributes["class"] == "background" }.count == 1)
        #expect(fills.count == list.rects.count)
        for (rect, element) in zip(list.rects, fills) {
            let t = rect.transform
            #expect(
                element.attributes["transform"]
                    == "matrix(\(t.a) \(t.b) \(t.c) \(t.d) \(t.tx) \(t.ty))"
                    .replacingOccurrences(of: ".0 ", with: " ").replacingOccurrences(of: ".0)", with: ")")
                    || parseMatrix(element.attributes["transform"]) == [t.a, t.b, t.c, t.d, t.tx, t.ty])
            #expect(Double(element.attributes["width"] ?? "") == rect.size.width)
            // The gradient background's fill is a paint server, checked by the gradient tests.
            if case .gradient? = rect.fillPaint { continue }
            #expect(element.attributes["fill"] == String(rect.fill.hex.prefix(7)))
            // An opaque fill has no fill-opacity attribute.
            #expect((element.attributes["fill-opacity"].flatMap(Double.init) ?? 1) == Double(rect.fill.a) / 255)
        }
        let bordered = list.rects.indices.filter { list.rects[$0].borderWidth > 0 && list.rects[$0].borderColor.a > 0 }
        #expect(Set(cards).isSubset(of: bordered))
        #expect(borders.count == bordered.count)
        for (index, border) in zip(bordered, borders) {
            let rect = list.rects[index]
            // The border is a stroke centred on the shape inset by half its width: inside the shape.
            #expect(Double(border.attributes["stroke-width"] ?? "") == rect.borderWidth)
            #expect(Double(border.attributes["width"] ?? "") == rect.size.width - rect.borderWidth)
            #expect(border.attributes["fill"] == "none")
        }
    }

    @Test(
        "shadows become Gaussian blur filters with σ = radius/2, clips nested groups of one clip path each, opacity a group"
    )
    func shadowsAndClips() throws {
        let clip = ClipShape(size: Size(40, 40), cornerRadius: 6, transform: AffineTransform(translationX: 50, y: 50))
        let inner = ClipShape(size: Size(30, 60), cornerRadius: 0, transform: AffineTransform(translationX: 45, y: 50))
        let list = DisplayList(
            width: 100, height: 100, background: .white,
            rects: [
                DrawRect(
                    size: Size(50, 30), cornerRadius: 8, transform: AffineTransform(translationX: 50, y: 50),
                    fill: ColorRGBA8(r: 255, g: 0, b: 0), opacity: 0.5,
                    shadow: DrawShadow(color: .black, opacity: 0.4, offset: Point(0, 3), radius: 6),
                    clips: [clip, inner])
            ])
        let elements = try SVGReader.parse(SVGWriter.svg(list))
        let blur = try #require(elements.named("feGaussianBlur").first)
        #expect(blur.attributes["stdDeviation"] == "3")
        let clipPaths = elements.named("clipPath")
        #expect(clipPaths.count == 2)
        #expect(clipPaths.allSatisfy { $0.attributes["clip-path"] == nil })
        let groups = elements.named("g")
        #expect(groups.first?.attributes["opacity"] == "0.5")
        // Outermost clip first: nested groups intersect them (rsvg ignores clip-path on a clipPath).
        #expect(
            groups.dropFirst().prefix(2).map { $0.attributes["clip-path"] }
                == clipPaths.map { "url(#\($0.attributes["id"] ?? ""))" })
        let shadow = try #require(elements.named("rect").first { $0.attributes["class"] == "shadow" })
        #expect(parseMatrix(shadow.attributes["transform"]) == [1, 0, 0, 1, 50, 53])
        #expect(shadow.attributes["fill-opacity"] == "\(Double(UInt8(0.4 * 255.0 + 0.5)) / 255)")
        #expect(elements.named("rect").contains { $0.attributes["class"] == nil && $0.attributes["rx"] == "8" })
    }

    @Test("plotted samples are the trace's values: read back from the SVG polyline's data-points")
    func plotReadback() throws {
        let file = repositoryRoot + "/scenes/snap.yaml"
        let scene = try SceneLoader.load(path: file)
        let snap = try MotionRecording(scene: scene, file: file)
        let document = try Plot.document([snap], options: .init(values: ["x", "angle", "velocity"]), fonts: FontBook())
        let elements = try SVGReader.parse(SVGWriter.svg(document))

        // An independent trace: the pipeline's own Trace, recorded tick by tick here.
        let simulation = try SceneSimulation(scene: scene, file: file)
        var trace = Trace(sceneName: scene.name, fps: scene.fps)
        trace.record(simulation)
        for _ in 0..<snap.lastTick {
            simulation.advance()
            trace.record(simulation)
        }
        let lines = trace.csv.map { $0.split(separator: ",").map(String.init) }
        let header = lines[0]
        // The card's rows: the trace has a row per layer per tick, and the album around the card
        // has layers of its own.
        let itemIndex = try #require(header.firstIndex(of: "item"))
        let cardRows = lines.dropFirst().filter { $0[itemIndex] == "card" }
        #expect(cardRows.count == snap.lastTick + 1)
        func column(_ name: String) throws -> [Double] {
            let index = try #require(header.firstIndex(of: name))
            return cardRows.compactMap { Double($0[index]) }
        }
        let time = try column("time")
        let x = try column("center_x")
        let angle = try column("angle_rad")

        func points(_ value: String) throws -> [Point] {
            let line = try #require(elements.named("polyline").first { $0.attributes["data-value"] == value })
            #expect(line.attributes["data-item"] == "card")
            return (line.attributes["data-points"] ?? "").split(separator: " ").map {
                let xy = $0.split(separator: ",").compactMap { Double($0) }
                return Point(xy[0], xy[1])
            }
        }
        let xPoints = try points("x")
        #expect(xPoints.count == snap.lastTick + 1)
        #expect(xPoints.map(\.x) == time)
        #expect(xPoints.map(\.y) == x)
        // The angle axis is in degrees, but the data points hold the traced radians; the mapping converts.
        #expect(try points("angle").map(\.y) == angle)
        let speed = try points("velocity")
        #expect(speed[0].y == 0)
        #expect(
            abs(speed[1].y - (x[1] - x[0]).magnitude * 60) < 1e-3 * max(1, speed[1].y)
                || speed[1].y >= (x[1] - x[0]).magnitude * 60 - 1e-9)
    }

    @Test("a plot marks the watcher firing and the animator pausing at their ticks, with labels as text")
    func plotEvents() throws {
        let watcher = try recording("watcher.yaml")
        let document = try Plot.document([watcher], options: .init(values: ["x"]), fonts: FontBook())
        let elements = try SVGReader.parse(SVGWriter.svg(document))
        let markers = elements.named("polyline").filter { $0.attributes["data-event"] != nil }
        let fired = try #require(watcher.events.first { $0.description.contains("watcher fired") })
        let paused = try #require(watcher.events.first { $0.kind == .animatorPaused })
        #expect(
            markers.contains {
                $0.attributes["data-event"] == fired.description
                    && Double($0.attributes["data-time"] ?? "") == Double(fired.tick) / 60
            })
        #expect(
            markers.contains {
                $0.attributes["data-event"] == "animator paused"
                    && Double($0.attributes["data-time"] ?? "") == Double(paused.tick) / 60
            })
        #expect(markers.allSatisfy { $0.attributes["stroke-dasharray"] != nil })
        let texts = elements.named("text").map(\.text)
        #expect(
            texts.contains("x (pt)") && texts.contains("time (s)") && texts.contains("card")
                && texts.contains(fired.description))
        #expect(elements.named("text").allSatisfy { $0.attributes["font-family"] == "DejaVu Sans" })
    }

    @Test("a trail's polyline data-points are the item's centres in canvas points, its points those in figure pixels")
    func trailPoints() throws {
        let zones = try recording("snap-zones.yaml")
        let viewport = FrameViewport(crop: CropRequest.canvas.rect(for: zones, ticks: []), pixelsPerPoint: 0.5)
        let document = try MotionTrail.document(zones, options: .init(viewport: viewport), fonts: FontBook())
        let elements = try SVGReader.parse(SVGWriter.svg(document))
        let lines = elements.named("polyline")
        #expect(lines.count == 1 && lines[0].attributes["data-item"] == "card")
        let card = try zones.itemIndex("card")
        let expected = zones.states.map { $0[card].center }
        func read(_ attribute: String) -> [Point] {
            (lines[0].attributes[attribute] ?? "").split(separator: " ").map {
                let xy = $0.split(separator: ",").compactMap { Double($0) }
                return Point(xy[0], xy[1])
            }
        }
        #expect(read("data-points") == expected)
        // Pixels: the document's own mapping applied, to 1/1000 px; no transform left on the element.
        let line = try #require(
            document.elements.compactMap { if case .polyline(let l) = $0 { return l } else { return nil } }.first)
        let pixels = read("points")
        #expect(pixels.count == expected.count)
        for (p, q) in zip(pixels, expected.map { line.transform.apply(to: $0) }) {
            #expect(abs(p.x - q.x) <= 0.0005 && abs(p.y - q.y) <= 0.0005)
        }
        #expect(lines[0].attributes["transform"] == nil && lines[0].attributes["vector-effect"] == nil)
        #expect(elements.named("svg").count == 2, "the frame is a nested viewport")
    }

    @Test("a shape frame's SVG has one path per filled path, with its exact transform and fill rule")
    func shapePaths() throws {
        let list = try recording("shapes.yaml").frames[100]
        let paths = try SVGReader.parse(SVGWriter.svg(list)).named("path")
        let content = list.rects.flatMap(\.content)
        #expect(!content.isEmpty && paths.count == content.count)
        // The labels' glyphs are paths too ("Uploaded" and "Favorites": 17), and so are the icon's
        // fill and stroke outline, keyed for the glyph cache by the icon file's hash: 19 keyed paths.
        let keyed = content.compactMap(\.glyph)
        #expect(keyed.count == 19)
        // Grouped by font or icon file: "Uploaded" (8), "Favorites" (9, another weight), the icon (2).
        let perSource = Dictionary(grouping: keyed, by: \.font).values.map(\.count).sorted()
        #expect(perSource == [2, 8, 9])
        for (command, element) in zip(content, paths) {
            let t = command.transform
            #expect(parseMatrix(element.attributes["transform"]) == [t.a, t.b, t.c, t.d, t.tx, t.ty])
            #expect((element.attributes["fill-rule"] == "evenodd") == (command.fillRule == .evenOdd))
            #expect(element.attributes["d"]?.hasPrefix("M") == true)
        }
    }

    @Test("rsvg-convert draws a shapes frame's SVG like Flipbook's rasterizer, within anti-aliasing differences")
    func independentRendererForShapes() throws {
        // An independent rasterizer (librsvg/cairo) on the same outlines: curves, strokes, dashes,
        // even-odd fill, the icon. Measured with Debian's rsvg-convert: mean |Δ| 0.005 per channel,
        // no channel off by more than 16 levels; bounds as for the rect frame above (headroom for
        // another librsvg/cairo version).
        try compareWithRsvg(
            try recording("shapes.yaml").frames[100], name: "shapes tick 100", meanBound: 0.05, farBound: 0.0005)
    }

    @Test("rsvg-convert clips a scroll view's content and a rounded card inside it as the rasterizer does")
    func independentRendererForNestedClips() throws {
        // Rows half scrolled out of a list, each a rounded card with masksToBounds and a child
        // that pokes out of it: two clips on every child.
        let scene = try SceneLoader.decode(
            """
            canvas: { size: [200, 240], scale: 1, background: "#F2F2F7" }
            duration: 1
            items:
              - id: list
                size: [180, 160]
                center: [100, 130]
                scroll: { contentSize: [180, 600], contentOffset: [0, 70] }
                children:
                  - repeat:
                      use: card
                      id: c
                      center: [90, 40]
                      spacing: [0, 90]
                      count: 5
            components:
              card:
                item:
                  size: [160, 80]
                  fill: "#FFFFFF"
                  cornerRadius: 18
                  masksToBounds: true
                  children: [{ id: stripe, size: [60, 120], center: [20, 40], fill: "#FF3B30" }]
            """, fileName: "clips.yaml", format: .yaml)
        let list = try SceneSimulation(scene: scene).displayList()
        try compareWithRsvg(list, name: "nested clips", meanBound: 0.05, farBound: 0.002)
    }

    @Test("rsvg-convert draws a frame's SVG like Flipbook's rasterizer, within anti-aliasing differences")
    func independentRenderer() throws {
        let rsvg = ["/usr/bin/rsvg-convert", "/usr/local/bin/rsvg-convert"].first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
        guard let rsvg else {
            Issue.record("rsvg-convert is missing: apt-get install -y librsvg2-bin (the Makefile installs it)")
            return
        }
        let nest = try recording("transform-nest.yaml")
        let list = nest.frames[30]
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-figures-\(getpid())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FigureFile.writeSVG(SVGWriter.svg(list), to: folder + "/frame.svg")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: rsvg)
        process.arguments = ["--format", "png", "--output", folder + "/rsvg.png", folder + "/frame.svg"]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let theirs = try PNG.decode(contentsOf: folder + "/rsvg.png")
        let ours = Rasterizer.render(list).straightRGBA()
        #expect(theirs.width == list.width && theirs.height == list.height)
        // Tolerance: both renderers compute the same shapes, but rsvg (cairo) anti-aliases with its
        // own coverage sampling and rounds arcs as Béziers, so edge pixels differ by a few levels;
        // interiors agree exactly. Measured on this frame with Debian's rsvg-convert: mean |Δ| 0.03 per
        // channel and no channel off by more than 16 levels; the bounds below leave 3× headroom on
        // the mean for another librsvg/cairo version, and allow 0.05 % of channels (edge pixels).
        var total = 0
        var far = 0
        for i in ours.indices {
            let d = abs(Int(ours[i]) - Int(theirs.rgba[i]))
            total += d
            if d > 16 { far += 1 }
        }
        let mean = Double(total) / Double(ours.count)
        print(
            "rsvg-convert vs Flipbook, transform-nest tick 30: mean |Δ| \(mean) per channel, \(far) of \(ours.count) channels off by > 16"
        )
        #expect(mean < 0.1, "mean channel difference \(mean)")
        #expect(Double(far) / Double(ours.count) < 0.0005, "\(far) channels differ by more than 16 levels")
    }

    @Test("rsvg-convert draws a plot's SVG like the PNG plot: lines where the PNG has them, no scaled strokes")
    func plotThroughLibrsvg() throws {
        let rsvg = try #require(
            ["/usr/bin/rsvg-convert", "/usr/local/bin/rsvg-convert"].first {
                FileManager.default.isExecutableFile(atPath: $0)
            },
            "rsvg-convert is missing: apt-get install -y librsvg2-bin (the Makefile installs it)")
        let snap = try recording("snap.yaml")
        let document = try Plot.document([snap], options: .init(values: ["x", "angle"]), fonts: FontBook())
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-plot-\(getpid())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FigureFile.writeSVG(SVGWriter.svg(document), to: folder + "/plot.svg")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: rsvg)
        process.arguments = ["--format", "png", "--output", folder + "/rsvg.png", folder + "/plot.svg"]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let theirs = try PNG.decode(contentsOf: folder + "/rsvg.png")
        let ours = try FigureRasterizer.render(document, fonts: FontBook()).straightRGBA()
        try #require(theirs.width == document.width && theirs.height == document.height)
        // Pixels differing by more than 64 levels in some channel. The lines, axes and grid are the
        // same geometry in both; text is DejaVu Sans in both (laid out by Pango in rsvg, by FreeType
        // here) and edges are anti-aliased differently, so a few pixels may differ that much.
        // Measured with Debian's rsvg-convert 2.54.7: 1 of 348,480 pixels. With the old ~400×
        // transform and non-scaling strokes, librsvg filled whole bands of the figure with the
        // series colours (docs/figures/snap-plot.svg before this change). Bound: 0.1 %.
        var far = 0
        for p in 0..<(ours.count / 4) {
            let k = p * 4
            if (0..<3).contains(where: { abs(Int(ours[k + $0]) - Int(theirs.rgba[k + $0])) > 64 }) { far += 1 }
        }
        let fraction = Double(far) / Double(ours.count / 4)
        print(
            "rsvg-convert vs Flipbook, snap plot: \(far) of \(ours.count / 4) pixels differ by > 64 levels (\(fraction))"
        )
        #expect(fraction < 0.001, "\(far) pixels differ by more than 64 levels")
    }
}

@Suite("SVG of masked corners")
struct MaskedCornersSVGTests {
    @Test(
        "a shape with maskedCorners becomes an SVG path that rsvg-convert draws like Flipbook's rasterizer; all four corners stay a rect"
    )
    func maskedCornersAgainstRsvg() throws {
        var sheet = DrawRect(
            size: Size(100, 50), cornerRadius: 16,
            transform: AffineTransform(rotation: .degrees(10)).concatenating(AffineTransform(translationX: 60, y: 42)),
            fill: ColorRGBA8(hex: "#FF9500")!, borderWidth: 3, borderColor: ColorRGBA8(hex: "#000000")!)
        sheet.maskedCorners = [.topLeft, .topRight]
        let list = DisplayList(width: 120, height: 84, background: .white, rects: [sheet])
        let svg = SVGWriter.svg(list)
        #expect(
            svg.contains(
                "<path d=\"M-34 -25 L34 -25 A16 16 0 0 1 50 -9 L50 25 L-50 25 L-50 -9 A16 16 0 0 1 -34 -25 Z\""))
        var uniform = sheet
        uniform.maskedCorners = .all
        #expect(
            !SVGWriter.svg(DisplayList(width: 120, height: 84, background: .white, rects: [uniform])).contains("<path"))

        guard
            let rsvg = ["/usr/bin/rsvg-convert", "/usr/local/bin/rsvg-convert"].first(where: {
                FileManager.default.isExecutableFile(atPath: $0)
            })
        else {
            Issue.record("rsvg-convert is missing: apt-get install -y librsvg2-bin (make test installs it)")
            return
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-masked-\(getpid())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FigureFile.writeSVG(svg, to: folder + "/frame.svg")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: rsvg)
        process.arguments = ["--format", "png", "--output", folder + "/rsvg.png", folder + "/frame.svg"]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let theirs = try PNG.decode(contentsOf: folder + "/rsvg.png")
        let ours = Rasterizer.render(list).straightRGBA()
        // The same tolerance as the transform-nest frame above: edge pixels differ by anti-aliasing.
        var total = 0
        var far = 0
        for i in ours.indices {
            let d = abs(Int(ours[i]) - Int(theirs.rgba[i]))
            total += d
            if d > 16 { far += 1 }
        }
        let mean = Double(total) / Double(ours.count)
        #expect(mean < 0.5, "mean channel difference \(mean)")
        #expect(Double(far) / Double(ours.count) < 0.005, "\(far) channels differ by more than 16 levels")
    }
}

func parseMatrix(_ text: String?) -> [Double]? {
    guard let text, text.hasPrefix("matrix("), text.hasSuffix(")") else { return nil }
    return text.dropFirst(7).dropLast().split(separator: " ").compactMap { Double($0) }
}

/// Renders `list`'s SVG with rsvg-convert and compares with Flipbook's pixels: mean channel
/// difference below `meanBound`, fraction of channels off by more than 16 levels below `farBound`.
func compareWithRsvg(_ list: DisplayList, name: String, meanBound: Double, farBound: Double) throws {
    let rsvg = ["/usr/bin/rsvg-convert", "/usr/local/bin/rsvg-convert"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }
    guard let rsvg else {
        Issue.record("rsvg-convert is missing: apt-get install -y librsvg2-bin (the Makefile installs it)")
        return
    }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
        "flipbook-figures-\(getpid())-\(name.hashValue)"
    ).path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try FigureFile.writeSVG(SVGWriter.svg(list), to: folder + "/frame.svg")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: rsvg)
    process.arguments = ["--format", "png", "--output", folder + "/rsvg.png", folder + "/frame.svg"]
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    let theirs = try PNG.decode(contentsOf: folder + "/rsvg.png")
    let ours = Rasterizer.render(list).straightRGBA()
    #expect(theirs.width == list.width && theirs.height == list.height)
    var total = 0
    var far = 0
    for i in ours.indices {
        let d = abs(Int(ours[i]) - Int(theirs.rgba[i]))
        total += d
        if d > 16 { far += 1 }
    }
    let mean = Double(total) / Double(ours.count)
    print(
        "rsvg-convert vs Flipbook, \(name): mean |Δ| \(mean) per channel, \(far) of \(ours.count) channels off by > 16")
    #expect(mean < meanBound, "mean channel difference \(mean)")
    #expect(Double(far) / Double(ours.count) < farBound, "\(far) channels differ by more than 16 levels")
}
