import Geometry
import Testing

@testable import LottieExport

/// Lottie parenting's arithmetic: a child's transform taken relative to its parent's, which a
/// player composes back (parent after child).
@Suite("Parenting")
struct ParentingTests {
    @Test("compose puts back what decompose took apart: rotation, uneven scale, skew and translation")
    func composeInvertsDecompose() {
        let m = AffineTransform(a: 1.2, b: 0.5, c: -0.3, d: 0.8, tx: 40, ty: -7)
        let back = RectSample.compose(RectSample.decompose(m))
        for (x, y) in [(back.a, m.a), (back.b, m.b), (back.c, m.c), (back.d, m.d), (back.tx, m.tx), (back.ty, m.ty)] {
            #expect(abs(x - y) < 1e-12)
        }
    }

    @Test("a child relative to its parent, composed parent after child, is the child again")
    func relativeComposesBack() {
        let parent = RectSample.decompose(
            AffineTransform(rotation: Angle.degrees(30)).concatenating(AffineTransform(translationX: 100, y: 50)))
        let child = RectSample.decompose(
            AffineTransform(scaleX: 2, y: 0.5).concatenating(AffineTransform(rotation: Angle.degrees(75)))
                .concatenating(AffineTransform(translationX: 120, y: 90)))
        let local = RectSample.relative(child, to: parent)
        let back = RectSample.compose(local).concatenating(RectSample.compose(parent))
        let expected = RectSample.compose(child)
        for (x, y) in [(back.a, expected.a), (back.b, expected.b), (back.c, expected.c), (back.d, expected.d)] {
            #expect(abs(x - y) < 1e-12)
        }
        #expect(abs(back.tx - expected.tx) < 1e-9 && abs(back.ty - expected.ty) < 1e-9)
    }

    @Test("a child that rides on its parent, 20 pt right and turned with it, is a still local transform")
    func ridingChildIsStill() {
        let locals = (0..<10).map { tick -> [Double] in
            let parent = AffineTransform(rotation: Angle.degrees(Double(tick) * 9))
                .concatenating(AffineTransform(translationX: Double(tick) * 13, y: 200 - Double(tick) * 4))
            let child = AffineTransform(translationX: 20, y: 0).concatenating(parent)
            return RectSample.relative(RectSample.decompose(child), to: RectSample.decompose(parent))
        }
        for local in locals {
            #expect(abs(local[0] - 20) < 1e-9 && abs(local[1]) < 1e-9)
            #expect(abs(local[2]) < 1e-9 && abs(local[3] - 100) < 1e-9 && abs(local[4] - 100) < 1e-9)
            #expect(abs(local[5]) < 1e-9)
        }
    }

    @Test("a layer keeps the parent it has on every tick; one whose parent changes has none")
    func parentsOverTicks() {
        var recorder = LayerRecorder(scale: 2, hasDeviceFrame: false)
        recorder.recordParents([("card", nil), ("badge", "card"), ("photo", "card")])
        recorder.recordParents([("card", nil), ("badge", "card"), ("photo", "sheet")])
        recorder.recordParents([("card", nil), ("badge", "card"), ("photo", "card")])
        #expect(recorder.parents["badge"] == .some("card"))
        #expect(recorder.parents["photo"] == .some(nil))
        #expect(recorder.parents["card"] == nil)
    }
}
