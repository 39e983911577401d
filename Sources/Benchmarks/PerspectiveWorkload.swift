import Colors
import Foundation
import Geometry
import Raster

/// The `perspective` workload: a 1170 × 2532 screen (an iPhone at 3×) with a cover flow of seven
/// photo cards turned in 3-D (CATransform3D with m34 = −1/1500 px), so the bench has a figure for
/// layers in perspective:
///
/// - each card is 480 × 640 px: the procedural photo (ContentWorkload's, enlarged to cover it,
///   bilinear), continuous corners of 36 px, a caption band fading to black over its lower third
///   (a linear gradient) and a white pill on it;
/// - the cover flow scrolls from the first card to the last and back over the 120 frames
///   (`3 − 3·cos 2πt`); a card k places from the centre turns by 55°·clamp(k, −1, 1) about its
///   vertical axis, steps back 300 px·|clamp(k, −1, 1)| and stands 330 px from the centre at
///   |k| = 1, 120 px more for each further place; cards further than 3.5 places are not drawn,
///   and the nearer cards are drawn over the further ones;
/// - every card is a group in perspective (`DrawProjection`), as the pipeline draws a layer with
///   a 3-D transform: its plane at 4 px per card pixel (plus 2 px of margin), the pipeline's
///   four times the largest stretch (a face-on card's is one), so its outlines are projected
///   exactly and its photo and gradient read from a texture of one texel a card pixel.
enum PerspectiveWorkload {
    static let width = 1170, height = 2532
    static let cardCount = 7
    static let cardWidth = 480.0, cardHeight = 640.0
    static let offscreenScale = 4.0
    static let margin = 2.0
    /// m34 = −1/`eyeDistance`, in canvas pixels (Core Animation's usual −1/500 pt at 3×).
    static let eyeDistance = 1500.0

    static func displayList(frame f: Int) -> DisplayList {
        let t = Double(f) / Double(StandardWorkload.framesPerRun)
        var list = DisplayList(width: width, height: height, background: ColorRGBA8(r: 28, g: 28, b: 30))
        let centre = 3 - 3 * cos(2 * .pi * t)
        // Far cards first, so the nearer ones cover them (ties: the left one first).
        let shown: [(index: Int, k: Double)] = (0..<cardCount).map { ($0, Double($0) - centre) }
        let order = shown.filter { abs($0.k) <= 3.5 }.sorted { a, b in
            abs(a.k) != abs(b.k) ? abs(a.k) > abs(b.k) : a.index < b.index
        }
        for (index, k) in order {
            let start = list.rects.count
            list.rects += card(index)
            list.groups.append(
                DrawGroup(rects: start..<list.rects.count, opacity: 1, projection: projection(placesFromCentre: k)))
        }
        return list
    }

    /// A card's rects in its offscreen's pixels.
    static func card(_ index: Int) -> [DrawRect] {
        let s = offscreenScale
        let (w, h) = (cardWidth * s, cardHeight * s)
        let centre = AffineTransform(translationX: margin + w / 2, y: margin + h / 2)
        var photo = DrawRect(size: Size(w, h), cornerRadius: 36 * s, transform: centre, fill: .clear)
        photo.cornerCurve = .continuous
        let texels = Double(ContentWorkload.photoTexels)
        // Covers the card: scaled to its height, centred across, each card shifted by up to 48 of
        // the 96 texels the width leaves, so no card reads beyond the photo.
        let shift = Double(index - cardCount / 2) * 16
        photo.fillPaint = .image(
            ImagePaint(
                image: ContentWorkload.photo,
                toPixels: AffineTransform(translationX: -shift, y: 0)
                    .concatenating(AffineTransform(scaleX: h / texels, y: h / texels))
                    .concatenating(AffineTransform(translationX: margin + (w - h) / 2, y: margin))))
        var band = DrawRect(
            size: Size(w, h / 3), cornerRadius: 36 * s,
            transform: AffineTransform(translationX: margin + w / 2, y: margin + h * 5 / 6), fill: .clear)
        band.maskedCorners = [.bottomLeft, .bottomRight]
        band.cornerCurve = .continuous
        band.fillPaint = .gradient(
            GradientPaint(
                gradient: Gradient(
                    kind: .linear, colors: [ColorRGBA8(r: 0, g: 0, b: 0, a: 0), ColorRGBA8(r: 0, g: 0, b: 0, a: 140)],
                    startPoint: Point(0.5, 0), endPoint: Point(0.5, 1)),
                size: Size(w, h / 3), toPixels: AffineTransform(translationX: margin, y: margin + h * 2 / 3)))
        let pill = DrawRect(
            size: Size(160 * s, 16 * s), cornerRadius: 8 * s,
            transform: AffineTransform(translationX: margin + w / 2, y: margin + h - 60 * s), fill: .white)
        return [photo, band, pill]
    }

    /// The card `k` places from the centre (fractional while scrolling), from its offscreen's
    /// pixels to the canvas: offscreen → card points (centred) → turned about y, stepped back
    /// and placed → seen from `eyeDistance` in front of the screen's centre.
    static func projection(placesFromCentre k: Double) -> DrawProjection {
        let s = offscreenScale
        let clamped = min(max(k, -1), 1)
        let dx = k.sign == .minus ? -place(-k) : place(k)
        // As Core Animation places the card: turned about its vertical axis, stepped across and
        // back, seen from `eyeDistance` in front of the screen's centre (the parent's
        // sublayerTransform), then flattened onto the screen.
        let turned = Transform3D.rotation(.degrees(55 * clamped), axis: (0, 1, 0))
            .concatenating(.translation(dx, 0, -300 * abs(clamped)))
            .concatenating(.perspective(distance: eyeDistance))
            .concatenating(.translation(Double(width) / 2, Double(height) / 2, 0))
            .flattened
        let fromOffscreen = AffineTransform(translationX: -margin, y: -margin)
            .concatenating(AffineTransform(scaleX: 1 / s, y: 1 / s))
            .concatenating(AffineTransform(translationX: -cardWidth / 2, y: -cardHeight / 2))
        let (ow, oh) = (Int((cardWidth * s + 2 * margin).rounded(.up)), Int((cardHeight * s + 2 * margin).rounded(.up)))
        return DrawProjection(homography: Homography(fromOffscreen).concatenating(turned), width: ow, height: oh)
    }

    /// How far across a card `k` ≥ 0 places from the centre stands.
    static func place(_ k: Double) -> Double { k <= 1 ? 330 * k : 330 + 120 * (k - 1) }
}
