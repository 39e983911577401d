import Determinism
import Export
import Foundation
import PNG
import SceneLoading
import SceneModel
import TestSupport
import Testing
import Text

@testable import Pipeline

/// A manifest is published with the frames: it must not carry the rendering machine's folders
/// (home directories, CI workspaces, where ffmpeg or the fonts are installed), and `verify` must
/// find every file it names again from the output folder, the scene's folder, or the font registry.
@Suite("Manifests name no machine paths", .serialized)
struct ManifestPathsTests {
    static let yaml = """
        canvas: { size: [64, 32], scale: 1, background: "#FFFFFF" }
        fps: 10
        duration: 0.3
        fonts: [fonts/./Mono.ttf]
        items:
          - id: own
            size: [60, 14]
            center: [32, 8]
            fill: "#00000000"
            text: { string: "Ab", font: { family: DejaVu Sans Mono, size: 12 }, color: "#000000" }
          - id: system
            size: [60, 14]
            center: [32, 22]
            fill: "#00000000"
            text: { string: "Cd", font: { size: 12 }, color: "#000000" }
          - id: picture
            size: [4, 2]
            center: [60, 28]
            image: art/../pixels.png
        """

    /// `root/scene` (the scene, its font and image) rendered with an MP4 into `root/out`.
    static func render(in root: String) throws -> (scene: String, out: String) {
        let folder = root + "/scene"
        try FileManager.default.createDirectory(atPath: folder + "/fonts", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder + "/art", withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf", toPath: folder + "/fonts/Mono.ttf")
        let rgba: [UInt8] = (0..<8).flatMap { i -> [UInt8] in [UInt8(i * 30), 200, 10, 255] }
        try Data(try PNG.encode(rgba: rgba, width: 4, height: 2)).write(
            to: URL(fileURLWithPath: folder + "/pixels.png"))
        let scene = try SceneLoader.decode(yaml, fileName: folder + "/paths.yaml", format: .yaml)
        let out = root + "/out"
        _ = try SceneRenderer.render(
            scene, options: RenderOptions(outputDirectory: out, writeFrames: true, video: [.mp4], jobs: 1))
        return (folder, out)
    }

    @Test(
        "fonts, images, ffmpeg and its command are recorded relative to the scene or output folder, or by name, never by absolute path"
    )
    func noAbsolutePaths() throws {
        let root = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let (folder, out) = try Self.render(in: root)
        let text = try String(contentsOfFile: out + "/paths.manifest.json", encoding: .utf8)
        // Before: the font and image paths, ffmpeg's folder and the output folder were all in it.
        for machinePath in [root, "/usr/", "/tmp/", ".tmp-"] {
            #expect(!text.contains(machinePath), "the manifest holds \(machinePath)")
        }
        let manifest = try RenderManifest.read(out + "/paths.manifest.json")
        #expect(manifest.manifestVersion == 2)
        let inter = try FontRegistry().face(family: "Inter", weight: 400)
        let mono = try [UInt8](Data(contentsOf: URL(fileURLWithPath: folder + "/fonts/Mono.ttf")))
        #expect(
            manifest.fonts == [
                .init(
                    source: "scene", file: "fonts/Mono.ttf", family: "DejaVu Sans Mono", weight: 400,
                    hash: FNV1a64.hexHash(mono)),
                .init(
                    source: "system", file: (inter.path as NSString).lastPathComponent, family: "Inter",
                    weight: 400, hash: inter.contentHash),
            ])
        let pixels = try [UInt8](Data(contentsOf: URL(fileURLWithPath: folder + "/pixels.png")))
        #expect(manifest.images == [.init(file: "pixels.png", hash: FNV1a64.hexHash(pixels))])
        #expect(manifest.ffmpeg?.executable == "ffmpeg")
        let command = try #require(manifest.videos.first?.command)
        #expect(command.hasPrefix("ffmpeg -hide_banner ") && command.hasSuffix(" -f mp4 paths.mp4"), "\(command)")

        let report = try ManifestVerifier.verify(out, sceneFolder: folder)
        #expect(report.isClean, "\(report.problems)")
        #expect(report.matched == 3 + 1 + 3, "three frames, the video, two fonts and the image")
    }

    @Test("the same render in two other folders writes the same manifest, timings aside")
    func sameManifestAnywhere() throws {
        var manifests: [RenderManifest] = []
        for _ in 0..<2 {
            let root = try makeTemporaryDirectory()
            defer { try? FileManager.default.removeItem(atPath: root) }
            var manifest = try RenderManifest.read(try Self.render(in: root).out + "/paths.manifest.json")
            manifest.timings = .init()
            manifests.append(manifest)
        }
        #expect(manifests[0] == manifests[1])
    }

    @Test("a system font missing on the verifying machine, or of other bytes, is named with its family and file")
    func systemFontChecked() throws {
        let root = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let (folder, out) = try Self.render(in: root)
        let path = out + "/paths.manifest.json"
        var manifest = try RenderManifest.read(path)
        var fonts = try #require(manifest.fonts)
        fonts[1].hash = "0123456789abcdef"
        fonts.append(.init(source: "system", file: "Nope-Regular.otf", family: "Nope", weight: 400, hash: "0"))
        manifest.fonts = fonts
        try AtomicFile.write(try manifest.encoded(), to: path)
        let report = try ManifestVerifier.verify(out, sceneFolder: folder)
        let inter = try FontRegistry().face(family: "Inter", weight: 400)
        let file = (inter.path as NSString).lastPathComponent
        #expect(
            report.problems == [
                "paths: system font Inter 400 (\(file)): hash \(inter.contentHash), expected 0123456789abcdef (another version of the font than the frames were drawn with)",
                "paths: system font Nope 400 (Nope-Regular.otf): not installed on this machine (the frames were drawn with it); install the font package that provides Nope-Regular.otf",
            ])
    }
}
