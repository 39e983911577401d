import FileSystem

/// Writes any small output file (traces, reports) the way frames are written: under a hidden
/// temporary name, flushed to disk, renamed into place when complete, the folder flushed. One
/// mechanism for every file a render produces, so none can be seen half-written, even after a
/// power loss.
public enum AtomicFile {
    public static func write(_ text: String, to path: String) throws {
        try DurableFile.write(Array(text.utf8), to: path)
    }

    /// Publishes a finished file written under `temporary` (ffmpeg's output, a streamed trace):
    /// `fsync`, rename to `path`, `fsync` of the folder (`DurableFile.publish`).
    public static func publish(temporary: String, to path: String) throws {
        try DurableFile.publish(temporary: temporary, to: path)
    }
}
