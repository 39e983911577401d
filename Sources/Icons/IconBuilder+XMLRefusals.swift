import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// What the XML parser reports that no icon may hold: processing instructions (the byte scan in
/// IconLoader refuses them first, since Foundation's parser crashes on some) and external
/// entities (never resolved: `shouldResolveExternalEntities` is off too).
extension IconBuilder {
    func parser(_ parser: XMLParser, foundProcessingInstructionWithTarget target: String, data: String?) {
        fail("processing instruction <?\(target)?> is not in the supported SVG subset")
    }
    func parser(_ parser: XMLParser, resolveExternalEntityName name: String, systemID: String?) -> Data? {
        fail("external entity '\(name)' refused")
        return nil
    }
}
