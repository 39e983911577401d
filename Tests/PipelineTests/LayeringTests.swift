import Foundation
import TestSupport
import Testing

/// The layering rule stated in Package.swift: the model and timing never import the rasterizer,
/// PNG or export. Checked on the sources' `import` lines and on the targets' dependency lists.
@Suite("Layering")
struct LayeringTests {
    /// Modules below the pixels, and what they must never import.
    static let modelModules = [
        "Geometry", "Colors", "VideoFormats", "Timing", "Icons", "SceneSyntax", "SceneModel", "SceneSchema",
        "SceneLoading",
    ]
    static let forbidden: Set<String> = ["Raster", "CRasterKernels", "PNG", "CPNG", "Export", "Pipeline", "FileSystem"]

    static func imports(of module: String) throws -> [(file: String, module: String)] {
        let folder = repositoryRoot + "/Sources/" + module
        var found: [(String, String)] = []
        // Every Swift file of the module, in its subfolders too (SceneModel/Keys, …).
        let names = try FileManager.default.subpathsOfDirectory(atPath: folder).sorted()
        for name in names where name.hasSuffix(".swift") {
            let text = try String(contentsOfFile: folder + "/" + name, encoding: .utf8)
            for line in text.split(separator: "\n") {
                let words = line.split(separator: " ")
                guard let k = words.firstIndex(of: "import"), k + 1 < words.count,
                    words[..<k].allSatisfy({ $0.hasPrefix("@") })
                else { continue }
                found.append((module + "/" + name, String(words[k + 1])))
            }
        }
        return found
    }

    @Test("the model and timing modules import neither the rasterizer, PNG, export nor the pipeline")
    func sourcesImportNoPixelModule() throws {
        for module in Self.modelModules {
            let bad = try Self.imports(of: module).filter { Self.forbidden.contains($0.module) }
            #expect(bad.isEmpty, "\(bad.map { "\($0.file) imports \($0.module)" })")
        }
    }

    @Test("Package.swift lists none of those modules among the model and timing targets' dependencies")
    func manifestDependencies() throws {
        let manifest = try String(contentsOfFile: repositoryRoot + "/Package.swift", encoding: .utf8)
        for module in Self.modelModules {
            // Any whitespace between `.target(` and `name:` (the formatter breaks long declarations).
            guard let start = manifest.firstRange(of: try Regex(#"\.target\(\s*name: ""# + module + #"""#)) else {
                Issue.record("no target \(module) in Package.swift")
                continue
            }
            // The declaration runs to the next target.
            let rest = manifest[start.upperBound...]
            let end = rest.range(of: ".target(")?.lowerBound ?? rest.endIndex
            let declaration = rest[..<end]
            for name in Self.forbidden {
                #expect(!declaration.contains("\"\(name)\""), "\(module) depends on \(name)")
            }
        }
    }

    @Test(
        "the leaf modules Colors, VideoFormats and FileSystem import nothing of this package but Geometry (a gradient's points)"
    )
    func leavesStayLeaves() throws {
        for module in ["Colors", "VideoFormats", "FileSystem"] {
            let allowed =
                ["Foundation", "Glibc", "Musl", "Darwin", "Synchronization"] + (module == "Colors" ? ["Geometry"] : [])
            let own = try Self.imports(of: module).filter { !allowed.contains($0.module) }
            #expect(own.isEmpty, "\(own.map { "\($0.file) imports \($0.module)" })")
        }
    }

    /// The package targets a target's declaration in Package.swift lists (`.product` entries and
    /// other packages' names are not targets here and end the walk).
    static func dependencies(of target: String, in manifest: String) throws -> [String] {
        guard let start = manifest.firstRange(of: try Regex(#"\.target\(\s*name: ""# + target + #"""#)) else {
            return []
        }
        let rest = manifest[start.upperBound...]
        let declaration = rest[..<(rest.range(of: ".target(")?.lowerBound ?? rest.endIndex)]
        guard let open = declaration.range(of: "dependencies: ["),
            let close = declaration[open.upperBound...].firstIndex(of: "]")
        else { return [] }
        return declaration[open.upperBound..<close].matches(of: #/"([A-Za-z]+)"/#).map { String($0.output.1) }
    }

    /// Every package target `target` depends on, directly or not.
    static func closure(of target: String, in manifest: String) throws -> Set<String> {
        var seen: Set<String> = []
        var pending = [target]
        while let next = pending.popLast() {
            for d in try dependencies(of: next, in: manifest) where seen.insert(d).inserted { pending.append(d) }
        }
        return seen
    }

    @Test("nothing the scene model or timing depends on, directly or not, is the rasterizer, export or the pipeline")
    func closuresReachNoPixelModule() throws {
        let manifest = try String(contentsOfFile: repositoryRoot + "/Package.swift", encoding: .utf8)
        let sceneModel = try Self.closure(of: "SceneModel", in: manifest)
        // The closure is walked for real: the model's own dependencies and theirs are in it.
        #expect(sceneModel.isSuperset(of: ["Images", "Icons", "Timing", "Colors", "Geometry", "Determinism"]))
        for module in Self.modelModules {
            let reached = try Self.closure(of: module, in: manifest)
            // Decoding image files (`image:`) reads PNG through libpng: the PNG module's reader,
            // reached through Images alone; its writer side is never called from the model.
            let reader: Set<String> = reached.contains("Images") ? ["PNG", "CPNG", "FileSystem"] : []
            let bad = reached.intersection(Self.forbidden.subtracting(reader))
            #expect(bad.isEmpty, "\(module) reaches \(bad.sorted())")
        }
        // And the PNG reader comes in only through Images (directly, or through Icons' embedded
        // pictures): a dependency that does not reach Images reaches nothing forbidden.
        for d in try Self.dependencies(of: "SceneModel", in: manifest) where d != "Images" {
            let reached = try Self.closure(of: d, in: manifest).union([d])
            let reader: Set<String> = reached.contains("Images") ? ["PNG", "CPNG", "FileSystem"] : []
            let bad = reached.intersection(Self.forbidden.subtracting(reader))
            #expect(bad.isEmpty, "\(d) reaches \(bad.sorted())")
        }
    }

    /// The scene modules in their layers, each with the scene modules it may import: the text's
    /// syntax at the bottom, the model on it, and the schema and the loading side by side on top.
    static let sceneLayers: [(module: String, mayImport: Set<String>)] = [
        ("SceneSyntax", []),
        ("SceneModel", ["SceneSyntax"]),
        ("SceneSchema", ["SceneSyntax", "SceneModel"]),
        ("SceneLoading", ["SceneSyntax", "SceneModel"]),
    ]

    @Test("each scene module imports only the scene modules below it")
    func sceneModulesKeepTheirLayers() throws {
        let sceneModules = Set(Self.sceneLayers.map(\.module))
        for (module, mayImport) in Self.sceneLayers {
            let imported = Set(try Self.imports(of: module).map(\.module)).intersection(sceneModules)
            #expect(imported.isSubset(of: mayImport), "\(module) imports \(imported.subtracting(mayImport).sorted())")
        }
        // The rule is checked against real imports: the model does import the syntax.
        #expect(try Self.imports(of: "SceneModel").contains { $0.module == "SceneSyntax" })
    }
}
