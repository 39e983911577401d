import Export
import Foundation

/// A claim on one scene's outputs in one folder, held for the whole render: `flock(2)` on
/// `<out>/<scene>.lock` (and, for a shard, on `<out>/<scene>.frames-AAAAAA-BBBBBB.lock`).
///
/// Rules:
/// - A full render holds `<scene>.lock` exclusively: it writes every frame and removes the ones
///   its predecessor left past the end, so nothing else may write that scene into that folder.
/// - A shard (or `--frames` range) holds `<scene>.lock` shared and its own window's lock
///   exclusively: shards of one scene run side by side in one folder, as a batch engine on one
///   machine would, but never beside a full render of it or a second copy of themselves.
/// - A render that cannot take its lock fails at once, naming the holder's pid (an exclusive holder
///   writes its pid into the file), or waits for it (`RenderOptions.waitForLock`, `--wait-lock`).
/// - The kernel releases a `flock` when its holder dies, even by SIGKILL, so a killed render never
///   blocks the next one; a file left behind by a killed render is just reused.
/// - The file is removed on release by a holder that can lock it exclusively. A waiter that locked
///   a file just removed notices (its descriptor no longer names the file at the path) and retries,
///   so two renders never hold two different files of one name.
/// - An output folder may be shared, so the lock's name may have been planted: it is opened with
///   `O_NOFOLLOW` and must be a regular file of ours with one link before anything is written to
///   it (`OutputLockError.unsafe` otherwise, naming the path). A planted symlink to a victim file
///   would otherwise have the render truncate the victim or write its pid into it.
///
/// Rejected: `O_EXCL` lock files (a killed render leaves one that blocks every later render until
/// someone deletes it by hand) and `fcntl` locks (released when *any* descriptor of the file in the
/// process is closed, which Foundation may do behind our back).
public final class OutputLock {
    public enum Mode: Sendable { case shared, exclusive }

    public let path: String
    public let mode: Mode
    private var descriptor: Int32

    private init(path: String, mode: Mode, descriptor: Int32) {
        self.path = path
        self.mode = mode
        self.descriptor = descriptor
    }

    /// Takes the lock at `path`, creating the file if needed. `wait`: block until it is free;
    /// otherwise throw `OutputLockError.held` at once. Throws `OutputLockError.unsafe` when the
    /// path is a symlink or anything but a regular file of ours with one link.
    public static func acquire(_ path: String, mode: Mode, wait: Bool) throws -> OutputLock {
        while true {
            let fd = try openOwnLockFile(path)
            let operation = (mode == .exclusive ? LOCK_EX : LOCK_SH) | (wait ? 0 : LOCK_NB)
            if flock(fd, operation) != 0 {
                let code = errno
                close(fd)
                if code == EINTR { continue }
                if code == EWOULDBLOCK { throw OutputLockError.held(path: path, holders: holders(of: path)) }
                throw ExportError.io(path: path, operation: "lock", reason: String(cString: strerror(code)))
            }
            // The holder we waited for may have removed the file: then this descriptor is an orphan.
            // `lstat`, so a symlink swapped in meanwhile is a different file, never followed.
            var held = stat()
            var named = stat()
            guard fstat(fd, &held) == 0, lstat(path, &named) == 0,
                held.st_ino == named.st_ino, held.st_dev == named.st_dev
            else {
                close(fd)
                continue
            }
            // An exclusive holder leaves its pid for the message of whoever is refused; a shared
            // one clears a pid a killed exclusive holder may have left. Only ever on a file that
            // `openOwnLockFile` vetted: ours, regular, linked once.
            _ = ftruncate(fd, 0)
            if mode == .exclusive {
                let text = Array("\(getpid())\n".utf8)
                _ = text.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }
            }
            return OutputLock(path: path, mode: mode, descriptor: fd)
        }
    }

    /// Opens (creating if needed) the lock file at `path` for writing, refusing anything another
    /// user could have planted in a shared output folder: a symlink (`O_NOFOLLOW`, so the open
    /// itself never reaches its target), a FIFO, device or folder (`O_NONBLOCK` keeps a FIFO from
    /// blocking the open; `fstat` then refuses it), a file of another user, or a hard link to a
    /// file elsewhere (a second name for a victim file). Nothing is written before these checks.
    static func openOwnLockFile(_ path: String) throws -> Int32 {
        let fd = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC, 0o666)
        guard fd >= 0 else {
            let code = errno
            if code == ELOOP { throw OutputLockError.unsafe(path: path, reason: "it is a symbolic link") }
            if code == EISDIR {
                throw OutputLockError.unsafe(path: path, reason: "it is not a regular file (a folder)")
            }
            throw ExportError.io(
                path: path, operation: "create the lock file", reason: String(cString: strerror(code)))
        }
        var status = stat()
        guard fstat(fd, &status) == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw ExportError.io(path: path, operation: "inspect the lock file", reason: reason)
        }
        let problem: String?
        if status.st_mode & S_IFMT != S_IFREG {
            problem = "it is not a regular file (\(fileKind(status.st_mode)))"
        } else if status.st_uid != geteuid() {
            problem = "it belongs to another user (uid \(status.st_uid))"
        } else if status.st_nlink != 1 {
            problem = "it has \(status.st_nlink) hard links (a second name of another file)"
        } else {
            problem = nil
        }
        if let problem {
            close(fd)
            throw OutputLockError.unsafe(path: path, reason: problem)
        }
        return fd
    }

    static func fileKind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: return "a folder"
        case S_IFIFO: return "a FIFO"
        case S_IFCHR, S_IFBLK: return "a device"
        case S_IFSOCK: return "a socket"
        default: return "not a plain file"
        }
    }

    /// Releases the lock; removes the file when no one else holds it. Safe to call twice.
    public func release() {
        guard descriptor >= 0 else { return }
        if mode == .exclusive || flock(descriptor, LOCK_EX | LOCK_NB) == 0 {
            unlink(path)
        }
        close(descriptor)
        descriptor = -1
    }

    deinit { release() }

    /// The pids to name when `path` is held: the one in the file (an exclusive holder), else those
    /// in the window locks beside it (`<scene>.lock` held shared by shards of the scene).
    static func holders(of path: String) -> [Int32] {
        if let pid = pid(in: path) { return [pid] }
        let folder = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        guard name.hasSuffix(".lock") else { return [] }
        let prefix = String(name.dropLast(".lock".count)) + ".frames-"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder)) ?? []
        return names.filter { $0.hasPrefix(prefix) && $0.hasSuffix(".lock") }.sorted()
            .compactMap { pid(in: (folder as NSString).appendingPathComponent($0)) }
    }

    /// The pid an exclusive holder wrote, read from at most 32 bytes of a regular file opened
    /// without following symlinks: these files sit in a folder others may write to.
    private static func pid(in path: String) -> Int32? {
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        var buffer = [UInt8](repeating: 0, count: 32)
        let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard count > 0, count < 32 else { return nil }
        return Int32(
            String(decoding: buffer[..<count], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    }
}

/// Another render holds the lock on these outputs.
public enum OutputLockError: Error, CustomStringConvertible, Equatable {
    case held(path: String, holders: [Int32])
    /// The lock file's name is taken by something a render must not write through (a symlink, a
    /// FIFO, another user's file, a hard link); `reason` says which.
    case unsafe(path: String, reason: String)

    public var description: String {
        switch self {
        case .held(let path, let holders):
            let who =
                holders.isEmpty
                ? "another render"
                : holders.count == 1
                    ? "another render (pid \(holders[0]))"
                    : "other renders (pids \(holders.map(String.init).joined(separator: ", ")))"
            return "\(who) is writing this scene into the same folder (lock \(path)); "
                + "wait for it to finish, pass --wait-lock to wait, or render into another --out folder"
        case .unsafe(let path, let reason):
            return "refusing to use the lock file \(path): \(reason), not a lock file this user created, "
                + "so nothing was opened through it or written; if you did not put it there, someone who can "
                + "write to this folder may have (remove it and check the folder's permissions), "
                + "or render into an --out folder only you can write to"
        }
    }
}
