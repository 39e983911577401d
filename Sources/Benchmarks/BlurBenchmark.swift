import Foundation
import Geometry
import Raster

/// `flipbook bench --blur`: Flipbook's blurs against Pillow's `GaussianBlur` on the same picture,
/// side by side in one run, one thread each: a 1170 × 2532 RGBA frame blurred whole at σ = 3,
/// 10, 30 and 90 px.
///
/// Flipbook's cost is a frame drawn with the blur minus the same frame without it (median of the
/// rounds, one rasterizer reused as a render's workers reuse theirs; the frame is 64 solid
/// stripes, cheap beside the blur): the layer filter (`gaussianBlur`, exact at every σ) and the backdrop material
/// (exact below σ = 8, on a coarser grid above). Pillow's is `image.filter(GaussianBlur(σ))`
/// timed in its own process by `/usr/bin/python3` (Pillow's box approximation of the Gaussian,
/// single-threaded).
package enum BlurBenchmark {
    package struct Row: Sendable {
        package var sigma: Double
        package var filterSeconds: Double
        package var backdropSeconds: Double
        package var pillowSeconds: Double?
    }

    package static let sigmas: [Double] = [3, 10, 30, 90]
    static let width = MaterialsWorkload.width, height = MaterialsWorkload.height

    /// The frame's content: 64 stripes of solid colours (cheap to draw, so the difference
    /// with and without the blur is the blur's).
    static func stripesList() -> DisplayList {
        var list = DisplayList(width: width, height: height, background: .black)
        let stripe = Double(height) / 64
        list.rects = (0..<64).map { i in
            DrawRect(
                size: Size(Double(width), stripe),
                transform: AffineTransform(translationX: Double(width) / 2, y: stripe * (Double(i) + 0.5)),
                fill: ContentWorkload.tints[i % ContentWorkload.tints.count])
        }
        return list
    }

    package static func run(rounds: Int = 5) throws -> [Row] {
        let plain = stripesList()
        // One rasterizer and one pixmap, reused, as a render's workers reuse theirs.
        var rasterizer = Rasterizer(banding: .never)
        var pixmap = Pixmap(width: width, height: height)
        func time(_ list: DisplayList) -> Double {
            rasterizer.render(list, into: &pixmap)
            return median(rounds) { rasterizer.render(list, into: &pixmap) }
        }
        let base = time(plain)
        let pillow = try pillowSeconds(rounds: rounds)
        return sigmas.enumerated().map { i, sigma in
            var filtered = plain
            filtered.groups = [DrawGroup(rects: 0..<plain.rects.count, opacity: 1, blur: sigma)]
            var backdrop = plain
            var glass = DrawRect(
                size: Size(Double(width), Double(height)),
                transform: AffineTransform(translationX: Double(width) / 2, y: Double(height) / 2), fill: .clear)
            glass.backdrop = DrawBackdrop(sigma: sigma, saturation: 1, tint: .clear)
            backdrop.rects.append(glass)
            return Row(
                sigma: sigma, filterSeconds: max(time(filtered) - base, 0),
                backdropSeconds: max(time(backdrop) - base, 0), pillowSeconds: pillow?[i])
        }
    }

    static func median(_ rounds: Int, _ body: () -> Void) -> Double {
        var times: [Double] = []
        for _ in 0..<rounds {
            let start = DispatchTime.now().uptimeNanoseconds
            body()
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        return times.sorted()[times.count / 2]
    }

    /// Pillow's medians, one per σ, or nil when /usr/bin/python3 has no Pillow.
    static func pillowSeconds(rounds: Int) throws -> [Double]? {
        let script = """
            import sys, time
            from PIL import Image, ImageFilter
            image = Image.new("RGBA", (\(width), \(height)))
            image.putdata([((x * 7 + y * 3) % 256, (x // 3 + y // 5) % 256, y * 255 // \(height), 255)
                           for y in range(\(height)) for x in range(\(width))])
            for sigma in [\(sigmas.map { "\($0)" }.joined(separator: ", "))]:
                times = []
                for _ in range(\(rounds)):
                    start = time.perf_counter()
                    image.filter(ImageFilter.GaussianBlur(sigma))
                    times.append(time.perf_counter() - start)
                print(sorted(times)[len(times) // 2])
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", script]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        let values = String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap { Double($0) }
        return values.count == sigmas.count ? values : nil
    }

    package static func table(_ rows: [Row]) -> String {
        var lines = [
            "blur of a 1170×2532 RGBA frame, one thread, median of the rounds (Pillow: GaussianBlur, same σ)",
            "σ px    gaussianBlur filter    backdrop material    Pillow    filter / Pillow    backdrop / Pillow",
        ]
        func ms(_ s: Double) -> String { String(format: "%8.1f ms", s * 1000) }
        for row in rows {
            var line =
                String(format: "%4.0f", row.sigma) + "   " + ms(row.filterSeconds) + "          "
                + ms(row.backdropSeconds) + "      "
            if let p = row.pillowSeconds {
                line += ms(p) + String(format: "   %10.2f×   %14.2f×", row.filterSeconds / p, row.backdropSeconds / p)
            } else {
                line += "   (no Pillow for /usr/bin/python3)"
            }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }
}
