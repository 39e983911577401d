import Foundation
import Markup
import Testing

@testable import SceneLoading
@testable import SceneModel

/// File names and values come from users and from files users were sent: a message quotes them so
/// that what is on screen is what is in the file, and special files are named as such.
@Suite("Untrusted names in messages")
struct UntrustedNamesTests {
    @Test("invisible and bidi characters in a quoted value are escaped, so the terminal line is what the file holds")
    func invisibleValue() throws {
        // NUL, DEL, zero-width space and RIGHT-TO-LEFT OVERRIDE inside a scene name.
        let error = try #require(
            sceneError { try decodeYAML(header + "items: []\nname: \"a\\0b\\x7Fc\\u200Bd\\u202Eevil\"") })
        #expect(
            error.description
                == #"test.yaml:4:7: name: expected a name of letters, digits, '_' or '-' (it names the output folder), found 'a\u{0}b\u{7F}c\u{200B}d\u{202E}evil'"#
        )
        #expect(!error.description.unicodeScalars.contains { $0.value == 0x202E || $0.value == 0 || $0.value == 0x7F })
    }

    @Test("a file name with a bidi override is escaped wherever the message quotes it")
    func invisibleFileName() throws {
        let error = try #require(sceneError { try decodeYAML("canvas: 3", fileName: "evil\u{202E}lmay.yaml") })
        #expect(error.description.hasPrefix(#"evil\u{202E}lmay.yaml:"#), "\(error.description)")
        #expect(!error.description.unicodeScalars.contains("\u{202E}"))
    }

    @Test("escaping keeps letters of every script and emoji, and is idempotent")
    func escapingKeepsVisibleText() {
        let text = "Größe 大小 حجم 🎬 tab\there"
        #expect(text.visibleEscaped == #"Größe 大小 حجم 🎬 tab\there"#)
        #expect(text.visibleEscaped.visibleEscaped == text.visibleEscaped)
        #expect("\u{2066}x\u{2069}\u{FEFF}\u{2028}".visibleEscaped == #"\u{2066}x\u{2069}\u{FEFF}\u{2028}"#)
    }

    @Test("a FIFO given as a scene is named as one, not 'permission denied', and is never opened")
    func fifo() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "SceneModelTests-\(UUID().uuidString)"
        ).path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let pipe = folder + "/scene.yaml"
        try #require(mkfifo(pipe, 0o600) == 0)
        // Opening a FIFO for reading blocks until a writer comes: the test would hang if it were.
        let error = try #require(sceneError { try SceneLoader.load(path: pipe) })
        #expect(
            error.description
                == "\(pipe): is a FIFO (named pipe), not a regular file; expected a scene file (.yaml, .yml or .json) (save the scene to a file and pass that file's path)"
        )
        #expect(error.kind == .io)
        let device = try #require(sceneError { try SceneLoader.load(path: "/dev/null") })
        #expect(device.description.hasPrefix("/dev/null: is a character device, not a regular file"))
    }

    @Test(
        "a file named only an extension ('..yaml', '.yaml') gets a message about its name, unless the scene names itself"
    )
    func nameWithoutStem() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "SceneModelTests-\(UUID().uuidString)"
        ).path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let yaml = "canvas: { size: [10, 10] }\nitems: []\nduration: 1\n"
        let json = #"{"canvas": {"size": [10, 10]}, "items": [], "duration": 1}"#
        // Before: '..yaml' said "name: expected a name of letters, digits, '_' or '-' …, found '.'",
        // and '.yaml' "unsupported file no extension".
        for (name, text) in [("..yaml", yaml), (".yaml", yaml), ("...json", json)] {
            let path = folder + "/" + name
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            let error = try #require(sceneError { try SceneLoader.load(path: path) })
            #expect(
                error.description
                    == "\(path): the file name has nothing before its extension, so the scene has no default name (add a line such as name: my-scene, or name the file after the scene, as in my-scene.yaml)"
            )
        }
        let named = folder + "/..yaml"
        try Data(("name: dots\n" + yaml).utf8).write(to: URL(fileURLWithPath: named))
        #expect(try SceneLoader.load(path: named).name == "dots")
    }
}
