import Geometry
import Testing

@testable import SceneLoading
@testable import SceneModel

/// Arithmetic in component placeholders: `"{width - 16}"`, `"{on ? 20 : 0}"`.
@Suite("Parameter arithmetic")
struct ParameterExpressionTests {
    static let bar = """
        components:
          bar:
            parameters: { width: 393, value: 0.5, on: true, title: Mail }
            item:
              size: ["{width}", 44]
              children:
                - { id: right, size: [20, 20], center: ["{width - 16}", 22] }
                - { id: thumb, size: [28, 28], center: ["{value * (width - 28) + 14}", 22] }
                - { id: knob, size: [27, 27], center: ["{on ? 20 + 15.5 : 15.5}", 22], opacity: "{on ? 1 : 0}" }
                - { id: "label-{width * 2}", size: [10, 20], center: [-2, 22] }

        """

    static func scene(_ arguments: String) throws -> Scene {
        try decodeYAML(
            header.replacingOccurrences(of: "[320, 568]", with: "[600, 568]") + Self.bar
                + "items:\n  - { id: b, use: bar, center: [200, 22], arguments: \(arguments) }\n")
    }

    @Test("numbers follow the arguments: a margin from the width, a thumb at its value, a conditional on a boolean")
    func evaluates() throws {
        let wide = try Self.scene("{}")
        #expect(wide.items[0].size == Size(393, 44))
        #expect(wide.items[0].children.map(\.center.x) == [377, 196.5, 35.5, -2])
        #expect(wide.items[0].children[2].opacity == 1)
        #expect(wide.items[0].children[3].id == "b.label-786")
        let narrow = try Self.scene("{ width: 320, value: 0.25, on: false }")
        #expect(narrow.items[0].children.map(\.center.x) == [304, 87, 15.5, -2])
        #expect(narrow.items[0].children[2].opacity == 0)
        #expect(narrow.items[0].children[3].id == "b.label-640")
    }

    @Test("precedence: * and / before + and -, left to right, unary minus, parentheses, nested conditions")
    func precedence() throws {
        func value(_ text: String, _ args: [String: Double] = [:]) throws -> Double {
            try ParameterExpression(text).evaluate { (name: String) throws(ParameterExpression.Failure) -> Double in
                guard let v = args[name] else { throw .unknownName(name) }
                return v
            }
        }
        #expect(try value("1 + 2 * 3") == 7)
        #expect(try value("(1 + 2) * 3") == 9)
        #expect(try value("10 - 4 - 3") == 3)
        #expect(try value("12 / 4 / 3") == 1)
        #expect(try value("-w / 2", ["w": 9]) == -4.5)
        #expect(try value("s - 1 ? 0 : 1", ["s": 1]) == 1)
        #expect(try value("s - 1 ? 0 : 1", ["s": 2]) == 0)
        #expect(try value("a ? b ? 1 : 2 : 3", ["a": 1, "b": 0]) == 2)
        #expect(ParameterExpression.format(196.5) == "196.5")
        #expect(ParameterExpression.format(-0.0) == "0")
        #expect(ParameterExpression.format(0.1 + 0.2) == "0.30000000000000004")
    }

    @Test("a bad expression names the placeholder, the component and what was expected, at the line of the text")
    func errors() throws {
        func message(_ expression: String, _ arguments: String = "{}") -> String? {
            sceneError {
                try decodeYAML(
                    header + Self.bar.replacingOccurrences(of: "{width - 16}", with: expression)
                        + "items:\n  - { id: b, use: bar, center: [200, 22], arguments: \(arguments) }\n")
            }?.description
        }
        #expect(
            message("{widht - 16}")
                == "test.yaml:9:49: components.bar.item.children[0].center[0]: in '{widht - 16}' of component 'bar': unknown parameter 'widht'; expected one of: width, value, on, title; in instance 'b' (test.yaml:14) of component 'bar' (did you mean 'width'?)"
        )
        #expect(
            message("{width - title}")?.contains(
                "in '{width - title}' of component 'bar': parameter title, string 'Mail', is not a number; arithmetic takes numbers and booleans"
            )
                == true)
        #expect(message("{width / 0}")?.contains("the value is not a finite number (a division by zero?)") == true)
        #expect(message("{width - }")?.contains("expected a value at the end") == true)
        #expect(message("{(width - 16}")?.contains("expected ')'") == true)
        #expect(
            message("{width % 2}")?.contains("expected a number, a parameter, + - * / ( ) or ? :, found '%'") == true)
        let deep = "{" + String(repeating: "(", count: 40) + "1" + String(repeating: ")", count: 40) + "}"
        #expect(message(deep)?.contains("expected at most 16 nested parentheses or conditions") == true)
    }
}
