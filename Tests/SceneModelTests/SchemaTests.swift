import Foundation
import Testing

@testable import SceneLoading
@testable import SceneModel
@testable import SceneSyntax

/// scenes/schema.json and the Swift decoder judge scene files alike. Runs
/// Tests/Tools/validate_schema.py, which needs python3 with PyYAML and jsonschema
/// (`make deps` installs them; or: python3 -m pip install pyyaml jsonschema).
@Suite("The JSON Schema agrees with the decoder")
struct SchemaTests {
    static let schema = repositoryRoot.appendingPathComponent("scenes/schema.json").path
    static let script = repositoryRoot.appendingPathComponent("Tests/Tools/validate_schema.py").path

    /// Fixtures the schema cannot reject although the decoder does: rules JSON Schema cannot
    /// express (uniqueness of ids across items, references between behaviours and items).
    static let beyondTheSchema: Set<String> = ["controls_unknown.yaml", "unknown_item.yaml", "duplicate_id.yaml"]

    /// Runs the validator on `files`; returns its exit status and output lines.
    private func validate(_ files: [String]) throws -> (status: Int32, lines: [String]) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Self.script, Self.schema] + files
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // Read before waiting, so a full pipe cannot stall the child.
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let status = process.terminationStatus
        let stderr = String(decoding: err, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        try #require(
            status != 127,
            "python3 was not found on PATH; run `make deps` (or install Python 3, then: python3 -m pip install pyyaml jsonschema)"
        )
        try #require(status != 2, "validate_schema.py could not run (try `make deps`): \(stderr)")
        let lines = String(decoding: out, as: UTF8.self).split(separator: "\n").map(String.init)
        return (status, lines)
    }

    @Test("every bundled scene in scenes/ is valid under the schema")
    func bundledScenesAreValid() throws {
        let folder = repositoryRoot.appendingPathComponent("scenes")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter {
                $0 != "schema.json" && !$0.hasPrefix(".")
                    && SceneFileFormat(pathExtension: ($0 as NSString).pathExtension) != nil
            }
            .sorted()
            .map { folder.appendingPathComponent($0).path }
        try #require(!files.isEmpty, "no scenes found in \(folder.path)")
        for file in files { _ = try SceneLoader.load(path: file) }
        let result = try validate(files)
        #expect(result.status == 0, "schema rejects bundled scenes:\n\(result.lines.joined(separator: "\n"))")
    }

    @Test("the schema accepts exactly the fixtures the decoder accepts, except rules it cannot express")
    func fixturesAgree() throws {
        let folder = try Fixtures.folder
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        let paths = names.map { folder.appendingPathComponent($0).path }
        let result = try validate(paths)
        for (name, path) in zip(names, paths) {
            let schemaRejects = result.lines.contains { $0.hasPrefix(path + ": ") }
            let decoderRejects = (try? SceneLoader.load(path: path)) == nil
            if Self.beyondTheSchema.contains(name) {
                #expect(decoderRejects && !schemaRejects, "\(name) should pass the schema but not the decoder")
            } else {
                #expect(
                    schemaRejects == decoderRejects,
                    "\(name): decoder \(decoderRejects ? "rejects" : "accepts"), schema \(schemaRejects ? "rejects" : "accepts")"
                )
            }
        }
        // The bad fixtures really are bad, so the agreement above is not vacuous.
        #expect(
            result.lines.contains {
                $0.hasPrefix(folder.appendingPathComponent("unknown_key.yaml").path + ": items[0]")
            })
        #expect(
            result.lines.contains {
                $0.hasPrefix(
                    folder.appendingPathComponent("nan.yaml").path + ": items[0].center[0]: expected a finite number")
            })
        #expect(
            result.lines.contains {
                $0.hasPrefix(
                    folder.appendingPathComponent("infinity.json").path + ": duration: expected a finite number")
            })
    }
}
