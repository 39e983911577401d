import Foundation
import ImageDiff
import PNG
import TestSupport
import Testing

/// Held to references outside this code: the Jenkins JUnit schema (validated by xmllint) and
/// pixelmatch 7's colour distance for transparent pixels.
@Suite("Reports and distances against outside references")
struct ExternalReferenceTests {
    @Test("junit.xml of every verdict validates against Jenkins' junit-10.xsd with xmllint")
    func junitSchema() throws {
        let xmllint = try #require(
            ["/usr/bin/xmllint", "/usr/local/bin/xmllint"].first { FileManager.default.isExecutableFile(atPath: $0) },
            "xmllint is missing: apt-get install -y libxml2-utils (the Makefile installs it)")
        let root = try makeTemporaryDirectory("junit")
        defer { try? FileManager.default.removeItem(atPath: root) }
        let verdicts: [ComparisonReport.Verdict] = [.same, .different, .recorded, .missingGolden, .error]
        // A name with characters XML forbids and an ampersand: escaped, never raw.
        let reports = verdicts.map {
            ComparisonReport(
                name: "scene-\($0.rawValue) \u{1B}[31m & <x>", verdict: $0, expectedLabel: "e", actualLabel: "a",
                notes: ["note \u{0}\u{8} \"quoted\""])
        }
        let files = try ReportWriter.write(ReportBundle(title: "flipbook check", reports: reports), to: root)
        let xml = try String(contentsOfFile: files.junit, encoding: .utf8)
        // Before: <testsuites … skipped="1"> failed the schema ("The attribute 'skipped' is not allowed").
        let run = try runProcess(
            xmllint, ["--noout", "--schema", repositoryRoot + "/Tests/Tools/jenkins-junit-10.xsd", files.junit])
        #expect(run.status == 0, "xmllint: \(run.stderr)\n\(xml)")
        #expect(
            xml.contains(
                "<testsuite name=\"flipbook check\" tests=\"5\" failures=\"2\" errors=\"1\" skipped=\"1\" time=\"0.000\">"
            ))
        #expect(
            xml.contains("<testsuites name=\"flipbook check\" tests=\"5\" failures=\"2\" errors=\"1\" time=\"0.000\">"))
        #expect(xml.contains(#"scene-error \u{1B}[31m &amp; &lt;x&gt;"#))
    }

    @Test("an opaque pixel turning transparent is a difference: both are blended over pixelmatch 7's checkerboard")
    func alphaCounts() {
        // Opaque white against fully transparent white: identical over a white page (pixelmatch 5,
        // and this comparator before), different over the checkerboard.
        let expected = Canvas(8, 8, white)
        var actual = expected
        for y in 2..<5 { for x in 2..<5 { actual.rgba[(y * 8 + x) * 4 + 3] = 0 } }
        let (d, _) = ImageComparator.perceptual.compare(expected.image, actual.image)
        #expect(d.perceptualDifferingPixels == 9)
        #expect(d.exactDifferingPixels == 9)

        // pixelmatch 7 by hand for byte offset k = 0 (background 48, 48, 48; da = 255):
        // dr = dg = db = (255·255 − 255·0 − 48·255) / 255 = 207, Y = 207 (the Y weights sum to 1),
        // I = 207·(0.59597799 − 0.27417610 − 0.32180189) = 0, Q = 207·(0.21147017 − 0.52261711 + 0.31114694) = 0,
        // distance = √(0.5053·207² / 35215) = 0.78411.
        var opaque = Canvas(1, 1, white)
        opaque.rgba[3] = 255
        var clear = opaque
        clear.rgba[3] = 0
        let one = ImageComparator.exact.compare(opaque.image, clear.image).0
        #expect(abs(one.maxPerceptualDistance - (0.5053 * 207 * 207 / 35215).squareRoot()) < 1e-6)
        #expect(abs(one.maxPerceptualDistance - 0.78411) < 1e-5)
    }
}
