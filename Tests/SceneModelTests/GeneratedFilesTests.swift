import Foundation
import Testing

@testable import SceneModel
@testable import SceneSchema
@testable import SceneSyntax

/// scenes/schema.json and the key tables of docs/scene-format.md are generated from the key
/// declarations (Sources/SceneModel/Keys); the committed files must be what the generator writes.
@Suite("Generated schema and key tables")
struct GeneratedFilesTests {
    @Test("the committed schema and format reference equal the ones generated from the key declarations")
    func committedFilesAreGenerated() throws {
        for file in try SceneFormatFiles.generated(root: repositoryRoot) {
            #expect(
                file.committed == file.generated,
                "\(file.path) differs from the key declarations; run `\(SceneFormatFiles.command)` and commit the result"
            )
        }
    }

    @Test("the JSON printer writes the committed schema back byte for byte")
    func printerRoundTrips() throws {
        let text = try String(
            contentsOf: repositoryRoot.appendingPathComponent(SceneFormatFiles.schemaPath), encoding: .utf8)
        let node = try #require(try JSONReader.parse(text, file: "schema.json"))
        #expect(JSONValue(node).printed == text)
    }

    @Test("a declared default is read from the Swift type, so the schema cannot disagree with the decoder")
    func defaultsComeFromTheSwiftType() {
        let opacity = AnySpec(ItemKeys.spec).keys.first { $0.doc.name == "opacity" }
        #expect(opacity?.defaultValue == .numberText("1"))
        let scale = AnySpec(CanvasKeys.spec).keys.first { $0.doc.name == "scale" }
        #expect(scale?.defaultValue == .numberText(format(SceneRules.defaultScale)))
        let fill = AnySpec(ItemKeys.spec).keys.first { $0.doc.name == "fill" }
        #expect(fill?.defaultValue == .string("#FFFFFF"))
    }

    @Test("a missing table marker in the format reference is an error naming the marker")
    func missingMarkerIsAnError() {
        #expect(throws: SceneFormatFiles.Failure.self) { try SceneFormatFiles.doc(from: "# Scene format\n") }
        do {
            _ = try SceneFormatFiles.doc(from: "no markers")
        } catch {
            #expect("\(error)" == "missing marker <!-- keys:top --> in docs/scene-format.md")
        }
    }

    @Test("a table is replaced between its markers and the prose around it is kept")
    func tableReplacedBetweenMarkers() throws {
        let doc =
            (SceneKeys.docTables.map {
                "intro \($0.marker)\n<!-- keys:\($0.marker) -->\nstale\n<!-- /keys:\($0.marker) -->\nafter"
            } + SceneKeys.callTables.map { "<!-- calls:\($0.marker) -->\nstale\n<!-- /calls:\($0.marker) -->" })
            .joined(separator: "\n")
        let out = try SceneFormatFiles.doc(from: doc)
        #expect(!out.contains("stale"))
        #expect(out.contains("intro canvas\n<!-- keys:canvas -->\n| key | type | default | range | meaning |\n"))
        #expect(out.contains("| `scale` | number | `2` | > 0, ≤ 8 | Pixels per point (UIKit screen scale). |\n"))
        #expect(out.contains("<!-- /keys:\(SceneKeys.docTables.last!.marker) -->\nafter"))
        #expect(
            out.contains(
                "| `finishAnimation` | `position` (required, `end`, `start`, `current`) | `finishAnimation(at:)` |\n"))
        #expect(
            out.contains(
                "| `addAnimations` | `changes` (required), `delayFactor` (default `0`, 0 … 1) | `addAnimations(_:delayFactor:)` |\n"
            ))
    }

    @Test(
        "the controls' oneOf and the drag of animator calls are generated: emptied in the committed schema, they come back"
    )
    func controlsAndAnimatorDragAreGenerated() throws {
        let text = try String(
            contentsOf: repositoryRoot.appendingPathComponent(SceneFormatFiles.schemaPath), encoding: .utf8)
        let committed = JSONValue(try #require(try JSONReader.parse(text, file: "schema.json")))
        let drag = AnimatorCallKeys.spec.schemaPath + ["properties", "drag"]
        // Stale contents in the committed places (the generator keeps a member's place, not its value).
        let emptied = committed.replacing(at: ["$defs", "control", "oneOf"], with: .array([]))
            .replacing(at: ["$defs", "control", "description"], with: .string("stale"))
            .replacing(at: drag + ["properties"], with: .object([JSONValue.Member]()))
            .replacing(at: drag + ["required"], with: .array([]))
        #expect(emptied.printed != text)
        #expect(SchemaGenerator.regenerate(emptied).printed == text)
        // The two forms of a control, each closed, with the keys it needs.
        let forms = try #require(SchemaGenerator.regenerate(emptied).value(at: ["$defs", "control", "oneOf"]))
        guard case .array(let alternatives) = forms else {
            Issue.record("oneOf is not a list: \(forms)")
            return
        }
        #expect(
            alternatives.map { $0.value(at: ["required"]) } == [
                .array([.string("value"), .string("range")]), .array([.string("color")]),
            ])
    }

    @Test("the animator calls' argument table and the decoder read the same declarations")
    func callTablesComeFromDeclarations() {
        #expect(AnimatorCallKeys.calls.count == 13)
        #expect(AnimatorCallKeys.takes["scrub"] == ["ramp", "drag"])
        #expect(AnimatorCallKeys.needs["addCompletion"]?.map(\.key) == ["name"])
        #expect(AnimatorCallKeys.needs["transition"]?.map(\.key) == ["item", "duration", "transition"])
        // Every argument a call takes is a declared key of the call object.
        let declared = Set(AnySpec(AnimatorCallKeys.spec).keys.map(\.doc.name))
        #expect(AnimatorCallKeys.declarations.allSatisfy { Set($0.takes).isSubset(of: declared) })
    }

    @Test("markdown becomes plain text in schema descriptions")
    func markdownToPlain() {
        #expect(
            SchemaGenerator.plain("`CALayer.isHidden`: **not** drawn, see [icons](#icons) or [0, 1]")
                == "CALayer.isHidden: not drawn, see icons or [0, 1]")
    }
}
