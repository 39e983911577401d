import Colors
import SceneSyntax

// `touches:` at the top level and `canvas.frame`: the touch indicator and the plain bezel.
// Ranges that depend on the canvas (a radius or width against its shorter side) stay in
// Validation+Touches.swift, the one place that knows the canvas.

enum TouchesKeys {
    static var spec: ObjectSpec<TouchesSpec> {
        ObjectSpec(
            name: "touches", schemaPath: ["properties", "touches"], what: "touches",
            doc: "The translucent circle drawn under scripted fingers.", prototype: TouchesSpec(),
            keys: [
                .bool(
                    "show", \.show, doc: "Whether the circles are drawn.",
                    defaultDoc: "`true` when the scene scripts a touch"),
                .number(
                    "size", \.size, range: .positiveAtMost(1000), noun: "a diameter", unit: "points",
                    doc: "Diameter in points."),
                .colour("color", \.color, doc: "The circle's fill (a 1.5 pt white ring at 80 % edges it)."),
            ])
    }
}

enum FrameKeys {
    static var spec: ObjectSpec<DeviceBezel> {
        ObjectSpec(
            name: "frame", schemaPath: ["properties", "canvas", "properties", "frame"], what: "a frame",
            doc: "A plain bezel drawn over the canvas's edges.", prototype: DeviceBezel(),
            keys: [
                .colour("color", \.color, doc: "Fill colour of the bezel."),
                .number(
                    "width", \.width, range: .nonNegative, noun: "a width", unit: "points",
                    doc: "Width of the band along every canvas edge.",
                    rangeDoc: "0 … less than half the shorter side"),
            ])
    }
}
