import ArgumentParser
import Figures
import Foundation
import Geometry
import Raster
import SceneLoading
import SceneModel

struct Figure: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract:
            "Draw documentation figures of a scene's motion: contact sheets, filmstrips, onion skins, motion trails, plots, SVG frames.",
        discussion: """
            Examples:
              flipbook figure scenes/snap.yaml --kind contact-sheet --every 6 --crop motion -o docs/figures/snap-contact-sheet.png
              flipbook figure scenes/snap.yaml scenes/watcher.yaml --kind plot --value x,y,angle --svg snap-plot.svg
              flipbook figure scenes/snap-zones.yaml --kind trail --markers-every 10 --corners
              flipbook figure scenes/transform-nest.yaml --kind svg-frame --tick 30 -o nest-30.svg
            """)

    enum Kind: String, ExpressibleByArgument, CaseIterable {
        case contactSheet = "contact-sheet"
        case filmstrip
        case onionSkin = "onion-skin"
        case trail, plot
        case svgFrame = "svg-frame"
        case player
    }

    @Argument(help: "Scene file; plots accept several, compared in one figure.")
    var scenes: [String]

    @Option(
        name: .long,
        help:
            "contact-sheet, filmstrip, onion-skin, trail, plot, svg-frame or player (a folder: frames --from…--to and their player page)."
    )
    var kind: Kind

    @Option(
        name: [.short, .long],
        help: "Output file: PNG (or SVG for svg-frame). Default: output/figures/<scene>-<kind>.png.")
    var output: String?

    @Option(name: .long, help: "Also write the figure as SVG to this path.")
    var svg: String?

    @Option(name: .long, help: "Frames at these ticks (comma-separated).")
    var ticks: String?

    @Option(name: .long, help: "Frames at these times in seconds (comma-separated, nearest tick).")
    var times: String?

    @Option(name: .long, help: "Every k-th tick: the frames of a sheet, the ghosts of an onion skin (default 6).")
    var every: Int?

    @Option(name: .long, help: "Frames per row of a contact sheet (default 4).")
    var columns: Int = 4

    @Option(name: .long, help: "Figure pixels per scene point (default 1).")
    var scale: Double = 1

    @Option(
        name: .long,
        help: "Part of the canvas shown: canvas, motion (the moving items' paths plus 16 pt) or X,Y,W,H in points.")
    var crop: String = "canvas"

    @Option(
        name: .long,
        help: "The solid frame of an onion skin, the end of a trail, the frame of svg-frame (default: last).")
    var tick: Int?

    @Option(name: .long, help: "Onion skin: colour past ghosts are mixed toward (#RRGGBB).")
    var tintPast: String?

    @Option(name: .long, help: "Onion skin: colour future ghosts are mixed toward (#RRGGBB).")
    var tintFuture: String?

    @Option(name: .long, help: "Trail: a marker every k ticks (default 10).")
    var markersEvery: Int = 10

    @Flag(name: .long, help: "Trail: also trace the four corners.")
    var corners = false

    @Option(
        name: .long,
        help: "Items to trace, plot or ghost in an onion skin (comma-separated). Default: the items that move.")
    var items: String?

    @Option(
        name: .long,
        help:
            "Plot: values, one panel each: x, y, width, height, angle, scale, velocity or any trace column. Default: x and y, leaving out one that never changes."
    )
    var value: String?

    @Flag(
        name: .long,
        help:
            "Plot: draw y with larger values lower, as on the screen (y points down), so the line moves the way the item does."
    )
    var invertY = false

    @Option(name: .long, help: "Plot: start of the time axis in seconds.")
    var from: Double?

    @Option(name: .long, help: "Plot: end of the time axis in seconds.")
    var to: Double?

    @Option(name: .long, help: "Plot: figure width in pixels.")
    var width: Int = 720

    @Option(name: .long, help: "Plot: height of each panel in pixels.")
    var panelHeight: Int = 150

    @Flag(name: .long, help: "Plot: no event markers.")
    var noEvents = false

    @Option(name: .long, help: "Title above the figure.")
    var title: String?

    @Option(name: .long, help: "TrueType font for labels.")
    var font: String = Figures.Font.defaultPath

    func validate() throws {
        guard !scenes.isEmpty else { throw ValidationError("name a scene file") }
        if kind != .plot, scenes.count > 1 {
            throw ValidationError("only --kind plot takes several scenes; got \(scenes.count)")
        }
        guard scale > 0, scale.isFinite else { throw ValidationError("--scale must be positive, got \(scale)") }
        guard columns >= 1 else { throw ValidationError("--columns must be at least 1, got \(columns)") }
        if ticks != nil && times != nil { throw ValidationError("give --ticks or --times, not both") }
        guard (200...4000).contains(width) else {
            throw ValidationError("--width must be within 200...4000, got \(width)")
        }
        guard (60...1000).contains(panelHeight) else {
            throw ValidationError("--panel-height must be within 60...1000, got \(panelHeight)")
        }
    }

    func run() throws {
        if kind == .player {
            let scene = try SceneLoader.load(path: scenes[0])
            try writePlayerFolder(scene: scene, destination: output ?? "output/figures/\(scene.name)-player")
            return
        }
        let recordings = try scenes.map { try MotionRecording(scene: try SceneLoader.load(path: $0), file: $0) }
        let recording = recordings[0]
        let fonts = FontBook(path: font)
        let name = recording.scene.name
        let path = output ?? "output/figures/\(name)-\(kind.rawValue).\(kind == .svgFrame ? "svg" : "png")"

        if kind == .svgFrame {
            let frame = tick ?? recording.lastTick
            try recording.checkTick(frame)
            try FigureFile.writeSVG(SVGWriter.svg(recording.frames[frame]), to: path)
            print(path)
            return
        }
        let document: FigureDocument
        switch kind {
        case .contactSheet, .filmstrip:
            let chosen = try selection(default: .evenly(kind == .filmstrip ? 8 : 12)).ticks(in: recording)
            document = try FrameSheet.document(
                recording,
                options: FrameSheet.Options(
                    ticks: chosen, columns: kind == .filmstrip ? chosen.count : columns,
                    viewport: try viewport(recording, ticks: chosen), title: title))
        case .onionSkin:
            let reference = tick ?? recording.lastTick
            let shown = Array(stride(from: 0, through: recording.lastTick, by: max(every ?? 6, 1))) + [reference]
            document = try OnionSkin.document(
                recording,
                options: OnionSkin.Options(
                    reference: reference, every: every ?? 6, pastTint: try color(tintPast, "--tint-past"),
                    futureTint: try color(tintFuture, "--tint-future"), viewport: try viewport(recording, ticks: shown),
                    title: title, items: list(items)),
                fonts: fonts)
        case .trail:
            let end = tick ?? recording.lastTick
            document = try MotionTrail.document(
                recording,
                options: MotionTrail.Options(
                    tick: end, markerEvery: markersEvery, corners: corners, items: list(items),
                    viewport: try viewport(recording, ticks: Array(0...min(max(end, 0), recording.lastTick))),
                    title: title), fonts: fonts)
        case .plot:
            var options = Plot.Options(
                values: list(value) ?? ["x", "y"], items: list(items), from: from, to: to,
                width: width, panelHeight: panelHeight, title: title, events: !noEvents)
            options.invertY = invertY
            options.dropsFlatPanels = value == nil
            document = try Plot.document(recordings, options: options, fonts: fonts)
        case .svgFrame, .player:
            preconditionFailure("handled above")
        }
        try FigureFile.writePNG(document, to: path, fonts: fonts)
        print(path)
        if let svg {
            try FigureFile.writeSVG(SVGWriter.svg(document), to: svg)
            print(svg)
        }
    }

    private func selection(default fallback: FrameSelection) throws -> FrameSelection {
        if let ticks { return .ticks(try numbers(ticks, "--ticks", Int.init)) }
        if let times { return .times(try numbers(times, "--times", Double.init)) }
        if let every { return .every(every) }
        return fallback
    }

    private func viewport(_ recording: MotionRecording, ticks: [Int]) throws -> FrameViewport {
        let request: CropRequest
        switch crop {
        case "canvas": request = .canvas
        case "motion": request = .motion(padding: 16)
        default:
            let v = try numbers(crop, "--crop", Double.init)
            guard v.count == 4, v[2] > 0, v[3] > 0 else {
                throw CLIError("--crop: expected canvas, motion or X,Y,W,H with a positive size, got '\(crop)'")
            }
            request = .rect(Rect(x: v[0], y: v[1], width: v[2], height: v[3]))
        }
        return FrameViewport(crop: request.rect(for: recording, ticks: ticks), pixelsPerPoint: scale)
    }

    private func list(_ text: String?) -> [String]? {
        text.map { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } }
    }

    private func numbers<T>(_ text: String, _ option: String, _ parse: (String) -> T?) throws -> [T] {
        try text.split(separator: ",").map {
            let item = $0.trimmingCharacters(in: .whitespaces)
            guard let value = parse(item) else { throw CLIError("\(option): '\(item)' is not a number") }
            return value
        }
    }

    private func color(_ text: String?, _ option: String) throws -> ColorRGBA8? {
        guard let text else { return nil }
        guard let color = ColorRGBA8(hex: text) else {
            throw CLIError("\(option): expected #RGB or #RRGGBB, got '\(text)'")
        }
        return color
    }
}
