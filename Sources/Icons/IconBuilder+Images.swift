import Foundation
import Geometry
import Images
import Shapes

/// `<image>` with its picture embedded as a `data:` URL (PNG, JPEG or WebP, base64), as design
/// tools export bitmaps: decoded by the Images module's decoders, within the icon's pixel budget,
/// placed in its viewport by `preserveAspectRatio`. A file beside the icon is not read: an
/// icon is one self-contained file, as everything a scene references is checked by its own rule.
extension IconBuilder {
    /// Appends the image's piece: its visible rectangle, filled with the picture.
    func addImage(_ a: [String: String], style: Style) {
        guard let href = a["href"] ?? a["xlink:href"] else { return fail("<image> needs href (or xlink:href)") }
        if let svg = svgDataURL(href) { return addSVGImage(svg, a, style: style) }
        guard let bytes = dataURL(href) else { return }
        let name = "the <image> at line \(parser?.lineNumber ?? 0)"
        let decoded: DecodedImageFile
        do {
            decoded = try ImageFile.decode(
                bytes, name: name, maxPixels: IconLoader.maxImagePixels - imagePixels)
        } catch {
            return fail("\(error.description); an icon's images may hold \(IconLoader.maxImagePixels) pixels in all")
        }
        imagePixels += decoded.width * decoded.height
        let natural = Size(width: Double(decoded.width), height: Double(decoded.height))
        guard let (viewport, aspect) = imageViewport(a, natural: natural) else { return }
        let place = aspect.fit(Rect(x: 0, y: 0, width: natural.width, height: natural.height), into: viewport.size)
            .concatenating(Geometry.AffineTransform(translationX: viewport.minX, y: viewport.minY))
        let drawn = Self.rectangle(Rect(x: 0, y: 0, width: natural.width, height: natural.height))
            .applying(place).bounds
        let visible = drawn.intersection(viewport)
        guard visible != .null, visible.width > 0, visible.height > 0 else { return }
        var piece = Self.opaque(Self.rectangle(visible).applying(style.transform))
        piece.fill = .clear
        piece.image = IconImage(
            image: decoded.sceneImage(), toViewBox: place.concatenating(style.transform), pixelated: style.pixelated)
        pieces.append(piece)
    }

    /// The bytes of a base64 `data:` URL of a PNG, JPEG or WebP on `<element>`; nil after a failure.
    func dataURL(_ href: String, element: String = "image") -> [UInt8]? {
        let text = href.trimmingWhitespace
        guard text.hasPrefix("data:"), let comma = text.firstIndex(of: ",") else {
            fail(
                "<\(element) href=\"\(href.prefix(40))\">: expected the picture embedded as a data: URL (data:image/png;base64,…); files are not read from an icon"
            )
            return nil
        }
        let header = text[text.index(text.startIndex, offsetBy: 5)..<comma].lowercased()
        let parts = header.split(separator: ";", omittingEmptySubsequences: false).map { $0.trimmingWhitespace }
        let mime = parts.first ?? ""
        guard ["", "image/png", "image/jpeg", "image/jpg", "image/webp"].contains(mime), parts.contains("base64")
        else {
            fail(
                "<\(element)> data: URL of type '\(mime.isEmpty ? "text/plain" : mime)'\(parts.contains("base64") ? "" : " without base64"): expected a base64 PNG, JPEG or WebP"
            )
            return nil
        }
        guard
            let data = Data(base64Encoded: String(text[text.index(after: comma)...]), options: .ignoreUnknownCharacters)
        else {
            fail("<\(element)> data: URL: the base64 text does not decode")
            return nil
        }
        return [UInt8](data)
    }

    /// The bytes of a base64 `data:` URL holding an SVG: typed `image/svg+xml`, or untyped with
    /// content that is no PNG, JPEG, WebP or GIF and starts as markup (`<`, after a byte-order
    /// mark and white space) or as gzip, which is how resvg reads an untyped picture (SVG unless a
    /// raster's signature says otherwise). Nil for any other URL, which the raster path reads.
    private func svgDataURL(_ href: String) -> Data? {
        let text = href.trimmingWhitespace
        guard text.hasPrefix("data:"), let comma = text.firstIndex(of: ",") else { return nil }
        let header = text[text.index(text.startIndex, offsetBy: 5)..<comma].lowercased()
        let parts = header.split(separator: ";", omittingEmptySubsequences: false).map { $0.trimmingWhitespace }
        let mime = parts.first ?? ""
        guard mime == "image/svg+xml" || mime.isEmpty, parts.contains("base64"),
            let data = Data(base64Encoded: String(text[text.index(after: comma)...]), options: .ignoreUnknownCharacters)
        else { return nil }
        return mime.isEmpty && !Self.looksLikeSVG(data) ? nil : data
    }

    /// Whether untyped picture bytes are an SVG: gzip (SVGZ), or text whose first character
    /// after a UTF-8 byte-order mark and white space is `<` (no raster format starts so).
    static func looksLikeSVG(_ data: Data) -> Bool {
        if GzipData.isGzip(data) { return true }
        var bytes = data.prefix(1024)[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        return bytes.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) == UInt8(ascii: "<")
    }

    /// An SVG embedded as an `<image>`: read as an icon (one level deep, within what is left of
    /// this file's element budget), its viewBox fitted into the image's viewport by the image's
    /// `preserveAspectRatio`, its pieces and groups appended there and cut to the viewport.
    private func addSVGImage(_ data: Data, _ a: [String: String], style: Style) {
        let line = parser?.lineNumber ?? 0
        guard !isEmbedded else {
            return fail("an SVG <image> inside an SVG <image>: expected at most one level of embedding")
        }
        var data = data
        // SVGZ: the file gzipped, inflated within the size a file may have, checked before the
        // inflated bytes are allocated.
        if GzipData.isGzip(data) {
            do throws(GzipData.Failure) {
                data = Data(try GzipData.inflate([UInt8](data), limit: IconLoader.maxBytes))
            } catch {
                return fail("the SVG <image> at line \(line): \(error.description) (an icon's size limit)")
            }
        }
        let inner: Icon
        do {
            let budget = IconLoader.Budget(
                maxBytes: IconLoader.maxBytes, maxElements: max(0, maxElements - elements), noun: "an embedded SVG")
            var innerWarnings: [IconWarning] = []
            inner = try IconLoader.parse(
                data, name: "the SVG <image>", budget: budget, embedded: true, fonts: fonts,
                warnings: &innerWarnings)
            for w in innerWarnings { warn("the SVG <image> at line \(line), line \(w.line ?? 0): \(w.message)") }
        } catch let e as IconError {
            return fail(
                "\(e.description.replacingOccurrences(of: "the SVG <image>", with: "the SVG <image> at line \(line), "))"
            )
        } catch {
            return fail("the SVG <image> at line \(line): \(error)")
        }
        guard inner.groups.allSatisfy({ $0.filter == nil && $0.blendMode == .normal }) else {
            return fail("the SVG <image> at line \(line) has filters or blend modes: not in the supported subset there")
        }
        elements += inner.pieces.count
        guard let (viewport, aspect) = imageViewport(a, natural: inner.viewBox.size) else { return }
        let place = aspect.fit(inner.viewBox, into: viewport.size)
            .concatenating(Geometry.AffineTransform(translationX: viewport.minX, y: viewport.minY))
            .concatenating(style.transform)
        let start = pieces.count
        pieces += inner.pieces.map { $0.applying(place) }
        groups += inner.groups.map { $0.shifted(by: start) }
        clipToViewport(viewport, under: style.transform, pieces: start..<pieces.count)
    }

    /// An image's viewport (`x`, `y`, `width`, `height`) and `preserveAspectRatio`, for a picture
    /// of `natural` size: `auto` (or nothing) is that size, one side given scales the other with
    /// it. Nil after a failure, or for a viewport without area (nothing drawn).
    private func imageViewport(_ a: [String: String], natural: Size) -> (Rect, SVGAspectRatio)? {
        guard let x = number(a, "x", element: "image", default: 0), let y = number(a, "y", element: "image", default: 0)
        else { return nil }
        let written = (width: lengthOrAuto(a, "width"), height: lengthOrAuto(a, "height"))
        let w = written.width ?? written.height.map { $0 * natural.width / natural.height } ?? natural.width
        let h = written.height ?? written.width.map { $0 * natural.height / natural.width } ?? natural.height
        guard error == nil, w > 0, h > 0, let aspect = aspectRatio(a, on: "image") else { return nil }
        return (Rect(x: x, y: y, width: w, height: h), aspect)
    }

    /// A `width` or `height` written as a length, nil for `auto` or nothing (after a failure too).
    private func lengthOrAuto(_ a: [String: String], _ key: String) -> Double? {
        guard let text = a[key], text.trimmingWhitespace != "auto" else { return nil }
        return number(a, key, element: "image")
    }
}
