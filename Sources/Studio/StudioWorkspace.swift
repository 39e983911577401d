import Foundation
import Pipeline
import SceneLoading
import SceneModel
import Synchronization

/// What the studio may read and write: the scenes of one folder (or one scene file) and one output
/// folder. Every file a request can reach is found through this type, by name lookups in lists it
/// built itself, never by joining a request's path onto a folder: `..`, absolute paths, encoded
/// traversal and symlinks out of the folder have nothing to resolve to.
package struct StudioWorkspace: Sendable {
    /// The folder the scenes live in, and the scene files the studio shows (one, or every scene there).
    package let sceneFolder: String
    private let singleScene: String?
    /// Where renders are published: `<output>/<scene>/` with frames and `index.html`.
    package let outputFolder: String

    package init(scenesAt path: String, output: String) throws {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw StudioError.noSuchScenes(path)
        }
        if isFolder.boolValue {
            sceneFolder = path
            singleScene = nil
        } else {
            sceneFolder =
                (path as NSString).deletingLastPathComponent.isEmpty
                ? "." : (path as NSString).deletingLastPathComponent
            singleScene = (path as NSString).lastPathComponent
        }
        outputFolder = output
    }

    /// The scene files, as (name, path) sorted by file. The name is the scene's own `name:` where
    /// it gives a valid one, else the file name without its extension, so the studio's folders
    /// are the ones `flipbook render` writes; the URL and the scene list use it. Symlinks leading
    /// out of the folder are left out, and so are files without a usable, unique name
    /// (`refusedScenes`).
    package func scenes() -> [(name: String, path: String)] {
        listing().served
    }

    /// Scene files the studio does not serve, with the reason the scene list shows. A name becomes
    /// the URL, the render's folder and its siblings (`<name>~A`, `.preview-<name>`), so it must be
    /// a scene name (`[A-Za-z0-9_-]`, at most 128 characters) and name one file: then no two
    /// scenes' folders collide, no spelling of a name needs escaping in a URL, and none has two
    /// Unicode spellings.
    package func refusedScenes() -> [(file: String, reason: String)] {
        listing().refused
    }

    private func listing() -> (served: [(name: String, path: String)], refused: [(file: String, reason: String)]) {
        var served: [(name: String, path: String)] = []
        var refused: [(file: String, reason: String)] = []
        for scene in candidates() {
            let file = (scene.path as NSString).lastPathComponent
            if let reason = Self.refusal(of: scene.name) {
                refused.append((file, reason))
            } else if let first = served.first(where: { $0.name == scene.name }) {
                refused.append(
                    (
                        file,
                        "its scene name '\(scene.name)' is also the name of \((first.path as NSString).lastPathComponent): "
                            + "it names the page's URL and the render's folder; give this one a name: line of its own"
                    ))
            } else {
                served.append(scene)
            }
        }
        return (served, refused)
    }

    static func refusal(of name: String) -> String? {
        if isServableName(name) { return nil }
        return "a scene file's name (without .yaml) must be ASCII letters, digits, _ and - (at most "
            + "\(SceneRules.maxNameLength)): it names the page's URL and the render's folder; rename the file "
            + "(for example to \(suggestedName(name)).yaml) or give the scene a name: line such as "
            + "name: \(suggestedName(name))"
    }

    static func isServableName(_ name: String) -> Bool {
        SceneRules.isValidName(name) && name.count <= SceneRules.maxNameLength
    }

    /// `name` with every character outside `[A-Za-z0-9_-]` replaced by `_`, cut to the longest name.
    static func suggestedName(_ name: String) -> String {
        let mapped = String(
            String.UnicodeScalarView(name.unicodeScalars.map { SceneRules.isValidName(String($0)) ? $0 : "_" }))
        return mapped.isEmpty ? "scene" : String(mapped.prefix(SceneRules.maxNameLength))
    }

    private func candidates() -> [(name: String, path: String)] {
        let files: [String]
        if let singleScene {
            files = [(sceneFolder as NSString).appendingPathComponent(singleScene)]
        } else {
            files = (try? SceneDiscovery.sceneFiles(in: sceneFolder)) ?? []
        }
        let folder = Self.resolved(sceneFolder)
        return files.compactMap { path in
            let real = Self.resolved(path)
            guard (real as NSString).deletingLastPathComponent == folder else { return nil }
            let stem = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
            if let declared = DeclaredNames.shared.name(of: path), Self.isServableName(declared) {
                return (declared, path)
            }
            return (stem, path)
        }
    }

    package func sceneFile(named name: String) -> String? {
        scenes().first { $0.name == name }?.path
    }

    /// The published render folder of a scene.
    package func renderFolder(of name: String) -> String {
        (outputFolder as NSString).appendingPathComponent(name)
    }

    /// The render pinned as variant A in the studio's side-by-side view.
    package func pinnedFolder(of name: String) -> String {
        renderFolder(of: name) + "~A"
    }

    /// Where the studio renders the one frame a page shows before the whole render is done.
    package func previewFolder(of name: String) -> String {
        (outputFolder as NSString).appendingPathComponent(".preview-" + name)
    }

    /// The preview frame, under the same rules as `renderFile`.
    package func previewFile(scene name: String, file: String) -> String? {
        servable(file, of: name, in: (previewFolder(of: name) as NSString).appendingPathComponent(name))
    }

    /// A file of the pinned render, under the same rules as `renderFile`.
    package func pinnedFile(scene name: String, file: String) -> String? {
        servable(file, of: name, in: pinnedFolder(of: name))
    }

    /// A file a request may read from a scene's render: its page or one of its frames, by a name
    /// of exactly that shape, and only a regular file (a symlink planted there is refused).
    package func renderFile(scene name: String, file: String) -> String? {
        servable(file, of: name, in: renderFolder(of: name))
    }

    private func servable(_ file: String, of scene: String, in folder: String) -> String? {
        guard sceneFile(named: scene) != nil, Self.isServable(file) else { return nil }
        let path = (folder as NSString).appendingPathComponent(file)
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
            attributes[.type] as? FileAttributeType == .typeRegular
        else { return nil }
        return path
    }

    /// `index.html` or `frame_NNNNN.png` (five or more digits): nothing else is ever served.
    static func isServable(_ file: String) -> Bool {
        if file == "index.html" { return true }
        guard file.hasPrefix("frame_"), file.hasSuffix(".png") else { return false }
        let digits = file.dropFirst("frame_".count).dropLast(".png".count)
        return digits.count >= 5 && digits.allSatisfy { $0.isASCII && $0.isNumber }
    }

    static func resolved(_ path: String) -> String {
        URL(fileURLWithPath: path).resolvingSymlinksInPath().standardizedFileURL.path
    }
}

package enum StudioError: Error, CustomStringConvertible, Equatable {
    case noSuchScenes(String)
    case cannotBind(host: String, port: Int, reason: String)
    case nothingToPin(String)

    package var description: String {
        switch self {
        case .noSuchScenes(let path): return "\(path): no such scene file or folder (try `flipbook studio scenes/`)"
        case .nothingToPin(let scene): return "\(scene) has no render yet to pin as A; wait for it to render"
        case .cannotBind(let host, let port, let reason):
            return
                "cannot listen on \(host):\(port): \(reason) (pick another port with --port, or --port 0 for any free one)"
        }
    }
}

/// The `name:` of each scene file, read again only when the file's size or modification time
/// changes: every request looks its scene up by name, and a player page asks for every frame.
final class DeclaredNames: Sendable {
    static let shared = DeclaredNames()

    private struct Entry {
        var size: Int64
        var modified: Date
        var name: String?
    }

    private let entries = Mutex<[String: Entry]>([:])

    func name(of path: String) -> String? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
            let size = (attributes[.size] as? NSNumber)?.int64Value,
            let modified = attributes[.modificationDate] as? Date
        else { return nil }
        if let known = entries.withLock({ $0[path] }), known.size == size, known.modified == modified {
            return known.name
        }
        let name = SceneLoader.declaredName(path: path)
        entries.withLock { $0[path] = Entry(size: size, modified: modified, name: name) }
        return name
    }
}
