// What each feature of a layer asks of the drawing around it, declared once per feature.
//
// The rasterizer has more than one way to a frame: the banded renderer (BandedFrame.swift) draws
// solid rounded rectangles a band of rows at a time, the general path draws everything, and a
// shadow is cast either from the layer's rounded shape (ShadowRenderer) or from its composited
// alpha (Rasterizer+ContentShadow.swift). Which way a layer may take follows from its features.
// Every stored property of `DrawRect` is named below, as plain geometry or as a feature with its
// needs (`DrawRectFeatureTests` fails on a property named nowhere), so a new feature is declared
// here before any path can draw it, and the banded renderer and the shadows read `needs` instead
// of keeping lists of their own.

/// What drawing a layer needs beyond a solid rounded rectangle with a border.
public struct DrawingNeeds: OptionSet, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Only the general path draws it: the banded renderer draws solid fills and borders.
    public static let generalPath = DrawingNeeds(rawValue: 1 << 0)
    /// Its shadow is not its rounded shape: it follows the alpha of what it draws (an image), or
    /// its `shadowPath`; drawn from an alpha image (Rasterizer+ContentShadow.swift).
    public static let contentShadow = DrawingNeeds(rawValue: 1 << 1)
    /// It reads what is drawn behind it (a backdrop material), so it draws on the whole frame.
    public static let readsBackdrop = DrawingNeeds(rawValue: 1 << 2)
}

extension DrawRect {
    /// One declared feature: the property's name and what a layer with it needs.
    struct Feature: Sendable {
        let property: String
        let needs: @Sendable (DrawRect) -> DrawingNeeds
    }

    /// The properties every path draws: the rounded rectangle, its border, opacity and clips.
    static let geometry: Set<String> = [
        "size", "cornerRadius", "maskedCorners", "cornerCurve", "transform", "fill", "borderWidth",
        "borderColor", "opacity", "clips",
    ]

    /// The rest, each with what it needs.
    static let features: [Feature] = [
        // A gradient or an image fill is shaded per pixel; an image's alpha shapes the shadow.
        Feature(property: "fillPaint") { rect in
            guard let paint = rect.fillPaint else { return [] }
            if case .image = paint { return [.generalPath, .contentShadow] }
            return .generalPath
        },
        // Drawn blurred under the layer by the general path (the bands do not carry a blur's
        // reach); a shadowPath gives it a shape of its own.
        Feature(property: "shadow") { rect in
            guard let shadow = rect.shadow else { return [] }
            return shadow.path == nil ? .generalPath : [.generalPath, .contentShadow]
        },
        Feature(property: "backdrop") { $0.backdrop == nil ? [] : [.generalPath, .readsBackdrop] },
        // Paths, glyphs and images over the layer; an image among them shapes the shadow too.
        Feature(property: "content") { rect in
            guard !rect.content.isEmpty else { return [] }
            let hasImage = rect.content.contains { if case .image = $0.paint { true } else { false } }
            return hasImage ? [.generalPath, .contentShadow] : .generalPath
        },
    ]

    /// What drawing this layer needs: the union of its features' needs.
    public var needs: DrawingNeeds {
        var needs: DrawingNeeds = []
        for feature in Self.features { needs.formUnion(feature.needs(self)) }
        return needs
    }

    /// Whether the layer's shadow is cast by its composited alpha rather than its rounded shape.
    var castsContentShadow: Bool { shadow != nil && needs.contains(.contentShadow) }
}
