import Determinism
import Foundation
import Geometry
import Raster

/// The standard benchmark workload of docs/benchmarks.md: animated, translucent,
/// rotated, rounded rectangles, generated from a SplitMix64 seed exactly as written there so our
/// figures compare with other renderers drawing the same pixels.
package struct StandardWorkload: Sendable {
    package enum Canvas: String, CaseIterable, Sendable {
        case small, large
        package var size: (width: Int, height: Int) { self == .small ? (640, 360) : (1920, 1080) }
    }

    package enum Kind: String, Sendable { case rects, icons, content, materials, perspective }

    package let canvas: Canvas
    package let count: Int
    /// What is drawn: the standard rounded rects, the icons workload (IconsWorkload.swift), the
    /// app screen of ContentWorkload.swift, the frosted screen of MaterialsWorkload.swift or the
    /// cover flow of PerspectiveWorkload.swift.
    package let kind: Kind
    /// Frames per loop: frame f is at t = f/120.
    package static let framesPerRun = 120
    package static let seed: UInt64 = 0x5EED_2025_0001

    /// False for a screen drawn without its layers' shadows (`content-without-shadows`).
    package private(set) var drawsShadows = true

    /// `small-n16`, `large-n256`, `content`, `content-without-shadows`, …
    package var name: String {
        kind == .rects ? "\(canvas.rawValue)-n\(count)" : kind.rawValue + (drawsShadows ? "" : "-without-shadows")
    }

    package static let all: [StandardWorkload] = [
        StandardWorkload(canvas: .small, count: 16), StandardWorkload(canvas: .small, count: 256),
        StandardWorkload(canvas: .large, count: 16), StandardWorkload(canvas: .large, count: 256),
    ]

    /// Every workload `flipbook bench --workload` knows: the four standard ones (run by default),
    /// `icons`, `content`, `materials` and `perspective`.
    package static let every: [StandardWorkload] = all + [icons, content, materials, perspective]

    /// Workloads `--one` and `--export-display-lists` also take, outside the standard runs and the
    /// instruction budget: `content-without-shadows`, the content screen as a renderer without
    /// blur (Blend2D) draws it, to time both on the same frames.
    package static let comparisonVariants: [StandardWorkload] = [contentWithoutShadows]

    /// Every workload a name can choose: `every`, then `comparisonVariants`.
    package static let named: [StandardWorkload] = every + comparisonVariants

    /// The content screen without its shadows (see `comparisonVariants`).
    package static let contentWithoutShadows: StandardWorkload = {
        var workload = StandardWorkload(screen: .content)
        workload.drawsShadows = false
        return workload
    }()

    /// The `perspective` workload: cards turned in 3-D (PerspectiveWorkload.swift).
    package static let perspective = StandardWorkload(screen: .perspective)

    /// The `materials` workload: backdrop blurs over a moving screen (MaterialsWorkload.swift).
    package static let materials = StandardWorkload(screen: .materials)

    /// The `content` workload: an app screen of rects, text and icons (ContentWorkload.swift).
    package static let content = StandardWorkload(screen: .content)

    /// Checks what the workload needs beyond code (the content workload's font) and throws a
    /// message naming the fix if it is missing. Call it before `displayList(frame:)`.
    package func prepare() throws {
        guard kind == .content, case .failure(let error) = ContentWorkload.screen else { return }
        throw BenchmarkStageError.missingResource(
            "the content workload lays out text in DejaVu Sans: \(error) "
                + "(Debian: apt-get install fonts-dejavu-core)")
    }

    package init(canvas: Canvas, count: Int) {
        self.canvas = canvas
        self.count = count
        kind = .rects
        rects = StandardWorkload.generate(count: count)
        iconShapes = []
    }

    init(icons count: Int) {
        canvas = .large
        self.count = count
        kind = .icons
        rects = []
        iconShapes = IconsWorkload.generate(count: count)
    }

    /// A workload that is one whole screen (`content`, `materials`, `perspective`): no generated shapes.
    init(screen kind: Kind) {
        canvas = .large
        count = 1
        self.kind = kind
        rects = []
        iconShapes = []
    }

    let iconShapes: [IconsWorkload.Parameters]

    struct RectParameters {
        var w, h, radius: Double
        var color: ColorRGBA8
        var fx, fy: Double
        var phx, phy, theta0: Double
        var spin: Double
        var ampx, ampy: Double
    }

    let rects: [RectParameters]

    /// Draws the 15 variates per rectangle in the order the workload fixes.
    static func generate(count: Int) -> [RectParameters] {
        var rng = SplitMix64(seed: seed)
        return (0..<count).map { _ in
            let w = 40 + 160 * rng.unit()
            let h = 40 + 160 * rng.unit()
            let radius = 16 * rng.unit()
            let r = UInt8(floor(256 * rng.unit()))
            let g = UInt8(floor(256 * rng.unit()))
            let b = UInt8(floor(256 * rng.unit()))
            let a = UInt8(floor(255 * (0.6 + 0.4 * rng.unit()) + 0.5))
            let fx = 1 + floor(3 * rng.unit())
            let fy = 1 + floor(3 * rng.unit())
            let phx = 2 * Double.pi * rng.unit()
            let phy = 2 * Double.pi * rng.unit()
            let theta0 = 2 * Double.pi * rng.unit()
            let spin = [-2.0, -1, 1, 2][Int(floor(4 * rng.unit()))]
            let ampx = 0.25 + 0.20 * rng.unit()
            let ampy = 0.25 + 0.20 * rng.unit()
            return RectParameters(
                w: w, h: h, radius: radius, color: ColorRGBA8(r: r, g: g, b: b, a: a),
                fx: fx, fy: fy, phx: phx, phy: phy, theta0: theta0, spin: spin,
                ampx: ampx, ampy: ampy)
        }
    }

    /// The canvas size of every frame of this workload.
    package var displayListSize: (width: Int, height: Int) {
        switch kind {
        case .content: return (ContentWorkload.width, ContentWorkload.height)
        case .materials: return (MaterialsWorkload.width, MaterialsWorkload.height)
        case .perspective: return (PerspectiveWorkload.width, PerspectiveWorkload.height)
        case .rects, .icons: return canvas.size
        }
    }

    /// The font file of each glyph key's font hash in this workload's display lists (empty for
    /// workloads without text), so `DisplayListExport` can name them.
    package var fontFiles: [UInt64: String] {
        guard kind == .content, case .success(let screen) = ContentWorkload.screen else { return [:] }
        return screen.fonts
    }

    /// The display list of frame `f` (0 ≤ f < 120).
    package func displayList(frame f: Int) -> DisplayList {
        if kind == .icons { return IconsWorkload.displayList(iconShapes, frame: f) }
        if kind == .content {
            var list = ContentWorkload.displayList(frame: f)
            if !drawsShadows { for k in list.rects.indices { list.rects[k].shadow = nil } }
            return list
        }
        if kind == .materials { return MaterialsWorkload.displayList(frame: f) }
        if kind == .perspective { return PerspectiveWorkload.displayList(frame: f) }
        let (width, height) = canvas.size
        let canvasWidth = Double(width)
        let canvasHeight = Double(height)
        let t = Double(f) / Double(StandardWorkload.framesPerRun)
        var list = DisplayList(width: width, height: height, background: ColorRGBA8(r: 0xF2, g: 0xF2, b: 0xF7))
        list.rects = rects.map { p in
            let cx = canvasWidth * (0.5 + p.ampx * sin(2 * .pi * p.fx * t + p.phx))
            let cy = canvasHeight * (0.5 + p.ampy * sin(2 * .pi * p.fy * t + p.phy))
            let angle = fmod(p.theta0 + 2 * .pi * p.spin * t, 2 * .pi)
            let transform = AffineTransform(rotation: .radians(decimal(angle, 6)))
                .concatenating(AffineTransform(translationX: decimal(cx, 3), y: decimal(cy, 3)))
            return DrawRect(
                size: Size(decimal(p.w, 3), decimal(p.h, 3)), cornerRadius: decimal(p.radius, 3),
                transform: transform, fill: p.color)
        }
        return list
    }
}

/// Rounds to `places` decimals the way a correctly rounded decimal conversion does (glibc's
/// printf is correctly rounded), so renderers reading the numbers as text draw the same shapes.
func decimal(_ value: Double, _ places: Int) -> Double {
    Double(String(format: "%.\(places)f", value))!
}
