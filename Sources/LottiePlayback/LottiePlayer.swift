import CRLottie
import Foundation

/// One Lottie document played by rlottie: frames rendered on demand into straight RGBA pixels.
///
/// rlottie draws into premultiplied ARGB32 (native order) with its own anti-aliased rasterizer. The
/// synchronous call hands each shape's coverage to rlottie's worker threads and waits for them;
/// every shape is rasterized on its own and blended in order, so the same document, frame and size
/// give the same pixels whatever the scheduling (`--jobs 1` and `--jobs 4` frames are
/// byte-identical). Not thread-safe: each render's simulation owns its players.
public final class LottiePlayer {
    private let animation: OpaquePointer
    public let document: LottieDocument

    /// Loads `document` into rlottie. Its resource folder is an empty name: `LottieDocument` has
    /// already refused any image that is not embedded, so rlottie opens no file.
    public init(_ document: LottieDocument) throws(LottieFileError) {
        var text = document.bytes
        text.append(0)
        let loaded = text.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                lottie_animation_from_data(chars.baseAddress, "flipbook-" + document.hash, "")
            }
        }
        guard let loaded else { throw .unplayable }
        animation = loaded
        self.document = document
    }

    deinit { lottie_animation_destroy(animation) }

    /// Frame `frame` (0 ..< `document.frameCount`, clamped) drawn to fill `width` × `height`
    /// pixels, as straight RGBA (4 bytes a pixel, rows top to bottom).
    public func render(frame: Int, width: Int, height: Int) -> [UInt8] {
        precondition(width > 0 && height > 0)
        let clamped = min(max(frame, 0), document.frameCount - 1)
        var argb = [UInt32](repeating: 0, count: width * height)
        argb.withUnsafeMutableBufferPointer {
            lottie_animation_render(animation, clamped, $0.baseAddress, width, height, width * 4)
        }
        // Straight colour, rounded to nearest: c · 255 / a.
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        for (i, p) in argb.enumerated() {
            let a = Int(p >> 24)
            guard a > 0 else { continue }
            func straight(_ c: UInt32) -> UInt8 {
                let c = Int(c & 255)
                return UInt8(a == 255 ? c : min(255, (c * 255 + a / 2) / a))
            }
            (rgba[4 * i], rgba[4 * i + 1], rgba[4 * i + 2]) = (straight(p >> 16), straight(p >> 8), straight(p))
            rgba[4 * i + 3] = UInt8(a)
        }
        return rgba
    }

    /// The rlottie library that plays, as the file the process mapped names its version
    /// ("rlottie 0.1.0-1", from librlottie.so.0.1.0-1); "rlottie" alone when it cannot be told.
    /// Recorded in render manifests: rlottie has no call that reports its version.
    public static let libraryVersion: String = {
        // Read to the end: /proc files report a size of 0, which a whole-file read trusts.
        guard let handle = FileHandle(forReadingAtPath: "/proc/self/maps"),
            let maps = String(data: handle.readDataToEndOfFile(), encoding: .utf8),
            let line = maps.split(separator: "\n").first(where: { $0.contains("/librlottie.so.") }),
            let path = line.split(separator: " ").last
        else { return "rlottie" }
        let name = URL(fileURLWithPath: String(path)).resolvingSymlinksInPath().lastPathComponent
        guard let range = name.range(of: ".so.") else { return "rlottie" }
        return "rlottie " + name[range.upperBound...]
    }()
}
