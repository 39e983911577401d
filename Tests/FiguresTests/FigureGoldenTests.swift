import Figures
import Geometry
import Raster
import Testing

/// One small golden per figure kind: the figure's document rasterized by Flipbook, compared
/// exactly by decoded pixels.
@Suite("Figure goldens")
struct FigureGoldenTests {
    @Test("a contact sheet of the snap matches its golden")
    func contactSheet() throws {
        let snap = try recording("snap.yaml")
        let ticks = try FrameSelection.every(12).ticks(in: snap)
        let viewport = FrameViewport(
            crop: CropRequest.motion(padding: 8).rect(for: snap, ticks: ticks), pixelsPerPoint: 0.5)
        let document = try FrameSheet.document(
            snap, options: .init(ticks: ticks, columns: 3, viewport: viewport, title: "snap"))
        try assertGolden(try FigureRasterizer.render(document, fonts: FontBook()), named: "contact-sheet")
    }

    @Test("a filmstrip is one row of labelled frames and matches its golden")
    func filmstrip() throws {
        let snap = try recording("snap.yaml")
        let ticks = try FrameSelection.evenly(4).ticks(in: snap)
        #expect(ticks.count == 4 && ticks.first == 0 && ticks.last == snap.lastTick)
        let viewport = FrameViewport(
            crop: CropRequest.motion(padding: 8).rect(for: snap, ticks: ticks), pixelsPerPoint: 0.5)
        let document = try FrameSheet.document(
            snap, options: .init(ticks: ticks, columns: ticks.count, viewport: viewport))
        let labels = document.elements.compactMap { if case .text(let t) = $0 { return t } else { return nil } }
        #expect(Set(labels.map(\.position.y)).count == 1, "one row: every label on one baseline")
        try assertGolden(try FigureRasterizer.render(document, fonts: FontBook()), named: "filmstrip")
    }

    @Test("an onion skin of the transform nest, with past and future tints, matches its golden")
    func onionSkin() throws {
        let nest = try recording("transform-nest.yaml")
        let viewport = FrameViewport(crop: CropRequest.canvas.rect(for: nest, ticks: []), pixelsPerPoint: 0.25)
        let document = try OnionSkin.document(
            nest,
            options: .init(
                reference: 30, every: 10, pastTint: ColorRGBA8(hex: "#007AFF"), futureTint: ColorRGBA8(hex: "#FF3B30"),
                viewport: viewport), fonts: FontBook())
        try assertGolden(try FigureRasterizer.render(document, fonts: FontBook()), named: "onion-skin")
    }

    @Test("a motion trail of the snap zones, with corners, matches its golden")
    func trail() throws {
        let zones = try recording("snap-zones.yaml")
        let viewport = FrameViewport(crop: CropRequest.canvas.rect(for: zones, ticks: []), pixelsPerPoint: 0.4)
        let document = try MotionTrail.document(
            zones, options: .init(markerEvery: 20, corners: true, viewport: viewport),
            fonts: FontBook())
        try assertGolden(try FigureRasterizer.render(document, fonts: FontBook()), named: "trail")
    }

    @Test("a plot of the damped resize's scale matches its golden")
    func plot() throws {
        let resize = try recording("damped-resize.yaml")
        let document = try Plot.document(
            [resize],
            options: .init(
                values: ["scale"], items: ["card"], from: 0, to: 1.5, width: 360,
                panelHeight: 100, title: "scale"), fonts: FontBook())
        try assertGolden(try FigureRasterizer.render(document, fonts: FontBook()), named: "plot")
    }

    @Test("text is FreeType's coverage composited source-over, and measuring matches drawing")
    func text() throws {
        let font = try Font(pixelSize: 14)
        var pixmap = Pixmap(width: 80, height: 20, background: .white)
        font.draw("Flipbook", x: 2.25, baseline: 15, color: .black, onto: &pixmap)
        try assertGolden(pixmap, named: "text")
        #expect(font.width(of: "Flipbook") > 50 && font.width(of: "Flipbook") < 70)
        #expect(font.width(of: "") == 0)
    }
}
