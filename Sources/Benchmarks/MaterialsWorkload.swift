import Foundation
import Geometry
import Raster

/// The `materials` workload: a 1170 × 2532 app screen (an iPhone at 3×) of iOS's frosted glass,
/// moving, so the bench has a figure for backdrop blurs and continuous corners:
///
/// - a photo filling the screen (ContentWorkload's procedural photo, enlarged) under 14 cards that
///   scroll up and back over the 120 frames (white, continuous corners, a coloured tile each);
/// - a navigation bar (systemChromeMaterial: σ 90 px, saturation 1.8, white at 0.75) and a tab bar
///   (the same) over them, both blurring whatever scrolls beneath;
/// - a sheet in systemThickMaterial (white at 0.8) with 38 pt continuous corners rising from the
///   bottom and settling, its top edge easing in over the first 60 frames.
///
/// The three materials are σ = 30 pt at 3×, the width where a blur's cost decides a frame's.
enum MaterialsWorkload {
    static let width = 1170, height = 2532
    static let cardCount = 14
    static let cardPitch = 260.0
    static let navigationHeight = 300.0
    static let tabBarHeight = 250.0

    static let chrome = DrawBackdrop(sigma: 90, saturation: 1.8, tint: ColorRGBA8(r: 255, g: 255, b: 255, a: 191))
    static let thick = DrawBackdrop(sigma: 90, saturation: 1.8, tint: ColorRGBA8(r: 255, g: 255, b: 255, a: 204))

    static func displayList(frame f: Int) -> DisplayList {
        let t = Double(f) / Double(StandardWorkload.framesPerRun)
        let (w, h) = (Double(width), Double(height))
        var list = DisplayList(width: width, height: height, background: .black)
        var photo = DrawRect(size: Size(w, h), transform: AffineTransform(translationX: w / 2, y: h / 2), fill: .clear)
        let texels = Double(ContentWorkload.photoTexels)
        photo.fillPaint = .image(
            ImagePaint(image: ContentWorkload.photo, toPixels: AffineTransform(scaleX: h / texels, y: h / texels)))
        list.rects.append(photo)
        // The cards scroll 700 px up and back (a smooth loop), under the bars.
        let scroll = 350 * (1 - cos(2 * .pi * t))
        for i in 0..<cardCount {
            let y = navigationHeight + 40 + Double(i) * cardPitch - scroll
            guard y < h, y + 220 > 0 else { continue }
            var card = DrawRect(
                size: Size(w - 96, 220), cornerRadius: 36,
                transform: AffineTransform(translationX: w / 2, y: y + 110), fill: .white)
            card.cornerCurve = .continuous
            list.rects.append(card)
            var tile = DrawRect(
                size: Size(132, 132), cornerRadius: 30,
                transform: AffineTransform(translationX: 48 + 40 + 66, y: y + 110),
                fill: ContentWorkload.tints[i % ContentWorkload.tints.count])
            tile.cornerCurve = .continuous
            list.rects.append(tile)
        }
        list.rects.append(bar(y: 0, height: navigationHeight))
        list.rects.append(bar(y: h - tabBarHeight, height: tabBarHeight))
        // The sheet rises over the first half and stays.
        let rise = min(t * 2, 1)
        let eased = 1 - (1 - rise) * (1 - rise) * (1 - rise)
        let top = h - 200 - 900 * eased
        var sheet = DrawRect(
            size: Size(w, h - top + 60), cornerRadius: 114,
            transform: AffineTransform(translationX: w / 2, y: top + (h - top + 60) / 2), fill: .clear,
            shadow: DrawShadow(color: .black, opacity: 0.2, offset: Point(0, -6), radius: 40))
        sheet.maskedCorners = [.topLeft, .topRight]
        sheet.cornerCurve = .continuous
        sheet.backdrop = thick
        list.rects.append(sheet)
        return list
    }

    static func bar(y: Double, height: Double) -> DrawRect {
        var bar = DrawRect(
            size: Size(Double(width), height),
            transform: AffineTransform(translationX: Double(width) / 2, y: y + height / 2),
            fill: .clear)
        bar.backdrop = chrome
        return bar
    }
}
