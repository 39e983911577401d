/// The `<style>` sheets applied to the whole document in the first pass: each element's winning
/// declarations are written into its attributes under `sheetKey`, where the builder's cascade
/// (`IconBuilder.styled`) reads them under its `style=""`. So a sheet after the elements it
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
                sheetNotes.append(("the <style type=\"\(type.prefix(30))\"> is not CSS; its rules are ignored", s.line))
                continue
            }
            do {
                sheetNotes += try sheet.add(s.text).map { ($0, s.line) }
            } catch {
                sheetFailure = (error.message, s.line)
                return
            }
        }
        guard !sheet.rules.isEmpty else { return }
        let document = SheetTree.Document(references: self, tree: tree)
        var steps = 0
        var written: [(event: Int, css: String)] = []
        for ordinal in startEvents.indices {
            let cascaded = sheet.declarations(
                for: SheetTree.Node(document: document, ordinal: ordinal), steps: &steps, limit: Self.maxMatchSteps)
            guard steps < Self.maxMatchSteps else {
                sheetFailure = (
                    "matching the <style> sheet's selectors visits more than \(Self.maxMatchSteps) elements; expected simpler selectors or a shallower document",
                    sheets[0].line
                )
                return
            }
            guard !cascaded.isEmpty else { continue }
            let css = cascaded.keys.sorted().map { key in
                "\(key): \(cascaded[key]!.value)\(cascaded[key]!.important ? " !important" : "")"
            }
            written.append((startEvents[ordinal], css.joined(separator: "; ")))
        }
        for (event, css) in written {
            guard case .start(let element, var attributes, let line) = events[event] else { continue }
            attributes[Self.sheetKey] = css
            events[event] = .start(element: element, attributes: attributes, line: line)
        }
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
