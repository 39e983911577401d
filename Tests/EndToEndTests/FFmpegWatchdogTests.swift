import Foundation
import TestSupport
import Testing

/// An ffmpeg that stops reading its input is ended by the watchdog with a clear error, and no
/// video is left under its final name (or a hidden temporary one). The fake ffmpeg answers the
/// preflight probes with the real one, then sleeps without reading, as a wedged ffmpeg would;
/// only this test puts it first on PATH.
@Suite("flipbook render: the ffmpeg watchdog", .serialized)
struct FFmpegWatchdogTests {
    @Test(
        "an ffmpeg that stops reading is ended after --ffmpeg-timeout with a clear error and nothing under a final name"
    )
    func stalledFFmpegIsEnded() throws {
        let dir = try makeTemporaryDirectory()
        let file = try TestScenes.write(TestScenes.fallingCards(), to: dir)
        let real = try #require(which("ffmpeg"))
        let bin = dir + "/bin"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        let fake = """
            #!/bin/sh
            for a in "$@"; do
              case "$a" in -version|-encoders|-filters) exec \(real) "$@";; esac
            done
            exec sleep 3600
            """
        try fake.write(toFile: bin + "/ffmpeg", atomically: true, encoding: .utf8)
        chmod(bin + "/ffmpeg", 0o755)
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = bin + ":" + (environment["PATH"] ?? "/usr/bin:/bin")

        let out = dir + "/out"
        let r = try CLI.run(
            ["render", file, "--out", out, "--video", "mp4", "--no-frames", "--no-trace", "--ffmpeg-timeout", "1"],
            environment: environment)
        #expect(r.status == 1)
        #expect(
            r.stderr.hasPrefix(
                "error: ffmpeg made no progress for 1 s while writing \(out)/shards.mp4 (it read no frames, used no CPU and wrote nothing), so it was stopped and its partial file removed;"
            ), "\(r.stderr)")
        // Only the resume journal remains: no video, no temporary file, no manifest, no lock.
        #expect(listDirectory(out) == ["shards.manifest.partial"])
    }
}
