import Geometry
import Testing

@testable import Timing

/// The shortcuts a large layer tree is built and advanced with: a layer made with its model
/// values, a fresh sublayer added without the walk up, a layer without animations advanced
/// without its own local time.
@Suite("Layer tree set-up")
struct LayerTreeSetUpTests {
    static let values: [TimingLayer.ModelValue] = [
        (.center, .point(Point(40, 60))), (.size, .size(Size(20, 10))), (.opacity, .scalar(0.5)),
        (.anchorPoint, .point(Point(0, 1))), (.scale, .point(Point(2, 2))),
    ]

    @Test("a layer made with its model values reads every property as one given them by setModelValues")
    func madeWithValues() throws {
        let made = try TimingLayer(name: "made", timing: MediaTiming(), modelValues: Self.values)
        let set = try TimingLayer(name: "set")
        try set.setModelValues(Self.values)
        for property in LayerProperty.allCases {
            #expect(made.modelValue(of: property) == set.modelValue(of: property), "\(property)")
            #expect(made.presentationValue(of: property, at: 1) == set.presentationValue(of: property, at: 1))
        }
        #expect(made.modelValue(of: .opacity).scalar == 0.5)
        #expect(made.modelValue(of: .rotation) == LayerProperty.rotation.defaultValue)
    }

    @Test("a parent with no animation of its own still reports its child's stop, at the child's local time")
    func advanceThroughStillParent() throws {
        let parent = try TimingLayer(name: "parent", timing: MediaTiming(speed: 2))
        let child = try TimingLayer(name: "child")
        try parent.addSublayer(child)
        _ = try child.add(
            BasicAnimation(fromValue: .scalar(0), toValue: .scalar(1), timing: MediaTiming(duration: 1)),
            for: .opacity, forKey: "fade", committedAt: 0)
        // The parent's speed 2 runs the child's one second in half a second of host time: the
        // first advance past it (the end itself still shows the last value) reports the stop,
        // where at speed 1 nothing would stop before host time 1.
        #expect(parent.advance(to: 0.25).isEmpty)
        #expect(parent.advance(to: 0.5).isEmpty)
        #expect(parent.advance(to: 0.75).map(\.description) == ["child.fade opacity finished=true @0.75"])
        #expect(parent.advance(to: 1).isEmpty)
    }

    @Test("adding a layer to itself, or an ancestor to its descendant, is refused; a fresh layer joins at the end")
    func sublayerRules() throws {
        let a = try TimingLayer(name: "a")
        #expect(throws: TimingError.self) { try a.addSublayer(a) }
        let b = try TimingLayer(name: "b")
        let c = try TimingLayer(name: "c")
        a.reserveSublayers(2)
        try a.addSublayer(b)
        try a.addSublayer(c)
        #expect(a.sublayers.map(\.name) == ["b", "c"])
        #expect(b.superlayer === a && c.superlayer === a)
        #expect(throws: TimingError.self) { try b.addSublayer(a) }
        // A layer with a superlayer moves, as CA moves it.
        try c.addSublayer(b)
        #expect(a.sublayers.map(\.name) == ["c"] && c.sublayers.map(\.name) == ["b"])
    }
}
