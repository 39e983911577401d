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
