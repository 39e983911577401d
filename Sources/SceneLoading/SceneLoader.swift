import Foundation
import SceneModel
import SceneSyntax

/// Reads scene files: text → located tree → `Scene` → `Scene.validate`, every error one
/// `SceneError` pointing at a line and column.
///
/// Stages, each a file of this module: `SourceTree` (YAML via Yams' composer) and `JSONReader`
/// (strict JSON) build the located tree; `Components` expands component instances in it;
/// `SceneDecoder` checks shapes, types and keys and fills
/// defaults; `Validation` checks the semantic rules shared with scenes built in Swift.
public enum SceneLoader {
    /// Loads and validates the scene at `path`; the format follows the extension (`.yaml`,
    /// `.yml`, `.json`). Errors name `path` exactly as given. Throws `SceneError`.
    /// `limits`: scene and file size limits; the file size is checked before the file is read.
    public static func load(path: String, limits: SceneLimits = .default) throws -> Scene {
        try loadWithControls(path: path, limits: limits).scene
    }

    /// Loads a scene with its `controls:` set to `overrides` (`--set name=value`, in order), and
    /// returns the controls with the values used. Throws `SceneError`.
    public static func loadWithControls(
        path: String, limits: SceneLimits = .default,
        overrides: [(name: String, value: String)] = []
    ) throws -> (scene: Scene, controls: [SceneControl]) {
        let loaded = try loadReporting(path: path, limits: limits, overrides: overrides)
        return (loaded.scene, loaded.controls)
    }

    /// `loadWithControls`, and the warnings of the files the scene loads (icons and layered SVGs
    /// drawn without something SVG lets a renderer set aside), located at the keys naming them.
    static func loadReporting(
        path: String, limits: SceneLimits = .default,
        overrides: [(name: String, value: String)] = []
    ) throws -> (scene: Scene, controls: [SceneControl], fileWarnings: [SceneWarning]) {
        let url = URL(fileURLWithPath: path)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw SceneError(file: path, message: "no such file", suggestion: similarFile(to: path), kind: .io)
        }
        if isFolder.boolValue {
            throw SceneError(
                file: path, message: "is a folder; expected a scene file (.yaml, .yml or .json)", kind: .io)
        }
        if let kind = specialFileKind(path) {
            // Reading a FIFO would block until some other process writes to it, and a device
            // never ends; Foundation reports both as "permission denied".
            throw SceneError(
                file: path, message: "is \(kind), not a regular file; expected a scene file (.yaml, .yml or .json)",
                suggestion: "save the scene to a file and pass that file's path", kind: .io)
        }
        // Split by hand: Foundation reads ".yaml" as a hidden file without an extension.
        let pathExtension = nameParts(path).pathExtension
        guard let format = SceneFileFormat(pathExtension: pathExtension) else {
            let ext = pathExtension.isEmpty ? "no extension" : "extension '.\(pathExtension)'"
            throw SceneError(file: path, message: "unsupported file \(ext); expected .yaml, .yml or .json", kind: .io)
        }
        if let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber,
            size.int64Value > Int64(limits.maxFileBytes)
        {
            throw fileTooLarge(bytes: Int(size.int64Value), limits: limits, fileName: path)
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw SceneError(
                file: path, message: "cannot read the file: \((error as NSError).localizedDescription)", kind: .io)
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw SceneError(
                file: path, message: "file is not UTF-8 text; expected a UTF-8 encoded scene file", kind: .io)
        }
        return try decodeReporting(text, fileName: path, format: format, limits: limits, overrides: overrides)
    }

    /// The scene's `name:` as the file writes it, or nil when the file does not give one there or
    /// cannot be read (loading it then reports why). A scan, not a parse, so a listing stays cheap
    /// whatever a file holds: in YAML the first `name:` line at column 0 (a top-level key of a
    /// block mapping, as scenes are written), in JSON the top-level `"name"` string; within the
    /// first 64 KiB.
    public static func declaredName(path: String) -> String? {
        guard let format = SceneFileFormat(pathExtension: nameParts(path).pathExtension),
            specialFileKind(path) == nil, let file = FileHandle(forReadingAtPath: path)
        else { return nil }
        defer { try? file.close() }
        guard let data = try? file.read(upToCount: 64 << 10) else { return nil }
        let bytes = [UInt8](data)
        switch format {
        case .yaml: return yamlName(bytes)
        case .json: return jsonName(bytes)
        }
    }

    private static func yamlName(_ bytes: [UInt8]) -> String? {
        for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true) {
            guard line.starts(with: Array("name:".utf8)) else { continue }
            var value = String(decoding: line.dropFirst(5), as: UTF8.self)
            if let comment = value.range(of: " #") { value = String(value[..<comment.lowerBound]) }
            value = value.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: ["\r"])
            if value.count >= 2, let first = value.first, first == "\"" || first == "'", value.last == first {
                value = String(value.dropFirst().dropLast())
            }
            return value
        }
        return nil
    }

    private static func jsonName(_ bytes: [UInt8]) -> String? {
        // Depth and strings only: the first string at depth 1 that is the key "name", then the
        // string after its colon.
        var depth = 0
        var index = 0
        var lastKeyAtTop: String?
        var valueFollows = false
        func readString() -> String? {
            var out: [UInt8] = []
            index += 1
            while index < bytes.count {
                let c = bytes[index]
                if c == UInt8(ascii: "\\") {
                    guard index + 1 < bytes.count else { return nil }
                    out.append(bytes[index + 1])
                    index += 2
                    continue
                }
                if c == UInt8(ascii: "\"") { return String(decoding: out, as: UTF8.self) }
                out.append(c)
                index += 1
            }
            return nil
        }
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
            case UInt8(ascii: "\""):
                guard let text = readString() else { return nil }
                if depth == 1 {
                    if valueFollows {
                        if lastKeyAtTop == "name" { return text }
                    } else {
                        lastKeyAtTop = text
                    }
                }
            case UInt8(ascii: ":"): if depth == 1 { valueFollows = true }
            case UInt8(ascii: ","):
                if depth == 1 { (lastKeyAtTop, valueFollows) = (nil, false) }
            default: break
            }
            index += 1
        }
        return nil
    }

    /// The last path component split at its last dot: "scenes/snap.yaml" → ("snap", "yaml"),
    /// "..yaml" → (".", "yaml"), ".yaml" → ("", "yaml"), "README" → ("README", "").
    static func nameParts(_ path: String) -> (stem: String, pathExtension: String) {
        let name = (path as NSString).lastPathComponent
        guard let dot = name.lastIndex(of: ".") else { return (name, "") }
        return (String(name[..<dot]), String(name[name.index(after: dot)...]))
    }

    /// "a FIFO (named pipe)", "a socket", "a character device", "a block device", or nil for a
    /// regular file (or one `stat` cannot reach, which the read then reports). Follows symlinks.
    static func specialFileKind(_ path: String) -> String? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        switch status.st_mode & S_IFMT {
        case S_IFREG, S_IFDIR: return nil
        case S_IFIFO: return "a FIFO (named pipe)"
        case S_IFSOCK: return "a socket"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        default: return "a special file"
        }
    }

    private static func fileTooLarge(bytes: Int, limits: SceneLimits, fileName: String) -> SceneError {
        SceneError(
            file: fileName,
            message: "file is \(bytes) bytes; expected at most \(limits.maxFileBytes) bytes",
            suggestion: "raise the limit with --max-file-size (SceneLimits.maxFileBytes in Swift)", kind: .invalid)
    }

    /// Decodes and validates scene text. `fileName` names the source in errors and gives the
    /// default scene name (its last component without extension). Throws `SceneError`.
    /// `limits`: scene and file limits (size, nesting depth, node count, then the scene's own).
    public static func decode(
        _ text: String, fileName: String, format: SceneFileFormat,
        limits: SceneLimits = .default
    ) throws -> Scene {
        try decodeWithControls(text, fileName: fileName, format: format, limits: limits).scene
    }

    /// `decode` with `controls:` resolved under `overrides`; returns the controls too.
    public static func decodeWithControls(
        _ text: String, fileName: String, format: SceneFileFormat,
        limits: SceneLimits = .default, overrides: [(name: String, value: String)] = []
    )
        throws -> (scene: Scene, controls: [SceneControl])
    {
        let decoded = try decodeReporting(
            text, fileName: fileName, format: format, limits: limits, overrides: overrides)
        return (decoded.scene, decoded.controls)
    }

    /// `decodeWithControls`, and the warnings of the files the scene loads (`loadReporting`).
    static func decodeReporting(
        _ text: String, fileName: String, format: SceneFileFormat,
        limits: SceneLimits = .default, overrides: [(name: String, value: String)] = []
    )
        throws -> (scene: Scene, controls: [SceneControl], fileWarnings: [SceneWarning])
    {
        let bytes = text.utf8.count
        if bytes > limits.maxFileBytes { throw fileTooLarge(bytes: bytes, limits: limits, fileName: fileName) }
        guard let parsed = try parse(text, fileName: fileName, format: format, limits: limits) else {
            throw SceneError(
                file: fileName, message: "file is empty; expected a mapping with canvas, items and duration or until")
        }
        // Components first (an instance's items may use controls), then controls.
        let expanded = try ComponentExpander.expand(parsed, file: fileName, limits: limits)
        let defaultName = nameParts(fileName).stem
        let decoder = SceneDecoder(file: fileName, format: format, limits: limits)
        let root: SourceNode
        let controls: [SceneControl]
        let scene: Scene
        let nameFromFile: Bool
        do {
            (root, controls) = try ControlResolver.resolve(
                expanded.tree, overrides: overrides, decoder: decoder,
                mayMention: expanded.importsMayMentionControls || ControlResolver.mayMentionControl(text))
            (scene, nameFromFile) = try decoder.decode(root, defaultName: defaultName)
        } catch let error as SceneError {
            // A component's text is shared by its instances: the path says which one it was.
            throw error.namingInstance(in: expanded.tree)
        }
        guard let violation = scene.firstViolation(limits: limits) else {
            return (scene, controls, decoder.fileWarnings)
        }
        if violation.keyPath == "name", nameFromFile, defaultName.allSatisfy({ $0 == "." }) {
            // "..yaml", ".yaml": the file has no name to give the scene.
            throw SceneError(
                file: fileName,
                message: "the file name has nothing before its extension, so the scene has no default name",
                suggestion: "add a line such as name: my-scene, or name the file after the scene, as in my-scene.yaml")
        }
        let mark = MarkTable(root).mark(for: violation.keyPath)
        var suggestion = violation.suggestion
        if violation.keyPath == "name", nameFromFile {
            suggestion = "the name defaults to the file name; add a line such as name: \(safeName(defaultName))"
        }
        throw SceneError(
            file: fileName, keyPath: violation.keyPath, mark: mark,
            message: violation.message, suggestion: suggestion
        ).namingInstance(in: root)
    }

    /// The located tree, read within `limits` (`SourceReader.parse`).
    static func parse(
        _ text: String, fileName: String, format: SceneFileFormat, limits: SceneLimits = .default
    ) throws -> SourceNode? {
        try SourceReader.parse(
            text, fileName: fileName, format: format, maxNestingDepth: limits.maxNestingDepth,
            maxNodes: limits.maxNodes)
    }

    // MARK: Missing files

    /// "did you mean 'scenes/snap.yaml'?" when the folder holds a scene file whose name is close to
    /// the missing one's (same stem with another extension, or a small typo).
    static func similarFile(to path: String) -> String? {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent()
        let wanted = url.lastPathComponent
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else {
            let given = (path as NSString).deletingLastPathComponent
            return given.isEmpty ? nil : "the folder '\(given)' does not exist either"
        }
        let scenes = names.filter { SceneFileFormat(pathExtension: ($0 as NSString).pathExtension) != nil }.sorted()
        let wantedStem = (wanted as NSString).deletingPathExtension.lowercased()
        let match =
            scenes.first { ($0 as NSString).deletingPathExtension.lowercased() == wantedStem }
            ?? closest(to: wanted, in: scenes)
        guard let match else { return nil }
        // Keep the folder spelled as the user spelled it.
        let given = (path as NSString).deletingLastPathComponent
        let suggested = given.isEmpty ? match : (given as NSString).appendingPathComponent(match)
        return "did you mean '\(suggested)'?"
    }

    /// `name` with every character outside [A-Za-z0-9_-] replaced by `_`.
    private static func safeName(_ name: String) -> String {
        let mapped = String(
            String.UnicodeScalarView(
                name.unicodeScalars.map { c in
                    SceneRules.isValidName(String(c)) ? c : "_"
                }))
        return mapped.isEmpty ? "scene" : String(mapped.prefix(SceneRules.maxNameLength))
    }
}
