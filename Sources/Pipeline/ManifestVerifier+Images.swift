import Determinism
import Foundation
import Images

extension ManifestVerifier {
    /// Re-hashes the image files a render drew (`images` in the manifest): a changed, missing or
    /// oversized file is a problem. Only regular files within `ImageLimits.maxFileBytes` are read.
    static func checkImages(_ manifest: RenderManifest, into report: inout Report) {
        for image in manifest.images ?? [] {
            guard let actual = hashOfRegularFile(image.path, maxBytes: ImageLimits.maxFileBytes) else {
                report.problems.append(
                    "\(manifest.scene.name): image \(image.file) (\(image.path)): missing or not a readable image file (the frames were drawn with it)"
                )
                continue
            }
            if actual == image.hash {
                report.matched += 1
            } else {
                report.problems.append(
                    "\(manifest.scene.name): image \(image.file) (\(image.path)): hash \(actual), expected \(image.hash) (a different image than the frames were drawn with)"
                )
            }
        }
    }
}

extension ManifestVerifier {
    /// FNV-1a 64 of a regular file no larger than `maxBytes`; nil for anything else (missing,
    /// a folder or device, too large), so a manifest never makes verify read an unbounded file.
    static func hashOfRegularFile(_ path: String, maxBytes: Int) -> String? {
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        guard attributes?[.type] as? FileAttributeType == .typeRegular,
            ((attributes?[.size] as? NSNumber)?.intValue ?? Int.max) <= maxBytes,
            let bytes = FileManager.default.contents(atPath: path)
        else { return nil }
        return FNV1a64.hexHash(bytes)
    }
}
