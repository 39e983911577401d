import Foundation
import Geometry
import Raster
import Text

/// The `content` workload: a 1080×1920 app screen (a phone's list view at 3×) built the way a
/// real screen is, so the bench has a figure for ordinary UI rather than only for shapes:
///
/// - a navigation bar with a gradient header (a vertical linear gradient, CAGradientLayer's
///   axis, two stops), a hairline border, a 60 px title and a round 144 px photo tile: a
///   384 × 384 procedural photo drawn through the image paint, shrunk 2.67× (mipmapped area
///   sampling, the path a downscaled avatar takes);
/// - 12 list rows scrolling under it (a loop of 480 px eased up and back over the 120 frames,
///   clipped to the list's viewport): each a white rounded card with a coloured icon tile and a
///   heart, star or circle-check icon (IconsWorkload's outlines), a 40 px title and a 30 px
///   grey subtitle (DejaVu Sans, through the glyph cache), and a switch whose knob slides on
///   every third row;
/// - a translucent tab bar with four icons, and a floating action button with a shadow that
///   pulses.
///
/// Text is laid out once (`Screen`), as an app lays out its labels once and then moves them.
///
/// The gradient and the photo sit in the navigation bar, so the list rows (and their cost) are
/// those of the workload before paints other than solid colours existed.
enum ContentWorkload {
    static let width = 1080, height = 1920
    static let rowCount = 12
    static let rowPitch = 168.0
    static let navigationHeight = 260.0
    static let tabBarHeight = 200.0

    static let ink = ColorRGBA8(r: 28, g: 28, b: 30)
    static let secondary = ColorRGBA8(r: 142, g: 142, b: 147)
    static let tints = [
        ColorRGBA8(r: 255, g: 59, b: 48), ColorRGBA8(r: 255, g: 149, b: 0),
        ColorRGBA8(r: 52, g: 199, b: 89), ColorRGBA8(r: 0, g: 122, b: 255),
        ColorRGBA8(r: 175, g: 82, b: 222),
    ]

    /// The header's gradient, top to bottom (CAGradientLayer's default axis).
    static let header = Gradient(
        kind: .linear, colors: [ColorRGBA8(r: 94, g: 92, b: 230), ColorRGBA8(r: 10, g: 132, b: 255)],
        startPoint: Point(0.5, 0), endPoint: Point(0.5, 1))

    /// The photo tile's side in canvas pixels, and its image's side in texels.
    static let photoSide = 144.0
    static let photoTexels = 384

    /// A 384 × 384 opaque "photo", made once (as the pipeline decodes each image once per
    /// render): a sky-to-ground ramp with fine stripes, so that shrinking it has detail to average.
    /// Integer arithmetic only: the same bytes on every machine.
    static let photo: RasterImage = {
        let n = photoTexels
        var rgba = [UInt8](repeating: 255, count: 4 * n * n)
        for y in 0..<n {
            for x in 0..<n {
                let o = 4 * (y * n + x)
                let stripe = ((x / 3 + y / 5) % 2) * 24
                rgba[o] = UInt8((60 + y * 140 / n + stripe) % 256)
                rgba[o + 1] = UInt8((120 + (x * 7 + y * 3) % 90 + stripe / 2) % 256)
                rgba[o + 2] = UInt8(max(0, 230 - y * 200 / n))
            }
        }
        return RasterImage(width: n, height: n, straightRGBA: rgba, identity: "content-workload-photo")
    }()

    /// The round photo tile centred on `center`: the image scaled to the tile, clipped to a circle.
    static func photoTile(center: Point) -> DrawPath {
        let side = photoSide
        let origin = Geometry.AffineTransform(translationX: center.x - side / 2, y: center.y - side / 2)
        var square = Path()
        square.move(to: Point(0, 0))
        square.line(to: Point(side, 0))
        square.line(to: Point(side, side))
        square.line(to: Point(0, side))
        square.close()
        let texels = Geometry.AffineTransform(
            scaleX: side / Double(photoTexels), y: side / Double(photoTexels)
        ).concatenating(origin)
        let circle = ClipShape(
            size: Size(side, side), cornerRadius: side / 2,
            transform: Geometry.AffineTransform(translationX: center.x, y: center.y))
        return DrawPath(
            path: square, transform: origin, paint: .image(ImagePaint(image: photo, toPixels: texels)),
            clips: [circle])
    }

    /// A label's glyphs, laid out once at the origin (baseline at y = 0).
    struct Label: Sendable {
        var glyphs: [(path: Path, transform: Geometry.AffineTransform, key: GlyphKey)]
    }

    /// Everything laid out once: the title and each row's two labels.
    struct Screen: Sendable {
        var title: Label
        var titles: [Label]
        var subtitles: [Label]
        /// Each glyph key's font hash and the file it came from (for DisplayListExport).
        var fonts: [UInt64: String]
    }

    static let titles = [
        "Inbox", "Design review", "Weekly sync", "Flight to Lisbon", "Invoices",
        "Photos from Sunday", "Running club", "Grocery list", "Release notes 2.4",
        "Dentist", "Book club: chapter 7", "Quarterly report", "Birthday party",
    ]
    static let subtitles = [
        "Tomorrow at 9:30, room 4", "Shared by Amelia and 3 others", "Gate B12, seat 14C",
        "2 unpaid, due Friday", "128 items, 2.1 GB", "5 km along the river",
        "Milk, eggs, coffee, lemons", "Fixes and small improvements",
    ]

    /// Lays out every label (fonts: DejaVu Sans, the figures' fallback family). Throws when the
    /// font cannot be loaded (Debian: fonts-dejavu-core).
    static func layoutScreen() throws -> Screen {
        let registry = FontRegistry()
        var fonts: [UInt64: String] = [:]
        func label(_ text: String, size: Double) throws -> Label {
            let style = TextStyle(
                family: FontRegistry.fallbackFamily, size: size, numberOfLines: 1, lineBreakMode: .wordWrap)
            let layout = try TextLayout.layout(text, style: style, width: 10_000, registry: registry)
            for g in layout.glyphs { fonts[g.face.hashValue64] = g.face.path }
            return Label(
                glyphs: layout.glyphs.compactMap { g in
                    let path = g.face.outline(glyph: g.glyph)
                    return path.isEmpty ? nil : (path, g.transform, GlyphKey(font: g.face.hashValue64, glyph: g.glyph))
                })
        }
        let title = try label(titles[0], size: 60)
        let rowTitles = try (0..<rowCount).map { try label(titles[1 + $0], size: 40) }
        let rowSubtitles = try (0..<rowCount).map { try label(subtitles[$0 % subtitles.count], size: 30) }
        return Screen(title: title, titles: rowTitles, subtitles: rowSubtitles, fonts: fonts)
    }

    /// Laid out on first use; the error (a missing font) is kept for `StandardWorkload.prepare()`.
    static let screen: Result<Screen, any Error> = Result { try layoutScreen() }

    static func text(_ label: Label, at origin: Point, color: ColorRGBA8, clips: [ClipShape] = []) -> [DrawPath] {
        let place = Geometry.AffineTransform(translationX: origin.x, y: origin.y)
        return label.glyphs.map {
            DrawPath(
                path: $0.path, transform: $0.transform.concatenating(place), paint: .solid(color),
                clips: clips, glyph: $0.key)
        }
    }

    /// An icon (IconsWorkload's 24 × 24 outlines) of `size` px centred on `center`.
    static func icon(_ kind: Int, size: Double, center: Point, color: ColorRGBA8, clips: [ClipShape] = []) -> [DrawPath]
    {
        let transform = Geometry.AffineTransform(translationX: -12, y: -12)
            .concatenating(Geometry.AffineTransform(scaleX: size / 24, y: size / 24))
            .concatenating(Geometry.AffineTransform(translationX: center.x, y: center.y))
        return IconsWorkload.outlines[kind].enumerated().map { piece, outline in
            DrawPath(
                path: outline, transform: transform, paint: .solid(color), clips: clips,
                glyph: IconsWorkload.key(kind: kind, piece: piece))
        }
    }

    static func box(
        _ rect: Rect, radius: Double = 0, fill: ColorRGBA8, shadow: DrawShadow? = nil,
        clips: [ClipShape] = [], content: [DrawPath] = []
    ) -> DrawRect {
        DrawRect(
            size: rect.size, cornerRadius: radius,
            transform: Geometry.AffineTransform(translationX: rect.midX, y: rect.midY), fill: fill,
            shadow: shadow, clips: clips, content: content)
    }

    static func displayList(frame f: Int) -> DisplayList {
        guard case .success(let screen) = screen else {
            preconditionFailure("the content workload's fonts failed to load: call StandardWorkload.prepare() first")
        }
        let t = Double(f) / Double(StandardWorkload.framesPerRun)
        var list = DisplayList(width: width, height: height, background: ColorRGBA8(r: 0xF2, g: 0xF2, b: 0xF7))
        list.rects = rows(screen, t: t)
        let screenWidth = Double(width)
        let screenHeight = Double(height)
        // Chrome over the list: navigation bar, tab bar, floating button.
        var navigation = box(
            Rect(x: 0, y: 0, width: screenWidth, height: navigationHeight), fill: .white,
            content: text(screen.title, at: Point(48, 150), color: .white)
                + [photoTile(center: Point(screenWidth - 48 - photoSide / 2, navigationHeight / 2 + 20))])
        navigation.fillPaint = .gradient(
            GradientPaint(
                gradient: header, size: Size(screenWidth, navigationHeight),
                toPixels: Geometry.AffineTransform(translationX: 0, y: 0)))
        list.rects.append(navigation)
        var bar = box(
            Rect(x: 0, y: navigationHeight - 2, width: screenWidth, height: 2), fill: ColorRGBA8(r: 198, g: 198, b: 200)
        )
        bar.opacity = 0.8
        list.rects.append(bar)
        let tabs = (0..<4).flatMap { i in
            icon(
                i % 3, size: 72,
                center: Point(screenWidth * (Double(i) + 0.5) / 4, screenHeight - tabBarHeight / 2 - 10),
                color: i == 0 ? tints[3] : secondary)
        }
        list.rects.append(
            box(
                Rect(x: 0, y: screenHeight - tabBarHeight, width: screenWidth, height: tabBarHeight),
                fill: ColorRGBA8(r: 249, g: 249, b: 249, a: 235), content: tabs))
        let pulse = 1 + 0.06 * sin(2 * .pi * 2 * t)
        var button = box(
            Rect(x: screenWidth - 48 - 160, y: screenHeight - tabBarHeight - 48 - 160, width: 160, height: 160),
            radius: 80,
            fill: tints[3], shadow: DrawShadow(color: .black, opacity: 0.3, offset: Point(0, 8), radius: 16),
            content: icon(
                0, size: 72, center: Point(screenWidth - 128, screenHeight - tabBarHeight - 128), color: .white))
        button.transform = Geometry.AffineTransform(scaleX: pulse, y: pulse).concatenating(button.transform)
        list.rects.append(button)
        return list
    }

    /// The list rows at time t, scrolled and clipped to the viewport between the bars.
    static func rows(_ screen: Screen, t: Double) -> [DrawRect] {
        let screenWidth = Double(width)
        let screenHeight = Double(height)
        let scroll = -480 * (1 - cos(2 * .pi * t)) / 2
        let viewport = Rect(
            x: 0, y: navigationHeight, width: screenWidth, height: screenHeight - navigationHeight - tabBarHeight)
        let clip = [
            ClipShape(
                size: viewport.size, cornerRadius: 0,
                transform: Geometry.AffineTransform(translationX: viewport.midX, y: viewport.midY))
        ]
        var rects: [DrawRect] = []
        for i in 0..<rowCount {
            let top = navigationHeight + 24 + Double(i) * rowPitch + scroll
            guard top + rowPitch > viewport.minY, top < viewport.maxY else { continue }
            let tint = tints[i % tints.count]
            var content = [DrawPath]()
            content += icon(i % 3, size: 56, center: Point(32 + 48 + 48, top + 72), color: .white, clips: clip)
            content += text(screen.titles[i], at: Point(200, top + 64), color: ink, clips: clip)
            content += text(screen.subtitles[i], at: Point(200, top + 112), color: secondary, clips: clip)
            rects.append(
                box(Rect(x: 32, y: top, width: screenWidth - 64, height: 144), radius: 24, fill: .white, clips: clip))
            rects.append(
                box(
                    Rect(x: 32 + 48 - 44 + 48, y: top + 28, width: 88, height: 88), radius: 20, fill: tint,
                    clips: clip, content: content))
            // The switch: track, then knob; every third row's knob slides over the loop.
            let on = i % 2 == 0
            let slide = i % 3 == 0 ? (1 - cos(2 * .pi * t)) / 2 : (on ? 1 : 0)
            rects.append(
                box(
                    Rect(x: screenWidth - 32 - 40 - 102, y: top + 41, width: 102, height: 62), radius: 31,
                    fill: on ? tints[2] : ColorRGBA8(r: 233, g: 233, b: 235), clips: clip))
            rects.append(
                box(
                    Rect(x: screenWidth - 32 - 40 - 102 + 4 + 40 * slide, y: top + 45, width: 54, height: 54),
                    radius: 27,
                    fill: .white, shadow: DrawShadow(color: .black, opacity: 0.15, offset: Point(0, 3), radius: 4),
                    clips: clip))
        }
        return rects
    }
}
