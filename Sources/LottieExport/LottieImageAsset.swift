import Foundation
import PNG
import Raster

/// An image embedded in the Lottie document (`assets[]` with `e: 1`): the image's pixels as a
/// PNG in a data URL, so the file plays without anything beside it.
enum LottieImageAsset {
    static func json(_ image: RasterImage, id: String) throws -> LottieJSON {
        var rgba = [UInt8](repeating: 0, count: image.width * image.height * 4)
        for y in 0..<image.height {
            for x in 0..<image.width {
                let c = image[x: x, y: y].unpremultiplied()
                let k = 4 * (y * image.width + x)
                (rgba[k], rgba[k + 1], rgba[k + 2], rgba[k + 3]) = (c.r, c.g, c.b, c.a)
            }
        }
        let png = try PNG.encode(rgba: rgba, width: image.width, height: image.height)
        return .object([
            ("id", .string(id)), ("w", .integer(image.width)), ("h", .integer(image.height)), ("u", .string("")),
            ("p", .string("data:image/png;base64," + Data(png).base64EncodedString())), ("e", .integer(1)),
        ])
    }
}
