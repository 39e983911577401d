/// A `clip-path` or `mask` that names a clip path or mask being read (directly, or through the
/// content of another) closes a cycle, which SVG calls an error: the document is drawn without
/// that one reference, as resvg draws it. The reference stays cut for the rest of the file
/// wherever its element is read again (resvg removes it from the document once, at the first
/// cycle found in document order), and a warning names it.
extension IconBuilder {
    /// `target` (the id the attribute `key` names on the element whose start event is `event`),
    /// or nil when that reference closes a cycle: `target` is being read, or is `reading` itself.
    func unbroken(_ target: String?, _ key: String, event: Int?, reading: String? = nil) -> String? {
        guard let target else { return nil }
        let link = event.map { "\($0) \(key)" }
        if let link, brokenReferences.contains(link) { return nil }
        guard target == reading || replaying.contains(target) else { return target }
        if let link { brokenReferences.insert(link) }
        warn("\(key)=\"url(#\(target))\" is used inside #\(target) itself, a cycle: drawn without it")
        return nil
    }
}
