import Foundation
import Testing

@testable import SceneLoading
@testable import SceneModel
@testable import SceneSyntax

/// Every key the decoder reads is one a declaration names (Keys/): the decoder checks each read
/// in debug builds, and this suite decodes every scene file the repository has with a recorder.
@Suite("Declared key reads")
struct DeclaredKeyReadTests {
    /// Every scene file under scenes/, Examples/ and the test fixtures, valid or not.
    static var sceneFiles: [String] {
        let root = repositoryRoot.path
        var files: [String] = []
        for folder in ["scenes", "Examples", "Tests"] {
            let base = root + "/" + folder
            let names = (try? FileManager.default.subpathsOfDirectory(atPath: base)) ?? []
            for name in names.sorted()
            where SceneFileFormat(pathExtension: (name as NSString).pathExtension) != nil
                && !name.hasPrefix(".build") && !name.contains("/.build/") && !name.hasSuffix("schema.json")
            {
                files.append(base + "/" + name)
            }
        }
        return files
    }

    @Test("decoding every scene file of the repository reads only declared keys")
    func everySceneReadsDeclaredKeys() throws {
        let files = Self.sceneFiles
        #expect(files.count >= 50, "found \(files.count) scene files")
        let recorder = KeyReads.Recorder()
        var decoded = 0
        KeyReads.$recorder.withValue(recorder) {
            for file in files {
                if (try? SceneLoader.load(path: file)) != nil { decoded += 1 }
            }
        }
        #expect(decoded >= 30)
        #expect(recorder.undeclared.isEmpty, "\(recorder.undeclared)")
    }

    @Test("a read of a key its declaration does not name is recorded, naming the key path")
    func undeclaredReadIsRecorded() throws {
        let node = try #require(try JSONReader.parse(#"{"radius": 4}"#, file: "region.json"))
        let decoder = SceneDecoder(file: "region.json", format: .json)
        let recorder = KeyReads.Recorder()
        try KeyReads.$recorder.withValue(recorder) {
            let fields = try decoder.fields(node, at: "region", NestedKeys.region.declared)
            #expect(fields["radius"] != nil)
            #expect(fields["diameter"] == nil)
        }
        #expect(recorder.undeclared == ["region.diameter"])
    }

    @Test("image and gradient keys come from their declarations: an unknown one is an error naming them")
    func imageAndGradientKeysAreDeclared() throws {
        let gradient = sceneError {
            try SceneLoader.decode(
                ##"{"canvas": {"size": [10, 10]}, "duration": 1, "items": [{"id": "a", "size": [10, 10], "center": [5, 5], "fill": {"linear": {"colors": ["#000000"], "dithr": true}}}]}"##,
                fileName: "g.json", format: .json)
        }
        #expect(
            gradient?.description
                == "g.json:1:148: items[0].fill.linear.dithr: unknown key 'dithr'; expected one of: colors, locations, startPoint, endPoint, dither (did you mean 'dither'?)"
        )
        let image = sceneError {
            try SceneLoader.decode(
                #"{"canvas": {"size": [10, 10]}, "duration": 1, "items": [{"id": "a", "size": [10, 10], "center": [5, 5], "image": {"file": "x.png", "contentMod": "center"}}]}"#,
                fileName: "i.json", format: .json)
        }
        #expect(
            image?.description
                == "i.json:1:132: items[0].image.contentMod: unknown key 'contentMod'; expected one of: file, contentMode, contentsRect (did you mean 'contentMode'?)"
        )
        #expect(ImageKeys.spec.keyNames == ["file", "contentMode", "contentsRect"])
        #expect(GradientKeys.body.keyNames == ["colors", "locations", "startPoint", "endPoint", "dither"])
    }
}
