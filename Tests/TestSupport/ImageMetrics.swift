import Foundation

/// Peak signal-to-noise ratio in dB between two equal-length 8-bit buffers (∞ when equal).
public func psnr(_ a: [UInt8], _ b: [UInt8]) -> Double {
    precondition(a.count == b.count && !a.isEmpty)
    var sum = 0.0
    for i in a.indices {
        let d = Double(a[i]) - Double(b[i])
        sum += d * d
    }
    let mse = sum / Double(a.count)
    return mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
}

public struct ProbeError: Error, CustomStringConvertible {
    public var description: String
    public init(_ d: String) { description = d }
}
