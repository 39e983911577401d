import SceneModel

/// How identities are put into compositions: group opacity and masks as precomps (a mask as
/// the alpha matte of its content), and Lottie parenting among the layers of one composition.
extension LottieDocumentWriter {
    /// The layers of identities `ids` (bottom first), top first. A group whose opacity shows or
    /// that has a mask (`LayerRecorder.groups`) is one precomp layer at that opacity, in the place
    /// of its topmost member, with its members inside (Core Animation's group opacity, overlaps
    /// faded once), under its mask's layers as an alpha matte.
    /// An identity drawn in this composition (not inside one of its groups) is parented to its
    /// item's parent when that is drawn here too (`parent(of:drawn:among:)`).
    mutating func layers(of ids: [String], inside: Set<String>) throws -> [LottieJSON] {
        let here = Set(ids)
        let candidates = recorder.groups.filter { owner, group in
            !inside.contains(owner) && group.members.union(group.matte).isSubset(of: here)
                && (group.opacity.values.contains { $0 < 1 } || !group.matte.isEmpty)
        }
        // The outermost group each identity belongs to (ties by owner, so the choice never
        // depends on the dictionary's order).
        var groupOf: [String: String] = [:]
        for id in ids {
            let outermost = candidates.filter { $0.value.members.contains(id) || $0.value.matte.contains(id) }.max {
                ($0.value.members.count, $1.key) < ($1.value.members.count, $0.key)
            }
            groupOf[id] = outermost?.key
        }
        let direct = here.filter { groupOf[$0] == nil }
        var layers: [LottieJSON] = []
        var written: Set<String> = []
        for id in ids.reversed() {
            guard let owner = groupOf[id] else {
                layers += try identityLayers(id, parentedAmong: direct)
                continue
            }
            guard written.insert(owner).inserted, let group = candidates[owner] else { continue }
            layers += try precompLayers(
                owner, group, members: ids.filter { group.members.contains($0) && !group.matte.contains($0) },
                matte: ids.filter { group.matte.contains($0) }, inside: inside.union([owner]))
        }
        return layers
    }

    /// The parent of identity `id` (drawn as `samples`) for Lottie parenting: its item's parent
    /// (the same on every tick), drawn as an identity of the same composition (`direct`), at least half its size on
    /// every tick (a fitted parent scale's error grows in the child by the inverse of the scale).
    /// A layer with masks (its ancestors' clips, an image's shape) stays baked: rlottie draws a
    /// parented layer's masked content up to a pixel away from where it draws the same layer
    /// baked (`feed`'s scrolled cards: 3.5 levels against Flipbook's frames, 1.7 baked).
    func parent(of id: String, drawn samples: [RectSample], among direct: Set<String>) -> Parent? {
        guard let parentID = recorder.parents[id] ?? nil, direct.contains(parentID),
            let index = mainIndexes[parentID],
            samples.allSatisfy({ $0.clips.isEmpty && $0.images.isEmpty })
        else { return nil }
        let transforms = filled(parentID).samples.map(\.transform)
        guard transforms.count == recorder.ticks, transforms.allSatisfy({ abs($0[3]) >= 50 && abs($0[4]) >= 50 })
        else { return nil }
        return Parent(index: index, transforms: transforms)
    }

    /// A group as a precomp layer: its members' layers in an asset of the canvas's size, shown at
    /// the group's opacity (1 on ticks without the group, where its members fade on their own).
    /// With a mask, the mask's layers go into a second precomp right above it, the first's alpha
    /// matte (`td` on the matte, `tt` 1 on the content): top first, the matte then the content.
    private mutating func precompLayers(
        _ owner: String, _ group: LayerRecorder.GroupSample, members: [String], matte: [String],
        inside: Set<String>
    ) throws -> [LottieJSON] {
        let opacity = (0..<recorder.ticks).map { 100 * (group.opacity[$0] ?? 1) }
        let content = try precomp(owner + " group", layers: layers(of: members, inside: inside), opacity: opacity)
        guard !matte.isEmpty else { return [precompLayer(content, at: freshPlace())] }
        let mask = try precomp(
            owner + " mask", layers: layers(of: matte, inside: inside),
            opacity: Array(repeating: 100, count: recorder.ticks))
        return [
            precompLayer(mask, at: freshPlace(), extra: [("td", .integer(1))]),
            precompLayer(content, at: freshPlace(), extra: [("tt", .integer(1))]),
        ]
    }

    /// An asset of `layers` at the canvas's size, and what its precomp layer shows it as.
    private struct Precomp {
        var name: String
        var assetID: String
        var ks: LottieJSON
    }

    private mutating func precomp(_ name: String, layers: [LottieJSON], opacity: [Double]) -> Precomp {
        let assetID = "group_\(assets.count)"
        assets.append(
            (name, .object([("id", .string(assetID)), ("nm", .string(name)), ("layers", .array(layers))])))
        let ks = LottieJSON.object([
            ("o", opacityProperty(opacity)), ("r", Self.still(.integer(0))), ("p", Self.still(.numbers([0, 0, 0]))),
            ("a", Self.still(.numbers([0, 0, 0]))), ("s", Self.still(.numbers([100, 100, 100]))),
        ])
        return Precomp(name: name, assetID: assetID, ks: ks)
    }

    private func precompLayer(_ precomp: Precomp, at place: Place, extra: [(String, LottieJSON)] = []) -> LottieJSON {
        let size = scene.canvas.size
        return .object(
            [
                ("ddd", .integer(0)), ("ind", .integer(place.index)), ("ty", .integer(0)),
                ("nm", .string(precomp.name)),
                ("refId", .string(precomp.assetID)), ("sr", .integer(1)), ("ks", precomp.ks), ("ao", .integer(0)),
            ] + extra + [
                ("w", .integer(Int(size.width.rounded(.up)))), ("h", .integer(Int(size.height.rounded(.up)))),
                ("ip", .integer(0)), ("op", .integer(recorder.ticks)), ("st", .integer(0)), ("bm", .integer(0)),
            ])
    }
}
