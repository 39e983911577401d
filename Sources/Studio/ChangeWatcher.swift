import Foundation

/// Notices saved scene files by polling their size and modification time (a few stat calls every
/// `interval`; inotify would need a C shim for no visible gain at this scale). Editors that save by
/// writing a new file and renaming it are seen too, since the path's stamp changes.
struct ChangeWatcher: Sendable {
    struct Stamp: Equatable, Sendable {
        var size: UInt64
        var modified: Date
    }

    /// Seconds between polls. Default 0.2: a save shows up within a fifth of a second.
    var interval: Double = 0.2

    static func stamp(of path: String) -> Stamp? {
        guard let a = try? FileManager.default.attributesOfItem(atPath: path),
            let size = a[.size] as? UInt64, let modified = a[.modificationDate] as? Date
        else { return nil }
        return Stamp(size: size, modified: modified)
    }

    /// Calls `changed` with the names of scenes whose files changed (or appeared) since the last
    /// poll, until the task is cancelled.
    func watch(_ workspace: StudioWorkspace, changed: @Sendable ([String]) async -> Void) async {
        var stamps: [String: Stamp] = [:]
        for scene in workspace.scenes() { stamps[scene.name] = Self.stamp(of: scene.path) }
        while !Task.isCancelled {
            try? await Task.sleep(nanoseconds: UInt64(interval * 1e9))
            var names: [String] = []
            for scene in workspace.scenes() {
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
