import Determinism
import Geometry
import Raster
import Testing

@testable import Benchmarks

@Suite("Standard benchmark workload")
struct StandardWorkloadTests {
    @Test("content-without-shadows is the content screen with its shadows left out, named only by choice")
    func contentWithoutShadows() throws {
        let plain = StandardWorkload.contentWithoutShadows
        try plain.prepare()
        #expect(plain.name == "content-without-shadows")
        #expect(!StandardWorkload.every.contains { $0.name == plain.name })
        #expect(StandardWorkload.named.contains { $0.name == plain.name })
        for frame in [0, 57] {
            let content = StandardWorkload.content.displayList(frame: frame)
            var stripped = content
            for k in stripped.rects.indices { stripped.rects[k].shadow = nil }
            #expect(content.rects.contains { $0.shadow != nil })
            #expect(plain.displayList(frame: frame) == stripped)
        }
    }

    @Test("SplitMix64 gives the published first outputs for seed 0")
    func splitMixVector() {
        var rng = SplitMix64(seed: 0)
        #expect(rng.next() == 0xE220_A839_7B1D_CDAF)
        #expect(rng.next() == 0x6E78_9E6A_A1B9_65F4)
    }

    @Test("N = 16 is exactly the first 16 rectangles of N = 256")
    func smallSetIsAPrefix() {
        let n16 = StandardWorkload(canvas: .small, count: 16).displayList(frame: 7).rects
        let n256 = StandardWorkload(canvas: .small, count: 256).displayList(frame: 7).rects
        #expect(n16 == Array(n256.prefix(16)))
    }

    @Test("every variate stays in its documented range and values are rounded to 3 and 6 decimals")
    func rangesAndRounding() {
        let list = StandardWorkload(canvas: .large, count: 256).displayList(frame: 33)
        #expect(list.width == 1920 && list.height == 1080)
        for rect in list.rects {
            #expect((40..<200).contains(rect.size.width) && (40..<200).contains(rect.size.height))
            #expect((0..<16).contains(rect.cornerRadius))
            #expect((153...255).contains(rect.fill.a))
            // A value rounded to 3 decimals survives a round trip through its 3-decimal spelling.
            #expect(decimal(rect.size.width, 3) == rect.size.width)
            #expect(decimal(rect.transform.tx, 3) == rect.transform.tx)
            #expect(decimal(rect.cornerRadius, 3) == rect.cornerRadius)
        }
    }

    @Test("the motion loops: frame 120 equals frame 0")
    func motionLoops() {
        let w = StandardWorkload(canvas: .small, count: 16)
        let a = w.displayList(frame: 0).rects
        let b = w.displayList(frame: 120).rects
        for (x, y) in zip(a, b) {
            #expect(abs(x.transform.tx - y.transform.tx) < 1e-9 && abs(x.transform.ty - y.transform.ty) < 1e-9)
        }
    }

    @Test("the first small-n16 frame rasterizes to pinned pixels")
    func pinnedPixels() throws {
        let rgba = Rasterizer.render(StandardWorkload(canvas: .small, count: 16).displayList(frame: 0)).straightRGBA()
        #expect(FNV1a64.hash(rgba) == 0x87da_6430_691b_8520)
    }

    @Test("the perspective workload: every card a group in perspective, the nearest drawn last, the loop closed")
    func perspectiveCoverFlow() throws {
        let first = PerspectiveWorkload.displayList(frame: 0)
        // At t = 0 the first card is centred: cards 0…3 are within 3.5 places, 4…6 are not.
        #expect(first.groups.count == 4 && first.rects.count == 12)
        #expect(first.groups.map(\.rects) == [0..<3, 3..<6, 6..<9, 9..<12])
        for group in first.groups {
            let projection = try #require(group.projection)
            #expect(projection.width == 1924 && projection.height == 2564 && projection.samples == 4)
        }
        // The centred card is flat, at the middle of the screen, drawn last (over the others).
        let centred = try #require(first.groups.last?.projection)
        let middle = try #require(centred.homography.apply(to: Point(962, 1282)))
        #expect(abs(middle.x - 585) < 1e-9 && abs(middle.y - 1266) < 1e-9)
        #expect(centred.homography.affine != nil)
        #expect(PerspectiveWorkload.displayList(frame: 120) == first)
        // A quarter of the way, card 3 is centred and the other six show around it; half way, card 6.
        #expect(PerspectiveWorkload.displayList(frame: 30).groups.count == 7)
        #expect(PerspectiveWorkload.displayList(frame: 60).groups.count == 4)
    }
}
