import Raster

// `touches:` at the top level and the device framing keys of `canvas:` (`screenCornerRadius`,
// `frame`). Types and keys here; ranges in `Validation+Touches.swift`.

extension SceneDecoder {
    static let touchesKeys = ["show", "size", "color"]
    static let frameKeys = ["color", "width"]

    func decodeTouches(_ node: SourceNode) throws -> TouchesSpec {
        let f = try fields(node, at: "touches", allowed: Self.touchesKeys, required: [], what: "touches")
        var spec = TouchesSpec()
        spec.show = try f["show"].map { try bool($0, at: "touches.show") }
        if let n = f["size"] { spec.size = try number(n, at: "touches.size") }
        if let n = f["color"] { spec.color = try color(n, at: "touches.color") }
        return spec
    }

    /// `screenCornerRadius` and `frame` of the canvas mapping (already checked for unknown keys).
    func decodeDeviceFraming(_ f: Fields, into canvas: inout Canvas) throws {
        if let n = f["screenCornerRadius"] { canvas.screenCornerRadius = try number(n, at: "canvas.screenCornerRadius") }
        if let n = f["frame"] {
            let g = try fields(n, at: "canvas.frame", allowed: Self.frameKeys, required: [], what: "a frame")
            var bezel = DeviceBezel()
            if let c = g["color"] { bezel.color = try color(c, at: "canvas.frame.color") }
            if let w = g["width"] { bezel.width = try number(w, at: "canvas.frame.width") }
            canvas.frame = bezel
        }
    }
}
