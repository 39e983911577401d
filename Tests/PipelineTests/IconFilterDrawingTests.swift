import Foundation
import Geometry
import Icons
import Raster
import Testing

@testable import Pipeline

/// An icon's SVG filter mapped to the rasterizer's (`IconFilterMapping`): lengths follow the icon's
/// transform to the canvas, and hostile filters draw without crashing.
@Suite("Icon filters on the canvas")
struct IconFilterDrawingTests {
    static func icon(_ body: String, viewBox: String = "0 0 10 10") throws -> Icon {
        try IconLoader.parse(Data("<svg viewBox=\"\(viewBox)\">\(body)</svg>".utf8), name: "test.svg")
    }

    static let filtered = """
        <filter id="f" filterUnits="userSpaceOnUse" x="0" y="0" width="10" height="10">
          <feOffset dx="1" dy="2"/><feGaussianBlur stdDeviation="0.5 1"/>
        </filter><rect x="2" y="2" width="6" height="6" filter="url(#f)"/>
        """

    @Test("offsets, σ and regions scale with the icon's fit into its item: ×5 into 100 × 50, centred")
    func scalesWithTheItem() throws {
        let icon = try Self.icon(Self.filtered)
        let size = Size(width: 100, height: 50)
        let layers = DisplayListBuilder.iconLayers(
            icon, size: size, transform: AffineTransform(translationX: 50, y: 25), opacity: 1, clips: [])
        let filter = try #require(layers.groups.first?.filter)
        #expect(filter.region == Rect(x: 25, y: 0, width: 50, height: 50))
        #expect(filter.primitives[0].kind == .offset(.sourceGraphic, dx: 5, dy: 10))
        #expect(filter.primitives[1].kind == .gaussianBlur(.result(0), sigmaX: 2.5, sigmaY: 5))
        #expect(filter.primitives.allSatisfy { $0.subregion == filter.region && $0.linearRGB })
    }

    @Test(
        "under a quarter turn offsets and σ keep to the canvas's axes, scaled by each axis's stretch, and the region is the turned box's bounds (resvg's rule)"
    )
    func quarterTurn() throws {
        let icon = try Self.icon(Self.filtered)
        let turn = AffineTransform(a: 0, b: 1, c: -1, d: 0, tx: 0, ty: 0)
        let filter = IconFilterMapping.drawFilter(try #require(icon.groups.first?.filter), toPixels: turn)
        guard case .offset(_, let dx, let dy) = filter.primitives[0].kind,
            case .gaussianBlur(_, let sx, let sy) = filter.primitives[1].kind
        else {
            Issue.record("unexpected primitives \(filter.primitives)")
            return
        }
        #expect(abs(dx - 1) < 1e-12 && abs(dy - 2) < 1e-12)
        #expect(abs(sx - 0.5) < 1e-12 && abs(sy - 1) < 1e-12)
        #expect(filter.region == Rect(x: -10, y: 0, width: 10, height: 10))
    }

    @Test("hostile filters load or are refused, and those that load draw without crashing, at two placements")
    func hostileFiltersDraw() throws {
        let cases = [
            ##"<filter id="f"><feGaussianBlur stdDeviation="1e300"/></filter><rect width="5" height="5" filter="url(#f)"/>"##,
            ##"<filter id="f" filterUnits="userSpaceOnUse" x="-1e300" y="-1e300" width="1e308" height="1e308"><feFlood/><feOffset dx="1e308" dy="-1e308"/></filter><rect width="5" height="5" filter="url(#f)"/>"##,
            ##"<filter id="f"><feComposite in="x" in2="y" operator="arithmetic" k1="1e308" k2="-1e308" k3="1e308" k4="1e308"/></filter><g filter="url(#f)" opacity="0.5" mask="url(#m)"><rect width="5" height="5"/></g><mask id="m"><rect width="4" height="4" fill="white"/></mask>"##,
            ##"<filter id="f"><feMerge><feMergeNode in="later"/></feMerge><feDropShadow result="later" dx="-3" stdDeviation="0 1e9"/></filter><use href="#r" filter="url(#f)"/><rect id="r" width="0" height="5"/>"##,
            ##"<filter id="f" primitiveUnits="objectBoundingBox"><feFlood x="-1e308" width="1e308"/></filter><g filter="url(#f)"><g filter="url(#f)"><line x2="5" stroke="red" filter="url(#f)"/></g></g>"##,
            ##"<filter id="f" filter="url(#f)"><feFlood/></filter><rect width="5" height="5" filter="url(#f)"/>"##,
        ]
        var drawn = 0
        for svg in cases {
            guard let icon = try? Self.icon(svg) else { continue }
            for (size, transform) in [
                (Size(width: 48, height: 48), AffineTransform(translationX: 32, y: 32)),
                (Size(width: 7, height: 7), AffineTransform(a: 0.8, b: 0.6, c: -0.6, d: 0.8, tx: 10, ty: 50)),
            ] {
                let layers = DisplayListBuilder.iconLayers(
                    icon, size: size, transform: transform, opacity: 1, clips: [])
                var list = DisplayList(width: 64, height: 64, background: .white, rects: layers.rects)
                list.groups = layers.groups
                _ = Rasterizer.render(list)
                drawn += 1
            }
        }
        #expect(drawn >= 8)
    }
}
