import Foundation
import TestSupport
import Testing

@testable import Pipeline

/// `flock` conflicts between open file descriptions even within one process, so the lock's
/// rules can be checked here without a second process.
@Suite("Output locks")
struct OutputLockUnitTests {
    @Test("an exclusive lock refuses a second holder, naming the first's pid, and is removed on release")
    func exclusive() throws {
        let dir = try makeTemporaryDirectory()
        let path = dir + "/snap.lock"
        let first = try OutputLock.acquire(path, mode: .exclusive, wait: false)
        #expect(throws: OutputLockError.held(path: path, holders: [getpid()])) {
            try OutputLock.acquire(path, mode: .exclusive, wait: false)
        }
        #expect(throws: OutputLockError.held(path: path, holders: [getpid()])) {
            try OutputLock.acquire(path, mode: .shared, wait: false)
        }
        first.release()
        #expect(listDirectory(dir) == [])
        let again = try OutputLock.acquire(path, mode: .exclusive, wait: false)
        again.release()
    }

    @Test("shard claims share the scene lock; a full render is refused naming the shards' pids")
    func sharedClaims() throws {
        let dir = try makeTemporaryDirectory()
        let a = try OutputClaim.take(
            directory: dir, sceneName: "snap", stem: "snap.frames-000000-000060", windowed: true, wait: false)
        let b = try OutputClaim.take(
            directory: dir, sceneName: "snap", stem: "snap.frames-000060-000120", windowed: true, wait: false)
        #expect(throws: OutputLockError.held(path: dir + "/snap.lock", holders: [getpid(), getpid()])) {
            try OutputClaim.take(directory: dir, sceneName: "snap", stem: "snap", windowed: false, wait: false)
        }
        #expect(throws: OutputLockError.held(path: dir + "/snap.frames-000000-000060.lock", holders: [getpid()])) {
            try OutputClaim.take(
                directory: dir, sceneName: "snap", stem: "snap.frames-000000-000060", windowed: true, wait: false)
        }
        a.release()
        b.release()
        #expect(listDirectory(dir) == [], "the last holder removes the lock files")
        let full = try OutputClaim.take(directory: dir, sceneName: "snap", stem: "snap", windowed: false, wait: false)
        full.release()
    }
}

/// Anyone who can create a file in a shared output folder can plant `<scene>.lock` before the
/// next render: none of what they plant may make the render write elsewhere.
@Suite("Output locks: planted lock files")
struct PlantedLockFileTests {
    /// A folder with `victim.txt` (bytes of its own) and the lock path `snap.lock`.
    func folder() throws -> (dir: String, victim: String, lock: String, bytes: Data) {
        let dir = try makeTemporaryDirectory()
        let bytes = Data("precious contents, not a pid\n".utf8)
        try bytes.write(to: URL(fileURLWithPath: dir + "/victim.txt"))
        return (dir, dir + "/victim.txt", dir + "/snap.lock", bytes)
    }

    @Test(
        "a symlink planted at the lock path is refused, naming the path, and its target is neither emptied nor overwritten",
        arguments: [OutputLock.Mode.exclusive, .shared])
    func plantedSymlink(mode: OutputLock.Mode) throws {
        let f = try folder()
        try FileManager.default.createSymbolicLink(atPath: f.lock, withDestinationPath: f.victim)
        #expect(throws: OutputLockError.unsafe(path: f.lock, reason: "it is a symbolic link")) {
            try OutputLock.acquire(f.lock, mode: mode, wait: false)
        }
        #expect(FileManager.default.contents(atPath: f.victim) == f.bytes, "the victim is untouched")
        #expect(
            OutputLockError.unsafe(path: f.lock, reason: "it is a symbolic link").description
                == "refusing to use the lock file \(f.lock): it is a symbolic link, not a lock file this user created, so nothing was opened through it or written; if you did not put it there, someone who can write to this folder may have (remove it and check the folder's permissions), or render into an --out folder only you can write to"
        )
    }

    @Test("a dangling symlink at the lock path is refused and creates nothing at its target")
    func danglingSymlink() throws {
        let f = try folder()
        try FileManager.default.createSymbolicLink(atPath: f.lock, withDestinationPath: f.dir + "/created-by-us")
        #expect(throws: OutputLockError.unsafe(path: f.lock, reason: "it is a symbolic link")) {
            try OutputLock.acquire(f.lock, mode: .exclusive, wait: false)
        }
        #expect(!FileManager.default.fileExists(atPath: f.dir + "/created-by-us"))
    }

    @Test("a hard link planted at the lock path is refused and the file it names keeps its bytes")
    func plantedHardLink() throws {
        let f = try folder()
        try #require(link(f.victim, f.lock) == 0)
        #expect(
            throws: OutputLockError.unsafe(path: f.lock, reason: "it has 2 hard links (a second name of another file)")
        ) {
            try OutputLock.acquire(f.lock, mode: .shared, wait: false)
        }
        #expect(FileManager.default.contents(atPath: f.victim) == f.bytes)
    }

    @Test("a FIFO or a folder at the lock path is refused without blocking, named for what it is")
    func fifoAndFolder() throws {
        let f = try folder()
        try #require(mkfifo(f.lock, 0o600) == 0)
        #expect(throws: OutputLockError.unsafe(path: f.lock, reason: "it is not a regular file (a FIFO)")) {
            try OutputLock.acquire(f.lock, mode: .exclusive, wait: false)
        }
        let other = f.dir + "/folder.lock"
        try FileManager.default.createDirectory(atPath: other, withIntermediateDirectories: false)
        #expect(throws: OutputLockError.unsafe(path: other, reason: "it is not a regular file (a folder)")) {
            try OutputLock.acquire(other, mode: .exclusive, wait: false)
        }
    }

    @Test("a render's claim on a folder with a planted scene lock fails before reading or writing anything")
    func claimRefused() throws {
        let f = try folder()
        try FileManager.default.createSymbolicLink(atPath: f.lock, withDestinationPath: f.victim)
        #expect(throws: OutputLockError.unsafe(path: f.lock, reason: "it is a symbolic link")) {
            try OutputClaim.take(directory: f.dir, sceneName: "snap", stem: "snap", windowed: false, wait: false)
        }
        #expect(FileManager.default.contents(atPath: f.victim) == f.bytes)
        #expect(listDirectory(f.dir) == ["snap.lock", "victim.txt"])
    }

    @Test("a window lock planted as a symlink is not followed when naming the holders")
    func holdersSkipSymlinks() throws {
        let dir = try makeTemporaryDirectory()
        try "4242\n".write(toFile: dir + "/elsewhere", atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(
            atPath: dir + "/snap.frames-000000-000060.lock", withDestinationPath: dir + "/elsewhere")
        #expect(OutputLock.holders(of: dir + "/snap.lock") == [])
    }
}

@Suite("Segment joins")
struct SegmentJoinUnitTests {
    @Test("the first differing encoder setting is quoted with its flag")
    func settingsDifference() {
        let a = "ffmpeg 5.1 | -c:v libx264 -preset medium -qp 20 -g 30 | motionBlur=1 hold=0.0"
        let b = "ffmpeg 5.1 | -c:v libx264 -preset medium -qp 18 -g 30 | motionBlur=1 hold=0.0"
        #expect(SegmentJoin.difference(a, b) == "'-qp 20' against '-qp 18'")
        #expect(SegmentJoin.difference("ffmpeg 6.0 | x", "ffmpeg 5.1 | x") == "'ffmpeg 6.0' against 'ffmpeg 5.1'")
    }

    @Test("segments must tile the scene: a gap, an overlap, a missing start or end is named")
    func coverage() throws {
        try SegmentJoin.checkCoverage([("a", 0, 30), ("b", 30, 60)], total: 60, scene: "s")
        #expect(
            throws: SegmentJoinError(
                "s: frames 30..<60 are in no segment given, between a and c; render that shard and pass every segment of the scene"
            )
        ) {
            try SegmentJoin.checkCoverage([("a", 0, 30), ("c", 60, 90)], total: 90, scene: "s")
        }
        #expect(
            throws: SegmentJoinError(
                "s: b overlaps a at frames 20..<30; pass each shard's segment once, all from one shard count")
        ) {
            try SegmentJoin.checkCoverage([("a", 0, 30), ("b", 20, 60)], total: 60, scene: "s")
        }
        #expect(throws: SegmentJoinError.self) { try SegmentJoin.checkCoverage([("b", 30, 60)], total: 60, scene: "s") }
        #expect(throws: SegmentJoinError.self) { try SegmentJoin.checkCoverage([("a", 0, 30)], total: 60, scene: "s") }
    }
}
