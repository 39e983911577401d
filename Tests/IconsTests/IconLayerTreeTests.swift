import Foundation
import Geometry
import Icons
import Testing

/// A file read as a tree of layers (`IconLoader.parseLayers`, `layers: { svg: }`): which elements
/// become layers, where each lands in its parent's bounds, and what is refused.
@Suite("Design files as layer trees")
struct IconLayerTreeTests {
    private func tree(_ body: String, viewBox: String = "0 0 200 100", size: Size = Size(200, 100)) throws
        -> IconLayerTree
    {
        let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"\(viewBox)\">\(body)</svg>"
        return try IconLoader.parseLayers(Data(svg.utf8), name: "screen.svg", itemSize: size)
    }

    private func failure(_ body: String) -> String {
        do {
            _ = try tree(body)
            return "loaded"
        } catch {
            return "\(error)"
        }
    }

    private func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 1e-9 }

    @Test(
        "an element with an id is a layer at its bounding box, its transform a rotation after a scale about the middle")
    func decomposedTransform() throws {
        let layers = try tree(
            "<circle id=\"dot\" cx=\"40\" cy=\"30\" r=\"10\" fill=\"red\" transform=\"rotate(30 40 30) scale(2 1)\"/>"
        ).layers
        #expect(layers.count == 1)
        let dot = try #require(layers.first)
        #expect(dot.name == "dot")
        #expect(dot.size == Size(20, 20))
        // The middle (40, 30) scaled to (80, 30), then turned 30° about (40, 30).
        #expect(close(dot.center.x, 40 + 40 * cos(Double.pi / 6)) && close(dot.center.y, 30 + 40 * sin(Double.pi / 6)))
        #expect(close(dot.rotation.radians, Double.pi / 6))
        #expect(close(dot.scale.x, 2) && close(dot.scale.y, 1))
        // The content is the circle in its own space, its box the layer's bounds.
        let content = try #require(dot.content)
        #expect(content.viewBox == Rect(x: 30, y: 20, width: 20, height: 20))
        #expect(content.pieces.count == 1)
    }

    @Test("the top level lands in the item's bounds through the file's fit")
    func fittedTopLevel() throws {
        // A 200 × 100 viewBox in a 400 × 400 item: scale 2, centred (50 pt down).
        let dot = try #require(
            try tree("<rect id=\"box\" x=\"10\" y=\"20\" width=\"30\" height=\"10\"/>", size: Size(400, 400)).layers
                .first)
        #expect(dot.size == Size(30, 10))
        #expect(dot.center == Point(50, 150))
        #expect(dot.scale == Point(2, 2))
        #expect(dot.rotation.radians == 0)
    }

    @Test("a sublayer sits in its parent's bounds, and content after it becomes a layer of its own")
    func nestingAndRuns() throws {
        let layers = try tree(
            """
            <rect width="200" height="100" fill="#eee"/>
            <g id="card" transform="translate(20 10)">
              <rect width="80" height="60" fill="#08f"/>
              <rect id="chip" x="10" y="10" width="20" height="10" fill="red"/>
              <rect x="10" y="45" width="60" height="5" fill="white"/>
            </g>
            <rect x="150" y="60" width="30" height="30" fill="green"/>
            """
        ).layers
        #expect(layers.map(\.name) == ["card", nil])
        let card = layers[0]
        #expect(card.size == Size(80, 60))
        #expect(card.center == Point(60, 40))
        #expect(card.content?.pieces.count == 1)
        #expect(card.sublayers.map(\.name) == ["chip", nil])
        // The chip's centre in the card's bounds (origin at the card's top-left).
        #expect(card.sublayers[0].center == Point(20, 15))
        // The run after it covers the card's bounds and holds the white bar.
        let after = card.sublayers[1]
        #expect(after.size == card.size && after.center == Point(40, 30))
        #expect(after.content?.pieces.first?.fill == .white)
        // The green square after the card: the whole item, fitted as the file is.
        #expect(layers[1].size == Size(200, 100))
        #expect(layers[1].content?.viewBox == Rect(x: 0, y: 0, width: 200, height: 100))
    }

    @Test("a group's opacity becomes the layer's, not a group inside its content")
    func opacity() throws {
        let layer = try #require(
            try tree(
                "<g id=\"faded\" opacity=\"0.5\"><rect width=\"10\" height=\"10\"/><rect x=\"5\" width=\"10\" height=\"10\" fill=\"red\"/></g>"
            ).layers.first)
        #expect(layer.opacity == 0.5)
        #expect(layer.content?.groups.isEmpty == true)
    }

    @Test("a transform that skews is drawn into the content and the layer keeps only its place")
    func skew() throws {
        let layer = try #require(
            try tree("<rect id=\"s\" width=\"10\" height=\"10\" transform=\"translate(50 20) skewX(45)\"/>").layers
                .first)
        #expect(layer.rotation.radians == 0 && layer.scale == Point(1, 1))
        // The skewed square spans 20 units across (x + y for y in 0…10).
        #expect(layer.size == Size(20, 10))
        #expect(layer.center == Point(60, 25))
    }

    @Test("a clip path on a layer that holds layers becomes its mask; on one without, it stays in its content")
    func clipAsMask() throws {
        let clip = "<clipPath id=\"c\"><rect width=\"50\" height=\"50\"/></clipPath>"
        let holding = try #require(
            try tree(clip + "<g id=\"g\" clip-path=\"url(#c)\"><rect id=\"r\" width=\"80\" height=\"80\"/></g>").layers
                .first)
        #expect(holding.mask?.pieces.count == 1)
        #expect(holding.mask?.pieces.first?.path.bounds == Rect(x: 0, y: 0, width: 50, height: 50))
        let alone = try #require(
            try tree(clip + "<g id=\"g\" clip-path=\"url(#c)\"><rect width=\"80\" height=\"80\"/></g>").layers.first)
        #expect(alone.mask == nil)
        #expect(alone.content?.groups.count == 1)
    }

    @Test("a clip, mask or opacity without an id around a layer is refused, naming the layer")
    func effectAroundLayerRefused() {
        let message = failure("<g opacity=\"0.5\"><rect id=\"inner\" width=\"10\" height=\"10\"/></g>")
        #expect(message.contains("screen.svg"))
        #expect(message.contains("holds the layer 'inner'"))
        #expect(message.contains("expected the clip-path or mask on an element with an id of its own"))
    }

    @Test("two layers with one id are refused with both lines")
    func duplicateIDs() {
        let message = failure("\n<rect id=\"a\" width=\"1\" height=\"1\"/>\n<rect id=\"a\" width=\"2\" height=\"2\"/>")
        #expect(message.contains("the id 'a' names the layers at lines 2 and 3"))
    }

    @Test("elements copied by use, in defs or in a clip path are not layers; the use itself can be")
    func copiesAreNotLayers() throws {
        let layers = try tree(
            """
            <defs><rect id="tile" width="10" height="10"/></defs>
            <use id="first" href="#tile" x="20"/>
            <use href="#tile" x="40"/>
            """
        ).layers
        #expect(layers.map(\.name) == ["first", nil])
        #expect(layers[0].size == Size(10, 10))
        #expect(layers[0].center == Point(25, 5))
    }

    @Test("a layer without content has the smallest bounds about its origin")
    func emptyLayer() throws {
        let layer = try #require(try tree("<g id=\"empty\" transform=\"translate(30 40)\"/>").layers.first)
        #expect(layer.size == Size(IconLayer.minimumSide, IconLayer.minimumSide))
        #expect(layer.center == Point(30, 40))
        #expect(layer.content == nil)
    }

    @Test("the parts of a layered file are told apart from each other and from the whole file")
    func partKeys() throws {
        let body = "<rect width=\"10\" height=\"10\"/><rect id=\"a\" x=\"20\" width=\"10\" height=\"10\"/>"
        let layered = try tree(body)
        let whole = try IconLoader.parse(
            Data("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 200 100\">\(body)</svg>".utf8),
            name: "screen.svg")
        #expect(whole.part == 0)
        let parts = [layered.content.part, layered.layers[0].content?.part]
        #expect(parts.allSatisfy { $0 != nil && $0 != 0 })
        #expect(Set(parts).count == 2)
        #expect(layered.content.hash == whole.hash)
    }
}

@Suite("Design files' budget")
struct DesignBudgetTests {
    @Test("a design file may hold 4 MiB and 25,000 elements where an icon holds 256 KiB and 10,000")
    func budgets() throws {
        let rects = String(repeating: "<rect width=\"1\" height=\"1\"/>\n", count: 12_000)
        let svg = Data("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 10 10\">\(rects)</svg>".utf8)
        #expect(svg.count > IconLoader.Budget.icon.maxBytes)
        #expect(try IconLoader.parseLayers(svg, name: "big.svg", itemSize: Size(10, 10)).content.pieces.count == 12_000)
        #expect(
            throws: IconError(
                file: "big.svg", line: nil,
                message: "file is \(svg.count) bytes; expected an icon of at most 262144 bytes")
        ) {
            try IconLoader.parse(svg, name: "big.svg")
        }
        let elements = IconLoader.Budget(maxBytes: 1 << 30, maxElements: 11_000, noun: "a test file")
        let error = #expect(throws: IconError.self) { try IconLoader.parse(svg, name: "big.svg", budget: elements) }
        #expect(error?.message == "more than 11000 elements, counting each copy <use> makes")
    }
}
