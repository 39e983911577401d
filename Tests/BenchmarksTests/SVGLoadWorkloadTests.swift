import Foundation
import Geometry
import Icons
import SceneLoading
import TestSupport
import Testing

@testable import Benchmarks

/// `flipbook bench --svg-load`: the files it times are what its table says they are (the
/// figures themselves are timings, printed, never asserted).
@Suite("The SVG-loading workload")
struct SVGLoadWorkloadTests {
    private let screen = repositoryRoot + "/scenes/screens/home.svg"

    @Test(
        "the design export is the bundled screen repeated past 1 MB, every copy's ids its own, loading whole and as layers"
    )
    func designExport() throws {
        let text = try String(contentsOfFile: screen, encoding: .utf8)
        let one = try IconLoader.parse(Data(text.utf8), name: "home.svg")
        let oneTree = try IconLoader.parseLayers(Data(text.utf8), name: "home.svg", itemSize: Size(390, 844))
        let export = SVGLoadWorkload.designExport(from: text, width: 390)
        #expect(export.count >= 1 << 20)
        // Over an icon's budget, within a design file's.
        #expect(export.count > IconLoader.Budget.icon.maxBytes && export.count <= IconLoader.Budget.design.maxBytes)
        let whole = try IconLoader.parse(export, name: "export.svg", budget: .design)
        let copies = whole.pieces.count / one.pieces.count
        #expect(copies >= 2 && whole.pieces.count == copies * one.pieces.count)
        let tree = try IconLoader.parseLayers(export, name: "export.svg", itemSize: Size(390, 844))
        #expect(tree.count == copies * oneTree.count)
        #expect(tree.layers.first?.name == "c0-Home" && tree.layers.last?.name == "c\(copies - 1)-Home")
    }

    @Test("the icon sets are their largest files that load, largest first")
    func largestFirst() throws {
        let files = SVGLoadWorkload.largestLoading(in: repositoryRoot + "/Tests/ResvgSuite", count: 20)
        #expect(files.count == 20)
        #expect(zip(files, files.dropFirst()).allSatisfy { $0.data.count >= $1.data.count })
        #expect(files.allSatisfy { (try? IconLoader.parse($0.data, name: $0.name)) != nil })
        #expect(SVGLoadWorkload.largestLoading(in: "/nonexistent").isEmpty)
    }

    @Test(
        "the icon frame and the shape frame draw the same icons: every piece once, in the tint, within 2 levels of each other"
    )
    func iconFrameMatchesShapeFrame() throws {
        let icons = try SVGFrameWorkload.icons(root: repositoryRoot)
        #expect(icons.count == 15)
        let shapes = try SceneLoader.decode(
            SVGFrameWorkload.sceneText(icons, frames: 1, asShapes: true),
            fileName: repositoryRoot + "/scenes/svg-frame-bench.yaml", format: .yaml)
        let pieces = (0..<48).reduce(0) { $0 + icons[$1 % icons.count].icon.pieces.count }
        #expect(shapes.items[0].children.reduce(0) { $0 + $1.children.count } == pieces)
        let result = try SVGFrameWorkload.run(root: repositoryRoot, frames: 1, repeats: 1)
        #expect(result.pieces == pieces)
        #expect(result.maxDifference <= 2)
    }
}
