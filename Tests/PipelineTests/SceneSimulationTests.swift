import Foundation
import Geometry
import Pipeline
import Raster
import SceneModel
import Testing

/// The seed's snap (pause-detection.txt): a 60×60 view at (160, 252) snapped to (80, 252).
let seedSnap = Scene(
    name: "snap", canvas: Canvas(size: Size(320, 568), scale: 2, background: ColorRGBA8(hex: "#F2F2F7")!),
    fps: 60, length: .untilRest(maxDuration: 5),
    items: [
        Item(
            id: "card", size: Size(60, 60), center: Point(160, 252),
            fill: ColorRGBA8(hex: "#FF9500")!, cornerRadius: 8)
    ],
    behaviors: [.snap(SnapSpec(item: "card", snapPoint: Point(80, 252)))])

@Suite("Scene simulation")
struct SceneSimulationTests {
    @Test("frame 0 shows the scene as written, scaled to pixels")
    func firstFrameIsTheSceneAsWritten() throws {
        let simulation = try SceneSimulation(scene: seedSnap)
        let list = simulation.displayList()
        #expect(list.width == 640 && list.height == 1136)
        #expect(list.background == ColorRGBA8(hex: "#F2F2F7")!)
        #expect(list.rects.count == 1)
        let rect = list.rects[0]
        #expect(rect.size == Size(60, 60))
        #expect(rect.cornerRadius == 8)
        #expect(rect.transform == AffineTransform(a: 2, b: 0, c: 0, d: 2, tx: 320, ty: 504))
    }

    @Test("items draw in z order, and equal z keeps the scene's order")
    func drawOrderFollowsZ() throws {
        let items = [
            Item(id: "a", size: Size(10, 10), center: Point(10, 10), fill: .black, zIndex: 1),
            Item(id: "b", size: Size(10, 10), center: Point(20, 10), fill: .black, zIndex: 0),
            Item(id: "c", size: Size(10, 10), center: Point(30, 10), fill: .black, zIndex: 1),
            Item(id: "d", size: Size(10, 10), center: Point(40, 10), fill: .black, zIndex: -2),
        ]
        let list = try SceneSimulation(scene: makeScene(length: .duration(1), items: items)).displayList()
        #expect(list.rects.map { $0.transform.tx / 2 } == [40, 20, 10, 30])
    }

    @Test("a rotated item's drawing transform turns clockwise about its centre")
    func rotationIsClockwiseAboutTheCentre() throws {
        let item = Item(id: "a", size: Size(20, 10), center: Point(50, 40), rotation: .degrees(90), fill: .black)
        let list = try SceneSimulation(scene: makeScene(length: .duration(1), items: [item])).displayList()
        let t = list.rects[0].transform
        let right = t.apply(to: Point(10, 0))  // the local right edge's midpoint
        #expect(abs(right.x - 100) < 1e-9 && abs(right.y - 100) < 1e-9)
    }

    @Test("the seed snap comes to rest, and the animator pauses between 1.0 and 1.3 s")
    func seedSnapPauses() throws {
        let simulation = try SceneSimulation(scene: seedSnap)
        while !simulation.isAtRest, simulation.tick < 300 { simulation.advance() }
        let pause = try #require(simulation.pauseTick)
        #expect((60...78).contains(pause), "paused after tick \(pause)")
        let card = try #require(simulation.item("card"))
        #expect(card.center == Point(80, 252))
        #expect(card.transform == .identity || abs(card.transform.rotationAngle.radians) < 1e-12)
    }
}
