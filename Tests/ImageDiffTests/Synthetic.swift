import PNG

/// Small synthetic images with known differences.
struct Canvas {
    var width: Int, height: Int
    var rgba: [UInt8]

    init(_ width: Int, _ height: Int, _ colour: (UInt8, UInt8, UInt8)) {
        self.width = width
        self.height = height
        rgba = (0..<(width * height)).flatMap { _ in [colour.0, colour.1, colour.2, 255] }
    }

    mutating func set(_ x: Int, _ y: Int, _ c: (UInt8, UInt8, UInt8)) {
        let k = (y * width + x) * 4
        rgba[k] = c.0
        rgba[k + 1] = c.1
        rgba[k + 2] = c.2
        rgba[k + 3] = 255
    }

    /// Fills columns `x0..<x1` over the full height.
    mutating func columns(_ x0: Int, _ x1: Int, _ c: (UInt8, UInt8, UInt8)) {
        for y in 0..<height { for x in x0..<x1 { set(x, y, c) } }
    }

    var image: DecodedImage { DecodedImage(width: width, height: height, rgba: rgba) }
}

let white: (UInt8, UInt8, UInt8) = (255, 255, 255)
let dark: (UInt8, UInt8, UInt8) = (40, 40, 40)
/// Half `dark` over `white`: the coverage-0.5 pixel of an edge at x + 0.5.
let halfDark: (UInt8, UInt8, UInt8) = (148, 148, 148)
