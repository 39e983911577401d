import Foundation

/// Component files shipped with Flipbook and imported by name instead of by path:
/// `imports: [ios]` brings every component of the iOS kit, `imports: [ios/controls]` one file's.
/// The files are plain scene components (Sources/Kit/ios/*.yaml), read as a scene's own imports
/// are; they draw with shapes and system colours only, so they need no files of the scene's.
public enum Kit {
    /// The kits, by the name an import uses.
    public static let names = ["ios"]

    /// The files an import names, in name order: every file of a kit (`ios`) or one (`ios/bars`).
    /// Nil when `name` names no kit; an empty list when it names a kit's file that does not exist.
    public static func files(for name: String) -> [URL]? {
        let parts = name.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard let kit = parts.first, names.contains(kit), parts.count <= 2 else { return nil }
        guard let folder = Bundle.module.url(forResource: kit, withExtension: nil) else { return [] }
        let all = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0.hasSuffix(".yaml") }.sorted()
        let wanted = parts.count == 2 ? all.filter { $0 == parts[1] + ".yaml" } : all
        return wanted.map { folder.appendingPathComponent($0) }
    }

    /// The file names of a kit without their extension (`bars`, `controls`, …), for messages.
    public static func fileNames(of kit: String) -> [String] {
        (files(for: kit) ?? []).map { $0.deletingPathExtension().lastPathComponent }
    }
}
