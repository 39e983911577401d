import Colors
import Foundation
import Geometry
import Raster
import Testing

@testable import LottieExport

/// A layer shadow exported as rings of fill: their overlaps give the Gaussian edge's coverage,
/// and their outlines are the layer's rounded shape grown by multiples of σ, moved by the offset.
@Suite("Shadow rings")
struct ShadowSampleTests {
    /// A 100×60 pt card, corner radius 10 pt, at scale 2, centred at (160, 300) pt; a shadow of
    /// radius 12 px (σ 6 px, 3 pt) moved 12 px down.
    static func card(fill: ColorRGBA8 = .white, opacity: Double = 1, shadowOpacity: Double = 0.3) -> DrawRect {
        var shadow = DrawShadow(
            color: ColorRGBA8(r: 0, g: 0, b: 0), opacity: shadowOpacity, offset: Point(0, 12), radius: 12)
        shadow.path = nil
        return DrawRect(
            size: Size(200, 120), cornerRadius: 20, transform: AffineTransform(translationX: 320, y: 600), fill: fill,
            opacity: opacity, shadow: shadow)
    }

    static func sample(_ rect: DrawRect, notes: inout [String]) -> ShadowSample? {
        var seen: [String] = []
        let sample = ShadowSample(
            rect, w: rect.size.width / 2, h: rect.size.height / 2, toCanvas: rect.transform, scale: 2,
            note: { seen.append($0) })
        notes = seen
        return sample
    }

    @Test("where k + 1 rings overlap, the coverage is the blurred edge's in the k-th step: opacity · Φ(−d/σ)")
    func overlapsComposeToTheGaussian() throws {
        var notes: [String] = []
        let shadow = try #require(Self.sample(Self.card(opacity: 0.8), notes: &notes))
        #expect(notes.isEmpty)
        #expect(shadow.alphas.count == ShadowSample.steps)
        let total = 0.3 * 0.8
        var outside = 1.0
        for (k, a) in shadow.alphas.enumerated() {
            outside *= 1 - a
            #expect(abs((1 - outside) - total * ShadowSample.coverage[k]) < 1e-12, "ring \(k)")
        }
        // The staircase against the exact edge, at every 1/100 σ across the rings' reach: within
        // half a step of the Gaussian's steepest slope (0.3989 · step / 2 of the opacity).
        let step = 2 * ShadowSample.reach / Double(ShadowSample.steps - 1)
        var worst = 0.0
        for i in -300...300 {
            let z = Double(i) / 100
            let k = ShadowSample.offsets.lastIndex { $0 >= z } ?? -1
            let covered = k < 0 ? 0 : ShadowSample.coverage[k]
            worst = max(worst, abs(covered - 0.5 * erfc(z / 2.0.squareRoot())))
        }
        #expect(worst < 0.3989 * step / 2 + 0.007, "worst \(worst)")
        #expect(worst > 0.08, "the staircase is a staircase")
    }

    @Test("the rings are the card's rounded rectangle grown by 2.5 σ down to −2.5 σ, moved by the offset, in points")
    func ringsAreGrownOutlines() throws {
        var notes: [String] = []
        let shadow = try #require(Self.sample(Self.card(), notes: &notes))
        let sigma = 3.0
        for (k, ring) in shadow.rings.enumerated() {
            let grow = ShadowSample.offsets[k] * sigma
            let box = try #require(ring.controlBounds)
            #expect(abs(box.minX - (-50 - grow)) < 1e-9 && abs(box.maxX - (50 + grow)) < 1e-9, "ring \(k)")
            #expect(abs(box.minY - (6 - 30 - grow)) < 1e-9 && abs(box.maxY - (6 + 30 + grow)) < 1e-9, "ring \(k)")
        }
        #expect(shadow.color == [0, 0, 0])
    }

    @Test("a shadow whose shape is not the rounded rectangle is left out with a note; a clear layer casts none")
    func otherShapesAreNoted() throws {
        var notes: [String] = []
        var bordered = Self.card(fill: ColorRGBA8(r: 255, g: 255, b: 255, a: 128))
        bordered.borderWidth = 4
        bordered.borderColor = .black
        #expect(Self.sample(bordered, notes: &notes) == nil)
        #expect(notes == ["its shadow is not exported (its shape is not the layer's rounded rectangle)"])
        let translucent = try #require(
            Self.sample(Self.card(fill: ColorRGBA8(r: 255, g: 255, b: 255, a: 51)), notes: &notes))
        var outside = 1.0
        for a in translucent.alphas { outside *= 1 - a }
        #expect(abs((1 - outside) - 0.3 * 0.2) < 1e-12, "a translucent fill casts a lighter shadow")
        #expect(Self.sample(Self.card(fill: .clear), notes: &notes) == nil)
        #expect(notes.isEmpty)
    }
}
