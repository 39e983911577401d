import Foundation

/// An item's bounds size recovered from what the trace records: its frame (the axis-aligned
/// bounding box of the rotated, scaled bounds), its angle and its scale.
///
/// With W = w·|sx| and H = h·|sy|, c = |cos θ| and s = |sin θ|, the frame is
///     frame_width  = W·c + H·s
///     frame_height = W·s + H·c
/// a 2×2 system with determinant c² − s² = cos 2θ. It is solved where |cos 2θ| ≥ 0.2 (the angle
/// at least 5.8° away from 45° + k·90°): there an error of 5e-7 pt in the printed frame moves W
/// and H by at most about 7·5e-7 pt, well inside `tolerance`. Near 45° the frame no longer tells
/// width from height, and the size is unknown at that tick. Dividing by the scale, printed to 6
/// decimals too, moves w by up to w·5e-7/|sx|: 1.7e-4 pt for a 343 pt wide item, past
/// `tolerance`, so `noise` bounds what the printing alone can do to each derived value.
enum BoundsSize {
    static let columns = ["frame_width", "frame_height", "angle_rad", "scale_x", "scale_y"]
    /// Differences below this (pt) are noise of the 6-decimal trace text.
    static let tolerance = 1e-4

    static func derive(frame: (Double, Double), angle: Double, scale: (Double, Double)) -> (
        width: Double, height: Double
    )? {
        let c = abs(cos(angle))
        let s = abs(sin(angle))
        let det = c * c - s * s
        guard abs(det) >= 0.2, scale.0 != 0, scale.1 != 0 else { return nil }
        let w = (frame.0 * c - frame.1 * s) / det
        let h = (frame.1 * c - frame.0 * s) / det
        return (w / abs(scale.0), h / abs(scale.1))
    }

    /// How far the 6-decimal printing of the frame and the scale (5e-7 each) and the 9-decimal
    /// angle (5e-10) can move the derived width and height, to first order; nil where `derive` is.
    static func noise(frame: (Double, Double), angle: Double, scale: (Double, Double)) -> (Double, Double)? {
        guard let size = derive(frame: frame, angle: angle, scale: scale) else { return nil }
        let c = abs(cos(angle))
        let s = abs(sin(angle))
        let det = abs(c * c - s * s)
        let printed = 5e-7
        // ∂W/∂frame ≤ (c + s)/det; ∂W/∂θ ≤ (|frame_w| + |frame_h|)·(1/det + 2/det²).
        let fromFrame = printed * (c + s) / det
        let fromAngle = 5e-10 * (abs(frame.0) + abs(frame.1)) * (1 / det + 2 / (det * det))
        return (
            (fromFrame + fromAngle) / abs(scale.0) + abs(size.width) * printed / abs(scale.0),
            (fromFrame + fromAngle) / abs(scale.1) + abs(size.height) * printed / abs(scale.1)
        )
    }
}
