import Geometry
import SceneModel
import SceneSyntax

/// `lottie:` items in the export: the item's Lottie file itself, embedded as a precomp asset of
/// its own layers, and a precomp layer that shows it where the item draws it, time-remapped to
/// the file's frame Flipbook shows on each tick. An engineer gets the designer's animation, not a
/// picture of its last frame.
extension LottieDocumentWriter {
    /// The embedded file's precomp: its asset id, its composition's size and its first frame.
    struct LottieContent {
        var assetID: String
        var width: Int
        var height: Int
        var firstFrame: Double
    }

    /// The precomp of the Lottie file whose frames carry `identity` (`lottie-<hash>-<frame>`),
    /// embedded once per file: its layers, and its own assets under ids of their own so they
    /// cannot meet the export's. Nil, and the caller exports a still frame, for a file that needs
    /// what a precomp cannot carry (fonts or glyphs of text layers, which live at the document's
    /// top level) or that the scene no longer names.
    mutating func lottieContent(of identity: String) -> LottieContent? {
        guard let hash = Self.lottieHash(of: identity) else { return nil }
        if let known = lottieContents[hash] { return known }
        guard let lottie = Self.lottie(hash: hash, in: scene),
            let node = try? JSONReader.parse(String(decoding: lottie.document.bytes, as: UTF8.self), file: lottie.file),
            case .object(let root) = LottieJSON(JSONValue(node))
        else { return nil }
        let member = { (key: String) in root.first { $0.0 == key }?.1 }
        if member("fonts") != nil || member("chars") != nil { return nil }
        guard case .array(let layers)? = member("layers") else { return nil }
        let firstFrame: Double
        switch member("ip") {
        case .verbatim(let text)?: firstFrame = Double(text) ?? 0
        case .integer(let value)?: firstFrame = Double(value)
        default: firstFrame = 0
        }
        // The file's own assets become `content_<n>_<id>` and its layers `content_<n>`, which no
        // renamed id can equal, nor the export's own `image_<n>` and `group_<n>`.
        let assetID = "content_\(assets.count)"
        let prefix = assetID + "_"
        if case .array(let own)? = member("assets") {
            for asset in own {
                guard case .object(let fields) = Self.renamingReferences(asset, prefix: prefix),
                    case .string(let id)? = fields.first(where: { $0.0 == "id" })?.1
                else { continue }
                let renamed = fields.map { key, value in key == "id" ? (key, .string(prefix + id)) : (key, value) }
                assets.append((prefix + id, .object(renamed)))
            }
        }
        assets.append(
            (
                "lottie-content-\(hash)",
                .object([
                    ("id", .string(assetID)), ("nm", .string(lottie.file)),
                    ("layers", .array(layers.map { Self.renamingReferences($0, prefix: prefix) })),
                ])
            ))
        let content = LottieContent(
            assetID: assetID, width: lottie.document.width, height: lottie.document.height, firstFrame: firstFrame)
        lottieContents[hash] = content
        return content
    }

    /// The file's hash in a frame's identity: `lottie-<hash>-<frame>`.
    static func lottieHash(of identity: String) -> String? {
        guard identity.hasPrefix(lottieFrameIdentity), let dash = identity.lastIndex(of: "-") else { return nil }
        let hash = identity[identity.index(identity.startIndex, offsetBy: lottieFrameIdentity.count)..<dash]
        return hash.isEmpty ? nil : String(hash)
    }

    /// The frame in a frame's identity, counted from the file's first frame.
    static func lottieFrame(of identity: String) -> Int? {
        guard lottieHash(of: identity) != nil, let dash = identity.lastIndex(of: "-") else { return nil }
        return Int(identity[identity.index(after: dash)...])
    }

    /// The first item of `scene` whose Lottie file has `hash`.
    static func lottie(hash: String, in scene: Scene) -> ItemLottie? {
        var found: ItemLottie?
        scene.forEachItemWithAttributes { item in
            if found == nil, let lottie = item.lottie, lottie.document.hash == hash { found = lottie }
        }
        return found
    }

    /// `value` with every `refId` (a layer's precomp or image) given `prefix`, as its assets are.
    static func renamingReferences(_ value: LottieJSON, prefix: String) -> LottieJSON {
        switch value {
        case .array(let elements): return .array(elements.map { renamingReferences($0, prefix: prefix) })
        case .object(let members):
            return .object(
                members.map { key, member in
                    if key == "refId", case .string(let id) = member { return (key, .string(prefix + id)) }
                    return (key, renamingReferences(member, prefix: prefix))
                })
        default: return value
        }
    }

    /// The precomp layer's time remap (`tm`, seconds of the precomp, which a player turns into its
    /// frame at the export's frame rate): the frame shown on each tick, held until a tick shows
    /// another, so every tick plays the whole frame Flipbook draws (it shows whole frames of the
    /// file), 1/100 of a frame in so that a player that truncates (rlottie) cannot land on the
    /// frame before through the seconds' rounding. Always keyframed: rlottie ignores a time remap
    /// that does not change. Ticks without the item keep the frame of the tick before them.
    func timeRemap(_ frames: [Int?], firstFrame: Double) -> LottieJSON {
        let fps = Double(scene.fps)
        var held = frames.compactMap { $0 }.first ?? 0
        var changes: [(tick: Int, frame: Int)] = []
        for (tick, frame) in frames.enumerated() {
            held = frame ?? held
            if changes.last?.frame != held { changes.append((tick, held)) }
        }
        if changes.count == 1 { changes.append((max(frames.count - 1, 1), held)) }
        // The last keyframe is a bare time and value, as every property's last one here.
        let keyframes = changes.enumerated().map { k, change in
            LottieJSON.object(
                [
                    ("t", .integer(change.tick)),
                    ("s", .array([.fine((firstFrame + Double(change.frame) + 0.01) / fps)])),
                ]
                    + (k < changes.count - 1 ? [("h", .integer(1))] : []))
        }
        return .object([("a", .integer(1)), ("k", .array(keyframes))])
    }
}

extension RectSample.ImageSample {
    /// The sample placing a Lottie composition of `width` × `height` where this sample places
    /// the frame rlottie drew of it: rlottie fits the composition into the frame's pixels keeping
    /// its aspect ratio (the smaller of the two scales, centred), so that map comes first; the
    /// masks and clips (in the frame's pixels) go back through it into the composition's units.
    func inComposition(width: Int, height: Int) -> RectSample.ImageSample {
        let (w, h) = (Double(image.width), Double(image.height))
        let s = min(w / Double(width), h / Double(height))
        guard s > 0, s.isFinite else { return self }
        let toFrame = AffineTransform(scaleX: s, y: s)
            .concatenating(AffineTransform(translationX: (w - Double(width) * s) / 2, y: (h - Double(height) * s) / 2))
        guard let fromFrame = toFrame.inverted else { return self }
        var sample = self
        sample.transform = RectSample.decompose(toFrame.concatenating(RectSample.compose(transform)))
        sample.masks = masks.map { $0.applying(fromFrame) }
        sample.clips = clips.map { $0.applying(fromFrame) }
        return sample
    }
}
