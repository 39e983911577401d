import Foundation
import TestSupport
import Testing

/// Two renders of one scene into one folder: the second fails at once naming the first's pid
/// (or waits with --wait-lock), and a full render's cleanup deletes only frames an earlier render
/// recorded. The lock is held here the way a render holds it (flock on `<out>/<scene>.lock`,
/// pid in the file), so no timing decides the outcome.
@Suite("flipbook render: one writer per scene output", .serialized)
struct OutputLockTests {
    /// Takes `flock(mode)` on `path`, writing our pid when exclusive; returns the descriptor.
    func hold(_ path: String, exclusive: Bool) throws -> Int32 {
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o666)
        try #require(fd >= 0)
        try #require(flock(fd, exclusive ? LOCK_EX : LOCK_SH) == 0)
        if exclusive {
            let text = Array("\(getpid())\n".utf8)
            _ = text.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }
        }
        return fd
    }

    @Test(
        "a symlink planted at the scene's lock file makes the render fail with a clear error, and its target keeps its bytes",
        arguments: [[String](), ["--shard", "1/2"]])
    func plantedLockSymlink(flags: [String]) throws {
        let dir = try makeTemporaryDirectory()
        let file = try TestScenes.write(TestScenes.fallingCards(), to: dir)
        let out = dir + "/out"
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        let victim = dir + "/victim.txt"
        try "the rendering user's file\n".write(toFile: victim, atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: out + "/shards.lock", withDestinationPath: victim)
        // Before: a full render wrote its pid over the victim; a shard emptied it.
        let r = try CLI.run(["render", file, "--out", out, "--video", "none"] + flags)
        #expect(r.status == 1)
        #expect(
            r.stderr
                == "error: refusing to use the lock file \(out)/shards.lock: it is a symbolic link, not a lock file this user created, so nothing was opened through it or written; if you did not put it there, someone who can write to this folder may have (remove it and check the folder's permissions), or render into an --out folder only you can write to\n"
        )
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "the rendering user's file\n")
        #expect(listDirectory(out) == ["shards.lock"], "nothing written")
    }

    @Test(
        "a second render of the same scene into the same folder fails at once, naming the holder's pid, and writes nothing"
    )
    func secondRenderFails() throws {
        let dir = try makeTemporaryDirectory()
        let file = try TestScenes.write(TestScenes.fallingCards(), to: dir)
        let out = dir + "/out"
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        let fd = try hold(out + "/shards.lock", exclusive: true)
        defer { close(fd) }
        let second = try CLI.run(["render", file, "--out", out, "--video", "none"])
        #expect(second.status == 1)
        #expect(
            second.stderr
                == "error: another render (pid \(getpid())) is writing this scene into the same folder (lock \(out)/shards.lock); wait for it to finish, pass --wait-lock to wait, or render into another --out folder\n"
        )
        #expect(listDirectory(out) == ["shards.lock"], "nothing written")
    }

    @Test("--wait-lock waits for the holder to finish, then renders")
    func waitLock() throws {
        let dir = try makeTemporaryDirectory()
        let file = try TestScenes.write(TestScenes.fallingCards(), to: dir)
        let out = dir + "/out"
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        let fd = try hold(out + "/shards.lock", exclusive: true)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CLI.binary)
        process.arguments = ["render", file, "--out", out, "--video", "none", "--wait-lock"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        usleep(300_000)
        // Whether or not it has reached the lock yet, it cannot have written a frame.
        #expect(process.isRunning)
        #expect(!listDirectory(out).contains("shards"))
        close(fd)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(listDirectory(out + "/shards").filter { $0.hasSuffix(".png") }.count == 120)
        #expect(
            !listDirectory(out).contains { $0.hasSuffix(".lock") }, "the lock file is removed: \(listDirectory(out))")
    }

    @Test("shards of one scene share a folder, but not with a full render or a second copy of themselves")
    func shardsShareTheFolder() throws {
        let dir = try makeTemporaryDirectory()
        let file = try TestScenes.write(TestScenes.fallingCards(), to: dir)
        let out = dir + "/out"
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        // What `--shard 1/2` holds while it runs.
        let scene = try hold(out + "/shards.lock", exclusive: false)
        let window = try hold(out + "/shards.frames-000000-000060.lock", exclusive: true)
        defer {
            close(window)
            close(scene)
        }

        let full = try CLI.run(["render", file, "--out", out, "--video", "none"])
        #expect(
            full.status == 1 && full.stderr.contains("another render (pid \(getpid())) is writing this scene"),
            "\(full.stderr)")
        let twin = try CLI.run(["render", file, "--out", out, "--video", "none", "--shard", "1/2"])
        #expect(
            twin.status == 1 && twin.stderr.contains("(lock \(out)/shards.frames-000000-000060.lock)"), "\(twin.stderr)"
        )
        let other = try CLI.run(["render", file, "--out", out, "--video", "none", "--shard", "2/2"])
        #expect(other.status == 0, "\(other.stderr)")
        #expect(listDirectory(out + "/shards").first == "frame_00060.png")
    }

    @Test("a shorter render removes only the frames an earlier render recorded and left unchanged")
    func cleanupDeletesOnlyRecordedFrames() throws {
        let dir = try makeTemporaryDirectory()
        let out = dir + "/out"
        let long = try TestScenes.write(TestScenes.fallingCards(duration: 4), to: dir, file: "long.yaml")
        let short = try TestScenes.write(TestScenes.fallingCards(duration: 2), to: dir, file: "short.yaml")
        #expect(try CLI.run(["render", long, "--out", out, "--video", "none", "--no-trace"]).status == 0)
        let frames = out + "/shards/"
        // Not Flipbook's: a file no render recorded, and a recorded frame changed since.
        try Data([1, 2, 3]).write(to: URL(fileURLWithPath: frames + "frame_00200.png"))
        try Data([4, 5, 6]).write(to: URL(fileURLWithPath: frames + "frame_00100.png"))

        let second = try CLI.run(["render", short, "--out", out, "--video", "none", "--no-trace"])
        #expect(second.status == 0, "\(second.stderr)")
        let expected =
            (0..<60).map { String(format: "frame_%05d.png", $0) } + [
                "frame_00100.png", "frame_00200.png", "index.html",
            ]
        #expect(listDirectory(out + "/shards") == expected)
    }
}
