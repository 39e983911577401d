import ArgumentParser
import Foundation
import SceneModel
import SceneSchema

/// `flipbook schema`: regenerates scenes/schema.json and the key tables of docs/scene-format.md
/// from the key declarations in SceneModel (Sources/SceneModel/Keys).
struct Schema: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Regenerate scenes/schema.json and the key tables of docs/scene-format.md.",
        discussion: """
            Both are generated from the scene key declarations (Sources/SceneModel/Keys); the parts \
            of the schema not yet declared and the prose of the reference are kept as written. \
            With --check, writes nothing and exits 1 when a committed file differs from its generated text.
            """)

    @Option(help: "The repository root (the folder holding scenes/ and docs/).")
    var root: String = "."

    @Flag(help: "Only report files that are out of date; exit 1 if any is.")
    var check = false

    func run() throws {
        let url = URL(fileURLWithPath: root)
        do {
            if check {
                let stale = try SceneFormatFiles.generated(root: url).filter { $0.generated != $0.committed }.map(
                    \.path)
                for path in stale { print("out of date: \(path)") }
                if !stale.isEmpty {
                    printError("generated files differ from the key declarations; run `\(SceneFormatFiles.command)`")
                    throw ExitCode(1)
                }
                print("ok: \(SceneFormatFiles.schemaPath) and \(SceneFormatFiles.docPath) match the key declarations")
                return
            }
            let written = try SceneFormatFiles.write(root: url)
            print(written.isEmpty ? "up to date" : written.map { "wrote \($0)" }.joined(separator: "\n"))
        } catch let error as SceneFormatFiles.Failure {
            printError(error.description)
            throw ExitCode(1)
        }
    }
}
