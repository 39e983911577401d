import Foundation
import Geometry
import Icons
import Pipeline
import Raster
import SceneLoading
import SceneModel

/// What an SVG icon costs once it is loaded: one frame drawn from `icon:` items against the same
/// frame drawn from Flipbook's own `shape:` items (`flipbook bench --svg-load`, docs/benchmarks.md).
///
/// The frame: a 390 × 844 pt screen at 3×, a grid of 6 × 8 icons of 48 pt (the bundled
/// `scenes/icons`, in turn, each tinted), every other row turning slowly, the whole grid sliding
/// by sub-pixel amounts over the run as a scrolled list does. The shapes' scene gives each icon's
/// pieces as child items with `shape:` path data already fitted to the item (the fit and the tint
/// the icon path applies), so both scenes draw the same outlines in the same colours and differ
/// only in the way there: an icon's pieces through the glyph cache (flattened once per scale
/// step), a shape's path as `CAShapeLayer` draws it.
///
/// Rounds alternate (icons, shapes, icons, …) so a busy machine weighs on both alike; CPU time.
package enum SVGFrameWorkload {
    package struct Result: Equatable {
        package var frames: Int
        /// CPU seconds per frame, the median round, of each scene.
        package var iconSeconds: Double
        package var shapeSeconds: Double
        /// Pieces drawn per frame (the same in both scenes).
        package var pieces: Int
        /// The largest difference of any channel between the two scenes' first frames, 0…255.
        package var maxDifference: Int
        /// Icons over shapes: at most 1.1 is the bar (Sources/Icons/README.md).
        package var ratio: Double { iconSeconds / max(shapeSeconds, 1e-12) }
    }

    static let columns = 6, rows = 8
    static let side = 48.0
    static let tints = ["#FF3B30", "#FF9500", "#34C759", "#007AFF", "#AF52DE", "#1C1C1E"]

    /// The icons of `scenes/icons` (sorted by name), loaded as `icon:` loads them.
    static func icons(root: String) throws -> [(file: String, icon: Icon)] {
        let folder = root + "/scenes/icons"
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".svg") }.sorted()
        return try names.map { ("icons/" + $0, try IconLoader.load(path: folder + "/" + $0, name: $0)) }
    }

    /// The scene's YAML: `asShapes` gives each icon as `shape:` children instead of `icon:`.
    static func sceneText(_ icons: [(file: String, icon: Icon)], frames: Int, asShapes: Bool) -> String {
        var lines = [
            "canvas: { size: [390, 844], scale: 3, background: white }", "fps: 60",
            "duration: \(Double(frames) / 60)", "items:",
            "  - id: grid", "    size: [390, 844]", "    center: [195, 422]", "    fill: \"#00000000\"",
            "    animations:",
            "      - basic: { property: center, from: [195, 422], to: [198.7, 425.3], duration: \(Double(frames) / 60) }",
            "    children:",
        ]
        for k in 0..<(columns * rows) {
            let (column, row) = (k % columns, k / columns)
            let (file, icon) = icons[k % icons.count]
            let tint = tints[k % tints.count]
            let center = "[\(40 + 62 * Double(column)), \(70 + 100 * Double(row))]"
            let turn =
                row % 2 == 1
                ? "\n        animations: [ { basic: { property: rotation, from: 0, to: 20, duration: \(Double(frames) / 60) } } ]"
                : ""
            guard asShapes else {
                lines.append(
                    "      - id: i\(k)\n        size: [\(side), \(side)]\n        center: \(center)\n        fill: \"#00000000\"\n        tintColor: \"\(tint)\"\n        icon: \(file)\(turn)"
                )
                continue
            }
            lines.append(
                "      - id: i\(k)\n        size: [\(side), \(side)]\n        center: \(center)\n        fill: \"#00000000\"\(turn)\n        children:"
            )
            for (p, piece) in icon.pieces.enumerated() {
                lines.append("          - " + shapeItem(piece, id: "i\(k)p\(p)", icon: icon, tint: tint))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// One piece as a `shape:` item over its icon's item: the path fitted as the icon is (centred,
    /// uniform scale), its paints in the tint (the pieces of the bundled icons are opaque).
    static func shapeItem(_ piece: IconPiece, id: String, icon: Icon, tint: String) -> String {
        let scale = min(side / icon.viewBox.size.width, side / icon.viewBox.size.height)
        let fit = AffineTransform(
            a: scale, b: 0, c: 0, d: scale,
            tx: (side - scale * icon.viewBox.size.width) / 2 - scale * icon.viewBox.origin.x,
            ty: (side - scale * icon.viewBox.size.height) / 2 - scale * icon.viewBox.origin.y)
        var shape = "path: \"\(pathData(piece.path.applying(fit)))\""
        shape += ", fillColor: " + (piece.fills ? "\"\(tint)\"" : "none")
        if piece.fillRule == .evenOdd { shape += ", fillRule: evenOdd" }
        if piece.strokes {
            let style = piece.strokeStyle
            shape += ", strokeColor: \"\(tint)\", lineWidth: \(style.lineWidth * scale)"
            shape += ", lineCap: \(style.lineCap.rawValue), lineJoin: \(style.lineJoin.rawValue)"
            shape += ", miterLimit: \(style.miterLimit)"
        }
        return
            "{ id: \(id), size: [\(side), \(side)], center: [\(side / 2), \(side / 2)], fill: \"#00000000\", shape: { \(shape) } }"
    }

    /// SVG path data of `path`, absolute commands, numbers as Swift prints doubles (exact).
    static func pathData(_ path: Path) -> String {
        var out: [String] = []
        for element in path.elements {
            switch element {
            case .move(let p): out.append("M \(p.x) \(p.y)")
            case .line(let p): out.append("L \(p.x) \(p.y)")
            case .quad(let c, let p): out.append("Q \(c.x) \(c.y) \(p.x) \(p.y)")
            case .cubic(let c1, let c2, let p): out.append("C \(c1.x) \(c1.y) \(c2.x) \(c2.y) \(p.x) \(p.y)")
            case .close: out.append("Z")
            }
        }
        return out.joined(separator: " ")
    }

    /// Loads both scenes from `root` (the repository), checks their first frames agree, and times
    /// `frames` frames of each, `repeats` alternating rounds.
    package static func run(root: String, frames: Int = 60, repeats: Int) throws -> Result {
        let icons = try icons(root: root)
        let scenes = try [false, true].map { asShapes in
            try SceneLoader.decode(
                sceneText(icons, frames: frames, asShapes: asShapes), fileName: root + "/scenes/svg-frame-bench.yaml",
                format: .yaml)
        }
        let first = try scenes.map { Rasterizer.renderStraightRGBA(try SceneSimulation(scene: $0).displayList()) }
        let maxDifference = zip(first[0], first[1]).reduce(0) { max($0, abs(Int($1.0) - Int($1.1))) }
        var rounds: [[Double]] = [[], []]
        for _ in 0..<repeats {
            for (s, scene) in scenes.enumerated() {
                let simulation = try SceneSimulation(scene: scene)
                var clock = CPUClock()
                for _ in 0..<frames {
                    _ = Rasterizer.render(simulation.displayList())
                    simulation.advance()
                }
                rounds[s].append(clock.lap() / Double(frames))
            }
        }
        let medians = rounds.map { $0.sorted()[$0.count / 2] }
        return Result(
            frames: frames, iconSeconds: medians[0], shapeSeconds: medians[1],
            pieces: (0..<(columns * rows)).reduce(0) { $0 + icons[$1 % icons.count].icon.pieces.count },
            maxDifference: maxDifference)
    }

    /// The lines `flipbook bench --svg-load` prints after the loading table.
    package static func table(_ r: Result, repeats: Int) -> String {
        [
            "A frame of SVG icons against the same frame of shape: items (CPU time, one thread, median of \(repeats), \(r.frames) frames)",
            "  \(columns * rows) icons of \(Int(side)) pt at 3×, \(r.pieces) pieces; first frames differ by at most \(r.maxDifference) levels",
            String(
                format:
                    "  icon: items %.2f ms/frame, shape: items %.2f ms/frame, icons/shapes %.2f× (bar: at most 1.10×)",
                r.iconSeconds * 1e3, r.shapeSeconds * 1e3, r.ratio),
        ].joined(separator: "\n")
    }
}
