import SceneSyntax

// The declaration of an entry of `itemGroups:` (UIDynamicItemGroup).

enum ItemGroupKeys {
    static var spec: ObjectSpec<ItemGroupSpec> {
        ObjectSpec(
            name: "itemGroup", schemaPath: ["$defs", "itemGroup"], what: "an item group",
            doc:
                "`UIDynamicItemGroup`: items behaviours move as one rigid body. Name the group's id in a behaviour's `items` (or `item`) and the members keep their places relative to each other.",
            prototype: ItemGroupSpec(id: "", items: []),
            keys: [
                .string(
                    "id", \.id, required: "id: the group's id, named by behaviours",
                    type: .other(docType: "string", schemaRef: "itemID"),
                    doc: "The id behaviours name the group by.", rangeDoc: "unique among items and groups"),
                .custom(
                    "items", docType: "list of item ids", required: "items: the ids of the grouped items",
                    doc: "The members: top-level items or children (a door's panel and its handle).",
                    rangeDoc: "at least one; each in at most one group, and named by behaviours only through it",
                    decode: { d, node, at, group in group.items = try d.ids(node, at: at()) }),
            ])
    }
}
