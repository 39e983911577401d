import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The process-wide cache of scene font files (`fonts:`): a file opened once is shared by every
/// scene that lists it while it stays the same file, so a studio that reloads a scene, or a test
/// that decodes one scene per case with the same fonts, neither rereads and rehashes megabytes
/// nor reloads the glyph outlines each time.
///
/// "The same file" is its identity as `stat` reports it: device, inode, size, and the
/// modification and status-change times to the nanosecond. Writing to the file changes both
/// times, replacing it (a rename) changes the inode, and no user call sets the status-change
/// time back, so a face is never served for bytes other than its own. At most `capacity` files
/// are kept (the oldest use is dropped first), so memory stays bounded by
/// `capacity × TextLimits.maxFontFileBytes`.
final class SceneFaceCache: Sendable {
    static let shared = SceneFaceCache()
    /// How many files the cache keeps: one scene's worth (`TextLimits.maxSceneFonts`).
    static let capacity = TextLimits.maxSceneFonts

    struct Identity: Hashable {
        var device: UInt64
        var inode: UInt64
        var size: Int64
        var modified: [Int]
        var changed: [Int]
    }

    private struct Entry {
        var identity: Identity
        var face: FontFace
        var lastUse: UInt64
    }

    private let entries = Mutex<(byPath: [String: Entry], clock: UInt64)>(([:], 0))

    /// The face of the file at `path` (already confined to the scene's folder), opened now or
    /// earlier from the same file.
    func face(path: String) throws -> FontFace {
        guard let identity = Self.identity(of: path) else { return try FontFace(path: path) }
        if let face = entries.withLock({ state -> FontFace? in
            guard let entry = state.byPath[path], entry.identity == identity else { return nil }
            state.clock += 1
            state.byPath[path]?.lastUse = state.clock
            return entry.face
        }) {
            return face
        }
        // Opened outside the lock: another thread's scene need not wait on this file. The
        // identity is taken again after reading, so a file written meanwhile is not cached.
        let face = try FontFace(path: path)
        guard Self.identity(of: path) == identity else { return face }
        entries.withLock { state in
            state.clock += 1
            state.byPath[path] = Entry(identity: identity, face: face, lastUse: state.clock)
            if state.byPath.count > Self.capacity,
                let oldest = state.byPath.min(by: { $0.value.lastUse < $1.value.lastUse })?.key
            {
                state.byPath[oldest] = nil
            }
        }
        return face
    }

    static func identity(of path: String) -> Identity? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        #if canImport(Darwin)
            let (m, c) = (info.st_mtimespec, info.st_ctimespec)
        #else
            let (m, c) = (info.st_mtim, info.st_ctim)
        #endif
        return Identity(
            device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size),
            modified: [Int(m.tv_sec), Int(m.tv_nsec)], changed: [Int(c.tv_sec), Int(c.tv_nsec)])
    }
}
