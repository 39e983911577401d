/// A dotLottie file (`.lottie`, dotLottie 1.0): a ZIP holding `manifest.json` and the animation
/// as `animations/<id>.json`, which lottie-ios (`DotLottieFile`), dotlottie-web and the
/// LottieFiles players open. The JSON is the same document `flipbook export` writes, deflated:
/// the container is for an app's bundle, where the bytes count.
public enum DotLottie {
    /// The archive of `document` under the animation id `id` (the scene's name), playing once,
    /// forward, at its own speed, as the scene did.
    public static func archive(_ document: LottieJSON, id: String) throws -> [UInt8] {
        var zip = ZipArchive()
        try zip.add("manifest.json", Array(manifest(id: id).text.utf8))
        try zip.add("animations/\(id).json", Array(document.text.utf8))
        return zip.bytes
    }

    /// The manifest: the one animation and how to play it.
    static func manifest(id: String) -> LottieJSON {
        .object([
            ("version", .string("1")), ("generator", .string("Flipbook")), ("author", .string("Flipbook")),
            ("revision", .integer(1)), ("activeAnimationId", .string(id)),
            (
                "animations",
                .array([
                    .object([
                        ("id", .string(id)), ("speed", .integer(1)), ("loop", .bool(false)), ("autoplay", .bool(true)),
                        ("direction", .integer(1)), ("playMode", .string("normal")),
                    ])
                ])
            ),
        ])
    }
}
