import ArgumentParser
import Foundation
import Goldens
import ImageDiff
import Markup
import PNG
import SceneModel
import SceneSyntax

struct Diff: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Compare two PNG frames, two frame folders, or two render folders with their traces.",
        discussion: """
            Prints what changed in the motion (per item: the first divergent tick of position, size, \
            angle, scale, opacity; state events; a pure time shift), then per-frame pixel figures. \
            With --report DIR, writes index.html, report.json, junit.xml and the images there. \
            Exit status: 0 same, 1 different, 2 trouble (a missing file, frames of different sizes).
            """)

    @Argument(help: "The expected (approved) PNG, frame folder or render folder.")
    var expected: String

    @Argument(help: "The actual PNG, frame folder or render folder.")
    var actual: String

    @OptionGroup var comparison: ComparisonArguments

    @Option(name: .long, help: "Write the HTML, JSON and JUnit report and the images into this folder.")
    var report: String?

    func run() throws {
        let bundle: ReportBundle
        do {
            bundle = try PathComparison.compare(
                expected: expected, actual: actual, comparator: comparison.comparator,
                reportDirectory: report, maxImages: comparison.maxImages)
        } catch {
            printError(error.flipbookMessage)
            throw ExitCode(2)
        }
        printReport(bundle)
        if let report { print("report: \((report as NSString).appendingPathComponent("index.html"))") }
        if bundle.reports.contains(where: { $0.verdict != .same }) { throw ExitCode(1) }
    }
}

/// How pixels are judged, shared by `diff` and `check`.
struct ComparisonArguments: ParsableArguments {
    @Option(
        name: .long,
        help:
            "exact: any changed byte counts (default). perceptual: pixelmatch's YIQ distance over --threshold, anti-aliased edges ignored."
    )
    var mode: ImageComparator.Mode = .exact

    @Option(
        name: .long,
        help:
            "Perceptual threshold, 0...1: the fraction of the largest YIQ colour distance (red vs cyan; black vs white is 0.966) a pixel may change by without counting (0.1 lets grey move 26 of 255 levels)."
    )
    var threshold: Double = 0.1

    @Flag(name: .long, help: "In perceptual mode, count anti-aliased edge pixels as differences too.")
    var countAntialiasing = false

    @Option(name: .long, help: "Differing frames that get expected / difference / actual images (from the first).")
    var maxImages: Int = 12

    func validate() throws {
        guard (0...1).contains(threshold) else {
            throw ValidationError("--threshold must be within 0...1, got \(threshold)")
        }
        guard maxImages >= 0 else { throw ValidationError("--max-images must not be negative, got \(maxImages)") }
    }

    var comparator: ImageComparator {
        ImageComparator(mode: mode, threshold: threshold, detectAntialiasing: !countAntialiasing)
    }
}

extension ImageComparator.Mode: ExpressibleByArgument {}

/// One line per comparison, then its findings indented.
func printReport(_ bundle: ReportBundle) {
    for report in bundle.reports {
        print(
            "\(report.name.visibleEscaped): \(report.verdict == .missingGolden ? "no goldens" : report.verdict.rawValue)"
        )
        for sentence in report.sentences { print("  " + sentence.visibleEscaped) }
    }
}

/// The message of an error Flipbook raised itself, for the `error:` line.
extension Error {
    var flipbookMessage: String {
        switch self {
        case let e as ImageDiffError: return e.description
        case let e as GoldensError: return e.description
        case let e as SceneError: return e.description
        case let e as PNGError: return e.description
        case let e as CLIError: return e.description
        case let e as CustomStringConvertible: return e.description
        default: return "\(self)"
        }
    }
}
