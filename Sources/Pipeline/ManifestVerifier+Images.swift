import Determinism
import Foundation
import Images

extension ManifestVerifier {
    /// Re-hashes the image files a render drew (`images` in the manifest): a changed, missing or
    /// oversized file is a problem. Only regular files within `ImageLimits.maxFileBytes` are read.
    static func checkImages(_ manifest: RenderManifest, into report: inout Report) {
        for image in manifest.images ?? [] {
            let attributes = try? FileManager.default.attributesOfItem(atPath: image.path)
            guard attributes?[.type] as? FileAttributeType == .typeRegular,
                ((attributes?[.size] as? NSNumber)?.intValue ?? Int.max) <= ImageLimits.maxFileBytes,
                let bytes = FileManager.default.contents(atPath: image.path)
            else {
                report.problems.append(
                    "\(manifest.scene.name): image \(image.file) (\(image.path)): missing or not a readable image file (the frames were drawn with it)"
                )
                continue
            }
            let actual = FNV1a64.hexHash(bytes)
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
