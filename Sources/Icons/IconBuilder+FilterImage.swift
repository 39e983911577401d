import Foundation
import Geometry
import Images

/// `<feImage>` (Filter Effects 1): a primitive whose result is a picture, embedded as a `data:`
/// URL and decoded as an `<image>`'s is (IconBuilder+Images.swift, within the icon's pixel
/// budget), fitted into the primitive subregion by its `preserveAspectRatio` (xMidYMid meet by
/// default). `href="#id"` (an element of the file drawn as the picture) and file paths are
/// refused with their line: an icon is one self-contained file, and the subset draws no element
/// into a filter.
extension IconBuilder {
    /// The picture primitive for an `feImage` with attributes `a` on `line`; nil after a failure.
    func filterImage(
        _ a: [String: String], into subregion: Rect, line: Int, filterID: String
    ) -> IconFilterPrimitive.Kind? {
        guard let href = a["href"] ?? a["xlink:href"] else {
            fail("<feImage> needs href (or xlink:href): a data: URL of a PNG, JPEG or WebP", at: line)
            return nil
        }
        guard href.trimmingWhitespace.hasPrefix("data:") else {
            fail(
                "<feImage href=\"\(href.prefix(40))\">: expected the picture embedded as a data: URL (data:image/png;base64,…); element references and files are not in the supported subset",
                at: line)
            return nil
        }
        guard let bytes = dataURL(href, element: "feImage") else { return nil }
        let decoded: DecodedImageFile
        do {
            decoded = try ImageFile.decode(
                bytes, name: "the <feImage> at line \(line)", maxPixels: IconLoader.maxImagePixels - imagePixels)
        } catch {
            fail(
                "\(error.description); an icon's images may hold \(IconLoader.maxImagePixels) pixels in all", at: line)
            return nil
        }
        imagePixels += decoded.width * decoded.height
        let aspect = aspectRatio(a, on: "feImage") ?? .default
        let pixelated = filterImagePixelated(a, line: line, filterID: filterID)
        // A subregion without area shows nothing: the transparent result every primitive has
        // outside its subregion.
        guard subregion.width > 0, subregion.height > 0 else { return .flood(.clear) }
        let texels = Rect(x: 0, y: 0, width: Double(decoded.width), height: Double(decoded.height))
        let place = aspect.fit(texels, into: subregion.size)
            .concatenating(Geometry.AffineTransform(translationX: subregion.minX, y: subregion.minY))
        return .image(decoded.sceneImage(), toUserSpace: place, pixelated: pixelated)
    }

    /// `image-rendering` on the `feImage`, else where the filter stands (it is inherited):
    /// `optimizeSpeed`, `pixelated` and `crisp-edges` sample the nearest texel, as on `<image>`.
    private func filterImagePixelated(_ a: [String: String], line: Int, filterID: String) -> Bool {
        let inherited = references.inherited[filterID]?["image-rendering"]
        func value(_ text: String?) -> Bool? {
            switch text?.trimmingWhitespace {
            case "optimizeSpeed", "pixelated", "crisp-edges": return true
            case "auto", "optimizeQuality", "smooth", "high-quality": return false
            default: return nil
            }
        }
        if let text = a["image-rendering"], value(text) == nil {
            // As if not written (IconBuilder+Recovery.swift): inherited.
            warnInvalid(
                "image-rendering", text, on: "feImage", line: line,
                expected: "auto, optimizeQuality, optimizeSpeed, smooth, high-quality, crisp-edges or pixelated")
        }
        return value(a["image-rendering"]) ?? value(inherited) ?? false
    }
}
