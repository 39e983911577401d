import Foundation
import TestSupport
import Testing

/// A scene renders to the same bytes on every run, with any thread count, in debug and release
/// builds. The constants below change only when the motion or the pixels really change; if a
/// change of yours moves them, look at the frames before updating them.
@Suite("Deterministic frames", .serialized)
struct DeterminismTests {
    /// FNV-1a 64 of scenes/snap.yaml's frame_00010.png (the card mid-flight and turned). Moved
    /// with the fixed-point raster core and the libdeflate PNG writer, and again when the snap was
    /// drawn as a photo dropped into an album (the card and its picture changed, not its motion),
    /// and when labels centred their lines in their boxes as UILabel does.
    static let snapFrame10 = "64f12632ac565548"
    /// FNV-1a 64 over every frame file of scenes/snap.yaml, in order.
    static let snapAllFrames = "96105378d6726d27"

    private func renderSnap(binary: String, jobs: Int) throws -> [[UInt8]] {
        let out = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: out) }
        let result = try CLI.run(
            ["render", "scenes/snap.yaml", "--out", out, "--video", "none", "--jobs", "\(jobs)"],
            binary: binary)
        #expect(result.status == 0, "\(result.stderr)")
        return try listDirectory(out + "/snap").filter { $0.hasSuffix(".png") }.map {
            [UInt8](try Data(contentsOf: URL(fileURLWithPath: out + "/snap/" + $0)))
        }
    }

    @Test("the snap scene's frames are byte-identical with 1 and 2 jobs and match the pinned hashes (debug build)")
    func debugBuild() throws {
        let one = try renderSnap(binary: CLI.debugBinary, jobs: 1)
        let two = try renderSnap(binary: CLI.debugBinary, jobs: 2)
        #expect(one == two)
        #expect(hex(fnv1a64(one[10])) == Self.snapFrame10)
        #expect(hex(fnv1a64(one.joined())) == Self.snapAllFrames)
    }

    @Test("the release build renders the same bytes as the debug build")
    func releaseBuild() throws {
        let binary = CLI.releaseBinary
        try #require(
            FileManager.default.isExecutableFile(atPath: binary),
            "no release build at \(binary); run `make test`, which builds it first")
        let one = try renderSnap(binary: binary, jobs: 1)
        let two = try renderSnap(binary: binary, jobs: 2)
        #expect(one == two)
        #expect(hex(fnv1a64(one[10])) == Self.snapFrame10)
        #expect(hex(fnv1a64(one.joined())) == Self.snapAllFrames)
    }

    /// FNV-1a 64 of scenes/shapes.yaml's frame_00100.png (ring full, checkmark drawn, star
    /// morphing, heart icon scaled, dashes marching, two labels) and over all its frames, in
    /// order. Moved with the labels, the fixed-point raster core (at most one level per pixel),
    /// the libdeflate PNG writer (same pixels, other bytes) and icons drawn through the glyph
    /// cache (origin rounded to 1/64 px, flattened in icon units), and with a stroke's pieces
    /// united before the fill (the marching dashes' round caps where two come within a pixel).
    static let shapesFrame100 = "281bbe7f042daaee"
    static let shapesAllFrames = "d7a322415110242b"

    @Test(
        "the shapes scene (paths, strokes, dashes, an icon) renders the pinned bytes with 1 and 2 jobs, debug and release"
    )
    func shapes() throws {
        func render(_ binary: String, jobs: Int) throws -> [[UInt8]] {
            let out = try makeTemporaryDirectory()
            defer { try? FileManager.default.removeItem(atPath: out) }
            let result = try CLI.run(
                ["render", "scenes/shapes.yaml", "--out", out, "--video", "none", "--jobs", "\(jobs)"],
                binary: binary)
            #expect(result.status == 0, "\(result.stderr)")
            return try listDirectory(out + "/shapes").filter { $0.hasSuffix(".png") }.map {
                [UInt8](try Data(contentsOf: URL(fileURLWithPath: out + "/shapes/" + $0)))
            }
        }
        let debug = try render(CLI.debugBinary, jobs: 2)
        #expect(hex(fnv1a64(debug[100])) == Self.shapesFrame100)
        #expect(hex(fnv1a64(debug.joined())) == Self.shapesAllFrames)
        try #require(
            FileManager.default.isExecutableFile(atPath: CLI.releaseBinary),
            "no release build at \(CLI.releaseBinary); run `make test`, which builds it first")
        #expect(try render(CLI.releaseBinary, jobs: 1) == debug)
    }
}
