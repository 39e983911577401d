import Foundation
import TestSupport
import Testing

/// The pictures in docs/figures that `make figures` draws from the bundled scenes and the iOS kit.
/// They are deterministic, so a change that moves their pixels must come with them drawn again:
/// otherwise the README shows what the renderer no longer draws, and `make render` (which ends by
/// drawing them) leaves a fresh clone with modified files.
@Suite("Documentation figures")
struct FiguresTests {
    /// The figures of docs/figures that come from elsewhere: the browser tests' screenshots of the
    /// player (Tests/Browser/player_test.py) and the studio (Tests/Browser/studio_screenshots.py).
    static let screenshots: Set<String> = ["player.png", "studio-compare.png", "studio-controls.png"]

    @Test(
        "every figure `make figures` draws is the committed file in docs/figures, byte for byte, and every other file there is a screenshot"
    )
    func committedFiguresAreWhatTheRendererDraws() throws {
        let folder = try makeTemporaryDirectory("flipbook-figures")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // A make of its own: the variables of the `make test` around this test (its jobserver
        // among them) are not this one's.
        var environment = ProcessInfo.processInfo.environment
        for name in ["MAKEFLAGS", "MFLAGS", "MAKELEVEL", "MAKEOVERRIDES"] { environment[name] = nil }
        let make = try runProcess(
            "/usr/bin/env", ["make", "--no-print-directory", "figures", "FIGURES=\(folder)", "FLIPBOOK=\(CLI.binary)"],
            currentDirectory: repositoryRoot, environment: environment)
        try #require(make.status == 0, "make figures: \(make.stderr)")
        let made = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        let committed = try FileManager.default.contentsOfDirectory(atPath: repositoryRoot + "/docs/figures")
        #expect(made.count == 25, "\(made)")
        #expect(Set(made).union(Self.screenshots) == Set(committed))
        let stale = try made.filter { name in
            let now = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name))
            let then = try? Data(contentsOf: URL(fileURLWithPath: repositoryRoot + "/docs/figures/" + name))
            return now != then
        }
        #expect(stale.isEmpty, "not what the renderer draws now: \(stale); run `make figures` and commit them")
    }
}
