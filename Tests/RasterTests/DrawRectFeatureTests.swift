import Colors
import Geometry
import Testing

@testable import Raster

/// A plain layer: a solid rounded rectangle with a border, turned and clipped.
private func plainLayer() -> DrawRect {
    var rect = DrawRect(
        size: Size(40, 30), cornerRadius: 6,
        transform: AffineTransform(rotation: .degrees(9)).concatenating(
            AffineTransform(translationX: 32, y: 25)), fill: ColorRGBA8(r: 20, g: 120, b: 220),
        borderWidth: 2, borderColor: .black, opacity: 0.8,
        clips: [ClipShape(size: Size(60, 50), cornerRadius: 4, transform: AffineTransform(translationX: 30, y: 25))])
    rect.maskedCorners = [.topLeft, .bottomRight]
    rect.cornerCurve = .continuous
    return rect
}

private let image = RasterImage(width: 2, height: 2, straightRGBA: [UInt8](repeating: 200, count: 16), identity: "t")
private let shadow = DrawShadow(color: .black, opacity: 0.5, offset: Point(0, 3), radius: 6)

/// One layer with each feature, and what that feature declares it needs.
private func featuredLayers() -> [(String, DrawRect, DrawingNeeds)] {
    var square = Path()
    square.move(to: Point(0, 0))
    square.line(to: Point(8, 0))
    square.line(to: Point(8, 8))
    square.close()
    var gradient = plainLayer()
    gradient.fillPaint = .gradient(
        GradientPaint(
            gradient: Gradient(kind: .linear, colors: [.white, .black], startPoint: .zero, endPoint: Point(1, 1)),
            size: gradient.size, toPixels: .identity))
    var imageFill = plainLayer()
    imageFill.fillPaint = .image(ImagePaint(image: image, toPixels: .identity))
    var shadowed = plainLayer()
    shadowed.shadow = shadow
    var shadowPath = plainLayer()
    shadowPath.shadow = shadow
    shadowPath.shadow?.path = square
    var backdrop = plainLayer()
    backdrop.backdrop = DrawBackdrop(sigma: 6, saturation: 1.8, tint: ColorRGBA8(r: 255, g: 255, b: 255, a: 120))
    var path = plainLayer()
    path.content = [DrawPath(path: square, paint: .solid(.black))]
    var imagePath = plainLayer()
    imagePath.content = [
        DrawPath(path: square, paint: .solid(.black)),
        DrawPath(path: square, paint: .image(ImagePaint(image: image, toPixels: .identity))),
    ]
    return [
        ("gradient fill", gradient, .generalPath),
        ("image fill", imageFill, [.generalPath, .contentShadow]),
        ("shadow", shadowed, .generalPath),
        ("shadow path", shadowPath, [.generalPath, .contentShadow]),
        ("backdrop", backdrop, [.generalPath, .readsBackdrop]),
        ("content path", path, .generalPath),
        ("content image", imagePath, [.generalPath, .contentShadow]),
    ]
}

@Test("every stored property of a layer is declared once, as geometry every path draws or as a feature with its needs")
func everyDrawRectPropertyIsDeclared() {
    let properties = Mirror(reflecting: plainLayer()).children.compactMap(\.label)
    let declared = Array(DrawRect.geometry) + DrawRect.features.map(\.property)
    #expect(Set(declared).count == declared.count, "a property declared twice")
    let undeclared = Set(properties).subtracting(declared).sorted()
    #expect(
        undeclared.isEmpty,
        "DrawRect.\(undeclared.joined(separator: ", ")): declare it in DrawRect+Needs.swift with what drawing it needs")
    #expect(Set(declared).subtracting(properties).isEmpty, "a declaration names no property")
}

@Test("a plain layer needs nothing; each feature adds exactly what it declares")
func featuresDeclareTheirNeeds() {
    #expect(plainLayer().needs == [])
    for (name, rect, needs) in featuredLayers() {
        #expect(rect.needs == needs, "\(name)")
    }
}

@Test("the banded renderer takes a frame only when no layer needs the general path and nothing is grouped")
func bandedFrameReadsTheNeeds() {
    let plain = DisplayList(width: 64, height: 50, background: .white, rects: [plainLayer(), plainLayer()])
    #expect(BandedFrame.accepts(plain))
    for (name, rect, _) in featuredLayers() {
        let list = DisplayList(width: 64, height: 50, background: .white, rects: [plainLayer(), rect])
        #expect(!BandedFrame.accepts(list), "\(name)")
    }
    var grouped = plain
    grouped.groups = [DrawGroup(rects: 0..<2, opacity: 0.5)]
    #expect(!BandedFrame.accepts(grouped))
}

@Test("a shadow is drawn from an alpha image only for a layer that draws an image or has a shadowPath")
func contentShadowFollowsTheNeeds() {
    for (name, rect, needs) in featuredLayers() {
        var withShadow = rect
        if withShadow.shadow == nil { withShadow.shadow = shadow }
        #expect(withShadow.castsContentShadow == needs.contains(.contentShadow), "\(name)")
        #expect(!rect.castsContentShadow || rect.shadow != nil, "\(name) without a shadow")
    }
}
