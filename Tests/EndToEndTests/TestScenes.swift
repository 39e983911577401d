import Foundation
import TestSupport

/// Small scenes the reliability tests render many times.
enum TestScenes {
    /// 4 s at 30 fps of falling cards on a 96×64 canvas: 120 frames, 4 whole seconds.
    static func fallingCards(name: String = "shards", fill: String = "#FF9500", duration: Int = 4) -> String {
        """
        name: \(name)
        canvas: { size: [96, 64], scale: 1, background: "#F2F2F7" }
        fps: 30
        duration: \(duration)
        items:
          - { id: a, size: [20, 14], center: [20, 8], fill: "\(fill)", cornerRadius: 4, rotation: 10 }
          - { id: b, size: [14, 14], center: [60, 4], fill: "#007AFF", cornerRadius: 7 }
        behaviors:
          - gravity: { items: [a, b], direction: [0, 0.01] }
          - itemBehavior: { items: [a], angularVelocity: 90 }
        """
    }

    /// Writes `text` to `<dir>/<file>` and returns the path.
    static func write(_ text: String, to dir: String, file: String = "shards.yaml") throws -> String {
        let path = dir + "/" + file
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }
}
