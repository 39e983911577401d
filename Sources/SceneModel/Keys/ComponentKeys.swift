import SceneSyntax

// The declaration of `components.<name>`: its parameters and its item. Components are expanded
// on the located tree before decoding (`ComponentExpander`), so a definition is read into a draft
// that keeps the item's tree as written; an imported file's errors name that file (the decoder
// is made for it).

/// A component definition as written.
package struct ComponentDraft {
    package var parameters: [(name: String, value: SourceNode)] = []
    package var item: SourceNode?
}

package enum ComponentKeys {
    package static var spec: ObjectSpec<ComponentDraft> {
        ObjectSpec(
            name: "component", schemaPath: ["$defs", "component"], what: "a component",
            doc: "An item written once and used as many instances (`use:`).", prototype: ComponentDraft(),
            keys: [
                Key(
                    doc: KeyDoc(
                        name: "parameters", type: .other(docType: "mapping", schemaRef: nil),
                        doc:
                            "Parameter names and their default values: strings, colours, numbers or booleans; `null` (`~`) makes the argument required.",
                        defaultDoc: "none"),
                    decode: { d, node, at, component in
                        guard case .mapping(let list) = node.value else {
                            throw d.error(
                                at: node, at(),
                                "expected a mapping of parameter names to default values, found \(node.foundDescription)"
                            )
                        }
                        component.parameters = try list.map { p in
                            guard case .scalar = p.value.value else {
                                throw d.error(
                                    at: p.value, at() + "." + p.key,
                                    "expected a default value (a string, colour or number, or null for a required argument), found \(p.value.foundDescription)"
                                )
                            }
                            return (p.key, p.value)
                        }
                    }),
                Key(
                    doc: KeyDoc(
                        name: "item", type: .other(docType: "item mapping", schemaRef: "componentItem"),
                        required: "item: the component's item, without an id (the instance gives it)",
                        doc:
                            "The item the component stands for, with every item key except `id`; it may use other components in its `children` (no cycles, at most 16 deep)."
                    ),
                    decode: { d, node, at, component in
                        guard case .mapping = node.value else {
                            throw d.error(
                                at: node, at(), "expected an item as a mapping, found \(node.foundDescription)")
                        }
                        component.item = node
                    }),
            ])
    }
}
