import Colors
import Testing

@testable import Figures

@Suite("SVG gradient stops")
struct SVGGradientStopTests {
    static let black = ColorRGBA8(r: 0, g: 0, b: 0)
    static let white = ColorRGBA8(r: 255, g: 255, b: 255)

    @Test("stops within 0…1 are written as they are")
    func unchanged() {
        let stops = SVGWriter.stopsWithinUnit([Self.black, Self.white], [0, 0.25])
        #expect(stops.map(\.0) == [0, 0.25] && stops.map(\.1) == [Self.black, Self.white])
    }

    @Test("a shimmer's stops beyond 0…1 are cut to 0 and 1 at the colours interpolated there")
    func cut() {
        // Locations [−0.5, 0.25, 1.5]: at 0, 2/3 of the way from black to white (170); at 1, 0.6 of
        // the way back from white to black (255 − 153 = 102).
        let stops = SVGWriter.stopsWithinUnit([Self.black, Self.white, Self.black], [-0.5, 0.25, 1.5])
        #expect(stops.map(\.0) == [0, 0.25, 1])
        #expect(
            stops.map(\.1) == [
                ColorRGBA8(r: 170, g: 170, b: 170), Self.white, ColorRGBA8(r: 102, g: 102, b: 102),
            ])
        // Every stop before 0: the last colour holds.
        let after = SVGWriter.stopsWithinUnit([Self.black, Self.white], [-1, -0.5])
        #expect(after.map(\.0) == [0, 1] && after.map(\.1) == [Self.white, Self.white])
    }
}
