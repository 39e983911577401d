import Foundation
import Geometry
import Raster
import Testing

@testable import Icons

/// Group opacity, `clip-path` and `mask` as icon groups: which pieces each group spans, what its
/// mask pieces are, and how groups nest.
@Suite("Icon groups: opacity, clip paths and masks")
struct IconGroupTests {
    @Test("a group's opacity makes one group over its shapes, which keep their own paints opaque")
    func groupOpacity() throws {
        let icon = try parse(
            """
            <svg viewBox="0 0 10 10"><g opacity="0.5"><rect width="6" height="6" fill="red"/>
            <rect x="4" width="6" height="6" fill="blue"/></g><rect width="1" height="1"/></svg>
            """)
        #expect(icon.groups == [IconGroup(pieces: 0..<2, opacity: 0.5)])
        #expect(icon.pieces.map(\.fill.a) == [255, 255, 255])
    }

    @Test(
        "opacity on a shape that fills and strokes is its group's; on a shape with one paint it scales that paint"
    )
    func shapeOpacity() throws {
        let both = try parse(
            "<svg viewBox=\"0 0 10 10\"><rect width=\"6\" height=\"6\" stroke=\"red\" opacity=\"0.5\"/></svg>")
        #expect(both.groups == [IconGroup(pieces: 0..<1, opacity: 0.5)])
        #expect(both.pieces[0].fill.a == 255 && both.pieces[0].stroke.a == 255)
        let one = try parse("<svg viewBox=\"0 0 10 10\"><rect width=\"6\" height=\"6\" opacity=\"0.5\"/></svg>")
        #expect(one.groups.isEmpty && one.pieces[0].fill.a == 128)
    }

    @Test(
        "a clip path in bounding-box units becomes opaque pieces after the content, filled by its clip-rule, mapped onto the group's box"
    )
    func clipPath() throws {
        let icon = try parse(
            """
            <svg viewBox="0 0 100 100">
              <g clip-path="url(#c)" transform="translate(10 0)"><rect x="10" y="20" width="40" height="20" fill="green"/></g>
              <clipPath id="c" clipPathUnits="objectBoundingBox" clip-rule="evenodd">
                <rect width="0.5" height="1" fill="red" stroke="blue" opacity="0.1"/><g><rect width="1" height="1"/></g>
              </clipPath>
            </svg>
            """)
        #expect(icon.groups == [IconGroup(pieces: 0..<1, opacity: 1, mask: 1..<2)])
        let clip = icon.pieces[1]
        #expect(clip.fill == .black && clip.fillRule == .evenOdd && !clip.strokes)
        // The box (10, 20, 40 × 20) in the group's space, then its translation: x 20…40, y 20…40.
        #expect(clip.path.bounds == Rect(x: 20, y: 20, width: 20, height: 20))
    }

    @Test(
        "Figma's frame clip, an upright rectangle around all the content, is dropped; one that cuts a stroke is kept"
    )
    func frameClip() throws {
        let figma = { (stroke: String) in
            try parse(
                """
                <svg width="24" height="24" viewBox="0 0 24 24" fill="none" xmlns="http://www.w3.org/2000/svg">
                <g clip-path="url(#clip0_1_2)"><path d="M4 4H20V20H4Z" stroke="black" stroke-width="\(stroke)"/></g>
                <defs><clipPath id="clip0_1_2"><rect width="24" height="24" fill="white"/></clipPath></defs>
                </svg>
                """)
        }
        let inside = try figma("2")
        #expect(inside.groups.isEmpty && inside.pieces.count == 1)
        // A 10-wide stroke reaches 1 unit past the frame on every side: the clip is kept.
        let cut = try figma("10")
        #expect(cut.groups == [IconGroup(pieces: 0..<1, opacity: 1, mask: 1..<2)])
    }

    @Test("a missing clip path draws the element unclipped; an empty one clips everything away")
    func missingAndEmptyClip() throws {
        let missing = try parse(
            "<svg viewBox=\"0 0 10 10\"><rect width=\"4\" height=\"4\" clip-path=\"url(#none)\"/></svg>")
        #expect(missing.groups.isEmpty)
        let empty = try parse(
            "<svg viewBox=\"0 0 10 10\"><clipPath id=\"c\"/><rect width=\"4\" height=\"4\" clip-path=\"url(#c)\"/></svg>"
        )
        #expect(empty.groups == [IconGroup(pieces: 0..<1, opacity: 1, mask: 1..<1)])
    }

    @Test(
        "a luminance mask's pieces carry luminance times alpha; its region clips the content first, and the mask's group holds the region's"
    )
    func mask() throws {
        let icon = try parse(
            """
            <svg viewBox="0 0 100 100">
              <mask id="m" x="0" y="0" width="0.5" height="1"><rect width="100" height="100" fill="#808080"/></mask>
              <rect width="40" height="40" fill="green" mask="url(#m)" opacity="0.5"/>
            </svg>
            """)
        // Content, the region's rectangle (x 0…20 of the 40-wide box), the mask's rectangle.
        #expect(icon.pieces.count == 3)
        #expect(icon.pieces[1].path.bounds == Rect(x: 0, y: 0, width: 20, height: 40))
        #expect(icon.pieces[2].fill == ColorRGBA8(r: 0, g: 0, b: 0, a: 128))
        #expect(
            icon.groups == [
                IconGroup(pieces: 0..<2, opacity: 1, mask: 2..<3), IconGroup(pieces: 0..<1, opacity: 1, mask: 1..<2),
            ])
        // A shape with one paint keeps its opacity on that paint, masked or not.
        #expect(icon.pieces[0].fill.a == 128)
    }

    @Test("mask-type alpha keeps the mask's colours; a mask inside a mask's content is not converted twice")
    func alphaMaskAndNesting() throws {
        let icon = try parse(
            """
            <svg viewBox="0 0 10 10">
              <mask id="inner"><rect width="10" height="10" fill="white"/></mask>
              <mask id="outer" mask-type="alpha"><rect width="10" height="10" fill="#FF000080" mask="url(#inner)"/></mask>
              <rect width="4" height="4" mask="url(#outer)"/>
            </svg>
            """)
        // Content 0; the outer mask's rect 1 with its own (inner) mask 2.
        #expect(icon.pieces[1].fill == ColorRGBA8(r: 255, g: 0, b: 0, a: 128))
        #expect(icon.pieces[2].fill == ColorRGBA8(r: 0, g: 0, b: 0, a: 255))
        #expect(
            icon.groups == [
                IconGroup(pieces: 0..<1, opacity: 1, mask: 1..<3), IconGroup(pieces: 1..<2, opacity: 1, mask: 2..<3),
            ])
    }

    @Test("a luminance mask's gradient is cut into 16 pieces a span before its stops become alpha")
    func maskGradient() throws {
        let icon = try parse(
            """
            <svg viewBox="0 0 10 10">
              <linearGradient id="g"><stop stop-color="white" stop-opacity="0"/><stop offset="1"/></linearGradient>
              <mask id="m"><rect width="10" height="10" fill="url(#g)"/></mask>
              <rect width="10" height="10" mask="url(#m)"/>
            </svg>
            """)
        let g = try #require(icon.pieces.last?.fillGradient).gradient
        #expect(g.locations.count == 17)
        // Halfway: straight mix (128, 128, 128, 128) → luminance 128/255 × alpha 128 → 64.
        #expect(g.colors[8] == ColorRGBA8(r: 0, g: 0, b: 0, a: 64))
        #expect(g.colors.first?.a == 0 && g.colors.last?.a == 0)
    }

    @Test("a symbol whose content reaches outside its viewport is drawn clipped to it")
    func symbolClip() throws {
        let icon = try parse(
            """
            <svg viewBox="0 0 20 20"><symbol id="s" viewBox="0 0 10 10"><circle cx="10" cy="5" r="5"/></symbol>
            <use href="#s" width="10" height="10"/></svg>
            """)
        #expect(icon.groups == [IconGroup(pieces: 0..<1, opacity: 1, mask: 1..<2)])
        #expect(icon.pieces[1].path.bounds == Rect(x: 0, y: 0, width: 10, height: 10))
    }

    @Test(
        "hidden shapes draw and clip nothing but count in their group's box; a visible child of a hidden group draws"
    )
    func visibility() throws {
        let icon = try parse(
            """
            <svg viewBox="0 0 100 100">
              <clipPath id="c" clipPathUnits="objectBoundingBox"><rect width="1" height="0.5"/><rect width="1" height="1" visibility="hidden"/></clipPath>
              <g clip-path="url(#c)"><rect width="100" height="100" visibility="hidden"/><rect x="50" y="50" width="10" height="10"/></g>
              <g visibility="hidden"><rect width="1" height="1"/><rect width="2" height="2" visibility="visible"/></g>
            </svg>
            """)
        #expect(icon.pieces.count == 3)
        // The box is the hidden 100 × 100 rect's: the clip's top half is y 0…50.
        #expect(icon.pieces[1].path.bounds == Rect(x: 0, y: 0, width: 100, height: 50))
        #expect(icon.pieces[2].path.bounds == Rect(x: 0, y: 0, width: 2, height: 2))
    }

    @Test(
        "what the subset cannot composite is refused in words: a CSS shape",
        arguments: [
            (
                "<rect width=\"4\" height=\"4\" clip-path=\"inset(1px)\"/>",
                "attribute clip-path=\"inset(1px)\" on <rect>: expected none or url(#id)"
            )
        ])
    func refusals(body: String, message: String) throws {
        // (a clip path's own clip path and a mask's own mask are drawn: `nestedClipsAndMasks`)
        let error = try refusal(of: body)
        #expect(error.message.hasPrefix(message), "\(error.message)")
    }

    @Test(
        "a clip path's own clip path, a clip path on a shape inside one, and a mask's own mask cut the clip or mask as a group of its own"
    )
    func nestedClipsAndMasks() throws {
        let clipOnClip = try parse(
            """
            <svg viewBox="0 0 10 10"><clipPath id="inner"><rect width="5" height="10"/></clipPath>
            <clipPath id="outer" clip-path="url(#inner)"><rect width="10" height="5"/></clipPath>
            <rect width="10" height="10" clip-path="url(#outer)"/></svg>
            """)
        // The content, the outer clip's rect masked by the inner clip's, all masking the content.
        #expect(
            clipOnClip.pieces.map(\.path.bounds) == [
                Rect(x: 0, y: 0, width: 10, height: 10), Rect(x: 0, y: 0, width: 10, height: 5),
                Rect(x: 0, y: 0, width: 5, height: 10),
            ])
        #expect(
            clipOnClip.groups == [
                IconGroup(pieces: 0..<1, opacity: 1, mask: 1..<3), IconGroup(pieces: 1..<2, opacity: 1, mask: 2..<3),
            ])
        let clipOnChild = try parse(
            """
            <svg viewBox="0 0 10 10"><clipPath id="inner"><rect width="5" height="10"/></clipPath>
            <clipPath id="outer"><rect width="10" height="5" clip-path="url(#inner)" mask="url(#none)" opacity="0.5"/></clipPath>
            <rect width="10" height="10" clip-path="url(#outer)"/></svg>
            """)
        // The same silhouettes; the mask and opacity on the shape in the clip path do nothing.
        #expect(clipOnChild.groups == clipOnClip.groups)
        let maskOnMask = try parse(
            """
            <svg viewBox="0 0 10 10"><mask id="inner" maskUnits="userSpaceOnUse"><rect width="5" height="10" fill="white"/></mask>
            <mask id="outer" mask="url(#inner)" maskUnits="userSpaceOnUse"><rect width="10" height="10" fill="white"/></mask>
            <rect width="10" height="10" mask="url(#outer)"/></svg>
            """)
        #expect(
            maskOnMask.groups == [
                IconGroup(pieces: 0..<1, opacity: 1, mask: 1..<3), IconGroup(pieces: 1..<2, opacity: 1, mask: 2..<3),
            ])
    }
}
