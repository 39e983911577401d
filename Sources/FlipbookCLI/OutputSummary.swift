import Foundation

/// The closing line of `flipbook render`: what was written where, and what to look at first.
///
///     16 scenes, 2,215 files, 31 MB in output/; open output/snap.mp4
///
/// Counted are the rendered scenes' own files (`<out>/<scene>/…` and `<out>/<scene>.*`), not
/// whatever else the folder holds, without following symbolic links.
struct OutputSummary {
    let folder: String

    func line(scenes names: [String], firstVideo: String?) -> String {
        var files = 0
        var bytes: Int64 = 0
        let entries = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
        for name in names {
            for entry in entries where entry == name || entry.hasPrefix(name + ".") {
                let measured = Self.measure((folder as NSString).appendingPathComponent(entry))
                files += measured.files
                bytes += measured.bytes
            }
        }
        var text = "\(counted(names.count, "scene")), \(Self.grouped(files)) file\(files == 1 ? "" : "s"), "
        text += "\(Self.megabytes(bytes)) in \(folder.hasSuffix("/") ? folder : folder + "/")"
        if let firstVideo { text += "; open \(firstVideo)" }
        return text
    }

    /// Regular files at or under `path` and their total size in bytes.
    static func measure(_ path: String) -> (files: Int, bytes: Int64) {
        if let attributes = try? FileManager.default.attributesOfItem(atPath: path),
            attributes[.type] as? FileAttributeType == .typeRegular
        {
            return (1, (attributes[.size] as? NSNumber)?.int64Value ?? 0)
        }
        guard
            let walker = FileManager.default.enumerator(
                at: URL(fileURLWithPath: path),
                includingPropertiesForKeys: [.isRegularFileKey, .fileSizeKey])
        else { return (0, 0) }
        var files = 0
        var bytes: Int64 = 0
        for case let url as URL in walker {
            guard let values = try? url.resourceValues(forKeys: [.isRegularFileKey, .fileSizeKey]),
                values.isRegularFile == true
            else { continue }
            files += 1
            bytes += Int64(values.fileSize ?? 0)
        }
        return (files, bytes)
    }

    /// 2215 → "2,215".
    static func grouped(_ n: Int) -> String {
        let digits = String(n)
        var out = ""
        for (i, c) in digits.enumerated() {
            if i > 0, (digits.count - i) % 3 == 0 { out.append(",") }
            out.append(c)
        }
        return out
    }

    /// Decimal megabytes: one decimal below 10 MB ("2.4 MB"), whole above ("31 MB"); "0.1 MB" at least
    /// for a non-empty folder.
    static func megabytes(_ bytes: Int64) -> String {
        let mb = Double(bytes) / 1_000_000
        if mb >= 10 { return "\(Int(mb.rounded())) MB" }
        let tenths = max((mb * 10).rounded(), bytes > 0 ? 1 : 0) / 10
        return String(format: "%.1f MB", tenths)
    }
}
