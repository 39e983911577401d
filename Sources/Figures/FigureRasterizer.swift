import Geometry
import Raster

/// Draws a `FigureDocument` into pixels with Flipbook's own rasterizer: shapes and polyline
/// segments are rounded rectangles (exact-area coverage), frames are display lists rendered at
/// their placement, and text is FreeType coverage composited with the same source-over rule.
public enum FigureRasterizer {
    public static func render(_ document: FigureDocument, fonts: FontBook) throws -> Pixmap {
        var pixmap = Pixmap(width: document.width, height: document.height, background: document.background)
        var rasterizer = Rasterizer()
        for element in document.elements {
            switch element {
            case .shape(let rect):
                rasterizer.draw(rect, onto: &pixmap)
            case .frame(let frame):
                // The frame is rendered at its own size and copied in, which is what keeps it
                // inside its viewport whatever the rasterizer does with clips.
                let image = Rasterizer.render(frame.list)
                composite(image, at: frame.x, frame.y, onto: &pixmap)
            case .polyline(let line):
                for segment in segments(of: line) {
                    var rect = DrawRect.segment(from: segment.0, to: segment.1, width: line.width, color: line.color)
                    if let clip = line.clip { rect.clips = [clip.clipShape] }
                    rasterizer.draw(rect, onto: &pixmap)
                }
            case .text(let label):
                let font = try fonts.font(label.size)
                let width = font.width(of: label.text)
                let x: Double
                switch label.anchor {
                case .start: x = label.position.x
                case .middle: x = label.position.x - width / 2
                case .end: x = label.position.x - width
                }
                font.draw(label.text, x: x, baseline: label.position.y, color: label.color, onto: &pixmap)
            }
        }
        return pixmap
    }

    /// The polyline's pieces in figure pixels: its segments, cut into dashes when dashed.
    static func segments(of line: Polyline) -> [(Point, Point)] {
        let points = line.points.map { line.transform.apply(to: $0) }
        var result: [(Point, Point)] = []
        guard points.count >= 2 else {
            if let p = points.first { result.append((p, p)) }
            return result
        }
        guard let dash = line.dash else {
            for i in 1..<points.count { result.append((points[i - 1], points[i])) }
            return result
        }
        // Walk the path with a dash phase carried across segments, as SVG's stroke-dasharray does.
        let period = dash.on + dash.off
        var phase = 0.0
        for i in 1..<points.count {
            let a = points[i - 1]
            let b = points[i]
            let length = a.distance(to: b)
            guard length > 0 else { continue }
            var s = 0.0
            while s < length {
                let inPeriod = phase.truncatingRemainder(dividingBy: period)
                let step = inPeriod < dash.on ? min(dash.on - inPeriod, length - s) : min(period - inPeriod, length - s)
                if inPeriod < dash.on {
                    result.append((a + (b - a) * (s / length), a + (b - a) * ((s + step) / length)))
                }
                s += step
                phase += step
            }
        }
        return result
    }

    /// `image` source-over `pixmap` with its top-left corner at (x, y); parts outside are dropped.
    static func composite(_ image: Pixmap, at x: Int, _ y: Int, onto pixmap: inout Pixmap) {
        for row in 0..<image.height {
            let ty = y + row
            guard ty >= 0, ty < pixmap.height else { continue }
            for column in 0..<image.width {
                let tx = x + column
                guard tx >= 0, tx < pixmap.width else { continue }
                pixmap[x: tx, y: ty] = sourceOver(image[x: column, y: row], pixmap[x: tx, y: ty])
            }
        }
    }
}
