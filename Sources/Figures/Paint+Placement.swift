import Geometry
import Raster

extension Paint {
    /// The paint of a shape moved by `view` (a figure's placement of a frame): gradients and
    /// images move with it; solid colours are unchanged.
    func placed(by view: AffineTransform) -> Paint {
        switch self {
        case .solid: return self
        case .gradient(var g):
            g.toPixels = g.toPixels.concatenating(view)
            return .gradient(g)
        case .image(var i):
            i.toPixels = i.toPixels.concatenating(view)
            return .image(i)
        }
    }
}
