import Geometry
import Images
import SceneSyntax

/// `UIView.contentMode` (CALayer's `contentsGravity`, with UIKit's names and its y-down sense:
/// `top` is the top edge on screen): how an image is laid in the item's bounds.
public enum ContentMode: String, CaseIterable, Equatable, Sendable {
    /// Stretched to the bounds (CALayer's default, `resize`).
    case scaleToFill
    /// Scaled uniformly to fit inside the bounds, centred (letterboxed).
    case scaleAspectFit
    /// Scaled uniformly to cover the bounds, centred; overflows them unless `masksToBounds`.
    case scaleAspectFill
    /// Unscaled, placed by the named edge or corner (centred along the other direction).
    case center, top, bottom, left, right, topLeft, topRight, bottomLeft, bottomRight
}

/// An image file on an item (`image:`), decoded when the scene is loaded (once per render; every
/// frame draws the same pixels).
///
/// An image's size in points is its pixel size divided by the canvas scale (UIImage at the
/// screen's scale, `contentsScale` = canvas scale), so on a 2× canvas an image placed with
/// `center` at whole-pixel coordinates is drawn pixel for pixel.
public struct ItemImage: Equatable, Sendable, CustomDebugStringConvertible {
    /// As the scene wrote it, relative to the scene's folder.
    public var file: String
    /// The file's absolute path (what `verify` re-hashes).
    public var path: String
    /// FNV-1a 64 of the file's bytes, 16 hex digits.
    public var hash: String
    public var contentMode: ContentMode = .scaleToFill
    /// `contentsRect`: the part of the image shown, in its unit square [x, y, width, height];
    /// default the whole image. A sprite sheet's frame.
    public var contentsRect = Rect(x: 0, y: 0, width: 1, height: 1)
    /// The decoded pixels (straight RGBA8, with the file's hash); the pipeline premultiplies them and
    /// builds their mipmaps once per render.
    public var image: SceneImage

    public init(file: String, path: String, hash: String, image: SceneImage) {
        self.file = file
        self.path = path
        self.hash = hash
        self.image = image
    }

    /// What the scene hash (`String(reflecting:)` of the resolved scene) sees: the file as written
    /// and its content hash, never the absolute path (the same scene hashes alike in any folder).
    public var debugDescription: String {
        "ItemImage(file: \(file.debugDescription), hash: \(hash), contentMode: .\(contentMode), contentsRect: \(contentsRect))"
    }

    /// Where the shown part of the image lands in bounds of `size` (points, origin at the top-left),
    /// for a canvas of `scale` pixels per point.
    public func placement(in size: Size, scale: Double) -> Rect {
        let w = Double(image.width) * contentsRect.width / scale
        let h = Double(image.height) * contentsRect.height / scale
        let boundsWidth = size.width
        let boundsHeight = size.height
        switch contentMode {
        case .scaleToFill: return Rect(x: 0, y: 0, width: boundsWidth, height: boundsHeight)
        case .scaleAspectFit, .scaleAspectFill:
            let s =
                contentMode == .scaleAspectFit
                ? min(boundsWidth / w, boundsHeight / h) : max(boundsWidth / w, boundsHeight / h)
            return Rect(x: (boundsWidth - w * s) / 2, y: (boundsHeight - h * s) / 2, width: w * s, height: h * s)
        case .center: return Rect(x: (boundsWidth - w) / 2, y: (boundsHeight - h) / 2, width: w, height: h)
        case .top: return Rect(x: (boundsWidth - w) / 2, y: 0, width: w, height: h)
        case .bottom: return Rect(x: (boundsWidth - w) / 2, y: boundsHeight - h, width: w, height: h)
        case .left: return Rect(x: 0, y: (boundsHeight - h) / 2, width: w, height: h)
        case .right: return Rect(x: boundsWidth - w, y: (boundsHeight - h) / 2, width: w, height: h)
        case .topLeft: return Rect(x: 0, y: 0, width: w, height: h)
        case .topRight: return Rect(x: boundsWidth - w, y: 0, width: w, height: h)
        case .bottomLeft: return Rect(x: 0, y: boundsHeight - h, width: w, height: h)
        case .bottomRight: return Rect(x: boundsWidth - w, y: boundsHeight - h, width: w, height: h)
        }
    }

    /// Texel space of the whole image → the item's bounds (points, origin top-left): the shown
    /// part (`contentsRect`) onto `placement`.
    public func textureToBounds(in size: Size, scale: Double) -> AffineTransform {
        let place = placement(in: size, scale: scale)
        let sx = place.width / (contentsRect.width * Double(image.width))
        let sy = place.height / (contentsRect.height * Double(image.height))
        return AffineTransform(
            a: sx, b: 0, c: 0, d: sy,
            tx: place.minX - contentsRect.minX * Double(image.width) * sx,
            ty: place.minY - contentsRect.minY * Double(image.height) * sy)
    }
}
