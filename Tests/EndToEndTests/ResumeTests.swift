import Foundation
import PNG
import TestSupport
import Testing

/// A render killed with SIGKILL mid-write and resumed with --resume ends with exactly the files
/// of a clean render, and no partial file ever sits under a final name.
@Suite("flipbook render --resume after SIGKILL, end to end", .serialized)
struct ResumeTests {
    @Test("kill -9 mid-render, then --resume: every frame equals a clean render byte for byte")
    func killAndResume() throws {
        let dir = try makeTemporaryDirectory()
        // The bundled gravity scene, 5 s instead of 1.5 s: 300 frames at 640×1136.
        let original = try String(contentsOfFile: repositoryRoot + "/scenes/gravity.json", encoding: .utf8)
        let long = original.replacingOccurrences(of: "\"duration\": 1.5", with: "\"duration\": 5")
        try #require(long != original)
        let file = dir + "/gravity.json"
        try long.write(toFile: file, atomically: true, encoding: .utf8)
        let out = dir + "/out"
        let clean = dir + "/clean"

        let process = Process()
        process.executableURL = URL(fileURLWithPath: CLI.binary)
        process.arguments = ["render", file, "--out", out, "--video", "mp4", "--jobs", "2"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Kill once some frames exist but long before the end.
        let deadline = Date().addingTimeInterval(120)
        while listDirectory(out + "/gravity").filter({ $0.hasSuffix(".png") && !$0.hasPrefix(".") }).count < 40,
            process.isRunning, Date() < deadline
        {
            usleep(20_000)
        }
        try #require(process.isRunning, "the render finished before it could be killed")
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()

        // No partial file under a final name: every frame decodes, no video, no manifest yet.
        let framesAfterKill = listDirectory(out + "/gravity").filter { !$0.hasPrefix(".") }
        #expect(framesAfterKill.count < 300)
        for name in framesAfterKill { _ = try PNG.decode(contentsOf: out + "/gravity/" + name) }
        #expect(!listDirectory(out).contains("gravity.mp4"))
        #expect(!listDirectory(out).contains("gravity.manifest.json"))
        #expect(listDirectory(out).contains("gravity.manifest.partial"))

        let resumed = try CLI.run(["render", file, "--out", out, "--video", "mp4", "--resume"])
        #expect(resumed.status == 0, "\(resumed.stderr)")
        #expect(resumed.stdout.contains("reused"), "\(resumed.stdout)")
        let full = try CLI.run(["render", file, "--out", clean, "--video", "mp4"])
        try #require(full.status == 0, "\(full.stderr)")

        let names = listDirectory(clean + "/gravity")
        #expect(names.filter { $0.hasSuffix(".png") }.count == 300 && names.last == "index.html")
        #expect(listDirectory(out + "/gravity") == names, "no stray or hidden files left")
        for name in names {
            let a = try Data(contentsOf: URL(fileURLWithPath: clean + "/gravity/" + name))
            let b = try Data(contentsOf: URL(fileURLWithPath: out + "/gravity/" + name))
            #expect(a == b, "\(name)")
        }
        #expect(try decodeVideoRGBA(out + "/gravity.mp4") == decodeVideoRGBA(clean + "/gravity.mp4"))
        #expect(!listDirectory(out).contains { $0.hasPrefix(".") || $0.hasSuffix(".partial") }, "\(listDirectory(out))")
        let verify = try CLI.run(["verify", out])
        #expect(verify.status == 0, "\(verify.stdout)")
    }
}
