/// Shaded colours kept from frame to frame, so an image or gradient that stands still (a photo in
/// a navigation bar while a list scrolls under it, a radial glow) is shaded once, not every frame.
///
/// Rules:
/// 1. Exact reuse: an entry holds the source colours `Shader.shade` gave for every pixel of a box,
///    keyed by the box and, for an image, the image object and the bits of its map to canvas
///    pixels; for a gradient, the bits of every input of its kernel (`Shader.gradientWords`). A
///    pixel's colour depends on nothing else (shade_kernels.c computes each pixel on its own: a
///    whole row in one call gives the same colour per pixel as the spans would; a gradient's memo
///    is keyed by the pixel's own t and dither column), so a hit gives the bytes a miss would, and
///    no output depends on what the cache holds.
/// 2. Images sampled by area or bilinear interpolation, and gradients: an exact (1:1) image copy
///    costs a load a pixel, no more than reading the entry.
/// 3. Stored at the second sight of a key in consecutive frames: a moving image (a new map every
///    frame) is never stored, so it pays only the lookup. The whole box is then sampled, not only
///    the covered spans: a little more once (a round avatar's corners), nothing after.
/// 4. Bounded: entries not used in the last frame are dropped when a frame begins, and an entry
///    that would take the cache over `byteLimit` is not stored.
/// 5. The entry keeps its paint (and so an image object) alive, so an `ObjectIdentifier` in a key
///    can never name another image.
struct ShadeCache: Sendable {
    struct Key: Hashable, Sendable {
        /// The image object; nil for a gradient.
        var image: ObjectIdentifier?
        /// An image's map to canvas pixels, or a gradient's kernel inputs, as bits.
        var words: [UInt64]
        var box: IntRect
    }

    struct Entry: Sendable {
        var paint: Paint
        var colours: [UInt32]
        var lastUsed: Int
    }

    /// Largest total of stored colours. Unit: bytes; 64 MiB holds eight 1080p boxes.
    static let byteLimit = 64 << 20

    private var entries: [Key: Entry] = [:]
    /// Keys seen in the frame `frame` without being stored (rule 3).
    private var sightings: [Key: Int] = [:]
    private var frame = 0
    private(set) var bytes = 0
    /// Lookups answered from an entry; for tests and the bench.
    private(set) var hits = 0

    /// Starts a frame: drops what the last frame did not use (rule 4).
    mutating func beginFrame() {
        frame += 1
        let stale = entries.filter { $0.value.lastUsed < frame - 1 }
        for (key, entry) in stale {
            bytes -= 4 * entry.colours.count
            entries[key] = nil
        }
        sightings = sightings.filter { $0.value >= frame - 1 }
    }

    /// The key of `paint` (set up in `shader`) drawn over `box`, or nil when the paint is not
    /// cached (rule 2).
    static func key(for paint: Paint, shader: Shader, box: IntRect) -> Key? {
        switch paint {
        case .image(let image) where image.sampling != .exact:
            let m = image.toPixels
            return Key(
                image: ObjectIdentifier(image.image),
                words: [m.a, m.b, m.c, m.d, m.tx, m.ty].map(\.bitPattern) + [image.pixelated ? 1 : 0],
                box: box)
        case .gradient:
            return shader.gradientWords.map { Key(image: nil, words: $0, box: box) }
        default:
            return nil
        }
    }

    /// Calls `body` with the colours of every pixel of `key.box` (row by row, `key.box.width`
    /// apart) when they are stored or are stored now; otherwise returns false and records the sight.
    mutating func withColours(
        for key: Key, paint: Paint, shader: inout Shader,
        _ body: (UnsafePointer<UInt32>) -> Void
    ) -> Bool {
        if var entry = entries[key] {
            hits += 1
            entry.lastUsed = frame
            entries[key] = entry
            entry.colours.withUnsafeBufferPointer { body($0.baseAddress!) }
            return true
        }
        let size = 4 * key.box.width * key.box.height
        guard sightings[key].map({ $0 >= frame - 1 }) == true, bytes + size <= Self.byteLimit else {
            sightings[key] = frame
            return false
        }
        sightings[key] = nil
        var colours = [UInt32](repeating: 0, count: key.box.width * key.box.height)
        colours.withUnsafeMutableBufferPointer { out in
            for row in 0..<key.box.height {
                shader.shade(
                    x: key.box.x, y: key.box.y + row, count: key.box.width,
                    into: out.baseAddress! + row * key.box.width)
            }
        }
        bytes += size
        entries[key] = Entry(paint: paint, colours: colours, lastUsed: frame)
        colours.withUnsafeBufferPointer { body($0.baseAddress!) }
        return true
    }
}
