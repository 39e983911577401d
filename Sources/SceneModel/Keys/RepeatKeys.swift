import Geometry
import SceneSyntax

// The declaration of `repeat:`, an entry of an item list that stands for many instances of one
// component (a list's rows). Like components, it is expanded on the located tree before decoding
// (`ComponentExpander`), so it is read into a draft that keeps each row's arguments as written.

/// A `repeat:` as written.
package struct RepeatDraft {
    package var count: Int?
    package var use = ""
    package var id = ""
    package var center: Point = .zero
    package var spacing: Point = .zero
    package var arguments: [SourceNode]?
}

package enum RepeatKeys {
    package static var spec: ObjectSpec<RepeatDraft> {
        ObjectSpec(
            name: "repeat", schemaPath: ["$defs", "repeat"], what: "a repeat",
            doc: "Many instances of one component, one after another: a list's rows.", prototype: RepeatDraft(),
            keys: [
                .string(
                    "use", \.use, required: "use: the component each row is an instance of",
                    doc: "The component every row is an instance of."),
                .string(
                    "id", \.id, required: "id: the rows' id, such as row (the rows are row-0, row-1, …)",
                    type: .other(docType: "string", schemaRef: "itemID"),
                    doc:
                        "The rows' ids are this id, a hyphen and the row's index from 0 (`row-0`, `row-1`, …): behaviours, animations and timelines name them, and `row-2.title` a row's child."
                ),
                .integer(
                    "count", \.count, range: .atLeast(1), noun: "a count",
                    doc: "How many rows.", defaultDoc: "the number of `arguments`"),
                .point(
                    "center", \.center, names: ("x", "y"), required: "center: [x, y], the first row's centre",
                    range: .finite, doc: "The first row's centre, as an item's `center`."),
                .point(
                    "spacing", \.spacing, names: ("dx", "dy"), range: .finite, unit: "pt",
                    doc: "From one row's centre to the next: `[0, 56]` stacks 56 pt rows down.",
                    defaultDoc: "`[0, 0]`"),
                .optional(
                    "arguments", \.arguments, docType: "list of mappings",
                    doc: "Each row's arguments for the component, in order; rows beyond the list keep the defaults.",
                    defaultDoc: "none",
                    read: { d, node, at in
                        try d.list(node, at: at).enumerated().map { k, row in
                            guard case .mapping = row.value else {
                                throw d.error(
                                    at: row, at + "[\(k)]",
                                    "expected a mapping of parameter names to values, found \(row.foundDescription)")
                            }
                            return row
                        }
                    }),
            ],
            structure: { d, f, path in
                if f["count"] == nil && f["arguments"] == nil {
                    throw d.error(
                        at: f.mark, path,
                        "missing key 'count'; expected count: the number of rows, or arguments: one mapping per row")
                }
            })
    }
}
