import Foundation
import Testing

@testable import Icons

/// CSS 2's `clip`, which CSS Masking deprecates and applies to absolutely positioned boxes only:
/// drawn without, with a warning, on every element (resvg's reference draws the whole picture).
@Suite("CSS clip")
struct CSSClipTests {
    private let content = ##"<rect width="4" height="4" fill="#102030"/>"##

    private func parse(_ svg: String) throws -> (icon: Icon, warnings: [IconWarning]) {
        var warnings: [IconWarning] = []
        let icon = try IconLoader.parse(Data(svg.utf8), name: "test.svg", warnings: &warnings)
        return (icon, warnings)
    }

    @Test(
        "clip=\"rect(…)\" on a nested svg, in its style, on a pattern or a marker draws as without it, with one warning naming it"
    )
    func ignoredWithWarning() throws {
        let plain = try parse(#"<svg viewBox="0 0 4 4"><svg width="4" height="4">\#(content)</svg></svg>"#)
        let clipped = try parse(
            #"<svg viewBox="0 0 4 4">"# + "\n"
                + #"<svg width="4" height="4" clip="rect(1, 1, 1, 1)">\#(content)</svg></svg>"#)
        #expect(clipped.icon.pieces == plain.icon.pieces)
        #expect(clipped.icon.groups == plain.icon.groups)
        #expect(
            clipped.warnings.map(\.description) == [
                "test.svg:2: clip=\"rect(1, 1, 1, 1)\" on <svg>: CSS Masking deprecates clip and applies it only to absolutely positioned boxes, which SVG content is not; drawn unclipped (clip-path clips)"
            ])
        let styled = try parse(
            #"<svg viewBox="0 0 4 4"><svg width="4" height="4" style="clip: rect(0 2px 2px 0)">\#(content)</svg></svg>"#
        )
        #expect(styled.icon.pieces == plain.icon.pieces)
        #expect(styled.warnings.count == 1)
        let pattern = try parse(
            #"<svg viewBox="0 0 4 4"><pattern id="p" width="4" height="4" patternUnits="userSpaceOnUse" clip="rect(1,1,1,1)">\#(content)</pattern><rect width="4" height="4" fill="url(#p)"/></svg>"#
        )
        #expect(pattern.warnings.count == 1)
        let marker = try parse(
            #"<svg viewBox="0 0 4 4"><marker id="m" markerWidth="2" markerHeight="2" clip="rect(1,1,1,1)">\#(content)</marker><path d="M0 0 L4 4" stroke="black" marker-start="url(#m)"/></svg>"#
        )
        #expect(marker.warnings.map(\.message).filter { $0.hasPrefix("clip=") }.count == 1)
    }

    @Test("clip=\"auto\", the initial value, clips nothing and is passed over without a warning")
    func autoIsSilent() throws {
        let parsed = try parse(
            #"<svg viewBox="0 0 4 4"><svg width="4" height="4" clip=" auto ">\#(content)</svg></svg>"#)
        #expect(parsed.warnings.isEmpty)
        #expect(parsed.icon.pieces.count == 1)
    }
}
