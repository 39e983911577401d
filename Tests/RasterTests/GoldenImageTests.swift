import Foundation
import Geometry
import PNG
import Raster
import Shapes
import Testing

// Golden images: small scenes rendered and compared, by decoded pixels and exactly, with PNGs
// committed in Goldens/. Exact because rendering is integer compositing over deterministic
// coverage: any byte that changes is a change of behaviour to look at, not noise.
//
// Re-record after an intended change:
//     FLIPBOOK_RECORD_GOLDENS=1 swift test --filter GoldenImageTests
// A recording run writes into the source folder and fails on purpose.

/// The scenes, 64 × 64 each, by golden file name.
let goldenScenes: [(String, DisplayList)] = [
    (
        "rotated-border-opacity",
        DisplayList(
            width: 64, height: 64, background: ColorRGBA8(r: 0xF2, g: 0xF2, b: 0xF7),
            rects: [
                DrawRect(
                    size: Size(40, 26), cornerRadius: 8, transform: placed(32, 32, degrees: 30),
                    fill: ColorRGBA8(r: 0xFF, g: 0x95, b: 0x00), borderWidth: 3,
                    borderColor: ColorRGBA8(r: 0x1C, g: 0x1C, b: 0x1E), opacity: 0.8)
            ])
    ),
    (
        "overlapping-translucent",
        DisplayList(
            width: 64, height: 64, background: .white,
            rects: [
                DrawRect(
                    size: Size(36, 36), cornerRadius: 18, transform: placed(24, 26, degrees: 0),
                    fill: ColorRGBA8(r: 0xFF, g: 0x3B, b: 0x30, a: 0xB0)),
                DrawRect(
                    size: Size(36, 30), cornerRadius: 6, transform: placed(40, 28, degrees: -17),
                    fill: ColorRGBA8(r: 0x34, g: 0xC7, b: 0x59, a: 0x90)),
                DrawRect(
                    size: Size(44, 20), cornerRadius: 10, transform: placed(32, 42, degrees: 8.5),
                    fill: ColorRGBA8(r: 0x00, g: 0x7A, b: 0xFF, a: 0x80), borderWidth: 1.5,
                    borderColor: ColorRGBA8(r: 0x58, g: 0x56, b: 0xD6, a: 0xE0), opacity: 0.9),
            ])
    ),
    (
        "clipped-and-tiny",
        DisplayList(
            width: 64, height: 64, background: ColorRGBA8(r: 0x1C, g: 0x1C, b: 0x1E),
            rects: [
                // Off the left and top edges, off the right and bottom, a hairline, sub-pixel dots,
                // a stadium at the largest radius and a nearly unrotated long bar.
                DrawRect(
                    size: Size(30, 24), cornerRadius: 7, transform: placed(2, 4, degrees: 20),
                    fill: ColorRGBA8(r: 0x64, g: 0xD2, b: 0xFF), borderWidth: 2, borderColor: .white),
                DrawRect(
                    size: Size(30, 24), cornerRadius: 12, transform: placed(62, 61, degrees: -35),
                    fill: ColorRGBA8(r: 0xFF, g: 0xD6, b: 0x0A, a: 0xC0)),
                DrawRect(size: Size(0.4, 40), transform: placed(20.3, 40, degrees: 3), fill: .white),
                DrawRect(size: Size(0.3, 0.3), transform: placed(40.5, 12.5, degrees: 0), fill: .white),
                DrawRect(
                    size: Size(0.6, 0.6), cornerRadius: 0.3, transform: placed(44.2, 12.7, degrees: 0),
                    fill: .white),
                DrawRect(
                    size: Size(26, 9), cornerRadius: 100, transform: placed(42, 28, degrees: 63),
                    fill: ColorRGBA8(r: 0xAF, g: 0x52, b: 0xDE)),
                DrawRect(
                    size: Size(50, 3), cornerRadius: 1, transform: placed(32, 56.25, degrees: 0.2),
                    fill: ColorRGBA8(r: 0x30, g: 0xD1, b: 0x58), opacity: 0.7),
            ])
    ),
    (
        "clip-single",
        DisplayList(
            width: 64, height: 64, background: ColorRGBA8(r: 0xF2, g: 0xF2, b: 0xF7),
            rects: [
                // A rotated card (masksToBounds) and two children sticking out of it, clipped to it.
                DrawRect(
                    size: Size(40, 34), cornerRadius: 9, transform: placed(32, 32, degrees: 12),
                    fill: .white, borderWidth: 1, borderColor: ColorRGBA8(r: 0xC7, g: 0xC7, b: 0xCC)),
                DrawRect(
                    size: Size(30, 14), cornerRadius: 4, transform: placed(20, 22, degrees: -20),
                    fill: ColorRGBA8(r: 0xFF, g: 0x3B, b: 0x30), clips: [cardClip]),
                DrawRect(
                    size: Size(22, 22), cornerRadius: 11, transform: placed(47, 45, degrees: 0),
                    fill: ColorRGBA8(r: 0x00, g: 0x7A, b: 0xFF, a: 0xB0), borderWidth: 2,
                    borderColor: ColorRGBA8(r: 0x1C, g: 0x1C, b: 0x1E), clips: [cardClip]),
            ])
    ),
    (
        "clip-nested",
        DisplayList(
            width: 64, height: 64, background: .white,
            rects: [
                DrawRect(
                    size: Size(40, 34), cornerRadius: 9, transform: placed(32, 32, degrees: 12),
                    fill: ColorRGBA8(r: 0xE5, g: 0xE5, b: 0xEA), clips: []),
                DrawRect(
                    size: Size(30, 30), cornerRadius: 15, transform: placed(42, 24, degrees: 0),
                    fill: ColorRGBA8(r: 0x34, g: 0xC7, b: 0x59, a: 0xD0), clips: [cardClip]),
                // A grandchild: clipped by the card and by the circle above.
                DrawRect(
                    size: Size(36, 8), cornerRadius: 2, transform: placed(40, 26, degrees: 35),
                    fill: ColorRGBA8(r: 0xAF, g: 0x52, b: 0xDE), opacity: 0.9,
                    clips: [
                        cardClip,
                        ClipShape(
                            size: Size(30, 30), cornerRadius: 15,
                            transform: placed(42, 24, degrees: 0)),
                    ]),
            ])
    ),
    (
        "shadow-offset-radius-opacity",
        DisplayList(
            width: 64, height: 64, background: ColorRGBA8(r: 0xF2, g: 0xF2, b: 0xF7),
            rects: [
                DrawRect(
                    size: Size(30, 22), cornerRadius: 6, transform: placed(28, 26, degrees: 0), fill: .white,
                    shadow: DrawShadow(color: .black, opacity: 0.35, offset: Point(3, 5.5), radius: 6)),
                DrawRect(
                    size: Size(16, 16), cornerRadius: 4, transform: placed(46, 46, degrees: 25),
                    fill: ColorRGBA8(r: 0xFF, g: 0x95, b: 0x00),
                    shadow: DrawShadow(
                        color: ColorRGBA8(r: 0xFF, g: 0x2D, b: 0x55), opacity: 0.8,
                        offset: Point(-2, 2), radius: 2)),
                // A clear fill with a border: the shadow is the border's ring only.
                DrawRect(
                    size: Size(18, 18), cornerRadius: 9, transform: placed(14, 50, degrees: 0), fill: .clear,
                    borderWidth: 2, borderColor: ColorRGBA8(r: 0x00, g: 0x7A, b: 0xFF),
                    shadow: DrawShadow(color: .black, opacity: 1, offset: Point(0, 0), radius: 3)),
            ])
    ),
    (
        "shadow-under-translucent-layer",
        DisplayList(
            width: 64, height: 64, background: .white,
            rects: [
                // The shadow shows through the translucent fill and the faded layer; the whole thing
                // sits inside a clipping parent that cuts the shadow on the right.
                DrawRect(
                    size: Size(34, 26), cornerRadius: 8, transform: placed(28, 30, degrees: -10),
                    fill: ColorRGBA8(r: 0x5A, g: 0xC8, b: 0xFA, a: 0x80), opacity: 0.85,
                    shadow: DrawShadow(
                        color: ColorRGBA8(r: 0x1C, g: 0x1C, b: 0x1E), opacity: 0.6,
                        offset: Point(6, 6), radius: 5),
                    clips: [ClipShape(size: Size(50, 64), cornerRadius: 0, transform: placed(25, 32, degrees: 0))])
            ])
    ),
    (
        "transparent-background-shadow",
        DisplayList(
            width: 64, height: 64, background: .clear,
            rects: [
                // Alpha output end to end: a shadow on nothing, a translucent layer and its border.
                DrawRect(
                    size: Size(36, 28), cornerRadius: 10, transform: placed(30, 30, degrees: 15),
                    fill: ColorRGBA8(r: 0xFF, g: 0xFF, b: 0xFF, a: 0xE0), borderWidth: 2,
                    borderColor: ColorRGBA8(r: 0x00, g: 0x7A, b: 0xFF, a: 0x99),
                    shadow: DrawShadow(color: .black, opacity: 0.5, offset: Point(2, 4), radius: 8))
            ])
    ),
    (
        "transparent-background",
        DisplayList(
            width: 64, height: 64, background: .clear,
            rects: [
                DrawRect(
                    size: Size(44, 44), cornerRadius: 12, transform: placed(32, 32, degrees: 45),
                    fill: ColorRGBA8(r: 0x00, g: 0x7A, b: 0xFF, a: 0x66), borderWidth: 4,
                    borderColor: ColorRGBA8(r: 0xFF, g: 0x2D, b: 0x55, a: 0xCC)),
                DrawRect(
                    size: Size(20, 20), cornerRadius: 10, transform: placed(32, 32, degrees: 0),
                    fill: ColorRGBA8(r: 0xFF, g: 0xFF, b: 0xFF, a: 0x80), opacity: 0.5),
            ])
    ),
    ("paths-and-strokes", pathsAndStrokes()),
]

/// Filled paths and stroke outlines (the shape layer's two draws): an even-odd pentagram, a ring
/// stroked with round-capped dashes, a checkmark with round caps and joins drawn to 70 % of its
/// length, and a cubic blob clipped by a rotated card.
func pathsAndStrokes() -> DisplayList {
    let (star, _) = pentagram(20.3, 20.7, 15.2, degrees: 4)
    var check = Path([.move(Point(34, 40))])
    check.line(to: Point(42, 48))
    check.line(to: Point(56, 32))
    let ring = circle(46.5, 17.2, 11.3)
    var blob = Path([.move(Point(6.1, 44.3))])
    blob.cubic(to: Point(30.6, 47.2), control1: Point(11.7, 30.2), control2: Point(33.2, 36.3))
    blob.cubic(to: Point(8.3, 62.4), control1: Point(27.1, 66.7), control2: Point(20.2, 50.6))
    blob.close()
    let stroke = { (path: Path, style: StrokeStyle) in Stroker.outline(of: path, style: style, tolerance: 0.0035) }
    let card = ClipShape(size: Size(26, 18), cornerRadius: 5, transform: placed(18, 52, degrees: -9))
    return DisplayList(
        width: 64, height: 64, background: ColorRGBA8(r: 0xF2, g: 0xF2, b: 0xF7),
        rects: [
            DrawRect(
                size: Size(1, 1), transform: placed(0.5, 0.5, degrees: 0), fill: .clear,
                content: [
                    DrawPath(path: star, fillRule: .evenOdd, paint: .solid(ColorRGBA8(r: 0xFF, g: 0x95, b: 0x00))),
                    DrawPath(
                        path: stroke(star, StrokeStyle(lineWidth: 1.2, lineJoin: .miter, miterLimit: 4)),
                        paint: .solid(ColorRGBA8(r: 0xC9, g: 0x34, b: 0x00))),
                    DrawPath(
                        path: stroke(
                            ring,
                            StrokeStyle(lineWidth: 3, lineCap: .round, lineDashPattern: [6, 4], lineDashPhase: 1.5)),
                        paint: .solid(ColorRGBA8(r: 0x00, g: 0x7A, b: 0xFF, a: 0xD0))),
                    DrawPath(
                        path: stroke(
                            check, StrokeStyle(lineWidth: 4, lineCap: .round, lineJoin: .round, strokeEnd: 0.7)),
                        paint: .solid(ColorRGBA8(r: 0x34, g: 0xC7, b: 0x59)), opacity: 0.9),
                    DrawPath(path: blob, paint: .solid(ColorRGBA8(r: 0xAF, g: 0x52, b: 0xDE)), clips: [card]),
                ])
        ])
}

/// The rotated card that the clip goldens' children are clipped to.
let cardClip = ClipShape(size: Size(40, 34), cornerRadius: 9, transform: placed(32, 32, degrees: 12))

/// Rotation by `degrees` about the shape's centre, then the centre placed at (x, y).
/// (Qualified: Foundation has an `AffineTransform` too.)
func placed(_ x: Double, _ y: Double, degrees: Double) -> Geometry.AffineTransform {
    Geometry.AffineTransform(rotation: .degrees(degrees))
        .concatenating(Geometry.AffineTransform(translationX: x, y: y))
}

@Test("rendered scenes match their golden PNGs exactly", arguments: goldenScenes.map(\.0))
func matchesGolden(name: String) throws {
    let list = try #require(goldenScenes.first { $0.0 == name }?.1)
    let actual = DecodedImage(
        width: list.width, height: list.height,
        rgba: Rasterizer.renderStraightRGBA(list))
    try Golden.check(actual, named: name)
}

/// Recording, loading and reporting of golden images.
enum Golden {
    static let recordVariable = "FLIPBOOK_RECORD_GOLDENS"
    static let rerecordCommand = "\(recordVariable)=1 swift test --filter GoldenImageTests"

    /// The Goldens folder in the source tree, where recording writes.
    static let sourceFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Goldens")

    static func check(
        _ actual: DecodedImage, named name: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let encoded = try PNG.encode(rgba: actual.rgba, width: actual.width, height: actual.height)
        if ProcessInfo.processInfo.environment[recordVariable] == "1" {
            let path = sourceFolder.appendingPathComponent("\(name).png").path
            try PNG.writeAtomically(encoded, to: path)
            let message =
                "Recorded golden \(path) (\(encoded.count) bytes). Recording never passes: "
                + "look at the image, then run the tests again without \(recordVariable)."
            Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
            return
        }
        guard let url = Bundle.module.url(forResource: name, withExtension: "png", subdirectory: "Goldens")
        else {
            Issue.record(
                "No golden \(name).png in Goldens/. Record it with: \(rerecordCommand)",
                sourceLocation: sourceLocation)
            return
        }
        let expected = try PNG.decode(contentsOf: url.path)
        guard expected != actual else { return }

        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("flipbook-goldens-\(ProcessInfo.processInfo.processIdentifier)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        func write(_ image: DecodedImage, _ suffix: String) throws -> String {
            let path = folder.appendingPathComponent("\(name).\(suffix).png").path
            try PNG.writeAtomically(
                try PNG.encode(
                    rgba: image.rgba, width: image.width,
                    height: image.height), to: path)
            return path
        }
        var summary = "size \(actual.width)×\(actual.height), golden \(expected.width)×\(expected.height)"
        var paths = [try write(expected, "expected"), try write(actual, "actual")]
        if expected.width == actual.width && expected.height == actual.height {
            let (diff, count, largest) = difference(expected, actual)
            summary = "\(count) of \(actual.width * actual.height) pixels differ, by up to \(largest)"
            paths.append(try write(diff, "diff"))
        }
        Issue.record(
            """
            Golden \(name) differs: \(summary).
            \(paths.joined(separator: "\n"))
            If the change is intended, re-record with: \(rerecordCommand)
            """, sourceLocation: sourceLocation)
    }

    /// A diff image: differing pixels in red, brighter for larger differences (at least 64 so a
    /// one-level change is visible); equal pixels as a faint grey copy of the expected image.
    /// Also the count of differing pixels and the largest channel difference.
    static func difference(_ expected: DecodedImage, _ actual: DecodedImage) -> (DecodedImage, Int, Int) {
        var rgba = [UInt8](repeating: 0, count: expected.rgba.count)
        var count = 0
        var largest = 0
        for i in Swift.stride(from: 0, to: rgba.count, by: 4) {
            var d = 0
            for channel in 0..<4 {
                let e = Int(expected.rgba[i + channel])
                let a = Int(actual.rgba[i + channel])
                d = max(d, abs(e - a))
            }
            if d > 0 {
                count += 1
                largest = max(largest, d)
                rgba[i] = UInt8(min(255, 64 + d * 4))
                rgba[i + 3] = 255
            } else {
                let r = Int(expected.rgba[i])
                let g = Int(expected.rgba[i + 1])
                let b = Int(expected.rgba[i + 2])
                let grey = UInt8((r + g + b) / 12 + 160)
                rgba[i] = grey
                rgba[i + 1] = grey
                rgba[i + 2] = grey
                rgba[i + 3] = 255
            }
        }
        return (DecodedImage(width: expected.width, height: expected.height, rgba: rgba), count, largest)
    }
}
