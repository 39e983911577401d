import Foundation

/// JSON string literals that are also safe inside an HTML `<script>` element or a server-sent
/// event: `<`, `>`, `&`, control characters and the JavaScript line separators are written as
/// `\u` escapes, so no user text (a scene name, an event, an error message) can close the element,
/// inject markup or split an event.
public enum JSONText {
    public static func quoted(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "<", ">", "&", "\u{2028}", "\u{2029}":
                out += String(format: "\\u%04x", scalar.value)
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    out += String(format: "\\u%04x", scalar.value)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
