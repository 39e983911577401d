import Foundation

/// Notices saved scene files by polling their size and modification time (one `stat` a file every
/// `interval`; inotify would need a C shim for no visible gain at this scale). Editors that save by
/// writing a new file and renaming it are seen too, since the path's stamp changes.
struct ChangeWatcher: Sendable {
    struct Stamp: Equatable, Sendable {
        var size: Int64
        var seconds: Int
        var nanoseconds: Int
    }

    /// Seconds between polls. Default 0.05: a save is seen 25 ms after it on average, a small part
    /// of the 150 ms from a save to the new frame on the page (Sources/Studio/README.md).
    var interval: Double = 0.05

    static func stamp(of path: String) -> Stamp? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return Stamp(size: Int64(info.st_size), seconds: info.st_mtim.tv_sec, nanoseconds: info.st_mtim.tv_nsec)
    }

    /// Calls `changed` with the names of scenes whose files changed (or appeared) since the last
    /// poll, until the task is cancelled.
    func watch(_ workspace: StudioWorkspace, changed: @Sendable ([String]) async -> Void) async {
        var scenes = workspace.scenes()
        var stamps: [String: Stamp] = [:]
        for scene in scenes { stamps[scene.name] = Self.stamp(of: scene.path) }
        var folder = Self.stamp(of: workspace.sceneFolder)
        while !Task.isCancelled {
            try? await Task.sleep(nanoseconds: UInt64(interval * 1e9))
            // A poll is a stat of the folder and of each scene file (about 2 µs each). The list is
            // made again (a listing, symlinks resolved, names read: about 4 ms for the bundled
            // scenes, 9 % of a core at this rate) only when something changed: a file added,
            // removed or renamed over changes the folder's stamp, and a save can change a name: line.
            let folderNow = Self.stamp(of: workspace.sceneFolder)
            guard folderNow != folder || scenes.contains(where: { Self.stamp(of: $0.path) != stamps[$0.name] })
            else { continue }
            folder = folderNow
            scenes = workspace.scenes()
            var names: [String] = []
            for scene in scenes {
                let now = Self.stamp(of: scene.path)
                if now != stamps[scene.name] {
                    stamps[scene.name] = now
                    names.append(scene.name)
                }
            }
            if !names.isEmpty { await changed(names) }
        }
    }
}
