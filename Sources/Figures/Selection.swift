import Foundation
import Geometry
import PNG
import Raster

/// Which frames a figure shows.
public enum FrameSelection: Equatable, Sendable {
    case ticks([Int])
    /// Seconds, each rounded to the nearest tick.
    case times([Double])
    /// 0, k, 2k, … up to the last tick.
    case every(Int)
    /// `count` ticks spread evenly from 0 to the last, both included.
    case evenly(Int)

    public func ticks(in recording: MotionRecording) throws -> [Int] {
        switch self {
        case .ticks(let ticks):
            for tick in ticks { try recording.checkTick(tick) }
            return ticks
        case .times(let times):
            return try times.map(recording.tick(atTime:))
        case .every(let k):
            guard k >= 1 else { throw FigureError.invalidRequest("--every must be at least 1, got \(k)") }
            return Array(stride(from: 0, through: recording.lastTick, by: k))
        case .evenly(let count):
            guard count >= 1 else { throw FigureError.invalidRequest("frame count must be at least 1, got \(count)") }
            guard count > 1, recording.lastTick > 0 else { return [0] }
            // Integer arithmetic: tick i = round(i·last/(count − 1)), duplicates dropped.
            var ticks: [Int] = []
            for i in 0..<count {
                let tick = (2 * i * recording.lastTick + (count - 1)) / (2 * (count - 1))
                if ticks.last != tick { ticks.append(tick) }
            }
            return ticks
        }
    }
}

/// Which part of the canvas a figure shows.
public enum CropRequest: Equatable, Sendable {
    /// The whole canvas.
    case canvas
    /// The bounding boxes of the items that move (whose frame changes at some tick) over the shown
    /// ticks, grown by `padding` points; every item's when none moves. A status bar or a heading
    /// drawn around the moving card does not widen the crop to the whole screen.
    case motion(padding: Double)
    /// A rectangle in canvas points.
    case rect(Rect)

    public func rect(for recording: MotionRecording, ticks: [Int]) -> Rect {
        let canvas = recording.scene.canvas.size
        switch self {
        case .canvas: return Rect(origin: .zero, size: canvas)
        case .motion(let padding):
            let moving = recording.scene.items.indices.filter { index in
                recording.states.contains { $0[index].frame != recording.states[0][index].frame }
            }
            return FrameViewport.around(
                recording.motionBounds(ticks: ticks, items: moving.isEmpty ? nil : moving), padding: padding,
                canvas: canvas)
        case .rect(let rect): return rect
        }
    }
}

/// Writing figures to disk: PNG through Flipbook's encoder, SVG as UTF-8 text, both atomically.
public enum FigureFile {
    public static func pngBytes(_ document: FigureDocument, fonts: FontBook) throws -> [UInt8] {
        let pixmap = try FigureRasterizer.render(document, fonts: fonts)
        return try PNG.encode(rgba: pixmap.straightRGBA(), width: pixmap.width, height: pixmap.height)
    }

    public static func writePNG(_ document: FigureDocument, to path: String, fonts: FontBook) throws {
        try createParent(of: path)
        try PNG.writeAtomically(try pngBytes(document, fonts: fonts), to: path)
    }

    public static func writeSVG(_ text: String, to path: String) throws {
        try createParent(of: path)
        try PNG.writeAtomically(Array(text.utf8), to: path)
    }

    private static func createParent(of path: String) throws {
        let parent = (path as NSString).deletingLastPathComponent
        guard !parent.isEmpty else { return }
        do {
            try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
        } catch {
            throw FigureError.invalidRequest("cannot create folder \(parent): \(error.localizedDescription)")
        }
    }
}
