import SceneModel

/// The files a scene references besides itself, each with the FNV-1a 64 of its bytes: what the
/// scene hash (`SceneHash`) includes after the scene, so a different file under the same name
/// changes the hash.
///
/// An open list: a new kind of asset (images, …) adds its own line to `files(of:)`, in the
/// order its items list them. Kinds are sorted into a fixed order by their `kind` name, so the
/// hash does not depend on where a line is added.
public enum SceneAssets {
    public struct File: Equatable, Sendable {
        /// "icon", "font", …
        public var kind: String
        /// As the scene wrote it, relative to the scene's folder.
        public var file: String
        /// FNV-1a 64 of the file's bytes, 16 hex digits.
        public var hash: String
    }

    public static func files(of scene: Scene) -> [File] {
        var files: [File] = []
        scene.forEachItemWithAttributes { item in
            if let icon = item.icon { files.append(File(kind: "icon", file: icon.file, hash: icon.icon.hash)) }
            if let image = item.image { files.append(File(kind: "image", file: image.file, hash: image.hash)) }
            if let lottie = item.lottie {
                files.append(File(kind: "lottie", file: lottie.file, hash: lottie.document.hash))
            }
        }
        files += scene.fonts.map { File(kind: "font", file: $0.path, hash: $0.face.contentHash) }
        // Stable by kind: the order within a kind is the scene's.
        return files.enumerated().sorted { ($0.element.kind, $0.offset) < ($1.element.kind, $1.offset) }.map(\.element)
    }
}
