import Determinism
import Dispatch
import Geometry
import Raster
import Text

/// The `text` workload: a 1920×1080 frame of 40 labels of 50 characters, DejaVu Sans
/// at 34 px (~1,900 inked glyphs), drawn by one thread with one `Rasterizer`.
///
/// Modes, each its own loop of display lists built before timing starts:
/// - `moving`: every label moves by a sub-pixel amount each frame (0.37 px right, 0.13 px down),
///   and every fourth label also turns 0.5° a frame: the glyph cache only hits when a glyph's
///   1/64-px phase and linear part come back, so most glyphs are rasterized from their outline;
/// - `still`: the labels move by whole pixels (1 px a frame), so after the first frame every
///   glyph is a cache hit;
/// - `uncached`: `moving` with the glyph keys removed, every glyph filled as a plain path (what
///   a renderer without a cache, such as Blend2D, does every call).
package enum TextWorkload {
    package struct Row: Sendable {
        package var mode: String
        package var frames: Int
        package var glyphsPerFrame: Int
        /// One timing per round: the frames drawn, then the same number of frames with the
        /// background alone (the clear every frame pays), in wall-clock and in CPU time (user +
        /// system, this process: what a frame costs on a shared machine).
        package var rounds: [Round]
        package var hits: Int
        package var misses: Int
        package var pixelHash: String

        package struct Round: Sendable {
            package var seconds: Double
            package var clearSeconds: Double
            package var cpuSeconds: Double
            package var clearCPUSeconds: Double
        }

        var glyphs: Double { Double(glyphsPerFrame * frames) }
        /// The median round's figure: a round disturbed by another process moves one sample, not
        /// the figure (the drawing rate divides by a difference, which amplifies a disturbance).
        func median(_ rate: (Round) -> Double) -> Double {
            let sorted = rounds.map(rate).sorted()
            return sorted[sorted.count / 2]
        }
        package var glyphsPerSecond: Double { median { glyphs / $0.seconds } }
        package var framesPerSecond: Double { median { Double(frames) / $0.seconds } }
        /// Glyphs per second of drawing time alone: the background clear's time taken off.
        package var glyphsPerSecondDrawing: Double { median { glyphs / max($0.seconds - $0.clearSeconds, 1e-9) } }
        package var cpuFramesPerSecond: Double { median { Double(frames) / max($0.cpuSeconds, 1e-9) } }
        package var cpuGlyphsPerSecond: Double { median { glyphs / max($0.cpuSeconds, 1e-9) } }
        package var cpuGlyphsPerSecondDrawing: Double {
            median { glyphs / max($0.cpuSeconds - $0.clearCPUSeconds, 1e-9) }
        }
    }

    package static let modes = ["moving", "still", "uncached"]

    static let sentence = "Sphinx of black quartz, judge my vow! Jackdaws lov"  // 50 characters

    /// The glyphs of one label at the origin (font units → pixels), laid out once.
    static func label(_ index: Int, face: FontFace, registry: FontRegistry) throws -> [(
        path: Path, transform: AffineTransform, key: GlyphKey
    )] {
        let rotated = String(sentence.dropFirst(index % 7)) + String(sentence.prefix(index % 7))
        let style = TextStyle(family: FontRegistry.fallbackFamily, size: 34, numberOfLines: 1, lineBreakMode: .wordWrap)
        let layout = try TextLayout.layout(rotated, style: style, width: 10_000, registry: registry)
        return layout.glyphs.compactMap { g in
            let path = g.face.outline(glyph: g.glyph)
            return path.isEmpty ? nil : (path, g.transform, GlyphKey(font: g.face.hashValue64, glyph: g.glyph))
        }
    }

    package static func displayLists(mode: String, frames: Int) throws -> (lists: [DisplayList], glyphs: Int) {
        let registry = FontRegistry()
        let face = try registry.face(family: FontRegistry.fallbackFamily, weight: 400)
        let labels = try (0..<40).map { try label($0, face: face, registry: registry) }
        var lists: [DisplayList] = []
        for frame in 0..<frames {
            var rect = DrawRect(size: Size(1, 1), transform: .identity, fill: .clear)
            for (i, glyphs) in labels.enumerated() {
                let column = Double(i / 20)
                let row = Double(i % 20)
                let f = Double(frame)
                let (dx, dy) = mode == "still" ? (f.truncatingRemainder(dividingBy: 40), 0.0) : (0.37 * f, 0.13 * f)
                var place = AffineTransform(translationX: 20 + column * 950 + dx, y: 40 + row * 52 + dy)
                if mode != "still" && i % 4 == 0 {
                    place = AffineTransform(rotation: .degrees(0.5 * f)).concatenating(place)
                }
                for g in glyphs {
                    rect.content.append(
                        DrawPath(
                            path: g.path, transform: g.transform.concatenating(place),
                            paint: .solid(ColorRGBA8(r: 28, g: 28, b: 30)),
                            glyph: mode == "uncached" ? nil : g.key))
                }
            }
            lists.append(DisplayList(width: 1920, height: 1080, background: .white, rects: [rect]))
        }
        return (lists, labels.reduce(0) { $0 + $1.count })
    }

    /// Times `mode` in `rounds` rounds over the same display lists, each with a fresh rasterizer:
    /// a warm cache would turn a second round of `moving` into hits.
    package static func run(mode: String, frames: Int, rounds: Int = 1) throws -> Row {
        let (lists, glyphs) = try displayLists(mode: mode, frames: frames)
        var pixmap = Pixmap(width: 1920, height: 1080)
        var hash = FNV1a64()
        let empty = DisplayList(width: 1920, height: 1080, background: .white, rects: [])
        var timings: [Row.Round] = []
        var counts = (hits: 0, misses: 0)
        for round in 0..<max(rounds, 1) {
            var rasterizer = Rasterizer()
            let cpuStart = CPUTime.ownSeconds()
            let start = DispatchTime.now().uptimeNanoseconds
            for list in lists { rasterizer.render(list, into: &pixmap) }
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            let cpuSeconds = CPUTime.ownSeconds() - cpuStart
            // The last round's picture and counts: with a cache carried over from an earlier
            // round they would differ from the first round's, which the tests check.
            if round == max(rounds, 1) - 1 {
                hash.combine(pixmap.data)
                counts = (rasterizer.glyphCache.hits, rasterizer.glyphCache.misses)
            }
            let clearCPUStart = CPUTime.ownSeconds()
            let clearStart = DispatchTime.now().uptimeNanoseconds
            for _ in lists { rasterizer.render(empty, into: &pixmap) }
            let clearSeconds = Double(DispatchTime.now().uptimeNanoseconds - clearStart) / 1e9
            timings.append(
                Row.Round(
                    seconds: seconds, clearSeconds: clearSeconds, cpuSeconds: cpuSeconds,
                    clearCPUSeconds: CPUTime.ownSeconds() - clearCPUStart))
        }
        return Row(
            mode: mode, frames: frames, glyphsPerFrame: glyphs, rounds: timings,
            hits: counts.hits, misses: counts.misses, pixelHash: hash.hex)
    }

    package static func table(_ rows: [Row]) -> String {
        var lines = [
            "text workload: 1920×1080, 40 labels × 50 characters, DejaVu Sans 34 px, one thread; "
                + "median of \(rows.first?.rounds.count ?? 0) rounds, each with a cold cache "
                + "(hits, misses and hash: the last round)",
            "M glyphs/s counts the whole frame; 'drawing' takes off the time of clearing the 1080p background alone;",
            "the 'CPU' columns are the same figures from CPU time (user + system), steadier on a shared machine",
            "mode       frames  glyphs/frame  frames/s  M glyphs/s  drawing  CPU frames/s  CPU M glyphs/s  CPU drawing"
                + "  cache hits  misses  last-frame hash",
        ]
        for r in rows {
            lines.append(
                r.mode.padding(toLength: 10, withPad: " ", startingAt: 0)
                    + String(r.frames).leftPadded(7) + String(r.glyphsPerFrame).leftPadded(14)
                    + String(Int(r.framesPerSecond.rounded())).leftPadded(10)
                    + String((r.glyphsPerSecond / 1e4).rounded() / 100).leftPadded(12)
                    + String((r.glyphsPerSecondDrawing / 1e4).rounded() / 100).leftPadded(9)
                    + String(Int(r.cpuFramesPerSecond.rounded())).leftPadded(14)
                    + String((r.cpuGlyphsPerSecond / 1e4).rounded() / 100).leftPadded(16)
                    + String((r.cpuGlyphsPerSecondDrawing / 1e4).rounded() / 100).leftPadded(13)
                    + String(r.hits).leftPadded(12) + String(r.misses).leftPadded(8) + "  " + r.pixelHash)
        }
        return lines.joined(separator: "\n")
    }
}

extension String {
    /// Right-aligned in `width`, and at least one space before it even when it is wider: a
    /// figure from a stalled round (a clear that took as long as the drawing) must not run
    /// into the column before it.
    fileprivate func leftPadded(_ width: Int) -> String { String(repeating: " ", count: max(1, width - count)) + self }
}
