import Foundation
import Testing

@testable import SceneLoading
@testable import SceneModel
@testable import SceneSyntax

/// Each bad input reports exactly one error, on one line: file, line:column, key path, what was
/// wrong and what was expected.
@Suite("Errors in scene files")
struct SceneErrorTests {
    /// The one-line message for a fixture, decoded under its bare file name.
    private func message(_ fixture: String, sourceLocation: SourceLocation = #_sourceLocation) -> String {
        sceneError({ try Fixtures.decode(fixture) }, sourceLocation: sourceLocation)?.description ?? "<no SceneError>"
    }

    private func message(yaml: String, sourceLocation: SourceLocation = #_sourceLocation) -> String {
        sceneError({ try decodeYAML(yaml) }, sourceLocation: sourceLocation)?.description ?? "<no SceneError>"
    }

    private func message(json: String, sourceLocation: SourceLocation = #_sourceLocation) -> String {
        sceneError(
            { try SceneLoader.decode(json, fileName: "test.json", format: .json) },
            sourceLocation: sourceLocation)?.description ?? "<no SceneError>"
    }

    @Test("a YAML syntax error reports libyaml's problem at its line and column")
    func syntaxError() throws {
        let error = try #require(sceneError { try Fixtures.decode("syntax_error.yaml") })
        #expect(
            error.description
                == "syntax_error.yaml:4:8: invalid YAML: did not find expected ',' or ']', while parsing a flow sequence that starts at line 3, column 9"
        )
        #expect(error.kind == .syntax)
        #expect(error.line == 4 && error.column == 8 && error.keyPath == nil)
    }

    @Test("a value of the wrong type names the expected type and echoes what was found")
    func wrongType() throws {
        #expect(
            message("wrong_type.yaml")
                == "wrong_type.yaml:5:12: items[0].size[0]: expected a number, found string 'abc'")
    }

    @Test("an unknown key lists the allowed keys and suggests the closest one")
    func unknownKey() throws {
        let error = try #require(sceneError { try Fixtures.decode("unknown_key.yaml") })
        #expect(
            error.description
                == "unknown_key.yaml:7:5: items[0].cornerRadus: unknown key 'cornerRadus'; expected one of: id, size, center, rotation, scale, fill, cornerRadius, cornerCurve, maskedCorners, border, opacity, isHidden, z, kind, collisionBounds, masksToBounds, allowsGroupOpacity, shadow, filters, backgroundEffect, shape, icon, tintColor, image and 17 more (did you mean 'cornerRadius'?)"
        )
        #expect(error.suggestion == "did you mean 'cornerRadius'?")
    }

    @Test("an unknown behavior kind lists the kinds and suggests the closest one")
    func unknownBehavior() throws {
        #expect(
            message("unknown_behavior.yaml")
                == "unknown_behavior.yaml:6:5: behaviors[0]: unknown behavior 'snapp'; expected one of: snap, gravity, push, collision, attachment, itemBehavior, field, watcher, dampedResize, transformTween, transformNest, snapZones (did you mean 'snap'?)"
        )
    }

    @Test("a behavior naming an unknown item lists the ids and suggests the closest one")
    func unknownItem() throws {
        let error = try #require(sceneError { try Fixtures.decode("unknown_item.yaml") })
        #expect(
            error.description
                == "unknown_item.yaml:9:13: behaviors[0].snap.item: unknown item 'crad'; expected one of: card (did you mean 'card'?)"
        )
        #expect(
            error
                == SceneError(
                    file: "unknown_item.yaml", keyPath: "behaviors[0].snap.item", line: 9, column: 13,
                    message: "unknown item 'crad'; expected one of: card",
                    suggestion: "did you mean 'card'?", kind: .invalid))
    }

    @Test("a duplicate item id points at the second use and names the first")
    func duplicateID() throws {
        #expect(
            message("duplicate_id.yaml")
                == "duplicate_id.yaml:6:11: items[2].id: duplicate item id 'card', already used by items[0]; expected each id once"
        )
    }

    @Test("a negative size names the component and the bound")
    func negativeSize() throws {
        #expect(
            message("negative_size.yaml")
                == "negative_size.yaml:5:16: items[0].size[1]: expected a height greater than 0, found -10")
    }

    @Test("a zero size is rejected, in JSON too, at the zero's column")
    func zeroSize() throws {
        #expect(
            message("zero_size.json")
                == "zero_size.json:5:30: items[0].size[0]: expected a width greater than 0, found 0")
    }

    @Test("NaN is rejected in every spelling as not finite")
    func notANumber() throws {
        #expect(message("nan.yaml") == "nan.yaml:6:14: items[0].center[0]: expected a finite number, found .nan")
        #expect(
            message(yaml: header + "items: [{ id: a, size: [1, 1], center: [NaN, 0] }]")
                == "test.yaml:3:41: items[0].center[0]: expected a finite number, found NaN")
        #expect(
            message(json: #"{"canvas": {"size": [1, NaN]}, "duration": 1, "items": []}"#)
                == "test.json:1:25: invalid JSON: NaN is not a JSON value; expected a finite number")
    }

    @Test("infinity and numbers too large for a Double are rejected as not finite")
    func infinity() throws {
        #expect(message("infinity.json") == "infinity.json:3:15: duration: expected a finite number, found 1e999")
        #expect(
            message(yaml: "canvas: { size: [320, 568], scale: -.inf }\nduration: 1\nitems: []")
                == "test.yaml:1:36: canvas.scale: expected a finite number, found -.inf")
    }

    @Test("an empty file (or only comments) says what a scene needs")
    func emptyFile() throws {
        #expect(
            message("empty.yaml")
                == "empty.yaml: file is empty; expected a mapping with canvas, items and duration or until")
        #expect(
            message(json: " \n")
                == "test.json: file is empty; expected a mapping with canvas, items and duration or until")
        #expect(
            message(yaml: "---\n")
                == "test.yaml: file is empty; expected a mapping with canvas, items and duration or until")
    }

    @Test("a missing file is an io error that suggests a similarly named file")
    func missingFile() throws {
        let folder = try Fixtures.folder.path
        let typo = try #require(sceneError { try SceneLoader.load(path: folder + "/minimall.yaml") })
        #expect(typo.description == "\(folder)/minimall.yaml: no such file (did you mean '\(folder)/minimal.yaml'?)")
        #expect(typo.kind == .io)
        let otherExtension = try #require(sceneError { try SceneLoader.load(path: folder + "/zero_size.yaml") })
        #expect(
            otherExtension.description
                == "\(folder)/zero_size.yaml: no such file (did you mean '\(folder)/zero_size.json'?)")
        let unrelated = try #require(sceneError { try SceneLoader.load(path: folder + "/qqqqqqqq.yaml") })
        #expect(unrelated.description == "\(folder)/qqqqqqqq.yaml: no such file")
        let noFolder = try #require(sceneError { try SceneLoader.load(path: "no-such-folder/snap.yaml") })
        #expect(
            noFolder.description
                == "no-such-folder/snap.yaml: no such file (the folder 'no-such-folder' does not exist either)")
    }

    @Test("duration and until together are rejected at whichever comes second")
    func durationAndUntil() throws {
        #expect(
            message("both_lengths.yaml")
                == "both_lengths.yaml:4:1: until: 'duration' and 'until' are both given; expected exactly one: duration: <seconds> for a fixed length, or until: rest"
        )
        #expect(
            message(yaml: "canvas: { size: [1, 1] }\nitems: []")
                == "test.yaml:1:1: missing 'duration' or 'until'; expected exactly one: duration: <seconds> for a fixed length, or until: rest"
        )
    }

    @Test("fps outside 1...240 is rejected with the range")
    func fpsOutOfRange() throws {
        #expect(
            message("fps_out_of_range.yaml")
                == "fps_out_of_range.yaml:2:6: fps: expected an integer from 1 to 240, found 500")
        #expect(
            message(yaml: header + "items: []\nfps: 0")
                == "test.yaml:4:6: fps: expected an integer from 1 to 240, found 0")
        #expect(
            message(yaml: header + "items: []\nfps: 59.94")
                == "test.yaml:4:6: fps: expected an integer, found number 59.94")
    }
}

@Suite("More errors in scene files")
struct MoreSceneErrorTests {
    private func message(
        yaml: String, fileName: String = "test.yaml", sourceLocation: SourceLocation = #_sourceLocation
    ) -> String {
        sceneError({ try decodeYAML(yaml, fileName: fileName) }, sourceLocation: sourceLocation)?.description
            ?? "<no SceneError>"
    }

    private func message(json: String, sourceLocation: SourceLocation = #_sourceLocation) -> String {
        sceneError(
            { try SceneLoader.decode(json, fileName: "test.json", format: .json) },
            sourceLocation: sourceLocation)?.description ?? "<no SceneError>"
    }

    @Test(
        "an unquoted colour in YAML (a comment) is explained",
        arguments: [
            (
                "items: [{ id: a, size: [1, 1], center: [0, 0], fill: #FF9500 }]",
                "test.yaml:4:1: invalid YAML: did not find expected node content, while parsing a flow node that starts at line 4, column 1 (quote colours, as in fill: \"#FF9500\"; in YAML an unquoted # starts a comment)"
            ),
            (
                "items:\n  - id: a\n    size: [1, 1]\n    center: [0, 0]\n    fill: #FF9500",
                "test.yaml:7:10: items[0].fill: expected a colour '#RGB', '#RGBA', '#RRGGBB', '#RRGGBBAA' or a system colour such as systemBlue, found null (quote it, as in fill: \"#FF9500\"; in YAML an unquoted # starts a comment)"
            ),
        ])
    func unquotedColor(items: String, expected: String) throws {
        let actual = message(yaml: header + items)
        #expect(actual == expected)
    }

    @Test(
        "one bad value per rule, each with its own words",
        arguments: [
            (
                "items: [{ id: a, size: [1, 1], center: [0, 0], fill: orange }]",
                "test.yaml:3:54: items[0].fill: expected a colour '#RGB', '#RGBA', '#RRGGBB', '#RRGGBBAA' or a system colour such as systemBlue, found string 'orange'"
            ),
            (
                "items: [{ id: a, size: [1, 1], center: [0, 0], opacity: 1.5 }]",
                "test.yaml:3:57: items[0].opacity: expected an opacity from 0 to 1, found 1.5"
            ),
            (
                "items: [{ id: a, size: [1, 1], center: [0, 0], cornerRadius: -1 }]",
                "test.yaml:3:62: items[0].cornerRadius: expected a corner radius of at least 0, found -1"
            ),
            (
                "items: [{ id: a, size: [1, 1], center: [0, 0], border: { width: 0 } }]",
                "test.yaml:3:65: items[0].border.width: expected a border width greater than 0, found 0"
            ),
            (
                "items: [{ id: a, size: [1, 1], center: [0, 0], border: { color: \"#000\" } }]",
                "test.yaml:3:56: items[0].border: missing key 'width'; expected width: points, greater than 0"
            ),
            (
                "items: [{ id: 3d, size: [1, 1], center: [0, 0] }]",
                "test.yaml:3:15: items[0].id: expected an id of letters, digits, '_' or '-' that starts with a letter or '_', found '3d'"
            ),
            (
                "items: [{ id: a, size: [1, 1] }]",
                "test.yaml:3:9: items[0]: missing key 'center'; expected center: [x, y] in canvas points"
            ),
            (
                "items: [{ id: a, size: [1, 1, 1], center: [0, 0] }]",
                "test.yaml:3:24: items[0].size: expected [width, height], found a list of 3 values"
            ),
            (
                "items: [{ id: a, size: [\"60\", 1], center: [0, 0] }]",
                "test.yaml:3:25: items[0].size[0]: expected a number, found string '60'"
            ),
            (
                "items: [{ id: a, size: [1, 1], center: [0, 0], z: 1.5 }]",
                "test.yaml:3:51: items[0].z: expected an integer, found number 1.5"
            ),
            (
                "items: []\noutput: { frames: yes }",
                "test.yaml:4:19: output.frames: expected true or false, found string 'yes'"
            ),
            (
                "items: []\noutput: { video: mkv }",
                "test.yaml:4:18: output.video: expected one of: mp4, webm, mov, gif, apng, found string 'mkv' (did you mean 'mov'?)"
            ),
            (
                "items: []\noutput: { video: [mp4, none] }",
                "test.yaml:4:24: output.video[1]: expected one of: mp4, webm, mov, gif, apng, found string 'none'"
            ),
            (
                "items: []\nversion: 2",
                "test.yaml:4:10: version: unsupported scene format version 2; this version of Flipbook reads version 1"
            ),
            (
                "items: []\nmaxDuration: 3",
                "test.yaml:4:1: maxDuration: allowed only with 'until: rest', not with 'duration' (remove maxDuration, or replace duration with until: rest)"
            ),
            (
                "items: {}",
                "test.yaml:3:8: items: expected a list, found an empty mapping"
            ),
            (
                "items: []\nfps: 30\nfps: 60",
                "test.yaml:5:1: fps: duplicate key 'fps', first given at line 4; expected each key once"
            ),
            (
                "items: []\ncanvs: 1",
                "test.yaml:4:1: canvs: unknown key 'canvs'; expected one of: version, name, appearance, canvas, fps, duration, until, maxDuration, components, imports, items, itemGroups, behaviors, viewAnimations, animators, layerTimeline, dynamicsTimeline, output, controls, fonts, touches, $schema (did you mean 'canvas'?)"
            ),
            (
                "items: [{ id: a, size: [1, 1], center: [0, 0] }]\nbehaviors:\n  - snap: { item: a, to: [1, 1] }\n    gravity: { items: [a] }",
                "test.yaml:6:5: behaviors[0]: expected one behavior per list entry, found 'snap' and 'gravity' (start each behavior with its own '-')"
            ),
            (
                // Found by the render fuzzer: Box2D's mass of a group this wide asserted.
                "items: [{ id: a, size: [9, 9], center: [160, 0] }, { id: b, size: [9, 9], center: [1e7, 0] }]\nitemGroups: [{ id: g, items: [a, b] }]",
                "test.yaml:4:34: itemGroups[0].items[1]: 'b' is 9999840 pt from 'a'; expected the items of one group within 10000 pt of each other (the physics engine sums a group's mass in 32-bit floats)"
            ),
            (
                "items: [{ id: a, size: [1, 1], center: [0, 0] }]\nbehaviors: [{ snap: { item: a, to: [1, 1], damping: 2 } }]",
                "test.yaml:4:53: behaviors[0].snap.damping: expected a damping ratio from 0 to 1, found 2"
            ),
            (
                "items: [{ id: a, size: [1, 1], center: [0, 0] }]\nbehaviors: [{ gravity: { items: [a, a] } }]",
                "test.yaml:4:37: behaviors[0].gravity.items[1]: item 'a' is already listed at items[0]; expected each item once"
            ),
            (
                "items: []\nbehaviors: [{ gravity: { items: [ghost] } }]",
                "test.yaml:4:34: behaviors[0].gravity.items[0]: unknown item 'ghost'; the scene has no items"
            ),
            (
                "items: []\nbehaviors: [snap]",
                "test.yaml:4:13: behaviors[0]: expected a behavior such as snap: { item: card, to: [x, y] } or gravity: { items: [card] }, found string 'snap'"
            ),
        ])
    func rule(lines: String, expected: String) throws {
        let actual = message(yaml: header + lines)
        #expect(actual == expected)
    }

    @Test("canvas limits: scale in (0, 8] and at most 16384 pixels a side")
    func canvasLimits() throws {
        #expect(
            message(yaml: "canvas: { size: [320, 568], scale: 0 }\nduration: 1\nitems: []")
                == "test.yaml:1:36: canvas.scale: expected a scale greater than 0 and at most 8, found 0")
        #expect(
            message(yaml: "canvas: { size: [9000, 568] }\nduration: 1\nitems: []")
                == "test.yaml:1:17: canvas.size: 9000x568 pt at scale 2 is 18000x1136 px; expected at most 16384 px per side (lower canvas.scale or the size)"
        )
        // The same canvas at scale 1 fits.
        #expect(throws: Never.self) {
            try decodeYAML("canvas: { size: [9000, 568], scale: 1 }\nduration: 1\nitems: []")
        }
    }

    @Test("duration must be positive and at most an hour; until must be 'rest'")
    func lengthRules() throws {
        #expect(
            message(yaml: "canvas: { size: [1, 1] }\nduration: 0\nitems: []")
                == "test.yaml:2:11: duration: expected seconds greater than 0 and at most 3600, found 0")
        #expect(
            message(yaml: "canvas: { size: [1, 1] }\nuntil: rest\nmaxDuration: 7200\nitems: []")
                == "test.yaml:3:14: maxDuration: expected seconds greater than 0 and at most 3600, found 7200")
        #expect(
            message(yaml: "canvas: { size: [1, 1] }\nuntil: reset\nitems: []")
                == "test.yaml:2:8: until: expected 'rest', found string 'reset' (did you mean 'rest'?)")
    }

    @Test("the scene name must be a safe folder name, also when it comes from the file name")
    func names() throws {
        #expect(
            message(yaml: header + "items: []\nname: my scene")
                == "test.yaml:4:7: name: expected a name of letters, digits, '_' or '-' (it names the output folder), found 'my scene'"
        )
        #expect(
            message(yaml: header + "items: []", fileName: "scenes/my scene.yaml")
                == "scenes/my scene.yaml: name: expected a name of letters, digits, '_' or '-' (it names the output folder), found 'my scene' (the name defaults to the file name; add a line such as name: my_scene)"
        )
    }

    @Test(
        "YAML that is not one mapping is rejected",
        arguments: [
            (
                "- 1\n- 2",
                "test.yaml:1:1: expected a mapping with canvas, items and duration or until at the top level, found a list"
            ),
            (
                header + "items: []\n---\nname: b",
                "test.yaml:4:1: invalid YAML: found a second document; expected one scene per file"
            ),
            (
                header + "items:\n  - id: a\n\t size: [1, 1]",
                "test.yaml:5:1: invalid YAML: found a tab character that violates indentation, while scanning a plain scalar that starts at line 4, column 9 (indent with spaces; YAML does not allow tabs for indentation)"
            ),
            (
                header + "items:\n  - &a { id: a, size: [1, 1], center: [0, 0] }\n  - { <<: *a, id: b }",
                "test.yaml:5:7: items[1].<<: unknown key '<<'; expected one of: id, size, center, rotation, scale, fill, cornerRadius, cornerCurve, maskedCorners, border, opacity, isHidden, z, kind, collisionBounds, masksToBounds, allowsGroupOpacity, shadow, filters, backgroundEffect, shape, icon, tintColor, image and 17 more (YAML merge keys are not supported; write the keys out)"
            ),
        ])
    func notOneMapping(yaml: String, expected: String) throws {
        let actual = message(yaml: yaml)
        #expect(actual == expected)
    }

    @Test(
        "JSON must be strict JSON, with the line and column of the problem",
        arguments: [
            (
                #"{"canvas": {"size": [1, 2],}, "duration": 1, "items": []}"#,
                "test.json:1:28: invalid JSON: trailing comma before '}'; JSON does not allow one"
            ),
            (
                #"{"canvas": {"size": [1, 2]}, "duration": 1, "items": [1,]}"#,
                "test.json:1:57: invalid JSON: trailing comma before ']'; JSON does not allow one"
            ),
            (
                "{\"canvas\": {'size': [1, 2]}}",
                "test.json:1:13: invalid JSON: expected a key in double quotes, found '''"
            ),
            (
                "{\"canvas\": {\"size\": [1, 2]}\n \"duration\": 1}",
                "test.json:2:2: invalid JSON: expected ',' or '}' after a value, found '\"'"
            ),
            (#"{"canvas": {"size": [01, 2]}}"#, "test.json:1:22: invalid JSON: numbers may not have leading zeros"),
            (
                #"{"canvas": {"size": [1, 2]}} // note"#,
                "test.json:1:30: invalid JSON: unexpected '/' after the top-level value; expected the end of the file"
            ),
            (
                #"{"name": "a\qb"}"#,
                "test.json:1:12: invalid JSON: invalid escape '\\q'; expected one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX"
            ),
            ("{\"name\": \"a", "test.json:1:12: invalid JSON: unterminated string (it starts at line 1, column 10)"),
            (
                #"{"canvas": {"size": [1, 2]}, "duration": 1, "items": [], "name": "x\ud800"}"#,
                "test.json:1:68: invalid JSON: unpaired surrogate escape \\uD800"
            ),
            (
                "[1, 2",
                "test.json:1:6: invalid JSON: unexpected end of file; expected ',' or ']' (the list starts at line 1, column 1)"
            ),
            (
                #"{"canvas": yes}"#,
                "test.json:1:12: invalid JSON: unexpected word 'yes'; expected a value (strings need double quotes)"
            ),
        ])
    func strictJSON(json: String, expected: String) throws {
        let error = try #require(sceneError { try SceneLoader.decode(json, fileName: "test.json", format: .json) })
        #expect(error.description == expected)
        #expect(error.kind == .syntax)
    }

    @Test("JSON duplicate keys are rejected like YAML ones")
    func jsonDuplicateKeys() throws {
        #expect(
            message(json: "{\"canvas\": {\"size\": [1, 2]},\n \"duration\": 1, \"items\": [], \"duration\": 2}")
                == "test.json:2:30: duration: duplicate key 'duration', first given at line 2; expected each key once")
    }

    @Test("every message is one line, even when it quotes text with line breaks")
    func oneLineMessages() throws {
        let error = try #require(sceneError { try decodeYAML(header + "items: []\nname: \"two\\nlines\"") })
        #expect(
            error.description
                == #"test.yaml:4:7: name: expected a name of letters, digits, '_' or '-' (it names the output folder), found 'two\nlines'"#
        )
        #expect(!error.description.contains("\n"))
        let long = String(repeating: "x", count: 100)
        let truncated = try #require(sceneError { try decodeYAML(header + "items: []\noutput: { video: \(long) }") })
        #expect(
            truncated.description
                == "test.yaml:4:18: output.video: expected one of: mp4, webm, mov, gif, apng, found string '\(String(repeating: "x", count: 40))…'"
        )
    }

    @Test("a folder, a file of another kind and a file that is not UTF-8 are io errors")
    func ioErrors() throws {
        let folder = try Fixtures.folder.path
        #expect(
            sceneError { try SceneLoader.load(path: folder) }?.description
                == "\(folder): is a folder; expected a scene file (.yaml, .yml or .json)")
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("SceneModelTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let txt = dir.appendingPathComponent("scene.txt").path
        try Data("canvas: {}".utf8).write(to: URL(fileURLWithPath: txt))
        #expect(
            sceneError { try SceneLoader.load(path: txt) }?.description
                == "\(txt): unsupported file extension '.txt'; expected .yaml, .yml or .json")
        let latin1 = dir.appendingPathComponent("latin1.yaml").path
        try Data([0x6E, 0x61, 0x6D, 0x65, 0x3A, 0x20, 0xFF, 0x0A]).write(to: URL(fileURLWithPath: latin1))
        let error = try #require(sceneError { try SceneLoader.load(path: latin1) })
        #expect(error.description == "\(latin1): file is not UTF-8 text; expected a UTF-8 encoded scene file")
        #expect(error.kind == .io)
    }
}
