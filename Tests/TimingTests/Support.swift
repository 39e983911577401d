import Geometry

@testable import Timing

/// |a − b| ≤ tolerance, with the numbers in the failure message.
func near(_ a: Double, _ b: Double, _ tolerance: Double) -> Bool { abs(a - b) <= tolerance }

extension AnimatableValue {
    var x: Double { scalar ?? point?.x ?? .nan }
}

/// Host time of tick n at `fps` (t = n / fps, the renderer's clock).
func tick(_ n: Int, fps: Double = 60) -> Double { Double(n) / fps }
