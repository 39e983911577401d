import Geometry

extension UnsafeBufferPointer<Point> {
    /// Calls `body` with the points as the x, y pairs of Doubles the C kernels read (nil when there
    /// are none): the same memory, rebound, no copy.
    func withCoordinatePairs<R>(_ body: (UnsafePointer<Double>?) throws -> R) rethrows -> R {
        // Point is two Doubles, x then y, so the buffer is the pairs the kernels expect.
        precondition(MemoryLayout<Point>.stride == 2 * MemoryLayout<Double>.stride)
        guard let base = baseAddress else { return try body(nil) }
        return try UnsafeRawPointer(base).withMemoryRebound(to: Double.self, capacity: 2 * count) { try body($0) }
    }
}
