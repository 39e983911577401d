import Foundation
import Geometry
import Testing

@testable import Scrolling

/// The scroll physics against the contract's formulas, written out here independently of the code
/// (docs/scrolling.md cites them): the glide v0·rate^(1000t) and its integral, Apple's
/// `project`, the rubber band (1 − 1/(x·0.55/d + 1))·d, the release velocity of a scripted path
/// and the paging rule.
@Suite("Scroll physics")
struct ScrollPhysicsTests {
    /// A vertical list 600 pt tall over 5,000 pt of content, flicked up by a finger whose last
    /// 100 ms move at `speed` points a second.
    static func flick(speed: Double, rate: Double, paging: Bool = false, startOffset: Double = 0) -> ScrollMotion {
        let y = axis(content: 5000, dimension: 600, paging: paging, rate: rate)
        let x = axis(content: 390, dimension: 390, rate: rate)
        let path = FingerPath(
            times: [0, 0.1, 0.2], points: [Point(200, 500), Point(200, 490), Point(200, 490 - speed * 0.1)])
        return ScrollMotion(x: x, y: y, initialOffset: Point(0, startOffset), drags: [.init(at: 1, path: path)])
    }

    @Test(
        "after release, offset and velocity follow v0·rate^(1000t) and its integral to 1e-6 pt",
        arguments: [(0.998, 1500.0), (0.998, 3000.0), (0.99, 1500.0), (0.99, 3000.0)])
    func glideFollowsTheDecay(rate: Double, speed: Double) {
        let motion = Self.flick(speed: speed, rate: rate)
        let release = 1.2
        let released = motion.state(at: release).offset.y
        #expect(abs(released - (10 + speed * 0.1)) < 1e-9)
        // Sampled while the glide lasts (it stops under 1 pt/s: after 0.73 s at the fast rate).
        let duration = log(speed) / (-1000 * log(rate))
        for t in [0.01, 0.1, 0.25, 0.5, 1.0, 2.0, 3.0] where t < duration {
            let state = motion.state(at: release + t)
            let velocity = speed * pow(rate, 1000 * t)
            let distance = speed * (pow(rate, 1000 * t) - 1) / (1000 * log(rate))
            #expect(abs(state.velocity.y - velocity) < 1e-6, "t \(t): velocity \(state.velocity.y) against \(velocity)")
            #expect(abs(state.offset.y - (released + distance)) < 1e-6, "t \(t): offset \(state.offset.y)")
            #expect(state.offset.x == 0 && state.velocity.x == 0)
        }
    }

    @Test(
        "a glide travels what Apple's project(v, rate) predicts, within the 0.1–0.5 % the sum and the integral differ",
        arguments: [(0.998, 1500.0), (0.998, 3000.0), (0.99, 1500.0), (0.99, 3000.0)])
    func glideTravelMatchesProjection(rate: Double, speed: Double) {
        let motion = Self.flick(speed: speed, rate: rate)
        let released = motion.state(at: 1.2).offset.y
        let rest = motion.state(at: 30).offset.y
        let projected = (speed / 1000) * rate / (1 - rate)
        #expect(abs((rest - released) / projected - 1) < 0.006, "travel \(rest - released) against \(projected)")
        #expect(ScrollPhysics.project(velocity: speed, rate: rate) == projected)
        #expect(motion.state(at: 30).phase == .idle && motion.state(at: 1.3).phase == .decelerating)
    }

    @Test("a pull of 50, 100 and 200 pt past the top shows (1 − 1/(x·0.55/d + 1))·d of it")
    func rubberBand() {
        let y = axis(content: 5000, dimension: 600)
        let x = axis(content: 390, dimension: 390)
        for pull in [50.0, 100.0, 200.0] {
            let expected: Double = (1 - 1 / (pull * 0.55 / 600 + 1)) * 600
            let path = FingerPath(
                times: [0, 0.5, 1.5], points: [Point(200, 300), Point(200, 300 + pull), Point(200, 300 + pull)])
            let motion = ScrollMotion(x: x, y: y, initialOffset: .zero, drags: [.init(at: 0, path: path)])
            #expect(abs(motion.state(at: 1.0).offset.y + expected) < 1e-9, "pull \(pull)")
            #expect(abs(ScrollPhysics.rubberBandTravel(expected, dimension: 600) - pull) < 1e-9)
            // Let go, held still: back to the edge, and at rest there.
            #expect(motion.state(at: 1.5 + 5).offset.y == 0)
            #expect(motion.state(at: 1.6).offset.y < 0)
        }
        let fifty: Double = (1 - 1 / (50 * 0.55 / 600 + 1)) * 600
        #expect(ScrollPhysics.rubberBand(50, dimension: 600) == fifty)
    }

    @Test("without bounces a pull past the edge holds the content at the edge")
    func noBounce() {
        let y = axis(content: 5000, dimension: 600, bounces: false)
        #expect(y.banded(-80) == 0 && y.banded(4500) == 4400)
    }

    @Test("content shorter than the bounds does not scroll unless it always bounces")
    func shortContent() {
        let still = axis(content: 300, dimension: 600)
        let bouncy = axis(content: 300, dimension: 600, alwaysBounces: true)
        #expect(!still.scrolls && bouncy.scrolls && bouncy.maxOffset == 0)
        let insets = axis(content: 1000, dimension: 600, insets: (20, 34))
        #expect(insets.minOffset == -20 && insets.maxOffset == 434)
    }

    @Test("the release velocity is the path's slope over the last 50 ms: the derivative of a linear last segment")
    func releaseVelocity() {
        let path = FingerPath(times: [0, 0.2, 0.3], points: [Point(0, 0), Point(30, 40), Point(90, -60)])
        #expect(path.releaseVelocity == Point(600, -1000))
        // A last segment shorter than the window: the mean over the window spans the corner.
        let short = FingerPath(times: [0, 0.2, 0.23], points: [Point(0, 0), Point(0, 100), Point(0, 130)])
        let expected = (130 - (100 - 100 / 0.2 * 0.02)) / 0.05
        #expect(abs(short.releaseVelocity.y - expected) < 1e-9)
        #expect(FingerPath(times: [0], points: [Point(3, 4)]).releaseVelocity == .zero)
        // A finger that stops before lifting flicks nothing.
        let held = FingerPath(times: [0, 0.2, 0.4], points: [Point(0, 0), Point(0, 100), Point(0, 100)])
        #expect(held.releaseVelocity == .zero)
    }

    @Test(
        "paging picks the page nearest the projected rest, at most one page from where the drag began",
        arguments: [
            // speed (pt/s, content moving to larger offsets), drag start page, expected page
            (0.0, 2, 2), (200.0, 2, 2), (700.0, 2, 3), (5000.0, 2, 3), (-700.0, 2, 1), (-9000.0, 2, 1),
            (0.0, 0, 0), (-3000.0, 0, 0),
        ])
    func pagingRule(speed: Double, startPage: Int, expected: Int) {
        let y = axis(content: 3000, dimension: 600, paging: true)
        // Released 10 pt past the start page, toward larger offsets.
        let release = Double(startPage) * 600 + 10
        let projected = release + (speed / 1000) * 0.998 / (1 - 0.998)
        let nearest = Int((min(max(projected, 0), 2400) / 600).rounded())
        #expect(min(max(nearest, startPage - 1), startPage + 1) == expected)
        let glide = y.release(at: release, velocity: speed, startPage: startPage)
        #expect(glide.restingOffset == Double(expected) * 600)
        #expect(glide.state(at: glide.duration + 1).offset == Double(expected) * 600)
    }

    @Test("a glide that reaches the end bounces past it and settles exactly on it")
    func bounceAtTheEnd() {
        let motion = Self.flick(speed: 3000, rate: 0.998, startOffset: 4000)
        let samples = stride(from: 1.2, through: 4, by: 1.0 / 60).map { motion.state(at: $0).offset.y }
        let peak = samples.max() ?? 0
        #expect(peak > 4400 && peak < 4400 + 600)
        #expect(motion.state(at: 10).offset.y == 4400)
        let events = motion.events.map(\.event.description)
        #expect(events.first == "scrollViewWillBeginDragging")
        #expect(events[1] == "scrollViewWillEndDragging velocity (0.00, 3000.00) pt/s target (0.00, 4400.00)")
        #expect(events.last == "scrollViewDidEndDecelerating offset (0.00, 4400.00)")
    }

    @Test("a finger landing on gliding content catches it where it is")
    func catchStopsTheGlide() {
        let y = axis(content: 5000, dimension: 600)
        let x = axis(content: 390, dimension: 390)
        let flick = FingerPath(times: [0, 0.1], points: [Point(200, 500), Point(200, 300)])
        let hold = FingerPath(times: [0, 0.5], points: [Point(200, 400), Point(200, 400)])
        let motion = ScrollMotion(
            x: x, y: y, initialOffset: .zero, drags: [.init(at: 0, path: flick), .init(at: 0.4, path: hold)])
        let caught = motion.state(at: 0.4).offset.y
        #expect(motion.state(at: 0.7).offset.y == caught)
        #expect(motion.state(at: 5).offset.y == caught)
        #expect(
            !motion.events.contains { $0.event.description.hasPrefix("scrollViewDidEndDecelerating offset (0.00, 2") })
    }
}

@Suite("Scroll motion while dragging")
struct DragVelocityTests {
    @Test("while the finger drags, the content moves against it at its speed, slowed by the rubber band past an edge")
    func dragVelocity() {
        let y = axis(content: 5000, dimension: 600)
        let x = axis(content: 390, dimension: 390)
        // Up 200 pt in 0.5 s (400 pt/s), then down 400 pt in 0.5 s, past the top.
        let path = FingerPath(times: [0, 0.5, 1], points: [Point(0, 400), Point(0, 200), Point(0, 600)])
        let motion = ScrollMotion(x: x, y: y, initialOffset: Point(0, 100), drags: [.init(at: 0, path: path)])
        #expect(motion.state(at: 0.25).velocity == Point(0, 400))
        #expect(motion.state(at: 0.6).velocity == Point(0, -800))
        // At 1 s the finger has pulled 100 pt past the top: slope 0.55/(100·0.55/600 + 1)².
        let q = 100 * 0.55 / 600 + 1
        let slope = 0.55 / (q * q)
        #expect(abs(motion.state(at: 1).velocity.y - -800 * slope) < 1e-9)
        #expect(path.velocity(at: 0.25) == Point(0, -400) && path.velocity(at: 0.5) == Point(0, 800))
        #expect(path.velocity(at: 1) == Point(0, 800) && path.velocity(at: -1) == .zero)
    }
}

@Suite("setContentOffset")
struct SetContentOffsetTests {
    static let list = axis(content: 5000, dimension: 600)
    static let across = axis(content: 390, dimension: 390)

    /// Core Animation's ease-in-ease-out, (0.42, 0, 0.58, 1), solved here by bisection.
    static func easeInEaseOut(_ x: Double) -> Double {
        func bezier(_ u: Double, _ p1: Double, _ p2: Double) -> Double {
            3 * (1 - u) * (1 - u) * u * p1 + 3 * (1 - u) * u * u * p2 + u * u * u
        }
        var (lo, hi) = (0.0, 1.0)
        for _ in 0..<60 {
            let mid = (lo + hi) / 2
            if bezier(mid, 0.42, 0.58) < x { lo = mid } else { hi = mid }
        }
        return bezier((lo + hi) / 2, 0, 1)
    }

    @Test("an animated setContentOffset moves on ease-in-ease-out over 0.3 s and is heard ending; an instant one jumps")
    func animatedScroll() {
        let motion = ScrollMotion(
            x: Self.across, y: Self.list, initialOffset: Point(0, 100), drags: [],
            scrolls: [
                .init(at: 1, offset: Point(0, 700), animated: true),
                .init(at: 2, offset: Point(0, 50), animated: false),
            ])
        for t in [0.0, 0.05, 0.15, 0.25, 0.3] {
            let expected = 100 + 600 * Self.easeInEaseOut(t / 0.3)
            #expect(abs(motion.state(at: 1 + t).offset.y - expected) < 0.01, "t \(t)")
        }
        #expect(motion.state(at: 1.15).phase == .animating)
        #expect(motion.state(at: 1.5).offset.y == 700 && motion.state(at: 1.5).phase == .idle)
        #expect(motion.state(at: 2).offset.y == 50)
        #expect(
            motion.events.map(\.event.description) == [
                "setContentOffset((0.00, 700.00), animated: true)",
                "scrollViewDidEndScrollingAnimation offset (0.00, 700.00)",
                "setContentOffset((0.00, 50.00), animated: false)",
            ])
        #expect(abs(motion.events[1].time - 1.3) < 1e-12)
    }

    @Test("a finger coming down during the animation catches the content where it is")
    func dragCatchesTheAnimation() {
        let hold = FingerPath(times: [0, 0.2], points: [Point(100, 300), Point(100, 300)])
        let motion = ScrollMotion(
            x: Self.across, y: Self.list, initialOffset: .zero, drags: [.init(at: 1.1, path: hold)],
            scrolls: [.init(at: 1, offset: Point(0, 900), animated: true)])
        let caught = motion.state(at: 1.1).offset.y
        #expect(caught > 0 && caught < 900)
        #expect(motion.state(at: 2).offset.y == caught)
        #expect(!motion.events.contains { $0.event.description.hasPrefix("scrollViewDidEndScrollingAnimation") })
    }
}

/// An axis as the tests build them: UIKit's defaults unless a test says otherwise.
func axis(
    content: Double, dimension: Double, insets: (Double, Double) = (0, 0), alwaysBounces: Bool = false,
    bounces: Bool = true, paging: Bool = false, rate: Double = 0.998
) -> ScrollAxis {
    ScrollAxis(
        content: content, leadingInset: insets.0, trailingInset: insets.1, dimension: dimension,
        alwaysBounces: alwaysBounces, bounces: bounces, isPagingEnabled: paging, rate: rate)
}
