import Foundation
import Geometry
import SceneModel

/// Something in a valid scene that is probably not what its author meant: it renders, but shows
/// nothing of an item. `flipbook validate` prints these as `warning:` lines; they never fail.
public struct SceneWarning: Equatable, Sendable, CustomStringConvertible {
    /// The item's key path in file spelling (`items[2]`, `items[0].children[1]`).
    public var keyPath: String
    public var message: String

    public var description: String { "\(keyPath): \(message)" }
}

/// Finds items that are never seen: a top-level item outside the canvas on every frame of the
/// scene (simulated exactly as a render does, presentation values included), and a child placed
/// wholly outside its parent's bounds.
public enum SceneWarnings {
    /// `simulation`: a fresh simulation of `scene` to run (and use up) for the off-canvas check,
    /// when the caller has built one already (`flipbook validate`, for its text warnings): a large
    /// scene then pays for one simulation, not two.
    public static func check(
        _ scene: Scene, file: String = "<swift>", simulation: SceneSimulation? = nil
    ) throws -> [SceneWarning] {
        var warnings: [SceneWarning] = []
        for (i, item) in scene.items.enumerated() { childWarnings(item, at: "items[\(i)]", into: &warnings) }
        warnings = try offCanvasCheck(scene, file: file, simulation: simulation).warnings + warnings
        return warnings
    }

    /// Children whose bounds (unrotated, in the parent's bounds) do not meet the parent's at all.
    static func childWarnings(_ parent: Item, at path: String, into warnings: inout [SceneWarning]) {
        guard !parent.children.isEmpty else { return }
        let area =
            parent.scroll.map { reachableArea(of: $0, bounds: parent.size) }
            ?? Rect(origin: .zero, size: parent.size)
        // Through a buffer pointer, reading the fields in place: taking a child out of the array
        // copies it. The child's path is spelt only for a warning or its own children: nearly
        // every child lies where it should.
        parent.children.withUnsafeBufferPointer { children in
            for k in children.indices {
                let (center, size) = (children[k].center, children[k].size)
                let (x0, x1) = (center.x - size.width / 2, center.x + size.width / 2)
                let (y0, y1) = (center.y - size.height / 2, center.y + size.height / 2)
                if x1 <= area.minX || y1 <= area.minY || x0 >= area.maxX || y0 >= area.maxY {
                    let place =
                        parent.scroll == nil
                        ? "the parent's \(format(parent.size.width))×\(format(parent.size.height)) bounds"
                        : "the scroll view's \(format(parent.scroll!.contentSize.width))×\(format(parent.scroll!.contentSize.height)) content"
                            + (parent.scroll!.bounces ? " or a pull past its edges" : "")
                    var message =
                        "'\(children[k].id)' lies wholly outside its parent '\(parent.id)': it spans x \(format(x0))…\(format(x1)), y \(format(y0))…\(format(y1)) in \(place) (a child's center is in its parent's bounds, origin top-left)"
                    if parent.masksToBounds { message += "; the parent's masksToBounds hides it entirely" }
                    warnings.append(SceneWarning(keyPath: parent.childPath(k, under: path), message: message))
                }
                if !children[k].children.isEmpty {
                    childWarnings(children[k], at: parent.childPath(k, under: path), into: &warnings)
                }
            }
        }
    }

    /// Where a scroll view's children can be seen: its content and insets, and on an axis that
    /// bounces, up to a bounds' length beyond them (what a pull past the edge uncovers, such as
    /// a refresh control above the first row).
    static func reachableArea(of scroll: ScrollSpec, bounds: Size) -> Rect {
        let width = max(scroll.contentSize.width + scroll.contentInset[3], bounds.width) + scroll.contentInset[1]
        let height = max(scroll.contentSize.height + scroll.contentInset[2], bounds.height) + scroll.contentInset[0]
        let content = Rect(x: -scroll.contentInset[1], y: -scroll.contentInset[0], width: width, height: height)
        guard scroll.bounces else { return content }
        let bouncesX = scroll.alwaysBounceHorizontal || width > bounds.width
        let bouncesY = scroll.alwaysBounceVertical || height > bounds.height
        return Rect(
            x: content.minX - (bouncesX ? bounds.width : 0), y: content.minY - (bouncesY ? bounds.height : 0),
            width: width + (bouncesX ? 2 * bounds.width : 0), height: height + (bouncesY ? 2 * bounds.height : 0))
    }

    /// Top-level items whose frame never meets the canvas over a full simulation. Each tick
    /// checks only the top-level frames (no trace rows, no descendants), and the simulation stops
    /// as soon as every item has met the canvas once: linear in the items, and one tick for the
    /// usual scene. Returns the warnings and the number of ticks simulated.
    static func offCanvasCheck(_ scene: Scene, file: String, simulation: SceneSimulation? = nil) throws -> (
        warnings: [SceneWarning], ticks: Int
    ) {
        precondition(simulation.map { $0.tick == 0 } ?? true, "the off-canvas check runs a fresh simulation")
        let simulation = try simulation ?? SceneSimulation(scene: scene, file: file)
        let plan = FramePlan(scene: scene)
        let canvas = scene.canvas.size
        var seen = scene.items.map(\.isHidden)
        var unseen = seen.filter { !$0 }.count
        var ticks = 0
        var run = SceneTicks(simulation, plan: plan)
        while unseen > 0, let frame = run.next() {
            ticks = frame + 1
            for (i, f) in simulation.topLevelFrames().enumerated() where !seen[i] {
                if f.minX < canvas.width && f.minY < canvas.height && f.maxX > 0 && f.maxY > 0 {
                    seen[i] = true
                    unseen -= 1
                }
            }
        }
        let warnings = scene.items.enumerated().compactMap { i, item -> SceneWarning? in
            guard !seen[i] else { return nil }
            return SceneWarning(
                keyPath: "items[\(i)]",
                message:
                    "'\(item.id)' is outside the \(format(canvas.width))×\(format(canvas.height)) canvas on every frame of the scene (it starts at center (\(format(item.center.x)), \(format(item.center.y))))"
            )
        }
        return (warnings, ticks)
    }

    private static func format(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e15 ? String(Int64(v)) : String(format: "%.6g", v)
    }
}
