import Foundation
import Geometry
import Raster
import SceneLoading
import SceneModel
import Testing

@testable import Figures

/// Figures a newcomer found wrong: a trail drawn outside its frame, event labels crossed by other
/// events' lines, y plotted upside down without a word, a flat panel for an axis that never moves.
@Suite("Figure fixes")
struct FigureFrictionTests {
    static func recording(_ yaml: String) throws -> MotionRecording {
        try MotionRecording(scene: try SceneLoader.decode(yaml, fileName: "test.yaml", format: .yaml))
    }

    /// A card that falls into a 200 × 120 canvas from 60 pt above it.
    static let falling = """
        canvas: { size: [200, 120], scale: 1 }
        duration: 0.6
        items:
          - { id: card, size: [20, 20], center: [100, -60], fill: "#FF9500" }
        behaviors:
          - gravity: { items: [card] }
        """

    @Test("a trail that starts above the canvas is clipped to its frame: no stroke or marker in the title or caption")
    func trailClipped() throws {
        let falling = try Self.recording(Self.falling)
        let document = try MotionTrail.document(
            falling,
            options: .init(
                viewport: FrameViewport(crop: CropRequest.canvas.rect(for: falling, ticks: []), pixelsPerPoint: 1),
                title: "Falling"),
            fonts: FontBook())
        let pixels = try FigureRasterizer.render(document, fonts: FontBook())
        // The frame starts below the title: every pixel row above it must be free of the series colour.
        let series = PremultipliedRGBA8(Theme.seriesColor(0))
        var strays = 0
        for y in 0..<Int(Theme.margin + 26) {
            for x in 0..<pixels.width where pixels[x: x, y: y] == series { strays += 1 }
        }
        #expect(strays == 0, "\(strays) pixels of the trail's colour above the frame")
        let paths = document.elements.compactMap { e -> Polyline? in
            if case .polyline(let l) = e { return l } else { return nil }
        }
        #expect(!paths.isEmpty && paths.allSatisfy { $0.clip != nil })
    }

    @Test("event labels never overlap each other nor another event's line")
    func eventLabelsApart() throws {
        let watcher = try recordingFile("watcher.yaml")
        let snap = try recordingFile("snap.yaml")
        let fonts = FontBook()
        for order in [[snap, watcher], [watcher, snap]] {
            try checkEventLabels(
                try Plot.document(order, options: .init(values: ["x"], width: 360), fonts: fonts), fonts: fonts)
        }
    }

    private func checkEventLabels(_ document: FigureDocument, fonts: FontBook) throws {
        let font = try fonts.font(12)
        let eventColors = [Theme.animatorEvent, Theme.behaviorEvent]
        var labels: [(x0: Double, x1: Double, y: Double, text: String)] = []
        var lines: [(x: Double, top: Double, text: String)] = []
        for element in document.elements {
            switch element {
            case .text(let t) where eventColors.contains(t.color):
                let w = font.width(of: t.text)
                let x0 = t.anchor == .start ? t.position.x : t.position.x - w
                labels.append((x0, x0 + w, t.position.y, t.text))
            case .polyline(let l):
                if let event = l.attributes.first(where: { $0.0 == "data-event" })?.1 {
                    lines.append((l.points[0].x, l.points[0].y, event))
                }
            default: break
            }
        }
        try #require(labels.count >= 3 && labels.count == lines.count)
        for (i, a) in labels.enumerated() {
            for b in labels[(i + 1)...] where a.y == b.y {
                #expect(a.x1 <= b.x0 || b.x1 <= a.x0, "'\(a.text)' and '\(b.text)' overlap")
            }
            for line in lines where line.text != a.text && line.top < a.y {
                #expect(
                    line.x < a.x0 - 1 || line.x > a.x1 + 1, "the line of '\(line.text)' crosses the label '\(a.text)'")
            }
        }
    }

    @Test("y is titled with its direction, and --invert-y draws larger y lower, as on the screen")
    func invertY() throws {
        let falling = try Self.recording(Self.falling)
        func yPanel(_ invert: Bool) throws -> (title: String, line: Polyline) {
            var options = Plot.Options(values: ["y"])
            options.invertY = invert
            let document = try Plot.document([falling], options: options, fonts: FontBook())
            let title = try #require(
                document.elements.compactMap { e -> String? in
                    if case .text(let t) = e, t.text.hasPrefix("y (") { return t.text } else { return nil }
                }.first)
            let line = try #require(
                document.elements.compactMap { e -> Polyline? in
                    if case .polyline(let l) = e, l.attributes.contains(where: { $0 == ("data-value", "y") }) {
                        return l
                    } else {
                        return nil
                    }
                }.first)
            return (title, line)
        }
        let plain = try yPanel(false)
        let inverted = try yPanel(true)
        #expect(plain.title == "y (pt; larger is lower on the screen)")
        #expect(inverted.title == "y (pt; down the screen is down)")
        // Falling: y grows, so the line goes up the figure (pixel y shrinks) unless inverted.
        let start = plain.line.transform.apply(to: plain.line.points[0])
        let end = plain.line.transform.apply(to: plain.line.points.last!)
        #expect(end.y < start.y)
        let istart = inverted.line.transform.apply(to: inverted.line.points[0])
        let iend = inverted.line.transform.apply(to: inverted.line.points.last!)
        #expect(iend.y > istart.y)
    }

    @Test("the default x and y plot leaves out the panel of an axis that never moves")
    func noFlatPanel() throws {
        let falling = try Self.recording(Self.falling)
        var options = Plot.Options(values: ["x", "y"])
        options.dropsFlatPanels = true
        let document = try Plot.document([falling], options: options, fonts: FontBook())
        let titles = document.elements.compactMap { e -> String? in
            if case .text(let t) = e, t.text.hasPrefix("x (") || t.text.hasPrefix("y (") {
                return t.text
            } else {
                return nil
            }
        }
        #expect(titles == ["y (pt; larger is lower on the screen)"])
        // Asked for by name, a flat panel stays.
        let asked = try Plot.document([falling], options: .init(values: ["x", "y"]), fonts: FontBook())
        #expect(
            asked.elements.contains { if case .text(let t) = $0 { return t.text == "x (pt)" } else { return false } })
    }
}

private func recordingFile(_ name: String) throws -> MotionRecording {
    let path = repositoryRoot + "/scenes/" + name
    return try MotionRecording(scene: try SceneLoader.load(path: path), file: path)
}
