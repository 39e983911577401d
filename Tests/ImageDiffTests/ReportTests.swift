import Foundation
import ImageDiff
import PNG
import TestSupport
import Testing

@Suite("Path comparison and reports")
struct ReportTests {
    func write(_ image: DecodedImage, _ path: String) throws {
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent,
            withIntermediateDirectories: true)
        try PNG.writeAtomically(PNG.encode(rgba: image.rgba, width: image.width, height: image.height), to: path)
    }

    @Test("two frame folders: figures per frame, the first differing frame, images and an offline report")
    func frameFolders() throws {
        let root = try makeTemporaryDirectory("imagediff")
        var base = Canvas(32, 16, white)
        base.columns(4, 12, dark)
        var changed = base
        changed.set(24, 8, (255, 149, 0))
        for i in 0..<4 {
            try write(base.image, "\(root)/a/frame_0000\(i).png")
            try write(i >= 2 ? changed.image : base.image, "\(root)/b/frame_0000\(i).png")
        }
        let bundle = try PathComparison.compare(
            expected: "\(root)/a", actual: "\(root)/b", reportDirectory: "\(root)/report")
        let report = try #require(bundle.reports.first)
        #expect(report.verdict == .different)
        let frames = try #require(report.frames)
        #expect(frames.firstDifferentFrame == 2)
        #expect(frames.failingFrames.map(\.index) == [2, 3])
        #expect(frames.frames[2].pixels?.exactDifferingPixels == 1)
        #expect(frames.frames[2].pixels?.maxChannelDelta == 255)
        #expect(frames.timeShift == nil)
        #expect(
            report.sentences == [
                "frames: 2 of 4 differ; first differing frame 2 (1 pixels, max channel delta 255, perceptual distance 0.477)"
            ])

        for name in [
            "index.html", "report.json", "junit.xml", "heat-strip.png", "frame_00002.expected.png",
            "frame_00002.diff.png", "frame_00002.actual.png", "frame_00002.triptych.png",
        ] {
            #expect(FileManager.default.fileExists(atPath: "\(root)/report/\(name)"), "\(name)")
        }
        let strip = try PNG.decode(contentsOf: "\(root)/report/heat-strip.png")
        #expect(strip.width == 4 * 16 && strip.height == 24)
        #expect(Array(strip.rgba[0..<3]) == [229, 229, 234])  // frame 0: same
        #expect(Array(strip.rgba[(2 * 16 * 4)..<(2 * 16 * 4 + 3)]) == [255, 0, 0])  // frame 2: the worst

        let html = try String(contentsOfFile: "\(root)/report/index.html", encoding: .utf8)
        #expect(!html.contains("http://") && !html.contains("https://") && !html.contains("//cdn"))
        #expect(html.contains("src=\"frame_00002.triptych.png\"") == false)  // the viewer uses the three images
        #expect(html.contains("src=\"frame_00002.expected.png\""))
        #expect(html.contains("flicker"))
        #expect(html.contains("<button class=\"zoom\""), "a phone-sized frame can be shown at full size")
        let junit = try String(contentsOfFile: "\(root)/report/junit.xml", encoding: .utf8)
        #expect(junit.contains("<testcase classname=\"flipbook\" name=\"b\" time=\"0.000\">"))
        #expect(junit.contains("<property name=\"report\" value=\"\(root)/report/index.html\"/>"))
        #expect(junit.contains("<failure type=\"different\""))
        let json = try JSONDecoder().decode(
            ReportBundle.self, from: Data(contentsOf: URL(fileURLWithPath: "\(root)/report/report.json")))
        #expect(json == bundle)
    }

    @Test("identical PNGs are the same; a missing file and a size mismatch are trouble with both paths named")
    func trouble() throws {
        let root = try makeTemporaryDirectory("imagediff")
        try write(Canvas(8, 8, white).image, "\(root)/a.png")
        try write(Canvas(8, 8, white).image, "\(root)/b.png")
        try write(Canvas(9, 8, white).image, "\(root)/c.png")
        #expect(
            try PathComparison.compare(expected: "\(root)/a.png", actual: "\(root)/b.png").reports.map(\.verdict) == [
                .same
            ])
        #expect(throws: ImageDiffError.missingFile(path: "\(root)/nope.png")) {
            try PathComparison.compare(expected: "\(root)/a.png", actual: "\(root)/nope.png")
        }
        #expect(
            throws: ImageDiffError.sizeMismatch(
                expected: "\(root)/a.png", expectedWidth: 8, expectedHeight: 8,
                actual: "\(root)/c.png", actualWidth: 9, actualHeight: 8)
        ) {
            try PathComparison.compare(expected: "\(root)/a.png", actual: "\(root)/c.png")
        }
        #expect(throws: ImageDiffError.self) { try PathComparison.compare(expected: "\(root)/a.png", actual: root) }
    }
}
