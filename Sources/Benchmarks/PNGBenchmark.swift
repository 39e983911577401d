import Foundation
import PNG

/// Measures encoded size and encoding time of `PNGOptions` on frames the caller supplies
/// (`flipbook bench --png` passes real rendered frames). Used to choose `PNGOptions.default`
/// (table in Sources/PNG/README.md). It prints figures; no test depends on its timings.
package enum PNGBenchmark {
    /// One frame to encode: straight RGBA8, row-major.
    package struct Frame: Hashable, Sendable, CustomStringConvertible {
        package var name: String
        package var width: Int
        package var height: Int
        package var rgba: [UInt8]

        package init(name: String, width: Int, height: Int, rgba: [UInt8]) {
            precondition(rgba.count == width * height * 4, "frame \(name) has the wrong byte count")
            self.name = name
            self.width = width
            self.height = height
            self.rgba = rgba
        }

        package var description: String { name }
    }

    /// zlib: levels 1...6 and 9 × strategies default, filtered, RLE × filters none, sub, up,
    /// Paeth, all (105 combinations, level-major); then libdeflate: levels 1...6, 9 and 12 ×
    /// filters none, sub, up, Paeth (32). Contains `PNGOptions.libpngDefault`,
    /// `PNGOptions.zlibDefault` and `PNGOptions.default`.
    package static let grid: [PNGOptions] = {
        var grid: [PNGOptions] = []
        for level in [1, 2, 3, 4, 5, 6, 9] {
            for strategy in [PNGStrategy.default, .filtered, .rle] {
                for filter in [PNGFilter.none, .sub, .up, .paeth, .all] {
                    // Every level in the list is within 0...9, so this cannot throw.
                    if let options = try? PNGOptions(level: level, strategy: strategy, filter: filter) {
                        grid.append(options)
                    }
                }
            }
        }
        for level in [1, 2, 3, 4, 5, 6, 9, 12] {
            for filter in [PNGFilter.none, .sub, .up, .paeth] {
                if let options = try? PNGOptions(libdeflateLevel: level, filter: filter) { grid.append(options) }
            }
        }
        return grid
    }()

    /// Encodes every frame with every options value `iterations + 1` times and keeps the fastest
    /// time, the one least disturbed by other work on the machine. The first pass (untimed) warms
    /// caches and records sizes; timed passes then go round-robin over all options, so a burst of
    /// load slows one run of each rather than every run of one. `PNGOptions.libpngDefault`,
    /// `.zlibDefault` and `.default` are added to `options` when missing, so `report` can show ratios.
    ///
    /// - Parameter iterations: timed encodes per cell, at least 1. The full grid costs about
    ///   5 s per iteration in a release build on one core of the development machine.
    package static func run(
        frames: [Frame], iterations: Int = 5, options: [PNGOptions] = grid
    ) throws(PNGError) -> [PNGBenchmarkRow] {
        precondition(iterations >= 1, "PNGBenchmark.run needs at least 1 iteration, got \(iterations)")
        var candidates = options
        for required in [PNGOptions.libpngDefault, .zlibDefault, .default] where !candidates.contains(required) {
            candidates.append(required)
        }
        let clock = ContinuousClock()
        var rows: [PNGBenchmarkRow] = []
        for frame in frames {
            var sizes: [Int] = []
            for candidate in candidates {
                sizes.append(
                    try PNG.encode(rgba: frame.rgba, width: frame.width, height: frame.height, options: candidate).count
                )
            }
            var fastest = [Duration](repeating: .seconds(Int64.max), count: candidates.count)
            for _ in 0..<iterations {
                for (index, candidate) in candidates.enumerated() {
                    let start = clock.now
                    _ = try PNG.encode(rgba: frame.rgba, width: frame.width, height: frame.height, options: candidate)
                    fastest[index] = min(fastest[index], clock.now - start)
                }
            }
            for (index, candidate) in candidates.enumerated() {
                rows.append(
                    PNGBenchmarkRow(
                        options: candidate, frame: .init(name: frame.name, width: frame.width, height: frame.height),
                        bytes: sizes[index],
                        millisecondsPerFrame: milliseconds(fastest[index])))
            }
        }
        return rows
    }

    /// A fixed-width table, one line per options value in the order of `rows`, with size and
    /// speed relative to `PNGOptions.libpngDefault` for each frame. `*` marks
    /// `PNGOptions.default`, `=` the libpng default.
    package static func report(_ rows: [PNGBenchmarkRow], iterations: Int? = nil) -> String {
        var options: [PNGOptions] = []
        var frames: [PNGBenchmarkRow.FrameInfo] = []
        for row in rows {
            if !options.contains(row.options) { options.append(row.options) }
            if !frames.contains(row.frame) { frames.append(row.frame) }
        }
        func cell(_ candidate: PNGOptions, _ frame: PNGBenchmarkRow.FrameInfo) -> PNGBenchmarkRow? {
            rows.first { $0.options == candidate && $0.frame == frame }
        }

        let runs = iterations.map { ", fastest of \($0) runs" } ?? ""
        var lines = [
            "PNG encode of " + frames.map { "\($0.name) (\($0.width)×\($0.height))" }.joined(separator: ", ")
                + ", \(PNG.libraryVersions)\(runs)",
            "size and speed relative to libpng's default (\(PNGOptions.libpngDefault)); "
                + "* PNGOptions.default, = libpng default",
            "",
        ]
        let optionsWidth = 26
        var header = pad("options", optionsWidth, left: false)
        var rule = String(repeating: "-", count: optionsWidth)
        for frame in frames {
            header += " | " + pad("\(frame.name.prefix(5)) KiB", 9) + pad("size", 7) + pad("ms", 8) + pad("speed", 7)
            rule += "-|-" + String(repeating: "-", count: 31)
        }
        lines += [header, rule]
        for candidate in options {
            let mark = candidate == .default ? "* " : candidate == .libpngDefault ? "= " : "  "
            var line = pad(mark + candidate.description, optionsWidth, left: false)
            for frame in frames {
                guard let row = cell(candidate, frame) else {
                    line += " | " + pad("-", 31)
                    continue
                }
                line += " | " + pad(fixed(Double(row.bytes) / 1024, 1), 9)
                if let base = cell(.libpngDefault, frame) {
                    line += pad(fixed(100 * Double(row.bytes) / Double(base.bytes), 0) + "%", 7)
                    line += pad(fixed(row.millisecondsPerFrame, 2), 8)
                    line += pad(fixed(base.millisecondsPerFrame / row.millisecondsPerFrame, 1) + "×", 7)
                } else {
                    line += pad("", 7) + pad(fixed(row.millisecondsPerFrame, 2), 8) + pad("", 7)
                }
            }
            lines.append(line)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func milliseconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) * 1e3 + Double(attoseconds) * 1e-15
    }

    /// `value` rounded to `digits` decimals, without Foundation's String(format:).
    private static func fixed(_ value: Double, _ digits: Int) -> String {
        guard value.isFinite else { return "\(value)" }
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let scaled = Int((abs(value) * scale).rounded())
        let sign = value < 0 && scaled != 0 ? "-" : ""
        let whole = scaled / Int(scale)
        guard digits > 0 else { return sign + "\(whole)" }
        let fraction = String(scaled % Int(scale))
        return sign + "\(whole)." + String(repeating: "0", count: digits - fraction.count) + fraction
    }

    private static func pad(_ text: String, _ width: Int, left: Bool = true) -> String {
        let padding = String(repeating: " ", count: max(0, width - text.count))
        return left ? padding + text : text + padding
    }
}

/// One cell of a benchmark: how big and how slow one options value is on one frame.
package struct PNGBenchmarkRow: Equatable, Sendable {
    package let options: PNGOptions
    /// Which frame, without its pixels.
    package struct FrameInfo: Hashable, Sendable {
        package var name: String
        package var width: Int
        package var height: Int
        package init(name: String, width: Int, height: Int) {
            self.name = name
            self.width = width
            self.height = height
        }
    }

    package let frame: FrameInfo
    /// Size of the encoded PNG in bytes.
    package let bytes: Int
    /// Fastest wall-clock encoding time over the timed runs, in milliseconds.
    package let millisecondsPerFrame: Double

    package init(options: PNGOptions, frame: FrameInfo, bytes: Int, millisecondsPerFrame: Double) {
        self.options = options
        self.frame = frame
        self.bytes = bytes
        self.millisecondsPerFrame = millisecondsPerFrame
    }
}
