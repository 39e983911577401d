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
        // Counted first, then written into an array of that capacity: cheaper than scratch space
        // copied out, and growing the array left room the table would keep.
        var counted = ModelValues(writing: false)
        counted.append(from: item)
        var written = ModelValues(writing: true)
        written.values.reserveCapacity(counted.count)
        written.append(from: item)
        return written.values
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

        /// Values already to the rules (the defaults' values worked out once).
        mutating func append(_ values: [TimingLayer.ModelValue]) {
            count += values.count
            if writing { self.values += values }
        }

        mutating func append(from item: Item) {
            // Most items of a large scene set none of the boxed attributes (shape, text, shadow,
            // 3-D): their values are then those of any such item, worked out once, and none of
            // the attribute-only properties below is set.
            let plain = item.hasDefaultAttributes
            appendStoredValues(of: item)
            if plain { append(SceneTiming.defaultAttributeValues.beforeAnchor) } else { appendBeforeAnchor(of: item) }
            set(.anchorPoint, .point(item.anchorPoint))
            if plain { append(SceneTiming.defaultAttributeValues.afterAnchor) } else { appendAfterAnchor(of: item) }
            if plain {
                set(.scale, .point(item.scale))
                return
            }
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
            set(.scale, .point(item.scale))
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

        /// The base properties an item stores itself but its anchor point.
        mutating func appendStoredValues(of item: Item) {
            set(.center, .point(item.center))
            set(.size, .size(item.size))
            set(.rotation, .angle(item.rotation))
            set(.opacity, .scalar(item.opacity))
            set(.fillColor, .color(AnimatableColor(item.fill)))
            set(.cornerRadius, .scalar(item.cornerRadius))
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
