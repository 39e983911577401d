import CFreeTypeSystem
import CHarfBuzz
import Determinism
import Foundation
import Geometry

/// One font file in memory, opened by FreeType (outlines) and HarfBuzz (shaping) over the same
/// bytes: what a text item's glyphs come from.
///
/// Everything is in font units (`unitsPerEm` to the em, y up as fonts store it); layout scales by
/// size / unitsPerEm. Outlines are unhinted (FT_LOAD_NO_SCALE | FT_LOAD_NO_HINTING |
/// FT_LOAD_NO_BITMAP): the exact design outline, so a glyph depends only on the file's bytes,
/// never on a hinting engine or the size. `contentHash` (FNV-1a 64 of the bytes) names the file
/// in the render manifest.
///
/// Thread-safe: the FreeType face sits behind a lock (outlines are loaded once and cached);
/// HarfBuzz fonts are immutable once made and may shape from any thread.
public final class FontFace: @unchecked Sendable {
    /// The file it came from (as given), for messages and the manifest.
    public let path: String
    /// FreeType's family name ("Inter", "DejaVu Sans").
    public let familyName: String
    /// FreeType's style name ("Regular", "Bold").
    public let styleName: String
    /// OS/2 usWeightClass, 1...1000 (400 regular, 700 bold); 400 when the table is absent.
    public let weight: Int
    public let unitsPerEm: Int
    /// Typographic ascender above the baseline (> 0), descender below (> 0 here), and the
    /// baseline-to-baseline distance, all in font units, as FreeType reads them (hhea, else OS/2).
    public let ascender: Int
    public let descender: Int
    public let lineSpacing: Int
    /// Where text decorations go (CSS Text Decoration 3), in font units, y up: the middle of an
    /// underline (the post table's `underlinePosition`, read as resvg reads it, negative below the
    /// baseline) and its thickness (`underlineThickness`; the thickness of every decoration, as
    /// resvg draws them), and the middle of a line-through (OS/2's `yStrikeoutPosition`). Without
    /// the tables, resvg's fallbacks: an underline a ninth of an em below the baseline, a twelfth
    /// thick, and a line-through at half OS/2's x-height when the strikeout is 0 (a quarter em
    /// when the font has no OS/2 table).
    public let underlinePosition: Int
    public let underlineThickness: Int
    public let strikeoutPosition: Int
    /// FNV-1a 64 of the file's bytes, 16 hex digits.
    public let contentHash: String
    /// The same hash as a number: glyph-cache keys use it to tell fonts apart.
    public let hashValue64: UInt64

    private let bytes: UnsafeMutableRawBufferPointer
    private let library: FT_Library
    private let face: FT_Face
    let hbFont: OpaquePointer
    private let lock = NSLock()
    /// The glyph of each ASCII character, read at load: asked for every character set, where a
    /// locked FreeType lookup each was a measurable part of setting a large scene's labels.
    private let asciiGlyphs: [UInt32]
    private var outlines: [UInt32: Path] = [:]

    /// Loads `path`, refusing files over `TextLimits.maxFontFileBytes` before reading them.
    public convenience init(path: String) throws {
        let url = URL(fileURLWithPath: path)
        let size: Int
        do {
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            if let type = attributes[.type] as? FileAttributeType, type != .typeRegular, type != .typeSymbolicLink {
                throw TextError.fontUnreadable(path: path, reason: "not a regular file")
            }
            size = (attributes[.size] as? NSNumber)?.intValue ?? 0
        } catch let error as TextError {
            throw error
        } catch {
            throw TextError.fontUnreadable(path: path, reason: "no such file")
        }
        guard size <= TextLimits.maxFontFileBytes else {
            throw TextError.fontTooLarge(path: path, bytes: size, limit: TextLimits.maxFontFileBytes)
        }
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw TextError.fontUnreadable(path: path, reason: "\(error.localizedDescription)")
        }
        guard data.count <= TextLimits.maxFontFileBytes else {
            throw TextError.fontTooLarge(path: path, bytes: data.count, limit: TextLimits.maxFontFileBytes)
        }
        try self.init(data: [UInt8](data), path: path)
    }

    /// Opens font bytes already in memory (`path` only names them in messages).
    public init(data: [UInt8], path: String) throws {
        guard data.count <= TextLimits.maxFontFileBytes else {
            throw TextError.fontTooLarge(path: path, bytes: data.count, limit: TextLimits.maxFontFileBytes)
        }
        guard !data.isEmpty else { throw TextError.notAFont(path: path, freeTypeError: 0) }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: data.count, alignment: 16)
        buffer.copyBytes(from: data)
        var library: FT_Library?
        var status = FT_Init_FreeType(&library)
        var face: FT_Face?
        if status == 0, let library {
            status = FT_New_Memory_Face(
                library, buffer.baseAddress!.assumingMemoryBound(to: FT_Byte.self),
                FT_Long(data.count), 0, &face)
        }
        guard status == 0, let library, let face, face.pointee.units_per_EM > 0,
            (face.pointee.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE)) != 0
        else {
            if let face { FT_Done_Face(face) }
            if let library { FT_Done_FreeType(library) }
            buffer.deallocate()
            throw TextError.notAFont(path: path, freeTypeError: Int32(status))
        }
        self.path = path
        self.bytes = buffer
        self.library = library
        self.face = face
        familyName = face.pointee.family_name.map { String(cString: $0) } ?? "Unnamed"
        styleName = face.pointee.style_name.map { String(cString: $0) } ?? "Regular"
        if let table = FT_Get_Sfnt_Table(face, FT_SFNT_OS2) {
            let os2 = table.assumingMemoryBound(to: TT_OS2.self).pointee
            weight = (1...1000).contains(Int(os2.usWeightClass)) ? Int(os2.usWeightClass) : 400
        } else {
            weight = 400
        }
        unitsPerEm = Int(face.pointee.units_per_EM)
        ascender = Int(face.pointee.ascender)
        descender = -Int(face.pointee.descender)
        lineSpacing = max(Int(face.pointee.height), ascender + descender)
        (underlinePosition, underlineThickness, strikeoutPosition) = Self.decorationMetrics(face)
        asciiGlyphs = (0..<128).map { UInt32(FT_Get_Char_Index(face, FT_ULong($0))) }
        // One pass over the bytes: a scene's fonts are opened each time it is decoded.
        hashValue64 = FNV1a64.hash(data)
        contentHash = hashValue64.hexDigits16
        let blob = hb_blob_create(
            buffer.baseAddress!.assumingMemoryBound(to: CChar.self), UInt32(data.count),
            HB_MEMORY_MODE_READONLY, nil, nil)
        let hbFace = hb_face_create(blob, 0)
        hb_blob_destroy(blob)
        let font = hb_font_create(hbFace)!
        hb_face_destroy(hbFace)
        // Font units in, font units out: positions are then the same numbers `hb-shape` prints.
        hb_font_set_scale(font, Int32(unitsPerEm), Int32(unitsPerEm))
        hb_ot_font_set_funcs(font)
        hb_font_make_immutable(font)
        hbFont = font
    }

    deinit {
        hb_font_destroy(hbFont)
        FT_Done_Face(face)
        FT_Done_FreeType(library)
        bytes.deallocate()
    }

    /// The post table's underline and OS/2's strikeout, else resvg's fallbacks (`underlinePosition`).
    private static func decorationMetrics(_ face: FT_Face) -> (underline: Int, thickness: Int, strikeout: Int) {
        let em = Int(face.pointee.units_per_EM)
        var metrics = (underline: -em / 9, thickness: max(1, em / 12), strikeout: em / 4)
        if let table = FT_Get_Sfnt_Table(face, FT_SFNT_POST) {
            let post = table.assumingMemoryBound(to: TT_Postscript.self).pointee
            if post.underlineThickness > 0 {
                metrics.underline = Int(post.underlinePosition)
                metrics.thickness = Int(post.underlineThickness)
            }
        }
        if let table = FT_Get_Sfnt_Table(face, FT_SFNT_OS2) {
            let os2 = table.assumingMemoryBound(to: TT_OS2.self).pointee
            // OS/2 version 0 and 1 tables have no x-height field (FreeType leaves it 0).
            metrics.strikeout = os2.yStrikeoutPosition != 0 ? Int(os2.yStrikeoutPosition) : Int(os2.sxHeight) / 2
        }
        return metrics
    }

    /// "Inter Bold (Inter-Bold.otf)", for warnings and lists.
    public var displayName: String { "\(familyName) \(styleName)" }

    /// The glyph index for `scalar`, 0 when the font has none.
    public func glyphIndex(for scalar: Unicode.Scalar) -> UInt32 {
        if scalar.value < 128 { return asciiGlyphs[Int(scalar.value)] }
        lock.lock()
        defer { lock.unlock() }
        return UInt32(FT_Get_Char_Index(face, FT_ULong(scalar.value)))
    }

    public func hasGlyph(for scalar: Unicode.Scalar) -> Bool { glyphIndex(for: scalar) != 0 }

    /// The glyph's unhinted outline in font units, y up (as stored); empty for a blank glyph or
    /// one FreeType cannot load. Loaded once, then cached.
    public func outline(glyph: UInt32) -> Path {
        lock.lock()
        defer { lock.unlock() }
        if let cached = outlines[glyph] { return cached }
        var path = Path()
        let flags = Int32(FT_LOAD_NO_SCALE | FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP)
        if FT_Load_Glyph(face, glyph, flags) == 0, let slot = face.pointee.glyph,
            slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE
        {
            path = OutlineDecomposition.path(of: slot.pointee.outline)
        }
        outlines[glyph] = path
        return path
    }
}

extension FNV1a64 {
    /// 16 lowercase hex digits of a finished hash value.
    static func hexString(_ value: UInt64) -> String {
        let s = String(value, radix: 16)
        return String(repeating: "0", count: 16 - s.count) + s
    }
}

extension UInt64 {
    var hexDigits16: String { FNV1a64.hexString(self) }
}
