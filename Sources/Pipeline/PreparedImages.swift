import Geometry
import Images
import LottiePlayback
import Raster
import SceneModel

extension RasterImage {
    /// The scene model's decoded image premultiplied, with its mipmaps, ready to sample.
    public convenience init(_ image: SceneImage) {
        self.init(
            width: image.width, height: image.height, straightRGBA: image.straightRGBA, identity: image.identity)
    }
}

/// The scene's images ready to draw, prepared once per render: the first frame that draws an
/// image premultiplies it and builds its mipmaps, every later frame (and every item showing the
/// same file) reuses that `RasterImage`. Keyed by the image's identity (its file's content hash)
/// and size, so two paths to equal bytes share one picture. Owned by one `SceneSimulation`,
/// which builds display lists on one thread.
final class PreparedImages {
    private var byIdentity: [SceneImage: RasterImage] = [:]
    /// The Lottie animations' frames, drawn as they are shown.
    let lottie = PreparedLottie()

    /// How many images have been prepared (what the once-per-render test counts).
    var preparedCount: Int { byIdentity.count }

    func raster(_ image: SceneImage) -> RasterImage {
        if let known = byIdentity[image] { return known }
        let prepared = RasterImage(image)
        byIdentity[image] = prepared
        return prepared
    }
}

/// The frames of the scene's Lottie animations (`lottie:`), drawn by rlottie at the size they are
/// shown: one player per file, and per item the last frame drawn, kept while the animation holds
/// it (a finished animation costs nothing more). Owned, like `PreparedImages`, by one simulation.
final class PreparedLottie {
    private var players: [String: LottiePlayer] = [:]
    private var last: [String: (key: String, image: ItemImage, raster: RasterImage)] = [:]

    /// The largest side a frame is drawn at, in pixels: a Lottie item scaled up past it is drawn
    /// from this many pixels, as an image would be.
    static let maximumSide = 4_096

    /// Item `id`'s animation at its layer's local time `t`, laid in bounds of `size` points at
    /// `pixelsPerPoint`: the frame as an image (its placement from `contentMode`) and its pixels.
    func frame(
        _ lottie: ItemLottie, of id: String, at t: Double, size: Size, pixelsPerPoint: Double
    ) -> (image: ItemImage, raster: RasterImage)? {
        let document = lottie.document
        let (w, h) = (Double(document.width), Double(document.height))
        let fit: Double
        switch lottie.contentMode {
        case .scaleToFill: fit = 0
        case .scaleAspectFit: fit = min(size.width / w, size.height / h)
        case .scaleAspectFill: fit = max(size.width / w, size.height / h)
        default: fit = 1
        }
        let shown = fit == 0 ? size : Size(w * fit, h * fit)
        func pixels(_ points: Double) -> Int? {
            let p = (points * pixelsPerPoint).rounded(.up)
            guard p.isFinite, p >= 1 else { return nil }
            return Int(min(p, Double(Self.maximumSide)))
        }
        guard let width = pixels(shown.width), let height = pixels(shown.height) else { return nil }
        let frame = lottie.frame(at: t)
        let key = "\(document.hash) \(frame) \(width)x\(height) \(lottie.contentMode)"
        if let held = last[id], held.key == key { return (held.image, held.raster) }
        let player: LottiePlayer
        if let known = players[document.hash] {
            player = known
        } else {
            guard let made = try? LottiePlayer(document) else { return nil }
            players[document.hash] = made
            player = made
        }
        let picture = SceneImage(
            width: width, height: height, straightRGBA: player.render(frame: frame, width: width, height: height),
            identity: "lottie-\(document.hash)-\(frame)")
        // Drawn at the size shown, the frame's points are its pixels over `pixelsPerPoint` (the
        // scale to place it with): an aspect mode's frame is then centred as it is, the others
        // placed as an image of that size would be.
        var image = ItemImage(file: lottie.file, path: lottie.path, hash: document.hash, image: picture)
        switch lottie.contentMode {
        case .scaleAspectFit, .scaleAspectFill: image.contentMode = .center
        default: image.contentMode = lottie.contentMode
        }
        let raster = RasterImage(picture)
        last[id] = (key, image, raster)
        return (image, raster)
    }
}
