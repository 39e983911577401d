import Images
import Raster

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

    /// How many images have been prepared (what the once-per-render test counts).
    var preparedCount: Int { byIdentity.count }

    func raster(_ image: SceneImage) -> RasterImage {
        if let known = byIdentity[image] { return known }
        let prepared = RasterImage(image)
        byIdentity[image] = prepared
        return prepared
    }
}
