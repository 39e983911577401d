import Geometry
import SceneModel
import Timing

// A layer's model values, read from its item: what the timing tree starts each layer from.

extension SceneTiming {
    /// An item's model values as written in the scene. Those its twenty base properties hold at
    /// their defaults are left out, as a layer's table leaves them out (`TimingLayer.isDefault`):
    /// most items set few, and building and destroying the rest was much of a large scene's set-up.
    static func modelValues(of item: Item) -> [(LayerProperty, AnimatableValue)] {
        // Most items of a large scene set none of the boxed attributes (shape, text, shadow, 3-D):
        // their values are then those of any such item, worked out once, and none of the
        // attribute-only properties below is set.
        let plain = item.hasDefaultAttributes
        let attributes =
            plain
            ? defaultAttributeValues
            : (beforeAnchor: attributeValuesBeforeAnchor(of: item), afterAnchor: attributeValuesAfterAnchor(of: item))
        var values = storedModelValues(of: item) + attributes.beforeAnchor
        set(.anchorPoint, .point(item.anchorPoint), in: &values)
        values += attributes.afterAnchor
        if plain {
            if item.scale != Point(1, 1) { values.append((.scale, .point(item.scale))) }
            return values
        }
        if let shape = item.shape {
            values += [
                (.strokeStart, .scalar(shape.stroke.strokeStart)), (.strokeEnd, .scalar(shape.stroke.strokeEnd)),
                (.lineWidth, .scalar(shape.stroke.lineWidth)),
                (.shapeFillColor, .color(AnimatableColor(shape.fillColor))),
                (.strokeColor, .color(AnimatableColor(shape.strokeColor))),
                (.lineDashPhase, .scalar(shape.stroke.lineDashPhase)),
            ]
            if case .path(let p) = shape.geometry { values.append((.path, .path(PathValue(p)))) }
        }
        if let path = item.shadow?.path { values.append((.shadowPath, .path(PathValue(path)))) }
        if item.scale != Point(1, 1) { values.append((.scale, .point(item.scale))) }
        // Identity is both transforms' default: only a set one is stored.
        if !item.transform3D.isIdentity { values.append((.transform3D, .transform(item.transform3D))) }
        if !item.sublayerTransform.isIdentity {
            values.append((.sublayerTransform, .transform(item.sublayerTransform)))
        }
        if let g = item.fillGradient {
            values += [
                (.gradientColors, .colorList(ListValue(premultiplying: g.colors))),
                (.gradientLocations, .numberList(ListValue(g.locations))),
                (.gradientStartPoint, .point(g.startPoint)), (.gradientEndPoint, .point(g.endPoint)),
            ]
        }
        return values
    }

    /// The model values of an item's boxed attributes at their defaults (those not at the layer's
    /// defaults: a borderless item's border colour is clear, CA's is black), on either side of
    /// where the anchor point goes.
    private static let defaultAttributeValues:
        (beforeAnchor: [(LayerProperty, AnimatableValue)], afterAnchor: [(LayerProperty, AnimatableValue)]) = {
            let plain = Item(id: "", size: Size(1, 1), center: .zero)
            return (attributeValuesBeforeAnchor(of: plain), attributeValuesAfterAnchor(of: plain))
        }()

    /// `property`'s value when it is not the layer's default (a layer leaves those out).
    private static func set(
        _ property: LayerProperty, _ value: AnimatableValue, in values: inout [(LayerProperty, AnimatableValue)]
    ) {
        if !TimingLayer.isDefault(value, for: property) { values.append((property, value)) }
    }

    /// The base properties an item stores itself but its anchor point.
    private static func storedModelValues(of item: Item) -> [(LayerProperty, AnimatableValue)] {
        var values: [(LayerProperty, AnimatableValue)] = []
        values.reserveCapacity(8)
        set(.center, .point(item.center), in: &values)
        set(.size, .size(item.size), in: &values)
        set(.rotation, .angle(item.rotation), in: &values)
        set(.opacity, .scalar(item.opacity), in: &values)
        set(.fillColor, .color(AnimatableColor(item.fill)), in: &values)
        set(.cornerRadius, .scalar(item.cornerRadius), in: &values)
        return values
    }

    /// The base properties an item keeps among its boxed attributes, in two parts around the
    /// anchor point (the order of a layer's model values).
    private static func attributeValuesBeforeAnchor(of item: Item) -> [(LayerProperty, AnimatableValue)] {
        var values: [(LayerProperty, AnimatableValue)] = []
        set(.borderWidth, .scalar(item.border?.width ?? 0), in: &values)
        set(.borderColor, .color(AnimatableColor(item.border?.color ?? .clear)), in: &values)
        set(.textColor, .color(AnimatableColor(item.text?.color ?? .black)), in: &values)
        // `shadow:` sets shadowOpacity to its opacity (default 1); without one it is CA's 0.
        set(.shadowOpacity, .scalar(item.shadow?.opacity ?? 0), in: &values)
        set(.shadowRadius, .scalar(item.shadow?.radius ?? 3), in: &values)
        set(.shadowOffset, .point(item.shadow?.offset ?? Point(0, -3)), in: &values)
        set(.shadowColor, .color(AnimatableColor(item.shadow?.color ?? .black)), in: &values)
        set(.blurRadius, .scalar(item.blurSigma), in: &values)
        return values
    }

    private static func attributeValuesAfterAnchor(of item: Item) -> [(LayerProperty, AnimatableValue)] {
        var values: [(LayerProperty, AnimatableValue)] = []
        set(.rotationX, .angle(item.rotationX), in: &values)
        set(.rotationY, .angle(item.rotationY), in: &values)
        set(.zPosition, .scalar(item.zPosition), in: &values)
        set(.anchorPointZ, .scalar(item.anchorPointZ), in: &values)
        return values
    }
}
