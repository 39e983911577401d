/// What an image file may cost, checked before anything is allocated for its pixels: inputs are
/// untrusted (a scene's `image:` may name any file in its folder).
public enum ImageLimits {
    /// Largest file read, in bytes (64 MiB): a bigger file is refused from its size, unread.
    /// Phone photos are 2–12 MB.
    public static let maxFileBytes = 64 << 20
    /// Largest width or height, in pixels (16,384).
    public static let maxSide = 16_384
    /// Largest width × height (40 megapixels: a 7,728 × 5,152 camera frame): the decoded image
    /// takes 4 bytes a pixel plus a third more for its mipmaps, so at most ~213 MB. Checked on the
    /// header (PNG's IHDR, JPEG's SOF through `tjDecompressHeader3`) before decoding, so a
    /// decompression bomb (a small file claiming a huge image) is refused, not allocated.
    public static let maxPixels = 40_000_000
}
