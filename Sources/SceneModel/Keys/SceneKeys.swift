import Foundation

// Every declared object, and the generated files they produce.

enum SceneKeys {
    /// Every declared object, in the order the schema generator rewrites them (an object before
    /// the objects nested in it).
    static var specs: [AnySpec] {
        [
            AnySpec(RootKeys.spec), AnySpec(OutputKeys.spec), AnySpec(CanvasKeys.spec), AnySpec(ItemKeys.spec),
            AnySpec(BorderKeys.spec), AnySpec(ShadowKeys.spec),
            AnySpec(FilterKeys.spec), AnySpec(GaussianBlurKeys.spec), AnySpec(BackgroundEffectKeys.spec),
            AnySpec(MediaTimingKeys.spec), AnySpec(ShapeKeys.spec), AnySpec(TouchesKeys.spec), AnySpec(FrameKeys.spec),
            AnySpec(TextKeys.spec), AnySpec(FontKeys.spec),
            AnySpec(AnimationKeys.basic), AnySpec(AnimationKeys.keyframe), AnySpec(AnimationKeys.spring),
            AnySpec(ViewAnimationKeys.spec), AnySpec(ViewSpringKeys.spec), AnySpec(KeyframeBlockKeys.spec),
            AnySpec(CompletionKeys.spec), AnySpec(AnimatorKeys.spec), AnySpec(AnimatorBlockKeys.spec),
            AnySpec(TimingParametersKeys.spec), AnySpec(AnimatorCallKeys.spec), AnySpec(LayerCallKeys.spec),
            AnySpec(ScrubDragKeys.spec),
            AnySpec(ScrubDragKeys.spec, at: AnimatorCallKeys.spec.schemaPath + ["properties", "drag"]),
            AnySpec(DynamicsTimelineKeys.spec), AnySpec(DragKeys.spec),
            AnySpec(ComponentKeys.spec), AnySpec(ControlKeys.spec),
        ] + BehaviorKeys.specs
    }

    /// The tables of docs/scene-format.md: marker, objects, and whether a "kind" column comes first.
    static var docTables: [(marker: String, specs: [AnySpec], kindColumn: Bool)] {
        [
            ("top", [AnySpec(RootKeys.spec)], false),
            ("canvas", [AnySpec(CanvasKeys.spec)], false),
            ("item", [AnySpec(ItemKeys.spec)], false),
            ("behaviors", BehaviorKeys.specs, true),
            ("mediaTiming", [AnySpec(MediaTimingKeys.spec)], false),
            ("shape", [AnySpec(ShapeKeys.spec)], false),
            ("output", [AnySpec(OutputKeys.spec)], false),
            ("touches", [AnySpec(TouchesKeys.spec)], false),
            ("frame", [AnySpec(FrameKeys.spec)], false),
            ("filter", [AnySpec(FilterKeys.spec), AnySpec(GaussianBlurKeys.spec)], true),
            ("backgroundEffect", [AnySpec(BackgroundEffectKeys.spec)], false),
            ("text", [AnySpec(TextKeys.spec)], false),
            ("font", [AnySpec(FontKeys.spec)], false),
            ("animations", AnimationKeys.docSpecs, true),
            ("viewAnimation", [AnySpec(ViewAnimationKeys.spec)], false),
            ("animator", [AnySpec(AnimatorKeys.spec)], false),
            ("layerCall", [AnySpec(LayerCallKeys.spec)], false),
            ("dynamicsTimeline", [AnySpec(DynamicsTimelineKeys.spec)], false),
            ("control", [AnySpec(ControlKeys.spec)], false),
            ("component", [AnySpec(ComponentKeys.spec)], false),
        ]
    }

    /// The call tables of docs/scene-format.md (`<!-- calls:<marker> -->`): one row per call.
    static var callTables: [(marker: String, calls: [CallDeclaration], arguments: AnySpec)] {
        [("animatorCall", AnimatorCallKeys.declarations, AnySpec(AnimatorCallKeys.spec))]
    }
}

/// The files generated from the key declarations: scenes/schema.json and the key tables of
/// docs/scene-format.md. `flipbook schema` writes them; a test fails when the committed ones differ.
public enum SceneFormatFiles {
    /// Paths relative to the repository root.
    public static let schemaPath = "scenes/schema.json"
    public static let docPath = "docs/scene-format.md"
    /// What to run when the committed files are stale.
    public static let command = "swift run flipbook schema"

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// The regenerated schema, from the committed one (whose hand-written parts are kept).
    public static func schema(from committed: String) throws -> String {
        guard let node = try JSONReader.parse(committed, file: schemaPath) else {
            throw Failure(description: "\(schemaPath) is empty")
        }
        return SchemaGenerator.regenerate(JSONValue(node)).printed
    }

    /// The regenerated format reference, from the committed one (prose kept, tables regenerated).
    public static func doc(from committed: String) throws -> String {
        do { return try DocTableGenerator.regenerate(committed) } catch {
            throw Failure(description: "\(error)")
        }
    }

    /// Each generated file under `root`: its path and its committed and regenerated text.
    public static func generated(root: URL) throws -> [(path: String, committed: String, generated: String)] {
        try [(schemaPath, schema(from:)), (docPath, doc(from:))].map { path, make in
            let url = root.appendingPathComponent(path)
            let committed: String
            do { committed = try String(contentsOf: url, encoding: .utf8) } catch {
                throw Failure(description: "\(url.path): cannot read: \(error.localizedDescription)")
            }
            return (path, committed, try make(committed))
        }
    }

    /// Writes every generated file that differs from the committed one (a temporary file, then a
    /// rename, so a reader never sees half a file); returns the paths written.
    @discardableResult
    public static func write(root: URL) throws -> [String] {
        var written: [String] = []
        for file in try generated(root: root) where file.generated != file.committed {
            let url = root.appendingPathComponent(file.path)
            let temporary = url.deletingLastPathComponent().appendingPathComponent(
                ".\(url.lastPathComponent).tmp-\(getpid())")
            try Data(file.generated.utf8).write(to: temporary)
            if rename(temporary.path, url.path) != 0 {
                try? FileManager.default.removeItem(at: temporary)
                throw Failure(description: "\(url.path): cannot replace (errno \(errno))")
            }
            written.append(file.path)
        }
        return written
    }
}
