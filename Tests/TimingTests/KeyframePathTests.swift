import Foundation
import Geometry
import Testing

@testable import Timing

/// `CAKeyframeAnimation.path` and `rotationMode`: each element but a move is one keyframe segment
/// followed by its own Bézier parameter; paced modes move at constant speed along the path.
@Suite("Keyframe paths")
struct KeyframePathTests {
    /// A line of 100 pt right, then a quadratic curve, then a line of 300 pt down.
    static let path = Path([
        .move(Point(0, 0)), .line(Point(100, 0)), .quad(Point(200, 0), Point(200, 100)), .line(Point(200, 400)),
    ])

    static func animation(_ mode: CalculationMode = .linear, rotation: RotationMode? = nil) throws -> KeyframeAnimation
    {
        try KeyframeAnimation(
            values: [], calculationMode: mode, timing: MediaTiming(duration: 1),
            path: KeyframePath(Self.path), rotationMode: rotation)
    }

    @Test("linear: one keyframe segment per element, each followed by its Bézier parameter")
    func linearSegments() throws {
        let a = try Self.animation()
        let corners: [AnimatableValue] = [
            .point(Point(0, 0)), .point(Point(100, 0)), .point(Point(200, 100)), .point(Point(200, 400)),
        ]
        #expect(a.values == corners)
        let keyTimes: [Double] = [0, 1.0 / 3, 2.0 / 3, 1]
        #expect(a.effectiveKeyTimes == keyTimes)
        #expect(a.interpolated(at: 1.0 / 6).point == Point(50, 0))
        // Halfway through the quad: 0.25·(100, 0) + 0.5·(200, 0) + 0.25·(200, 100).
        let mid = try #require(a.interpolated(at: 0.5).point)
        #expect(abs(mid.x - 175) < 1e-12 && abs(mid.y - 25) < 1e-12)
        #expect(a.interpolated(at: 1).point == Point(200, 400))
    }

    @Test("discrete: the keyframes are the segments' ends, held for a quarter each")
    func discreteKeyframes() throws {
        let a = try Self.animation(.discrete)
        #expect(a.interpolated(at: 0.24).point == Point(0, 0))
        #expect(a.interpolated(at: 0.25).point == Point(100, 0))
        #expect(a.interpolated(at: 0.74).point == Point(200, 100))
        #expect(a.interpolated(at: 1).point == Point(200, 400))
    }

    @Test("paced: distance along the path grows with time, at the path's length per duration")
    func pacedIsConstantSpeed() throws {
        let a = try Self.animation(.paced)
        let path = try KeyframePath(Self.path)
        let length = path.length
        // The quad's length, ∫₀¹|B'(u)|du for B'(u) = (200(1 − u), 200u): 162.3225… pt; 64 chords
        // fall short of it by less than 0.01 pt.
        #expect(length < 400 + 162.32252 && length > 400 + 162.32252 - 0.01)
        // 50 pt in: on the first line.
        #expect(a.interpolated(at: 50 / length).point == Point(50, 0))
        // 100 pt before the end: on the last line, at y 300.
        let late = try #require(a.interpolated(at: (length - 100) / length).point)
        #expect(abs(late.x - 200) < 1e-9 && abs(late.y - 300) < 1e-6)
    }

    @Test("rotationMode auto turns the layer to the direction of travel, autoReverse the other way")
    func rotationAlongThePath() throws {
        let layer = try TimingLayer(name: "plane")
        try layer.setModelValue(.angle(Angle(radians: 0.1)), for: .rotation)
        try layer.add(try Self.animation(rotation: .auto), for: .center, committedAt: 0)
        // On the first line (heading right), in the quad's middle (heading 45° down), on the last line (down).
        #expect(layer.presentationValue(of: .rotation, at: 1.0 / 6).angle?.radians == 0.1)
        let quad = try #require(layer.presentationValue(of: .rotation, at: 0.5).angle?.radians)
        #expect(abs(quad - (0.1 + .pi / 4)) < 1e-12)
        #expect(layer.presentationValue(of: .rotation, at: 0.9).angle?.radians == 0.1 + .pi / 2)
        // Once removed, the rotation is the model's again.
        #expect(layer.presentationValue(of: .rotation, at: 1.5).angle?.radians == 0.1)
        let reverse = try TimingLayer(name: "plane")
        try reverse.add(try Self.animation(rotation: .autoReverse), for: .center, committedAt: 0)
        #expect(reverse.presentationValue(of: .rotation, at: 1.0 / 6).angle?.radians == .pi)
    }

    @Test("a path of moves only, or a rotation mode without a path, is refused")
    func refusals() throws {
        #expect(throws: TimingError.self) { try KeyframePath(Path([.move(Point(1, 1))])) }
        #expect(throws: TimingError.self) {
            try KeyframeAnimation(values: [.point(.zero)], rotationMode: .auto)
        }
    }
}

/// The check: paced keyframes on a quarter circle, position and angle at t = 0 … 1
/// against the exact arc-length values.
@Suite("Paced keyframes on a quarter circle")
struct QuarterCircleTests {
    @Test("at t = 0, 0.25, 0.5, 0.75, 1 the item is at the circle's angle 90°·t and heads along its tangent")
    func pacedQuarterCircle() throws {
        // Centre (0, 0), radius 100, from (100, 0) clockwise on screen (y down) to (0, 100): SVG's
        // arc, which the path parser turns into a cubic Bézier (within 0.03 pt of the circle).
        let path = try KeyframePath(try SVGPathDataForTests.quarterCircle())
        let a = try KeyframeAnimation(values: [], calculationMode: .paced, path: path, rotationMode: .auto)
        for t in [0, 0.25, 0.5, 0.75, 1.0] {
            let theta = t * .pi / 2
            let p = try #require(a.interpolated(at: t).point)
            #expect(abs(p.x - 100 * cos(theta)) < 0.05 && abs(p.y - 100 * sin(theta)) < 0.05, "t \(t): \(p)")
            let sample = MediaTiming(duration: 1).sample(parentTime: t)
            let heading = try #require(a.rotationAlongPath(at: sample)).radians
            #expect(abs(heading - (theta + .pi / 2)) < 2e-3, "t \(t): heading \(heading)")
        }
    }
}

/// A quarter circle of radius 100 as one cubic with the usual k = 0.5523 control distance, as an
/// SVG arc converts to (kept here so the Timing tests need no SVG parser).
enum SVGPathDataForTests {
    static func quarterCircle() throws -> Path {
        let k = 4.0 / 3.0 * (2.0.squareRoot() - 1) * 100
        return Path([.move(Point(100, 0)), .cubic(Point(100, k), Point(k, 100), Point(0, 100))])
    }
}
