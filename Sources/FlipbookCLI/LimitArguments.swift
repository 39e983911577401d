import ArgumentParser
import SceneModel

/// The `--max-…` flags that raise `SceneLimits` (of `render` and `validate`).
struct LimitArguments: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp("Most frames a scene may produce; default \(SceneLimits.default.maxFrames).", valueName: "N")
    )
    var maxFrames: Int?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Most items in a scene, every layer counted (children, component instances); default \(SceneLimits.default.maxItems).",
            valueName: "N"))
    var maxItems: Int?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Most characters (Unicode scalars) of text across a scene's text items; default \(SceneLimits.default.maxTextScalars).",
            valueName: "N"))
    var maxText: Int?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Most decoded image pixels in a scene, summed over its image files; default \(SceneLimits.default.maxImagePixels).",
            valueName: "N"))
    var maxImagePixels: Int?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Most SVG shapes drawn by a scene's icons, summed over every item showing one; default \(SceneLimits.default.maxSVGElements).",
            valueName: "N"))
    var maxSvgElements: Int?

    @Option(
        name: .long,
        help: ArgumentHelp("Most behaviors in a scene; default \(SceneLimits.default.maxBehaviors).", valueName: "N"))
    var maxBehaviors: Int?

    @Option(
        name: .long,
        help: ArgumentHelp("Longest duration or maxDuration in seconds; default 3600.", valueName: "seconds"))
    var maxDuration: Double?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Largest scene file in bytes; default \(SceneLimits.default.maxFileBytes) (4 MiB).", valueName: "bytes"))
    var maxFileSize: Int?

    func validate() throws {
        for (flag, value) in [
            ("--max-frames", maxFrames), ("--max-items", maxItems), ("--max-behaviors", maxBehaviors),
            ("--max-file-size", maxFileSize), ("--max-text", maxText), ("--max-image-pixels", maxImagePixels),
            ("--max-svg-elements", maxSvgElements),
        ] {
            if let value, value < 1 { throw ValidationError("\(flag) must be at least 1, got \(value)") }
        }
        if let maxDuration, !(maxDuration.isFinite && maxDuration > 0) {
            throw ValidationError("--max-duration must be a positive number of seconds, got \(maxDuration)")
        }
    }

    var limits: SceneLimits {
        var limits = SceneLimits.default
        if let maxFrames { limits.maxFrames = maxFrames }
        if let maxItems { limits.maxItems = maxItems }
        if let maxBehaviors { limits.maxBehaviors = maxBehaviors }
        if let maxDuration { limits.maxSeconds = maxDuration }
        if let maxFileSize { limits.maxFileBytes = maxFileSize }
        if let maxText { limits.maxTextScalars = maxText }
        if let maxImagePixels { limits.maxImagePixels = maxImagePixels }
        if let maxSvgElements { limits.maxSVGElements = maxSvgElements }
        return limits
    }
}
