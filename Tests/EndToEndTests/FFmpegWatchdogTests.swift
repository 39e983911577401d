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

    /// A folder `bin` holding a stand-in "ffmpeg": a real executable, not a mock object, that
    /// sleeps forever (`exec`, so the watchdog's kill reaches the sleeping process itself) as a
    /// wedged ffmpeg would. With `probes`, it answers the preflight probes with the real ffmpeg
    /// first. Encoding tests use the real ffmpeg; this one only stands in for a hang.
    func hangingFFmpeg(in dir: String, answeringProbes probes: Bool) throws -> (
        bin: String, environment: [String: String]
    ) {
        let real = try #require(which("ffmpeg"))
        let bin = dir + "/bin"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        let answer = """
            for a in "$@"; do
              case "$a" in -version|-encoders|-filters) exec \(real) "$@";; esac
            done

            """
        try ("#!/bin/sh\n" + (probes ? answer : "") + "exec sleep 3600\n").write(
            toFile: bin + "/ffmpeg", atomically: true, encoding: .utf8)
        chmod(bin + "/ffmpeg", 0o755)
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = bin + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        return (bin, environment)
    }

    @Test(
        "a render whose ffmpeg hangs on its first probe is ended after --ffmpeg-timeout, naming the probe and the timeout"
    )
    func hangingProbeEndsRender() throws {
        let dir = try makeTemporaryDirectory()
        let file = try TestScenes.write(TestScenes.fallingCards(), to: dir)
        let fake = try hangingFFmpeg(in: dir, answeringProbes: false)
        let out = dir + "/out"
        // Before: the probe had no watchdog and this render never ended.
        let r = try CLI.run(
            ["render", file, "--out", out, "--video", "mp4", "--no-frames", "--no-trace", "--ffmpeg-timeout", "1"],
            environment: fake.environment)
        #expect(r.status == 1)
        #expect(
            r.stderr
                == "error: `\(fake.bin)/ffmpeg -hide_banner -version` made no progress for 1 s (it used no CPU and did not finish), so it was stopped; check that \(fake.bin)/ffmpeg is a working ffmpeg (run `\(fake.bin)/ffmpeg -version` yourself), or allow more time with --ffmpeg-timeout\n",
            "\(r.stderr)")
    }

    /// Renders the two shards of fallingCards into `out` with the real ffmpeg; the segment paths.
    func twoSegments(in dir: String) throws -> [String] {
        let file = try TestScenes.write(TestScenes.fallingCards(), to: dir)
        for k in 1...2 {
            let r = try CLI.run([
                "render", file, "--out", dir + "/a", "--video", "mp4", "--no-trace", "--no-frames", "--shard", "\(k)/2",
                "--preset", "ultrafast",
            ])
            try #require(r.status == 0, "\(r.stderr)")
        }
        return [dir + "/a/shards.frames-000000-000060.mp4", dir + "/a/shards.frames-000060-000120.mp4"]
    }

    @Test("concat whose ffmpeg hangs while joining is ended after --ffmpeg-timeout and leaves no list or partial file")
    func hangingJoin() throws {
        let dir = try makeTemporaryDirectory()
        let segments = try twoSegments(in: dir)
        let before = listDirectory(dir + "/a")
        let fake = try hangingFFmpeg(in: dir, answeringProbes: true)
        let joined = dir + "/a/shards.mp4"
        // Before: concat had no --ffmpeg-timeout (exit 64) and no watchdog on the probes.
        let r = try CLI.run(
            ["concat"] + segments + ["--out", joined, "--ffmpeg-timeout", "1"], environment: fake.environment)
        #expect(r.status == 1)
        #expect(
            r.stderr.hasPrefix(
                "error: ffmpeg made no progress for 1 s while writing \(joined) (it read no frames, used no CPU and wrote nothing), so it was stopped and its partial file removed;"
            ), "\(r.stderr)")
        #expect(listDirectory(dir + "/a") == before, "no list file, no partial video, no manifest")
    }

    @Test("concat whose ffmpeg hangs on a probe is ended after --ffmpeg-timeout with a message naming it")
    func hangingConcatProbe() throws {
        let dir = try makeTemporaryDirectory()
        let segments = try twoSegments(in: dir)
        let before = listDirectory(dir + "/a")
        let fake = try hangingFFmpeg(in: dir, answeringProbes: false)
        let r = try CLI.run(
            ["concat"] + segments + ["--out", dir + "/a/shards.mp4", "--ffmpeg-timeout", "0.5"],
            environment: fake.environment)
        #expect(r.status == 1)
        #expect(
            r.stderr.hasPrefix("error: `\(fake.bin)/ffmpeg -hide_banner -version` made no progress for 0.5 s"),
            "\(r.stderr)")
        #expect(listDirectory(dir + "/a") == before)
    }

    @Test("concat refuses a --ffmpeg-timeout that is not a positive number of seconds")
    func concatTimeoutValidated() throws {
        let r = try CLI.run(["concat", "a.mp4", "--out", "b.mp4", "--ffmpeg-timeout", "0"])
        #expect(r.status == 64)
        #expect(r.stderr.contains("--ffmpeg-timeout must be a positive number of seconds, got 0.0"), "\(r.stderr)")
    }
}
