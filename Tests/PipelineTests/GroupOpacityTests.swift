import Colors
import Foundation
import Pipeline
import Raster
import SceneLoading
import SceneModel
import TestSupport
import Testing

/// `CALayer.allowsGroupOpacity`: a faded parent composites its subtree once (spec
/// compositing.md, "Group opacity"), against the formula out = src + dst·(1 − src.α) on
/// premultiplied values, with opacity as a byte.
@Suite("Group opacity")
struct GroupOpacityTests {
    /// A parent at `opacity` over white with a red child and a blue child over its right half.
    private func frame(opacity: Double, allowsGroupOpacity: Bool?, animated: Bool = false) throws -> Pixmap {
        let flag = allowsGroupOpacity.map { ", allowsGroupOpacity: \($0)" } ?? ""
        let animation =
            animated
            ? ", animations: [{ basic: { property: opacity, from: 1, to: \(opacity), duration: 0.5, fillMode: forwards, removedOnCompletion: false } }]"
            : ""
        let scene = try SceneLoader.decode(
            """
            canvas: { size: [60, 20], scale: 1, background: "#FFFFFF" }
            duration: 1
            items:
              - { id: card, size: [60, 20], center: [30, 10], fill: "#00000000", opacity: \(animated ? 1 : opacity)\(flag)\(animation),
                  children: [
                    { id: red, size: [40, 20], center: [20, 10], fill: "#FF0000" },
                    { id: blue, size: [40, 20], center: [40, 10], fill: "#0000FF" } ] }
            """,
            fileName: repositoryRoot + "/scenes/group-test.yaml", format: .yaml)
        let simulation = try SceneSimulation(scene: scene)
        if animated { for _ in 0..<45 { simulation.advance() } }
        return Rasterizer.render(simulation.displayList())
    }

    /// round(a·b/255) computed in Double, independent of the rasterizer's mul255.
    private func product(_ a: Int, _ b: Int) -> Int { Int((Double(a * b) / 255).rounded()) }

    /// (r, g, b) of premultiplied `source` (faded by byte `f`) over an opaque `below`.
    private func over(_ source: (Int, Int, Int, Int), fade f: Int, _ below: (Int, Int, Int)) -> [UInt8] {
        let s = (product(source.0, f), product(source.1, f), product(source.2, f), product(source.3, f))
        return [
            s.0 + product(below.0, 255 - s.3), s.1 + product(below.1, 255 - s.3), s.2 + product(below.2, 255 - s.3),
        ]
        .map { UInt8($0) }
    }

    private func rgb(_ pixmap: Pixmap, x: Int, y: Int) -> [UInt8] {
        let p = pixmap[x: x, y: y]
        return [p.r, p.g, p.b]
    }

    @Test("with allowsGroupOpacity (the default) the overlap shows only the top child, faded once over the background")
    func groupFadesOnce() throws {
        let f = 128  // round(0.5 · 255)
        let overlap = over((0, 0, 255, 255), fade: f, (255, 255, 255))
        #expect(overlap == [127, 127, 255])
        for pixmap in [
            try frame(opacity: 0.5, allowsGroupOpacity: nil), try frame(opacity: 0.5, allowsGroupOpacity: true),
        ] {
            #expect(rgb(pixmap, x: 30, y: 10) == overlap)
            #expect(rgb(pixmap, x: 5, y: 10) == over((255, 0, 0, 255), fade: f, (255, 255, 255)))
            #expect(rgb(pixmap, x: 55, y: 10) == overlap)
        }
    }

    @Test("with allowsGroupOpacity false each child is faded on its own, so the red shows through the blue")
    func childrenFadeAlone() throws {
        let f = 128
        let red = over((255, 0, 0, 255), fade: f, (255, 255, 255))
        let overlap = over((0, 0, 255, 255), fade: f, (Int(red[0]), Int(red[1]), Int(red[2])))
        #expect(overlap == [127, 63, 191])
        let pixmap = try frame(opacity: 0.5, allowsGroupOpacity: false)
        #expect(rgb(pixmap, x: 30, y: 10) == overlap)
        #expect(rgb(pixmap, x: 5, y: 10) == red)
    }

    @Test("an opacity animation fades the group as one at every tick")
    func animatedOpacityFadesTheGroup() throws {
        let pixmap = try frame(opacity: 0.25, allowsGroupOpacity: nil, animated: true)
        let f = 64  // round(0.25 · 255) = round(63.75)
        #expect(rgb(pixmap, x: 30, y: 10) == over((0, 0, 255, 255), fade: f, (255, 255, 255)))
        #expect(rgb(pixmap, x: 5, y: 10) == over((255, 0, 0, 255), fade: f, (255, 255, 255)))
    }

    @Test("the display list holds one group over the parent and its children; fully opaque parents make none")
    func groupsInTheList() throws {
        let scene = try SceneLoader.decode(
            """
            canvas: { size: [60, 20], scale: 1 }
            duration: 1
            items:
              - { id: a, size: [60, 20], center: [30, 10], opacity: 0.5, children: [
                    { id: b, size: [10, 10], center: [5, 5], opacity: 0.5, children: [{ id: c, size: [4, 4], center: [2, 2] }] },
                    { id: d, size: [10, 10], center: [20, 5], opacity: 0.5 } ] }
              - { id: e, size: [60, 20], center: [30, 10], children: [{ id: f, size: [4, 4], center: [2, 2] }] }
            """,
            fileName: repositoryRoot + "/scenes/group-test.yaml", format: .yaml)
        let list = try SceneSimulation(scene: scene).displayList()
        #expect(list.rects.count == 6)
        #expect(list.groups == [DrawGroup(rects: 0..<4, opacity: 0.5), DrawGroup(rects: 1..<3, opacity: 0.5)])
        // Inside a group, its layers are drawn at their opacity relative to it.
        #expect(list.rects.map(\.opacity) == [1, 1, 1, 0.5, 1, 1])
    }

    @Test("a group drawn through an offscreen gives the bytes of the same list drawn band-wise or into a frame canvas")
    func groupBytesAreTheSameEverywhere() throws {
        let scene = try SceneLoader.decode(
            """
            canvas: { size: [80, 40], scale: 1, background: "#F2F2F7" }
            duration: 1
            items:
              - { id: card, size: [60, 30], center: [40, 20], fill: "#FFFFFF", cornerRadius: 8, opacity: 0.6,
                  shadow: { radius: 4, opacity: 0.3 },
                  children: [
                    { id: a, size: [20, 20], center: [20, 15], fill: "#FF9500", cornerRadius: 10 },
                    { id: b, size: [30, 10], center: [30, 15], fill: "#007AFF", opacity: 0.5, border: { width: 2 } } ] }
            """,
            fileName: repositoryRoot + "/scenes/group-test.yaml", format: .yaml)
        let list = try SceneSimulation(scene: scene).displayList()
        #expect(list.groups.count == 1)
        let fresh = Rasterizer.render(list).straightRGBA()
        var canvas = FrameCanvas()
        var rasterizer = Rasterizer(banding: .always)
        for _ in 0..<3 {
            rasterizer.render(list, into: &canvas)
            #expect(canvas.rgba == fresh)
        }
        // The offscreen is transparent again after each group: a second, different frame is unaffected.
        var flat = list
        flat.groups = []
        flat.rects = flat.rects.map { rect in
            var r = rect
            r.opacity *= 0.6
            return r
        }
        var pixmap = Pixmap(width: 80, height: 40)
        rasterizer.render(flat, into: &pixmap)
        #expect(pixmap.straightRGBA() == Rasterizer.render(flat).straightRGBA())
    }
}
