import Foundation
import Geometry
import Raster
import Testing

@testable import Icons

/// `mix-blend-mode` and `isolation` (IconBuilder+Blending.swift): which groups they make, where
/// they are ignored, and what is refused.
@Suite("Icon blending: mix-blend-mode and isolation")
struct IconBlendingTests {
    static let backdrop = "<rect width=\"8\" height=\"8\" fill=\"green\"/>"

    @Test("mix-blend-mode in style=\"\" makes the shape a group composited with that mode; CSS keywords ignore case")
    func shapeBlends() throws {
        let icon = try parse(
            "<svg viewBox=\"0 0 10 10\">\(Self.backdrop)<rect x=\"2\" width=\"8\" height=\"8\" fill=\"yellow\" style=\"mix-blend-mode: Multiply\"/></svg>"
        )
        #expect(icon.groups == [IconGroup(pieces: 1..<2, opacity: 1, blendMode: .multiply)])
    }

    @Test("every mode of Compositing 1 is read from a sheet, on groups, uses and images alike")
    func everyModeFromASheet() throws {
        for mode in BlendMode.allCases where mode != .normal {
            let icon = try parse(
                """
                <svg viewBox="0 0 10 10"><style>.b { mix-blend-mode: \(mode.rawValue) }</style>\(Self.backdrop)
                <g class="b"><rect width="4" height="4" fill="red"/><rect x="4" width="4" height="4" fill="blue"/></g>
                <use class="b" href="#r"/><rect id="r" x="6" width="2" height="2" fill="red"/></svg>
                """)
            #expect(
                icon.groups == [
                    IconGroup(pieces: 1..<3, opacity: 1, blendMode: mode),
                    IconGroup(pieces: 3..<4, opacity: 1, blendMode: mode),
                ], "\(mode)")
        }
        let normal = try parse(
            "<svg viewBox=\"0 0 10 10\"><rect width=\"4\" height=\"4\" style=\"mix-blend-mode: normal; isolation: auto\"/></svg>"
        )
        #expect(normal.groups.isEmpty)
    }

    @Test("as attributes mix-blend-mode and isolation change nothing: SVG 2 makes neither a presentation attribute")
    func attributesAreIgnored() throws {
        let icon = try parse(
            """
            <svg viewBox="0 0 10 10">\(Self.backdrop)<g isolation="isolate"><rect width="4" height="4" fill="red"
            mix-blend-mode="overlay"/></g></svg>
            """)
        #expect(icon.groups.isEmpty)
    }

    @Test("opacity and blending on one element are one group: faded, then blended (SVG's order)")
    func opacityThenBlend() throws {
        let icon = try parse(
            """
            <svg viewBox="0 0 10 10">\(Self.backdrop)<rect width="4" height="4" fill="red" stroke="blue"
            opacity="0.5" style="mix-blend-mode: overlay"/></svg>
            """)
        #expect(icon.groups == [IconGroup(pieces: 1..<2, opacity: 0.5, blendMode: .overlay)])
        // A mask comes before the blend too: the masked group blends.
        let masked = try parse(
            """
            <svg viewBox="0 0 10 10">\(Self.backdrop)<rect width="4" height="4" fill="red" mask="url(#m)"
            style="mix-blend-mode: screen"/><mask id="m"><rect width="2" height="2" fill="white"/></mask></svg>
            """)
        #expect(masked.groups.count == 1)
        #expect(masked.groups.first?.blendMode == .screen && masked.groups.first?.mask != nil)
    }

    @Test(
        "a faded group isolates the blends inside it by its own offscreen; isolation: isolate makes a group only when something inside blends"
    )
    func isolation() throws {
        let faded = try parse(
            """
            <svg viewBox="0 0 10 10">\(Self.backdrop)<g opacity="0.5"><rect width="4" height="4" fill="red"
            style="mix-blend-mode: overlay"/></g></svg>
            """)
        #expect(
            faded.groups == [
                IconGroup(pieces: 1..<2, opacity: 0.5), IconGroup(pieces: 1..<2, opacity: 1, blendMode: .overlay),
            ])
        let isolated = try parse(
            """
            <svg viewBox="0 0 10 10">\(Self.backdrop)<g style="isolation: isolate"><rect width="1" height="1"/>
            <rect width="4" height="4" fill="red" style="mix-blend-mode: overlay"/></g></svg>
            """)
        #expect(
            isolated.groups == [
                IconGroup(pieces: 1..<3, opacity: 1, isolates: true),
                IconGroup(pieces: 2..<3, opacity: 1, blendMode: .overlay),
            ])
        let nothingBlends = try parse(
            "<svg viewBox=\"0 0 10 10\"><g style=\"isolation: isolate\"><rect width=\"4\" height=\"4\"/></g></svg>")
        #expect(nothingBlends.groups.isEmpty)
        // A clip path that changes no pixel is dropped, but still isolates what blends inside it.
        let clipped = try parse(
            """
            <svg viewBox="0 0 10 10">\(Self.backdrop)<clipPath id="c"><rect width="10" height="10"/></clipPath>
            <g clip-path="url(#c)"><rect width="4" height="4" fill="red" style="mix-blend-mode: hue"/></g></svg>
            """)
        #expect(
            clipped.groups == [
                IconGroup(pieces: 1..<2, opacity: 1, isolates: true),
                IconGroup(pieces: 1..<2, opacity: 1, blendMode: .hue),
            ])
    }

    @Test("inside a clip path a blend does nothing (only geometry clips); in an alpha mask it is kept")
    func clipAndMaskContent() throws {
        let clip = try parse(
            """
            <svg viewBox="0 0 10 10"><clipPath id="c"><rect width="5" height="5" style="mix-blend-mode: multiply"/>
            </clipPath><rect width="8" height="8" clip-path="url(#c)"/></svg>
            """)
        #expect(clip.groups == [IconGroup(pieces: 0..<1, opacity: 1, mask: 1..<2)])
        let alpha = try parse(
            """
            <svg viewBox="0 0 10 10"><mask id="m" mask-type="alpha"><rect width="5" height="5"/>
            <rect width="3" height="3" style="mix-blend-mode: multiply"/></mask><rect width="8" height="8" mask="url(#m)"/></svg>
            """)
        #expect(alpha.groups.contains { $0.blendMode == .multiply })
    }

    @Test(
        "blend modes Flipbook does not draw and blends SVG cannot draw here are refused with file and line; values that are none are set aside"
    )
    func refusals() throws {
        let modes =
            "normal, multiply, screen, overlay, darken, lighten, color-dodge, color-burn, hard-light, soft-light, difference, exclusion, hue, saturation, color, luminosity"
        let plus = try refusal(of: "<rect width=\"4\" height=\"4\" style=\"mix-blend-mode: plus-lighter\"/>")
        #expect(plus.description == "test.svg:1: mix-blend-mode: plus-lighter on <rect>: expected one of \(modes)")
        // Not a blend mode at all: as if not written, with a warning (IconBuilder+Recovery.swift).
        let (xor, warnings) = try parseWarning(
            "<svg viewBox=\"0 0 10 10\"><g style=\"mix-blend-mode:xor\"><rect width=\"4\" height=\"4\"/></g></svg>")
        #expect(xor.groups.allSatisfy { $0.blendMode == .normal })
        #expect(
            warnings.map(\.description) == [
                "test.svg:1: mix-blend-mode=\"xor\" on <g>: expected one of \(modes); drawn as if not given (SVG ignores an invalid value)"
            ])
        let (_, isolation) = try parseWarning(
            "<svg viewBox=\"0 0 10 10\"><g style=\"isolation: sometimes\"><rect width=\"4\" height=\"4\"/></g></svg>")
        #expect(
            isolation.map(\.message) == [
                "isolation=\"sometimes\" on <g>: expected auto or isolate; drawn as if not given (SVG ignores an invalid value)"
            ])
        let luminance = try refusal(
            of:
                "<mask id=\"m\">\n<rect width=\"5\" height=\"5\" fill=\"white\" style=\"mix-blend-mode: difference\"/></mask><rect width=\"8\" height=\"8\" mask=\"url(#m)\"/>"
        )
        #expect(
            luminance.description
                == "test.svg:2: mix-blend-mode in the luminance <mask> #m at line 1 is not in the supported subset; expected mask-type: alpha"
        )
        // On a stop it does nothing (a stop is no graphic), as `fill` there does: passed over.
        let stop = try parse(
            "<svg viewBox=\"0 0 10 10\"><linearGradient id=\"g\"><stop offset=\"0\" style=\"mix-blend-mode: screen\"/></linearGradient><rect width=\"4\" height=\"4\" fill=\"url(#g)\"/></svg>"
        )
        #expect(stop.groups.isEmpty)
        let layered = try #require(throws: IconError.self) {
            try IconLoader.parseLayers(
                Data(
                    "<svg viewBox=\"0 0 10 10\"><rect id=\"a\" width=\"4\" height=\"4\" style=\"mix-blend-mode: screen\"/></svg>"
                        .utf8), name: "test.svg", itemSize: Size(width: 10, height: 10))
        }
        #expect(
            layered.description
                == "test.svg:1: mix-blend-mode: screen on <rect> in a file read as layers: each layer is drawn on its own, so a blend could not see the layers below it; expected the file as an icon (icon:)"
        )
    }
}
