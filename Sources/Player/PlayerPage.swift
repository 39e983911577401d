import Foundation
import Markup

/// The player page of one render: `index.html` in the frames folder, one self-contained file
/// (its CSS, script and data inline) that works from `file://` with no server and no network,
/// and shows the PNG frames beside it by their relative names.
///
/// The page is deterministic: the same render gives the same bytes (no dates, no absolute paths),
/// so it can sit in a golden folder or a documentation site without churning.
public enum PlayerPage {
    /// The page's name inside the frames folder.
    public static let fileName = "index.html"

    /// The complete page for `data`.
    public static func html(for data: PlayerData) throws -> String {
        let template = try resource("player", "html")
        let parts: [String: String] = [
            "/*{{CSS}}*/": try resource("player", "css"),
            "{{TITLE}}": data.sceneName.xmlEscaped,
            "/*{{DATA}}*/": json(for: data),
            "/*{{SCRIPT}}*/": try resource("player", "js"),
        ]
        return substituting(parts, in: template)
    }

    /// Replaces each marker in one pass over the template, so text inserted for one marker (a
    /// scene named `{{TITLE}}`, say) is never itself searched for markers.
    static func substituting(_ parts: [String: String], in template: String) -> String {
        var out = ""
        var rest = template[...]
        while let open = rest.firstIndex(where: { $0 == "{" || $0 == "/" }) {
            out += rest[..<open]
            let tail = rest[open...]
            if let marker = parts.keys.first(where: { tail.hasPrefix($0) }), let text = parts[marker] {
                out += text
                rest = tail.dropFirst(marker.count)
            } else {
                out.append(tail[tail.startIndex])
                rest = tail.dropFirst()
            }
        }
        return out + rest
    }

    /// The data as a JSON object whose text can sit inside a `<script>` element: `<`, `>`, `&`
    /// and the JavaScript line separators are written as `\u` escapes, so no scene name or event
    /// text can close the element or inject markup.
    static func json(for data: PlayerData) -> String {
        var out = "{"
        out += "\"scene\":\(JSONText.quoted(data.sceneName)),\"fps\":\(data.fps),"
        out += "\"width\":\(data.pixelWidth),\"height\":\(data.pixelHeight),\"scale\":\(number(data.scale)),"
        out += "\"firstFrame\":\(data.firstFrame),\"frameCount\":\(data.frameCount),"
        out += "\"columns\":[" + data.columns.map(JSONText.quoted).joined(separator: ",") + "],"
        out += "\"decimals\":[" + data.decimals.map(String.init).joined(separator: ",") + "],"
        out +=
            "\"items\":["
            + data.items.map { item in
                "{\"id\":\(JSONText.quoted(item.id)),\"series\":["
                    + item.series.map { series in
                        "[" + series.map { $0 ?? "null" }.joined(separator: ",") + "]"
                    }.joined(separator: ",") + "]}"
            }.joined(separator: ",\n") + "],"
        out +=
            "\"events\":["
            + data.events.map { event in
                "{\"tick\":\(event.tick),\"text\":\(JSONText.quoted(event.text)),\"kind\":\(JSONText.quoted(event.kind))}"
            }.joined(separator: ",\n") + "],"
        out += "\"omitted\":" + (data.omitted.map(JSONText.quoted) ?? "null")
        return out + "}"
    }

    static func number(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v)
    }

    static func resource(_ name: String, _ ext: String) throws -> String {
        guard let url = Bundle.module.url(forResource: name, withExtension: ext, subdirectory: "Resources"),
            let text = try? String(contentsOf: url, encoding: .utf8)
        else {
            throw PlayerError.missingResource("\(name).\(ext)")
        }
        return text
    }

    /// Writes the page for a finished render into its frames folder, under a temporary name
    /// renamed into place, so a reader never sees half a page. Returns the page's path.
    @discardableResult
    public static func write(
        _ data: PlayerData, toFolder folder: String,
        writer: (String, String) throws -> Void
    ) throws -> String {
        let path = (folder as NSString).appendingPathComponent(fileName)
        try writer(try html(for: data), path)
        return path
    }
}
