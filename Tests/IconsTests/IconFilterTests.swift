import Colors
import Foundation
import Geometry
import Testing

@testable import Icons

/// `filter="url(#id)"`: the `<filter>` resolved for its element (`IconFilter`), its units and
/// defaults as Filter Effects 1 gives them, and what stays outside the subset.
@Suite("Icon filters")
struct IconFilterTests {
    static func icon(_ body: String) throws -> Icon {
        try parse("<svg viewBox=\"0 0 200 200\">\(body)</svg>")
    }

    @Test(
        "a filter's region is −10 %/120 % of the element's bounding box by default, and each primitive's subregion the region"
    )
    func defaultRegion() throws {
        let icon = try Self.icon(
            """
            <filter id="f"><feOffset dx="3" dy="4"/></filter>
            <rect x="20" y="40" width="100" height="50" fill="green" filter="url(#f)"/>
            """)
        let filter = try #require(icon.groups.first?.filter)
        #expect(icon.groups == [IconGroup(pieces: 0..<1, opacity: 1, filter: filter)])
        #expect(filter.region == Rect(x: 10, y: 35, width: 120, height: 60))
        #expect(
            filter.primitives == [
                IconFilterPrimitive(kind: .offset(.sourceGraphic, dx: 3, dy: 4), subregion: filter.region)
            ])
    }

    @Test(
        "userSpaceOnUse regions, bounding-box primitive units (subregions, offsets and σ as fractions of the box), and per-axis stdDeviation"
    )
    func units() throws {
        let icon = try Self.icon(
            """
            <filter id="f" filterUnits="userSpaceOnUse" x="0" y="0" width="200" height="100" primitiveUnits="objectBoundingBox">
              <feGaussianBlur stdDeviation="0.1 0.2" x="0.25" width="0.5"/><feOffset dx="0.5" dy="0.1"/>
            </filter>
            <rect x="20" y="20" width="100" height="50" filter="url(#f)"/>
            """)
        let filter = try #require(icon.groups.first?.filter)
        #expect(filter.region == Rect(x: 0, y: 0, width: 200, height: 100))
        #expect(filter.primitives[0].kind == .gaussianBlur(.sourceGraphic, stdDeviationX: 10, stdDeviationY: 10))
        #expect(filter.primitives[0].subregion == Rect(x: 45, y: 0, width: 50, height: 100))
        #expect(filter.primitives[1].kind == .offset(.result(0), dx: 50, dy: 5))
    }

    @Test(
        "in and in2 name SourceGraphic, SourceAlpha or the last primitive with that result; a missing or unknown name is the previous result"
    )
    func inputs() throws {
        let icon = try Self.icon(
            """
            <filter id="f">
              <feFlood result="a"/><feFlood result="b"/><feFlood result="a"/>
              <feComposite in="a" in2="SourceAlpha"/><feComposite in="nowhere" in2="b"/>
              <feMerge><feMergeNode/><feMergeNode in="SourceGraphic"/></feMerge>
            </filter>
            <rect width="10" height="10" filter="url(#f)"/>
            """)
        let kinds = try #require(icon.groups.first?.filter).primitives.map(\.kind)
        #expect(kinds[3] == .composite(.result(2), .sourceAlpha, .over))
        #expect(kinds[4] == .composite(.result(3), .result(1), .over))
        #expect(kinds[5] == .merge([.result(4), .sourceGraphic]))
    }

    @Test(
        "flood-color and flood-opacity come from the attribute, style or sheet, are not inherited, and color-interpolation-filters is inherited from the filter"
    )
    func floodAndColourSpace() throws {
        let icon = try parse(
            """
            <svg viewBox="0 0 10 10"><style>.s { flood-opacity: 0.5 }</style>
            <filter id="f" flood-color="red" color-interpolation-filters="sRGB">
              <feFlood class="s" style="flood-color: blue"/><feFlood/><feFlood color-interpolation-filters="linearRGB"/>
            </filter>
            <rect width="10" height="10" filter="url(#f)"/></svg>
            """)
        let primitives = try #require(icon.groups.first?.filter).primitives
        #expect(primitives[0].kind == .flood(ColorRGBA8(r: 0, g: 0, b: 255, a: 128)))
        #expect(primitives[1].kind == .flood(.black))
        #expect(primitives.map(\.linearRGB) == [false, false, true])
        let current = try parse(
            """
            <svg viewBox="0 0 10 10" color="blue"><filter id="f" color="red"><feFlood flood-color="currentColor"/></filter>
            <rect width="10" height="10" color="green" filter="url(#f)"/></svg>
            """)
        // currentColor is the `color` where the filter stands, not where it is used.
        #expect(current.groups.first?.filter?.primitives.first?.kind == .flood(ColorRGBA8(r: 255, g: 0, b: 0)))
    }

    @Test(
        "SVG's order: the filter innermost, then the clip, then the opacity; a filtered shape's opacity is its group's")
    func order() throws {
        let icon = try Self.icon(
            """
            <filter id="f"><feOffset dx="5"/></filter><clipPath id="c"><rect width="200" height="200"/></clipPath>
            <rect width="10" height="10" opacity="0.5" clip-path="url(#c)" filter="url(#f)"/>
            """)
        #expect(icon.pieces[0].fill.a == 255)
        #expect(icon.groups.count == 3)
        // Outermost the opacity over the content and its clip, then the clip, then the filter.
        #expect(icon.groups[0] == IconGroup(pieces: 0..<2, opacity: 0.5))
        #expect(icon.groups[1] == IconGroup(pieces: 0..<1, opacity: 1, mask: 1..<2))
        #expect(icon.groups[2].pieces == 0..<1 && icon.groups[2].filter != nil)
    }

    @Test(
        "a reference to nothing, to an element that is not a filter, or to a filter without primitives hides the element"
    )
    func hidden() throws {
        for reference in ["url(#none)", "url(#r)", "url(#empty)"] {
            let icon = try Self.icon(
                """
                <filter id="empty"/><rect id="r" width="1" height="1"/>
                <rect width="10" height="10" filter="\(reference)"/>
                """)
            #expect(icon.groups.last == IconGroup(pieces: 1..<2, opacity: 0), "\(reference)")
        }
    }

    @Test(
        "primitives and inputs outside the subset, and more than 16 primitives, are refused naming the file, the line and the limit"
    )
    func refusals() throws {
        let matrix = try #require(
            iconError(
                "<svg viewBox=\"0 0 10 10\">\n<filter id=\"f\">\n<feColorMatrix/></filter>\n<rect width=\"1\" height=\"1\" filter=\"url(#f)\"/></svg>"
            ))
        #expect(matrix.file == "test.svg" && matrix.line == 3)
        #expect(matrix.message.hasPrefix("<feColorMatrix> in the <filter> #f is not in the supported subset"))
        let background = try #require(
            iconError(
                "<svg viewBox=\"0 0 10 10\"><filter id=\"f\"><feOffset in=\"BackgroundImage\"/></filter><rect width=\"1\" height=\"1\" filter=\"url(#f)\"/></svg>"
            ))
        #expect(background.message.hasPrefix("in=\"BackgroundImage\" is not in the supported subset"))
        let many = String(repeating: "<feOffset/>", count: 17)
        let tooMany = try #require(
            iconError(
                "<svg viewBox=\"0 0 10 10\"><filter id=\"f\">\(many)</filter><rect width=\"1\" height=\"1\" filter=\"url(#f)\"/></svg>"
            ))
        #expect(tooMany.message == "the <filter> #f has more than 16 primitives; expected at most 16")
        let uses = String(repeating: "<rect width=\"1\" height=\"1\" filter=\"url(#f)\"/>", count: 17)
        let perIcon = try #require(
            iconError(
                "<svg viewBox=\"0 0 10 10\"><filter id=\"f\">\(String(repeating: "<feOffset/>", count: 16))</filter>\(uses)</svg>"
            ))
        #expect(perIcon.file == "test.svg" && perIcon.line == 1)
        #expect(
            perIcon.message
                == "the icon runs more than 256 filter primitives, counting a filter once for each element it is on; expected at most 256"
        )
        let css = try #require(
            iconError("<svg viewBox=\"0 0 10 10\"><rect width=\"1\" height=\"1\" filter=\"blur(2px)\"/></svg>"))
        #expect(css.message.hasPrefix("attribute filter=\"blur(2px)\" on <rect>: expected none or url(#id)"))
    }

    @Test("stdDeviation that is negative, empty or of three or more numbers is no blur; dx as a percentage is 0")
    func invalidValues() throws {
        for (deviation, expected) in [("-5", 0.0), ("", 0), ("1 2 3", 0), ("4", 4)] {
            let icon = try Self.icon(
                "<filter id=\"f\"><feGaussianBlur stdDeviation=\"\(deviation)\"/><feOffset dx=\"10%\" dy=\"3\"/></filter><rect width=\"10\" height=\"10\" filter=\"url(#f)\"/>"
            )
            let primitives = try #require(icon.groups.first?.filter).primitives
            #expect(
                primitives[0].kind == .gaussianBlur(.sourceGraphic, stdDeviationX: expected, stdDeviationY: expected))
            #expect(primitives[1].kind == .offset(.result(0), dx: 0, dy: 3))
        }
    }
}
