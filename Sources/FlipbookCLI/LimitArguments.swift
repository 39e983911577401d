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
        help: ArgumentHelp("Most items in a scene; default \(SceneLimits.default.maxItems).", valueName: "N"))
    var maxItems: Int?

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
            ("--max-file-size", maxFileSize),
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
        return limits
    }
}
