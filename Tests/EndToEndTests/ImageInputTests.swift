import Foundation
import TestSupport
import Testing

/// Bad image files through the real CLI: a load error at the scene's line naming the image, exit
/// status 1, nothing written.
@Suite("flipbook with bad image files", .serialized)
struct ImageInputTests {
    /// A folder with `scene.yaml` whose one item shows photos/a.png, a copy of `fixture` (or these bytes).
    private func scene(copying fixture: String?, bytes: [UInt8] = []) throws -> String {
        let folder = try makeTemporaryDirectory()
        try FileManager.default.createDirectory(atPath: folder + "/photos", withIntermediateDirectories: true)
        if let fixture {
            try FileManager.default.copyItem(
                atPath: repositoryRoot + "/Tests/ImagesTests/Fixtures/" + fixture, toPath: folder + "/photos/a.png")
        } else {
            try Data(bytes).write(to: URL(fileURLWithPath: folder + "/photos/a.png"))
        }
        let yaml =
            "canvas: { size: [100, 100] }\nduration: 1\nitems:\n  - id: photo\n    size: [50, 50]\n    center: [50, 50]\n    image: { file: photos/a.png }\n"
        try yaml.write(toFile: folder + "/scene.yaml", atomically: true, encoding: .utf8)
        return folder + "/scene.yaml"
    }

    @Test(
        "a decompression bomb, a corrupt file and a truncated JPEG are one-line errors at the image's line, with no output",
        arguments: [
            (
                "bomb.png",
                "image 'photos/a.png' is 16384×16384 pixels; images may be at most 16384 px a side and 40000000 pixels"
            ),
            ("huge-chunk.png", "image 'photos/a.png' is not a readable PNG: "),
            ("truncated.jpg", "image 'photos/a.png' is not a readable JPEG: "),
        ])
    func badImage(fixture: String, expected: String) throws {
        let path = try scene(copying: fixture)
        let out = try makeTemporaryDirectory() + "/out"
        for command in [["render", path, "--out", out], ["validate", path]] {
            let result = try CLI.run(command)
            #expect(result.status == 1, "\(command): exit \(result.status)")
            #expect(result.stderr.hasPrefix("error: \(path):7:"), "\(result.stderr)")
            #expect(result.stderr.contains("items[0].image.file: " + expected), "\(result.stderr)")
            #expect(result.stderr.filter { $0 == "\n" }.count == 1, "one line: \(result.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: out), "nothing may be written")
    }

    @Test("a file that is neither PNG nor JPEG is named as such")
    func unknownFormat() throws {
        let path = try scene(copying: nil, bytes: Array("GIF89a, not an image Flipbook reads".utf8))
        let result = try CLI.run(["validate", path])
        #expect(result.status == 1)
        #expect(
            result.stderr.contains("image 'photos/a.png' is not a PNG, a JPEG or a WebP (by its first bytes)"),
            "\(result.stderr)")
    }
}
