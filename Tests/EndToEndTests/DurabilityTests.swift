import Foundation
import TestSupport
import Testing

/// Every file a render publishes is flushed to disk before the rename that names it, and its
/// folder after: observed from outside with strace (the system calls themselves, not our code's
/// account of them).
@Suite("flipbook render: fsync before publishing", .serialized)
struct DurabilityTests {
    @Test("each published frame, video, trace and manifest is fsynced before its rename, and its folder after")
    func fsyncBeforeEachRename() throws {
        let strace = try #require(which("strace"), "strace is installed by make test")
        let dir = try makeTemporaryDirectory()
        let file = try TestScenes.write(TestScenes.fallingCards(duration: 1), to: dir)
        let out = dir + "/out"
        let log = dir + "/strace.log"
        let r = try runProcess(
            strace,
            [
                "-f", "-y", "-qq", "-o", log, "-e", "trace=fsync,fdatasync,rename,renameat,renameat2",
                CLI.binary, "render", file, "--out", out, "--video", "mp4",
            ])
        try #require(r.status == 0, "\(r.stderr)")

        var synced: [String] = []  // paths fsynced so far, in order
        var published: [(temporary: String, final: String, syncIndex: Int)] = []
        for line in try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n") {
            if line.contains("fsync("), let open = line.firstIndex(of: "<"),
                let close = line[open...].firstIndex(of: ">")
            {
                synced.append(String(line[line.index(after: open)..<close]))
            } else if line.contains("rename") {
                let quoted = line.split(separator: "\"", omittingEmptySubsequences: false)
                guard quoted.count >= 5 else { continue }
                published.append((String(quoted[1]), String(quoted[3]), synced.count))
            }
        }
        let finals = published.filter { $0.final.hasPrefix(out) }
        // 30 frames, the video, two trace files, the journal's first write, the manifest and the player page.
        #expect(finals.count == 30 + 1 + 2 + 1 + 1 + 1, "\(finals.map(\.final))")
        for p in finals {
            #expect(
                synced[..<p.syncIndex].contains(p.temporary),
                "\(p.temporary) was not fsynced before it became \(p.final)")
            let folder = (p.final as NSString).deletingLastPathComponent
            #expect(
                synced[p.syncIndex...].contains(folder),
                "\(folder) was not fsynced after \(p.final) was renamed into it")
        }
    }
}
