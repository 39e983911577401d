import Geometry
import SceneModel
import Timing

// A layer's model values, read from its item: what the timing tree starts each layer from.

extension SceneTiming {
    /// An item's model values as written in the scene, to the rules of a layer's table: each
    /// property once, none at its default (`TimingLayer.isDefault`). The layer takes the array as
    /// its table, unchecked: most items set few values, and building, checking and copying the
    /// rest was much of a large scene's set-up. The array holds exactly its values, as the
    /// table of each of a large scene's layers is kept for the whole render.
    static func modelValues(of item: Item) -> [TimingLayer.ModelValue] {
        if item.hasDefaultAttributes { return plainModelValues(of: item) }
        // Counted first, then written into an array of that capacity: cheaper than scratch space
        // copied out, and growing the array left room the table would keep.
        var counted = ModelValues(writing: false)
        counted.append(from: item)
        var written = ModelValues(writing: true)
        written.values.reserveCapacity(counted.count)
        written.append(from: item)
        return written.values
    }

    /// The model values of an item that sets none of the boxed attributes (most items of a
    /// large scene): its eight own values around those of the attributes' defaults, worked out
    /// once, in the order `ModelValues.append(from:)` gives them, in one pass over its own.
    private static func plainModelValues(of item: Item) -> [TimingLayer.ModelValue] {
        let own = { ownValue($0, of: item) }
        var kept: UInt8 = 0
        for k in 0..<8 {
            let (property, value) = own(k)
            if !TimingLayer.isDefault(value, for: property) { kept |= 1 << k }
        }
        let attributes = defaultAttributeValues
        var values: [TimingLayer.ModelValue] = []
        values.reserveCapacity(kept.nonzeroBitCount + attributes.beforeAnchor.count + attributes.afterAnchor.count)
        // Element by element: appending the (mostly empty or one-element) lists as collections
        // went through generic code costing more than the values.
        for k in 0..<6 where kept & 1 << k != 0 { values.append(own(k)) }
        for value in attributes.beforeAnchor { values.append(value) }
        if kept & 1 << 6 != 0 { values.append(own(6)) }
        for value in attributes.afterAnchor { values.append(value) }
        if kept & 1 << 7 != 0 { values.append(own(7)) }
        return values
    }

    /// The values an item stores itself, in a layer's order: 0–5 the base properties before the
    /// boxed attributes', 6 the anchor point, 7 the scale.
    private static func ownValue(_ k: Int, of item: Item) -> TimingLayer.ModelValue {
        switch k {
        case 0: (.center, .point(item.center))
        case 1: (.size, .size(item.size))
        case 2: (.rotation, .angle(item.rotation))
        case 3: (.opacity, .scalar(item.opacity))
        case 4: (.fillColor, .color(AnimatableColor(item.fill)))
        case 5: (.cornerRadius, .scalar(item.cornerRadius))
        case 6: (.anchorPoint, .point(item.anchorPoint))
        default: (.scale, .point(item.scale))
        }
    }

    /// Model values set in a layer's order, each when it is not its property's default: counted
    /// only, or written.
    private struct ModelValues {
        let writing: Bool
        var count = 0
        var values: [TimingLayer.ModelValue] = []

        mutating func set(_ property: LayerProperty, _ value: AnimatableValue) {
            guard !TimingLayer.isDefault(value, for: property) else { return }
            count += 1
            if writing { values.append((property, value)) }
        }

        /// The values of an item that sets boxed attributes (`plainModelValues` gives the others').
        mutating func append(from item: Item) {
            for k in 0..<6 { setOwn(k, of: item) }
            appendBeforeAnchor(of: item)
            setOwn(6, of: item)
            appendAfterAnchor(of: item)
            if let shape = item.shape {
                set(.strokeStart, .scalar(shape.stroke.strokeStart))
                set(.strokeEnd, .scalar(shape.stroke.strokeEnd))
                set(.lineWidth, .scalar(shape.stroke.lineWidth))
                set(.shapeFillColor, .color(AnimatableColor(shape.fillColor)))
                set(.strokeColor, .color(AnimatableColor(shape.strokeColor)))
                set(.lineDashPhase, .scalar(shape.stroke.lineDashPhase))
                if case .path(let p) = shape.geometry { set(.path, .path(PathValue(p))) }
            }
            if let path = item.shadow?.path { set(.shadowPath, .path(PathValue(path))) }
            setOwn(7, of: item)
            // Identity is both transforms' default: only a set one is stored.
            if !item.transform3D.isIdentity { set(.transform3D, .transform(item.transform3D)) }
            if !item.sublayerTransform.isIdentity { set(.sublayerTransform, .transform(item.sublayerTransform)) }
            if let g = item.fillGradient {
                set(.gradientColors, .colorList(ListValue(premultiplying: g.colors)))
                set(.gradientLocations, .numberList(ListValue(g.locations)))
                set(.gradientStartPoint, .point(g.startPoint))
                set(.gradientEndPoint, .point(g.endPoint))
            }
        }

        /// `ownValue` k, when not at its default.
        mutating func setOwn(_ k: Int, of item: Item) {
            let (property, value) = SceneTiming.ownValue(k, of: item)
            set(property, value)
        }

        /// The base properties an item keeps among its boxed attributes, in two parts around the
        /// anchor point (the order of a layer's model values).
        mutating func appendBeforeAnchor(of item: Item) {
            set(.borderWidth, .scalar(item.border?.width ?? 0))
            set(.borderColor, .color(AnimatableColor(item.border?.color ?? .clear)))
            set(.textColor, .color(AnimatableColor(item.text?.color ?? .black)))
            // `shadow:` sets shadowOpacity to its opacity (default 1); without one it is CA's 0.
            set(.shadowOpacity, .scalar(item.shadow?.opacity ?? 0))
            set(.shadowRadius, .scalar(item.shadow?.radius ?? 3))
            set(.shadowOffset, .point(item.shadow?.offset ?? Point(0, -3)))
            set(.shadowColor, .color(AnimatableColor(item.shadow?.color ?? .black)))
            set(.blurRadius, .scalar(item.blurSigma))
        }

        mutating func appendAfterAnchor(of item: Item) {
            set(.rotationX, .angle(item.rotationX))
            set(.rotationY, .angle(item.rotationY))
            set(.zPosition, .scalar(item.zPosition))
            set(.anchorPointZ, .scalar(item.anchorPointZ))
        }
    }

    /// The model values of an item's boxed attributes at their defaults (those not at the layer's
    /// defaults: a borderless item's border colour is clear, CA's is black), on either side of
    /// where the anchor point goes.
    private static let defaultAttributeValues:
        (beforeAnchor: [TimingLayer.ModelValue], afterAnchor: [TimingLayer.ModelValue]) = {
            let plain = Item(id: "", size: Size(1, 1), center: .zero)
            func values(_ append: (inout ModelValues) -> Void) -> [TimingLayer.ModelValue] {
                var values = ModelValues(writing: true)
                append(&values)
                return values.values
            }
            return (values { $0.appendBeforeAnchor(of: plain) }, values { $0.appendAfterAnchor(of: plain) })
        }()
}
