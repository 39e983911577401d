import Colors

// `touches:` at the top level and the device framing keys of `canvas:` (`screenCornerRadius`,
// `frame`), declared in Keys/TouchesKeys.swift; ranges in `Validation+Touches.swift`.

extension SceneDecoder {
    func decodeTouches(_ node: SourceNode) throws -> TouchesSpec {
        try decode(TouchesKeys.spec, node, at: "touches")
    }
}
