import Determinism
import Foundation
import Images
import LottiePlayback
import Text

// The scene's files a render drew with (images, fonts), checked again by `verify`. They live
// outside the output folder, so a manifest names them in ways that give verify nothing to follow:
// the scene's own files relative to the scene's folder, which only the user names
// (`--scene-folder`), and system fonts by family and weight, found the way a render finds them.

extension ManifestVerifier {
    /// Throws unless every asset name in `manifest` is one verify may follow: a version 1
    /// manifest's absolute `path` (`ManifestError.machinePath`), a scene file that is absolute or
    /// climbs with `..`, a system font named by more than a file name (`outsideFolder`).
    static func confineAssets(_ manifest: RenderManifest, manifestPath: String) throws {
        for (i, font) in (manifest.fonts ?? []).enumerated() {
            if let path = font.path {
                throw ManifestError.machinePath(path: manifestPath, field: "fonts[\(i)].path", value: path)
            }
            let file = font.file ?? ""
            try confine(file, field: "fonts[\(i)].file", manifestPath: manifestPath)
            switch font.source {
            case RenderManifest.FontInfo.scene: break
            case RenderManifest.FontInfo.system where !file.contains("/"): break
            case RenderManifest.FontInfo.system:
                throw ManifestError.outsideFolder(
                    path: manifestPath, field: "fonts[\(i)].file", value: file,
                    reason: "a system font is named by its file name alone")
            default:
                throw ManifestError.notAManifest(
                    path: manifestPath,
                    reason: "fonts[\(i)].source is '\(font.source ?? "")', expected 'scene' or 'system'")
            }
        }
        for (i, image) in (manifest.images ?? []).enumerated() {
            if let path = image.path {
                throw ManifestError.machinePath(path: manifestPath, field: "images[\(i)].path", value: path)
            }
            try confine(image.file, field: "images[\(i)].file", manifestPath: manifestPath)
        }
        for (i, lottie) in (manifest.lottie ?? []).enumerated() {
            try confine(lottie.file, field: "lottie[\(i)].file", manifestPath: manifestPath)
        }
    }

    /// Re-hashes the scene's files (its `fonts:` and images) under `sceneFolder`, and the system
    /// fonts; without a scene folder the scene's files are listed in `report.unchecked`.
    static func checkAssets(_ manifest: RenderManifest, sceneFolder: String?, into report: inout Report) {
        let name = manifest.scene.name
        var sceneFiles: [(what: String, file: String, hash: String, maxBytes: Int)] = []
        for font in manifest.fonts ?? [] {
            guard let file = font.file else { continue }
            if font.source == RenderManifest.FontInfo.system {
                checkSystemFont(font, file: file, scene: name, into: &report)
            } else {
                sceneFiles.append(("font", file, font.hash, TextLimits.maxFontFileBytes))
            }
        }
        for image in manifest.images ?? [] {
            sceneFiles.append(("image", image.file, image.hash, ImageLimits.maxFileBytes))
        }
        for lottie in manifest.lottie ?? [] {
            sceneFiles.append(("Lottie file", lottie.file, lottie.hash, LottieDocument.Limits().maxBytes))
        }
        guard !sceneFiles.isEmpty else { return }
        guard let sceneFolder else {
            let count = { (what: String) in sceneFiles.filter { $0.what == what }.count }
            let counts = [
                (count("font"), "scene font"), (count("image"), "image"), (count("Lottie file"), "Lottie file"),
            ]
            .filter { $0.0 > 0 }
            .map { "\($0.0) \($0.1)\($0.0 == 1 ? "" : "s")" }.joined(separator: " and ")
            report.unchecked.append(
                "\(name): \(counts) not checked: they are in the scene's folder; pass --scene-folder <the scene file's folder> to check them"
            )
            return
        }
        let root = realPath(sceneFolder) ?? sceneFolder
        for file in sceneFiles {
            let shown = "\(name): \(file.what) \(file.file)"
            let path = (sceneFolder as NSString).appendingPathComponent(file.file)
            let resolved = realPath(path)
            if let resolved, !resolved.hasPrefix(root == "/" ? "/" : root + "/") {
                report.problems.append(
                    "\(shown): refused, not hashed: it resolves to \(resolved), outside the scene folder \(root) (a symlink leading out of it)"
                )
                continue
            }
            guard let resolved, let actual = hashOfRegularFile(resolved, maxBytes: file.maxBytes) else {
                report.problems.append(
                    "\(shown): missing or not a readable \(file.what) file in \(sceneFolder) (the frames were drawn with it)"
                )
                continue
            }
            if actual == file.hash {
                report.matched += 1
            } else {
                report.problems.append(
                    "\(shown): hash \(actual), expected \(file.hash) (a different \(file.what) than the frames were drawn with)"
                )
            }
        }
    }

    /// A system font is looked up as a render looks it up (`FontRegistry`, by family and weight),
    /// never by a path from the manifest; it must be the same file name with the same bytes.
    static func checkSystemFont(
        _ font: RenderManifest.FontInfo, file: String, scene: String, into report: inout Report
    ) {
        let family = font.family ?? ""
        let weight = font.weight ?? 400
        let shown = "\(scene): system font \(family) \(weight) (\(file))"
        guard let face = try? FontRegistry().face(family: family, weight: weight), face.weight == weight,
            (face.path as NSString).lastPathComponent == file
        else {
            report.problems.append(
                "\(shown): not installed on this machine (the frames were drawn with it); install the font package that provides \(file)"
            )
            return
        }
        if face.contentHash == font.hash {
            report.matched += 1
        } else {
            report.problems.append(
                "\(shown): hash \(face.contentHash), expected \(font.hash) (another version of the font than the frames were drawn with)"
            )
        }
    }

    /// FNV-1a 64 of a regular file no larger than `maxBytes`; nil for anything else (missing,
    /// a folder or device, too large), so a manifest never makes verify read an unbounded file.
    static func hashOfRegularFile(_ path: String, maxBytes: Int) -> String? {
        guard let bytes = try? RegularFile.contents(path, maxBytes: maxBytes).get() else { return nil }
        return FNV1a64.hexHash(bytes)
    }
}
