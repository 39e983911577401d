/// The `<style>` sheets applied to the whole document in the first pass: each element's winning
/// declarations are named in its attributes under `sheetKey` (a token for its list of winners,
/// shared by the elements with the same list: a declaration's value is stored once, however
/// many elements it styles), where the builder's cascade (`IconBuilder.styled`) reads them under
/// its `style=""`. So a sheet after the elements it
/// styles reaches them (CSS styles the document, not what was parsed before it), and a `<use>`
/// copies an element with the rules that match it where it stands, as SVG says.
extension SVGReferences {
    /// The attribute that carries the sheet's declarations: a name no XML attribute can have (a
    /// space), with a colon, so every attribute check passes over it as it passes over namespaced
    /// attributes.
    static let sheetKey = "css: sheet"
    /// Neighbours visited while matching every selector against every element: 1,000 rules over
    /// 10,000 elements visit far fewer unless a sheet chains descendant combinators over a deep
    /// tree, which is refused.
    static let maxMatchSteps = 5_000_000

    /// Reads `sheets` (text, line, type) in order and writes each element's declarations.
    mutating func applySheets(_ sheets: [(text: String, line: Int, type: String?)], tree: SheetTree) {
        var sheet = SVGStyleSheet()
        for s in sheets {
            // SVG: a sheet of another language is not CSS, and a renderer passes over it.
            if let type = s.type?.trimmingWhitespace, !type.isEmpty, type != "text/css" {
                notes.append(("the <style type=\"\(type.prefix(30))\"> is not CSS; its rules are ignored", s.line))
                continue
            }
            do {
                notes += try sheet.add(s.text).map { ($0, s.line) }
            } catch {
                sheetFailure = (error.message, s.line)
                return
            }
        }
        guard !sheet.rules.isEmpty else { return }
        let document = SheetTree.Document(references: self, tree: tree)
        var steps = 0
        var tokens: [[Int]: Int] = [:]
        var written: [(event: Int, token: Int)] = []
        for ordinal in startEvents.indices {
            let winners = sheet.winners(
                for: SheetTree.Node(document: document, ordinal: ordinal), steps: &steps, limit: Self.maxMatchSteps)
            guard steps < Self.maxMatchSteps else {
                sheetFailure = (
                    "matching the <style> sheet's selectors visits more than \(Self.maxMatchSteps) elements; expected simpler selectors or a shallower document",
                    sheets[0].line
                )
                return
            }
            guard !winners.isEmpty else { continue }
            // Elements with the same winners share one entry.
            let token = tokens[winners] ?? cascades.count
            if token == cascades.count {
                tokens[winners] = token
                cascades.append(winners)
            }
            written.append((startEvents[ordinal], token))
        }
        sheetDeclarations = sheet.declarations
        for (event, token) in written {
            guard case .start(let element, var attributes, let line) = events[event] else { continue }
            attributes[Self.sheetKey] = String(token)
            events[event] = .start(element: element, attributes: attributes, line: line)
        }
    }

    /// The sheet's declarations for an element whose `sheetKey` attribute is `token`, in order.
    func sheetDeclarations(_ token: String) -> [SVGStyleSheet.Declaration] {
        guard let k = Int(token), cascades.indices.contains(k) else { return [] }
        return cascades[k].map { sheetDeclarations[$0] }
    }
}

/// The document as a tree for matching selectors: each element's parent and previous sibling
/// (by ordinal, its place among the elements' starts).
struct SheetTree {
    var parents: [Int?] = []
    var previous: [Int?] = []

    final class Document {
        let names: [String]
        let attributes: [[String: String]]
        let tree: SheetTree

        init(references: SVGReferences, tree: SheetTree) {
            var names: [String] = []
            var attributes: [[String: String]] = []
            for event in references.startEvents {
                guard case .start(let name, let a, _) = references.events[event] else { continue }
                names.append(name)
                attributes.append(a)
            }
            (self.names, self.attributes, self.tree) = (names, attributes, tree)
        }
    }

    struct Node: SVGSelector.Element {
        let document: Document
        let ordinal: Int

        var name: String { document.names[ordinal] }
        var attributes: [String: String] { document.attributes[ordinal] }
        var parent: Node? { document.tree.parents[ordinal].map { Node(document: document, ordinal: $0) } }
        var previousSibling: Node? {
            document.tree.previous[ordinal].map { Node(document: document, ordinal: $0) }
        }
    }
}
