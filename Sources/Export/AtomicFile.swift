import PNG

/// Writes any small output file (traces, reports) the way frames are written: under a hidden
/// temporary name, renamed into place when complete. One mechanism for every file a render
/// produces, so none can be seen half-written.
public enum AtomicFile {
    public static func write(_ text: String, to path: String) throws {
        try PNG.writeAtomically(Array(text.utf8), to: path)
    }
}
