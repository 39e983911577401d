import Foundation
import Geometry
import Testing

@testable import LottieExport

@Suite("Keyframe fit")
struct KeyframeFitTests {
    /// The value a fitted track gives at `tick`, as a Lottie player evaluates it: the segment's
    /// easing with time handles at thirds is exactly B(u).
    static func value(of track: Track, at tick: Int) -> [Double] {
        switch track {
        case .constant(let v): return v
        case .animated(let keys):
            guard let k = keys.lastIndex(where: { $0.tick <= tick }), k + 1 < keys.count else {
                return keys.last!.value
            }
            let (a, b) = (keys[k], keys[k + 1])
            if a.holds { return a.value }
            let u = Double(tick - a.tick) / Double(b.tick - a.tick)
            let p = 3 * (1 - u) * (1 - u) * u * a.easing.y1 + 3 * (1 - u) * u * u * a.easing.y2 + u * u * u
            return zip(a.value, b.value).map { $0 + ($1 - $0) * p }
        }
    }

    @Test("a value that never changes is a constant, whatever the noise below half the tolerance")
    func constant() {
        let samples = (0..<90).map { [100 + 0.01 * sin(Double($0))] }
        #expect(KeyframeFit.track(samples, tolerance: 0.05) == .constant([100]))
        #expect(KeyframeFit.track(samples, tolerance: 0.05).keyframeCount == 0)
    }

    @Test("a motion that is one cubic easing is found as one segment with that easing")
    func oneEasing() throws {
        // 3u² − 2u³: the easing (1/3, 0), (2/3, 1).
        let samples = (0...60).map { k -> [Double] in
            let u = Double(k) / 60
            return [40 + 200 * (3 * u * u - 2 * u * u * u), 10 - 50 * (3 * u * u - 2 * u * u * u)]
        }
        guard case .animated(let keys) = KeyframeFit.track(samples, tolerance: 0.05) else {
            Issue.record("not animated")
            return
        }
        #expect(keys.map(\.tick) == [0, 60])
        // Within the fit's ridge toward the linear easing (10⁻⁹ of the normal equations' scale).
        #expect(abs(keys[0].easing.y1) < 1e-7)
        #expect(abs(keys[0].easing.y2 - 1) < 1e-7)
    }

    @Test("with bounds, no fitted value leaves them at any tick: an opacity easing into 100 % stays at or under it")
    func bounded() throws {
        // An ease-out into 100 % that a free fit overshoots between keyframes by up to its
        // tolerance (0.195 of a percent): a player given 100.1 % may wrap the alpha.
        let samples = (0...40).map { k -> [Double] in
            let u = min(Double(k) / 30, 1)
            return [100 * (1 - pow(1 - u, 4))]
        }
        let tolerance = 100.0 / 512
        let free = KeyframeFit.track(samples, tolerance: tolerance)
        #expect(samples.indices.contains { Self.value(of: free, at: $0)[0] > 100 }, "the free fit overshoots")
        let bounded = KeyframeFit.track(samples, tolerance: tolerance, bounds: 0...100)
        for k in samples.indices {
            let v = Self.value(of: bounded, at: k)[0]
            #expect(v <= 100 && v >= 0, "tick \(k): \(v)")
            #expect(abs(v - samples[k][0]) <= tolerance, "tick \(k)")
        }
    }

    @Test("a damped spring is kept within the tolerance at every tick by a keyframe about every half swing")
    func spring() {
        // ζ = 0.3, ω = 2π·1.5 Hz, from 0 to 300 pt at 60 fps for 2 s.
        let (zeta, omega) = (0.3, 2 * Double.pi * 1.5)
        let wd = omega * (1 - zeta * zeta).squareRoot()
        let samples = (0...120).map { k -> [Double] in
            let t = Double(k) / 60
            return [300 * (1 - exp(-zeta * omega * t) * (cos(wd * t) + zeta * omega / wd * sin(wd * t)))]
        }
        let track = KeyframeFit.track(samples, tolerance: 0.05)
        for k in samples.indices {
            #expect(abs(Self.value(of: track, at: k)[0] - samples[k][0]) <= 0.05, "tick \(k)")
        }
        #expect(track.keyframeCount <= 20, "\(track.keyframeCount) keyframes for 121 ticks")
        #expect(track.keyframeCount >= 5)
    }

    @Test("where a path's vertex count changes the value holds, then jumps")
    func shapeChange() {
        let samples: [[Double]] = [[0, 0], [1, 1], [2, 2], [5, 5, 5, 5], [5, 5, 5, 5]]
        let shapes = [[2], [2], [2], [4], [4]]
        guard case .animated(let keys) = KeyframeFit.track(samples, tolerance: 0.05, shapes: shapes) else {
            Issue.record("not animated")
            return
        }
        #expect(keys.map(\.tick) == [0, 2, 3, 4])
        #expect(keys.map(\.holds) == [false, true, false, false])
        #expect(keys[1].value == [2, 2])
    }
}

@Suite("Lottie JSON")
struct LottieJSONTests {
    @Test("numbers are written to 4 decimals without trailing zeros, −0 and non-finite values as 0")
    func numbers() {
        let values: [Double] = [0.1, -0.0, 1e-5, 123.456_78, -2.5, 100, 1e20, .nan, 0.000_05]
        #expect(
            values.map { LottieJSON.spell($0, decimals: 4) } == [
                "0.1", "0", "0", "123.4568", "-2.5", "100", "1e+20", "0", "0.0001",
            ])
        #expect(LottieJSON.fine(1.0 / 3).text == "0.3333333")
    }

    @Test("objects keep their keys in the order written, and strings are escaped")
    func objects() {
        let json = LottieJSON.object([("ty", .string("sh")), ("nm", .string("a \"b\"\n")), ("c", .bool(true))])
        #expect(json.text == #"{"ty":"sh","nm":"a \"b\"\n","c":true}"#)
    }
}

@Suite("Lottie paths")
struct LottieBezierTests {
    @Test("a closed contour's vertices carry its cubic handles relative to them; a quadratic is raised exactly")
    func contours() {
        var path = Geometry.Path()
        path.move(to: .init(0, 0))
        path.line(to: .init(10, 0))
        path.cubic(to: .init(10, 10), control1: .init(15, 0), control2: .init(15, 10))
        path.quad(to: .init(0, 0), control: .init(0, 10))
        path.close()
        let contours = LottieBezier.contours(of: path)
        #expect(contours.count == 1)
        let c = contours[0]
        #expect(c.closed)
        #expect(c.vertices == [.init(0, 0), .init(10, 0), .init(10, 10)])
        #expect(c.outTangents[1] == .init(5, 0))
        #expect(c.inTangents[2] == .init(5, 0))
        // The quadratic's cubic handles: 2/3 of the way to its control point from each end.
        #expect(abs(c.outTangents[2].x + 10 * 2.0 / 3) < 1e-12 && c.outTangents[2].y == 0)
        let closing = c.inTangents[0]
        #expect(abs(closing.x) < 1e-12 && abs(closing.y - 10 * 2.0 / 3) < 1e-12)
    }
}
