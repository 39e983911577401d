import Foundation

/// Reads files found in an output folder, which may be shared: whatever sits under a manifest's,
/// journal's or frame's name may have been planted there. Only a regular file is read, and only
/// up to a bound checked before reading: a symlink to `/dev/zero` or to a huge file would fill
/// memory, and a FIFO or device is nothing a render wrote (Foundation's readers called one "no
/// permission" or "missing"; here it is named for what it is).
enum RegularFile {
    /// The most bytes of a manifest or journal read: 256 MiB. The largest render allowed
    /// (864,000 frames, `--max-frames`) writes about 50 MB of frame hashes.
    static let maxRecordBytes = 256 << 20

    /// The bytes of the regular file at `path` (symlinks followed) if it holds at most `maxBytes`;
    /// otherwise why not, as a phrase for a message ("it is a FIFO", "no such file").
    static func contents(_ path: String, maxBytes: Int) -> Result<Data, Refusal> {
        // O_NONBLOCK: opening a FIFO must not wait for a writer; fstat then refuses it.
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { return .failure(Refusal(String(cString: strerror(errno)))) }
        let handle = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
        var status = stat()
        guard fstat(fd, &status) == 0 else { return .failure(Refusal(String(cString: strerror(errno)))) }
        guard status.st_mode & S_IFMT == S_IFREG else {
            return .failure(Refusal("it is \(OutputLock.fileKind(status.st_mode)), not a regular file"))
        }
        guard Int(status.st_size) <= maxBytes else {
            return .failure(Refusal("it holds \(status.st_size) bytes, more than the \(maxBytes) read at most"))
        }
        do {
            // One byte past the size fstat gave, so a file growing meanwhile is noticed, not cut.
            let data = try handle.read(upToCount: Int(status.st_size) + 1) ?? Data()
            guard data.count <= maxBytes else {
                return .failure(Refusal("it grew past the \(maxBytes) bytes read at most"))
            }
            return .success(data)
        } catch {
            return .failure(Refusal((error as NSError).localizedDescription))
        }
    }

    /// Why a file was not read.
    struct Refusal: Error, Equatable {
        var reason: String
        init(_ reason: String) { self.reason = reason }
    }
}
