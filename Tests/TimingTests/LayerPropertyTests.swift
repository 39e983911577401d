import Geometry
import Testing

@testable import Timing

/// A layer's model table is keyed by `LayerProperty`: equality and hashing go by case.
@Suite("Layer properties")
struct LayerPropertyTests {
    @Test("a property's case index is its position in allCases, and there are at most 64")
    func caseIndex() {
        #expect(LayerProperty.allCases.map { Int($0.caseIndex) } == Array(0..<LayerProperty.allCases.count))
        #expect(LayerProperty.allCases.count <= 64, "TimingLayer.setModelValues keeps a property a bit of a UInt64")
    }

    @Test("each property equals itself only and hashes as itself")
    func equalityByCase() {
        let all = LayerProperty.allCases
        for (i, a) in all.enumerated() {
            for (j, b) in all.enumerated() { #expect((a == b) == (i == j), "\(a) \(b)") }
            #expect(a.hashValue == LayerProperty(rawValue: a.rawValue)!.hashValue)
        }
        #expect(Set(all).count == all.count)
    }

    @Test("a layer's model table holds a value for every property apart, defaults for the unset")
    func modelTable() throws {
        let layer = try TimingLayer(name: "a")
        let scalars = LayerProperty.allCases.filter { $0.kind == .scalar }
        try layer.setModelValues(scalars.enumerated().map { ($0.element, .scalar(Double($0.offset) + 0.5)) })
        for (k, property) in scalars.enumerated() {
            #expect(layer.modelValue(of: property) == .scalar(Double(k) + 0.5))
        }
        for property in LayerProperty.allCases where property.kind != .scalar {
            #expect(layer.modelValue(of: property) == property.defaultValue)
        }
    }

    @Test("first values naming a property twice keep the later; a value of the wrong kind is refused")
    func firstValues() throws {
        let layer = try TimingLayer(name: "a")
        try layer.setModelValues([(.opacity, .scalar(0.5)), (.cornerRadius, .scalar(4)), (.opacity, .scalar(1))])
        #expect(layer.modelValue(of: .opacity) == .scalar(1))
        #expect(layer.modelValue(of: .cornerRadius) == .scalar(4))
        #expect(throws: (any Error).self) { try layer.setModelValues([(.zPosition, .point(.zero))]) }
        #expect(layer.modelValue(of: .zPosition) == .scalar(0))
    }

    @Test("a model value set to its default reads back to the bit, −0 included, and can be changed again")
    func defaultsAndSignedZero() throws {
        let layer = try TimingLayer(name: "a")
        try layer.setModelValue(.scalar(1), for: .opacity)
        #expect(layer.modelValue(of: .opacity) == .scalar(1))
        try layer.setModelValue(.scalar(-0.0), for: .cornerRadius)
        #expect(layer.modelValue(of: .cornerRadius).isIdentical(to: .scalar(-0.0)))
        try layer.setModelValue(.scalar(0.5), for: .opacity)
        try layer.setModelValue(.angle(.radians(-0.0)), for: .rotation)
        #expect(layer.modelValue(of: .rotation).isIdentical(to: .angle(.radians(-0.0))))
        #expect(layer.modelValue(of: .opacity) == .scalar(0.5))
        try layer.setModelValue(.scalar(1), for: .opacity)
        #expect(layer.modelValue(of: .opacity) == .scalar(1))
    }

    @Test("identity is to the bit for numbers, and never for lists, paths and transforms")
    func identity() {
        #expect(AnimatableValue.scalar(0).isIdentical(to: .scalar(0)))
        #expect(!AnimatableValue.scalar(0).isIdentical(to: .scalar(-0.0)))
        #expect(AnimatableValue.point(Point(1, 2)).isIdentical(to: .point(Point(1, 2))))
        #expect(!AnimatableValue.point(Point(1, 2)).isIdentical(to: .point(Point(2, 1))))
        #expect(!AnimatableValue.scalar(1).isIdentical(to: .angle(.radians(1))))
        #expect(!AnimatableValue.transform(.identity).isIdentical(to: .transform(.identity)))
    }
}
