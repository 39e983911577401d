/// Test frames: a flat background, a soft horizontal gradient band and an orange square that
/// moves 3 px a frame, with anti-aliased (half-covered) edge columns, like a rendered card.
/// `transparent`: the background is alpha 0 (stored as 0,0,0,0, as the rasterizer stores it) and
/// the edge columns are half transparent, so alpha is checked at 0, 128 and 255.
func movingSquare(width: Int, height: Int, frame: Int, transparent: Bool = false) -> [UInt8] {
    var rgba = [UInt8](repeating: 0, count: width * height * 4)
    let left = 4 + frame * 3
    let right = left + 16
    for y in 0..<height {
        for x in 0..<width {
            let i = (y * width + x) * 4
            var pixel: (UInt8, UInt8, UInt8, UInt8) = transparent ? (0, 0, 0, 0) : (242, 242, 247, 255)
            if !transparent, y >= height - 8 {
                pixel = (UInt8(200 + x * 40 / width), UInt8(210 + x * 30 / width), 230, 255)
            }
            if y >= 10 && y < 26 {
                if x >= left && x < right { pixel = (255, 149, 0, 255) }
                if x == left - 1 || x == right {
                    pixel = transparent ? (255, 149, 0, 128) : (249, 196, 124, 255)
                }
            }
            rgba[i] = pixel.0
            rgba[i + 1] = pixel.1
            rgba[i + 2] = pixel.2
            rgba[i + 3] = pixel.3
        }
    }
    return rgba
}
