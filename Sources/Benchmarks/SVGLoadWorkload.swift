import Foundation
import Geometry
import Icons

/// `flipbook bench --svg-load`: what reading SVG files costs (once per render, before the first
/// frame), as CPU time on one thread (docs/benchmarks.md, "SVG loading").
///
/// - **Icons**: the 200 largest files of an icon set (Heroicons, which `make test-deps` puts in
///   `.build/icon-sets/heroicons`), each parsed as `icon:` parses it.
/// - **resvg's cases**: the 200 largest of resvg's test files kept in `Tests/ResvgSuite` that
///   load (design-tool constructs: gradients, masks, `<use>`, CSS).
/// - **A 1 MB design export**: `scenes/screens/home.svg`'s screen repeated side by side (ids made
///   unique) until the file passes 1 MB, read whole (as `icon:` with a design file's budget) and
///   as a layer tree (`layers:`).
///
/// The median of `repeats` rounds; CPU time, so a busy machine does not decide the figures.
package enum SVGLoadWorkload {
    package struct Row: Equatable {
        package var name: String
        package var files: Int
        package var bytes: Int
        package var elements: Int
        /// CPU seconds for all the files, the median round.
        package var seconds: Double
    }

    /// The `count` largest `.svg` files under `folder` (any depth) that load as icons, largest
    /// first, ties by path; empty when the folder does not exist.
    package static func largestLoading(in folder: String, count: Int = 200) -> [(name: String, data: Data)] {
        guard let walker = FileManager.default.enumerator(atPath: folder) else { return [] }
        var files: [(name: String, data: Data)] = []
        while let next = walker.nextObject() as? String {
            guard next.hasSuffix(".svg"), let data = FileManager.default.contents(atPath: folder + "/" + next) else {
                continue
            }
            files.append((next, data))
        }
        files.sort { ($0.data.count, $1.name) > ($1.data.count, $0.name) }
        var loading: [(name: String, data: Data)] = []
        for file in files where loading.count < count {
            if (try? IconLoader.parse(file.data, name: file.name)) != nil { loading.append(file) }
        }
        return loading
    }

    /// A design export of at least `bytes`: the `<svg>` root of `screen` kept, its content
    /// repeated in a row of copies `width` apart, each copy's ids and references suffixed `-k`.
    package static func designExport(from screen: String, width: Double, bytes: Int = 1 << 20) -> Data {
        guard let open = screen.range(of: ">", range: screen.range(of: "<svg")!.upperBound..<screen.endIndex),
            let close = screen.range(of: "</svg>", options: .backwards)
        else { return Data(screen.utf8) }
        let body = String(screen[open.upperBound..<close.lowerBound])
        var copies: [String] = []
        var size = 0
        while size < bytes {
            let k = copies.count
            let copy =
                body.replacingOccurrences(of: "id=\"", with: "id=\"c\(k)-")
                .replacingOccurrences(of: "url(#", with: "url(#c\(k)-")
            copies.append("<g transform=\"translate(\(Double(k) * width) 0)\">\(copy)</g>")
            size += copy.utf8.count
        }
        let root = String(screen[..<open.upperBound])
        return Data((root + copies.joined(separator: "\n") + "</svg>\n").utf8)
    }

    /// Times each set `repeats` times from `root` (the repository, where the files are).
    package static func run(root: String, repeats: Int) throws -> [Row] {
        var rows: [Row] = []
        func time(_ name: String, _ files: [(name: String, data: Data)], _ load: (Data, String) throws -> Int) throws {
            guard !files.isEmpty else { return }
            var rounds: [Double] = []
            var elements = 0
            for _ in 0..<repeats {
                var clock = CPUClock()
                elements = try files.reduce(0) { $0 + (try load($1.data, $1.name)) }
                rounds.append(clock.lap())
            }
            rows.append(
                Row(
                    name: name, files: files.count, bytes: files.reduce(0) { $0 + $1.data.count }, elements: elements,
                    seconds: rounds.sorted()[rounds.count / 2]))
        }
        let whole: (Data, String) throws -> Int = { try IconLoader.parse($0, name: $1).pieces.count }
        try time("Heroicons, 200 largest", largestLoading(in: root + "/.build/icon-sets/heroicons"), whole)
        try time("resvg's cases, 200 largest", largestLoading(in: root + "/Tests/ResvgSuite"), whole)
        let screen = try String(contentsOfFile: root + "/scenes/screens/home.svg", encoding: .utf8)
        let export = [("design export", designExport(from: screen, width: 390))]
        try time("1 MB design export, whole", export) {
            try IconLoader.parse($0, name: $1, budget: .design).pieces.count
        }
        try time("1 MB design export, as layers", export) {
            let tree = try IconLoader.parseLayers($0, name: $1, itemSize: Size(390, 844))
            func pieces(_ layer: IconLayer) -> Int {
                (layer.content?.pieces.count ?? 0) + (layer.mask?.pieces.count ?? 0)
                    + layer.sublayers.reduce(0) { $0 + pieces($1) }
            }
            return tree.layers.reduce(tree.content.pieces.count) { $0 + pieces($1) }
        }
        return rows
    }

    /// The rows as the table `flipbook bench --svg-load` prints.
    package static func table(_ rows: [Row], repeats: Int) -> String {
        var lines = [
            "SVG loading (CPU time, one thread, median of \(repeats))",
            "  set                              files      KB   pieces     ms total   ms/file   MB/s",
        ]
        for row in rows {
            let name = row.name.padding(toLength: 32, withPad: " ", startingAt: 0)
            lines.append(
                "  " + name
                    + String(
                        format: " %6d %7.0f %8d %12.2f %9.3f %6.1f", row.files, Double(row.bytes) / 1024, row.elements,
                        row.seconds * 1e3, row.seconds * 1e3 / Double(row.files),
                        Double(row.bytes) / 1e6 / max(row.seconds, 1e-9)))
        }
        if !rows.contains(where: { $0.name.hasPrefix("Heroicons") }) {
            lines.append("  (Heroicons not in .build/icon-sets/heroicons: `make test-deps` installs the set)")
        }
        return lines.joined(separator: "\n")
    }
}
