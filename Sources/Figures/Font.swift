import CFreeType
import Raster

/// A font at one pixel size, rasterized by FreeType: what every label in a figure is drawn with.
///
/// Determinism: glyphs are unhinted outlines rendered by FreeType's anti-aliasing rasterizer at a
/// pinned font file and an integer pixel size, with the pen kept in 26.6 fixed point and each
/// glyph shifted by its sub-pixel offset before rendering. The coverage bytes therefore depend
/// only on the FreeType version and the font file, which the golden tests name on failure.
///
/// Not thread-safe (a FreeType face is mutable state); a figure is laid out and drawn on one
/// thread.
public final class Font {
    /// Debian's DejaVu Sans (package fonts-dejavu-core), the one font figures use by default.
    public static let defaultPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    /// The family name SVG output asks for, so that a viewer with the font installed matches.
    public static let svgFamily = "DejaVu Sans"

    public let path: String
    /// Pixels per em, 6...200.
    public let pixelSize: Int
    private let face: OpaquePointer

    public init(path: String = Font.defaultPath, pixelSize: Int) throws {
        precondition((6...200).contains(pixelSize), "font size \(pixelSize) px outside 6...200")
        var error: Int32 = 0
        guard let face = cft_open(path, UInt32(pixelSize), &error) else {
            throw FigureError.fontUnavailable(path: path, pixelSize: pixelSize, freeTypeError: error)
        }
        self.path = path
        self.pixelSize = pixelSize
        self.face = face
    }

    deinit { cft_close(face) }

    /// Distance from the baseline up to the top of the tallest glyphs, in pixels.
    public var ascender: Double { Double(cft_ascender(face)) / 64 }
    /// Distance from the baseline down to the bottom of descending glyphs, in pixels (positive).
    public var descender: Double { -Double(cft_descender(face)) / 64 }

    /// The linked FreeType version, "2.13.2": goldens are exact only for one version.
    public static var freeTypeVersion: String {
        var major: Int32 = 0
        var minor: Int32 = 0
        var patch: Int32 = 0
        cft_version(&major, &minor, &patch)
        return "\(major).\(minor).\(patch)"
    }

    /// The advance width of `text` in pixels (unhinted advances plus kerning).
    public func width(of text: String) -> Double {
        Double(penPositions(text).end) / 64
    }

    /// Each scalar with its pen position (26.6 pixels from the text's origin), and the end.
    private func penPositions(_ text: String) -> (glyphs: [(scalar: UInt32, pen: Int32)], end: Int32) {
        var pen: Int32 = 0
        var previous: UInt32?
        var glyphs: [(UInt32, Int32)] = []
        var glyph = cft_glyph()
        for scalar in text.unicodeScalars {
            let code = scalar.value
            if let previous { pen += cft_kerning(face, previous, code) }
            glyphs.append((code, pen))
            if cft_render(face, code, 0, &glyph) == 0 { pen += glyph.advance }
            previous = code
        }
        return (glyphs, pen)
    }

    /// Draws `text` with its baseline's start at (x, baseline) in pixels, compositing each glyph's
    /// coverage with the rasterizer's rules: colour·coverage (exactly rounded) source-over the pixel.
    public func draw(_ text: String, x: Double, baseline: Double, color: ColorRGBA8, onto pixmap: inout Pixmap) {
        let paint = color.premultiplied
        guard paint.a > 0 else { return }
        let origin = Int32((x * 64).rounded())
        let baselineRow = Int(baseline.rounded())
        var glyph = cft_glyph()
        for (code, pen) in penPositions(text).glyphs {
            let position = origin + pen
            // Whole pixels by floor, the remainder as FreeType's sub-pixel shift (0..63).
            let whole = Int(position >> 6)
            let fraction = position & 63
            guard cft_render(face, code, fraction, &glyph) == 0, let buffer = glyph.buffer else { continue }
            let left = whole + Int(glyph.left)
            let top = baselineRow - Int(glyph.top)
            for row in 0..<Int(glyph.height) {
                let y = top + row
                guard y >= 0, y < pixmap.height else { continue }
                for column in 0..<Int(glyph.width) {
                    let x = left + column
                    guard x >= 0, x < pixmap.width else { continue }
                    let coverage = buffer[row * Int(glyph.pitch) + column]
                    guard coverage > 0 else { continue }
                    pixmap[x: x, y: y] = sourceOver(paint.scaled(by: coverage), pixmap[x: x, y: y])
                }
            }
        }
    }
}

/// Fonts by pixel size, opened once per figure.
public final class FontBook {
    public let path: String
    private var faces: [Int: Font] = [:]

    public init(path: String = Font.defaultPath) { self.path = path }

    public func font(_ pixelSize: Int) throws -> Font {
        if let face = faces[pixelSize] { return face }
        let face = try Font(path: path, pixelSize: pixelSize)
        faces[pixelSize] = face
        return face
    }
}
