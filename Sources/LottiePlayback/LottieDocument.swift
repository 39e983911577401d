import Determinism
import Foundation

/// A Lottie file as `lottie:` takes it: read, bounded and checked before rlottie sees it, so a file
/// from a pull request can neither make rlottie allocate without bound nor make it open files.
///
/// rlottie parses the whole document and builds a tree of every layer and asset; the counts that
/// tree grows with are checked first (`Limits`). Image assets must be embedded (`data:` URIs):
/// rlottie would otherwise open `u` + `p` relative to a folder we give it, and a `..` or an
/// absolute `u` would read any file on the machine.
public struct LottieDocument: Sendable, Equatable {
    /// The file's bytes (rlottie reads them again for each render's player).
    public let bytes: [UInt8]
    /// FNV-1a 64 of the bytes, 16 hex digits: the file's identity in the manifest and rlottie's
    /// cache key.
    public let hash: String
    /// The composition's size in its own units (`w`, `h`).
    public let width: Int
    public let height: Int
    /// Frames per second (`fr`) and the frames it plays: `op − ip`, counted from 0.
    public let frameRate: Double
    public let frameCount: Int

    public struct Limits: Sendable {
        public var maxBytes = 4 << 20
        public var maxLayers = 1_000
        public var maxAssets = 1_000
        public var maxFrames = 100_000
        public var maxSide = 16_384
        /// The largest magnitude of any number in the file. rlottie's rasterizer works for as long
        /// as a path's extent takes: a mask vertex at −2e11 held a render for minutes (found by the
        /// fuzzer). A Lottie's coordinates, sizes, frames and percentages stay far below this.
        public var maxMagnitude = 1e6
        /// The most copies a repeater (`"ty": "rp"`) may make: each is a whole copy of its group.
        public var maxRepeats = 1_000
        public init() {}
    }

    /// Checks `bytes` and reads what playing them needs.
    public init(bytes: [UInt8], limits: Limits = Limits()) throws(LottieFileError) {
        guard bytes.count <= limits.maxBytes else {
            throw .tooLarge("\(bytes.count) bytes; expected at most \(limits.maxBytes)")
        }
        guard let root = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any] else {
            throw .notLottie("not a JSON object")
        }
        func number(_ key: String) throws(LottieFileError) -> Double {
            guard let v = (root[key] as? NSNumber)?.doubleValue, v.isFinite else {
                throw .notLottie("no number '\(key)' at the top level (a Lottie file has w, h, fr, ip, op)")
            }
            return v
        }
        let (w, h, fr, ip, op) = (
            try number("w"), try number("h"), try number("fr"), try number("ip"), try number("op")
        )
        guard w >= 1, h >= 1, w <= Double(limits.maxSide), h <= Double(limits.maxSide) else {
            throw .outOfRange("its size \(Self.text(w)) × \(Self.text(h)); expected 1 to \(limits.maxSide) a side")
        }
        guard fr > 0, fr <= 1_000 else {
            throw .outOfRange("its frame rate \(Self.text(fr)); expected more than 0, at most 1000")
        }
        guard op > ip, op - ip <= Double(limits.maxFrames) else {
            throw .outOfRange(
                "\(Self.text(op - ip)) frames (ip \(Self.text(ip)), op \(Self.text(op))); expected 1 to \(limits.maxFrames)"
            )
        }
        let assets = root["assets"] as? [[String: Any]] ?? []
        guard assets.count <= limits.maxAssets else {
            throw .tooLarge("\(assets.count) assets; expected at most \(limits.maxAssets)")
        }
        var layers = (root["layers"] as? [Any])?.count ?? 0
        for asset in assets {
            layers += (asset["layers"] as? [Any])?.count ?? 0
            if let p = asset["p"] as? String, asset["layers"] == nil, !p.hasPrefix("data:") {
                throw .externalAsset(asset["id"] as? String ?? "?", p)
            }
        }
        guard layers <= limits.maxLayers else {
            throw .tooLarge("\(layers) layers; expected at most \(limits.maxLayers)")
        }
        try Self.checkValues(root, limits: limits)
        self.bytes = bytes
        self.hash = FNV1a64.hexHash(bytes)
        (width, height, frameRate, frameCount) = (Int(w.rounded()), Int(h.rounded()), fr, Int((op - ip).rounded(.up)))
    }
}

extension LottieDocument {
    /// Every number in the document within ±`maxMagnitude`, and every repeater's copies at most
    /// `maxRepeats`; walked without recursion, so nesting depth costs no stack.
    static func checkValues(_ root: Any, limits: Limits) throws(LottieFileError) {
        try walk(root) { value throws(LottieFileError) in
            if let object = value as? [String: Any], object["ty"] as? String == "rp", let copies = object["c"] {
                // A repeater's copies, still or keyframed.
                try walk(copies) { value throws(LottieFileError) in
                    if let number = value as? NSNumber, number.doubleValue > Double(limits.maxRepeats) {
                        throw .tooLarge(
                            "a repeater of \(text(number.doubleValue)) copies; expected at most \(limits.maxRepeats)")
                    }
                }
            }
            if let number = value as? NSNumber {
                let v = number.doubleValue
                guard v.isFinite, abs(v) <= limits.maxMagnitude else {
                    throw .outOfRange("a number \(text(v)); expected every number within ±\(text(limits.maxMagnitude))")
                }
            }
        }
    }

    /// Every value under `root`, depth first, members in key order (so the first value a check
    /// refuses, the one its message names, is the same every run), without recursion.
    private static func walk(
        _ root: Any, _ visit: (Any) throws(LottieFileError) -> Void
    ) throws(LottieFileError) {
        var pending: [Any] = [root]
        while let value = pending.popLast() {
            try visit(value)
            if let object = value as? [String: Any] {
                pending.append(contentsOf: object.keys.sorted(by: >).compactMap { object[$0] })
            } else if let array = value as? [Any] {
                pending.append(contentsOf: array.reversed())
            }
        }
    }

    /// A number as a message shows it: whole numbers without a fraction.
    static func text(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v)
    }
}

/// Why a Lottie file was refused, in words the scene's error message continues with.
public enum LottieFileError: Error, Equatable, Sendable, CustomStringConvertible {
    case tooLarge(String)
    case notLottie(String)
    case outOfRange(String)
    case externalAsset(String, String)
    case unplayable

    public var description: String {
        switch self {
        case .tooLarge(let what): "is too large: \(what)"
        case .notLottie(let why): "is not a Lottie file: \(why)"
        case .outOfRange(let what): "is out of range: \(what)"
        case .externalAsset(let id, let file):
            "names an image outside itself (asset '\(id)': '\(file)'); expected images embedded as data: URIs"
        case .unplayable: "cannot be played: rlottie did not accept it"
        }
    }
}
