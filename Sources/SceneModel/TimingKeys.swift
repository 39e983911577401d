// The keys each timing mapping allows, in documented order (and the order suggestions list them).

enum TimingKeys {
    static var mediaTiming: [String] { MediaTimingKeys.spec.keyNames }
    static let shadow = ["color", "opacity", "offset", "radius"]
    static let animationKinds = ["basic", "keyframe", "spring"]
    static let common = ["key", "property", "at", "additive", "cumulative", "removedOnCompletion"]
    static let basic = common + ["from", "to", "by", "timingFunction"] + mediaTiming
    static let keyframe =
        common + [
            "values", "keyTimes", "calculationMode", "timingFunction", "timingFunctions",
            "tensionValues", "continuityValues", "biasValues",
        ] + mediaTiming
    static let spring =
        common + [
            "from", "to", "by", "mass", "stiffness", "damping", "initialVelocity",
            "allowsOverdamping", "perceptualDuration", "bounce",
        ] + mediaTiming
    static let viewAnimation = [
        "at", "item", "duration", "delay", "options", "spring", "changes", "keyframes", "completion",
    ]
    static let viewSpring = ["dampingRatio", "bounce", "initialVelocity"]
    static let keyframeBlock = ["start", "duration", "changes"]
    static let completion = ["resetsTiming", "changes"]
    static let animator = [
        "id", "duration", "timingParameters", "scrubsLinearly", "pausesOnCompletion",
        "interruptible", "animations", "timeline",
    ]
    static let block = ["changes", "delayFactor"]
    static let timingParameters = [
        "curve", "controlPoints", "dampingRatio", "mass", "stiffness", "damping",
        "duration", "bounce", "initialVelocity", "spring",
    ]
    static let animatorCalls = [
        "startAnimation", "pauseAnimation", "stopAnimation", "finishAnimation",
        "fractionComplete", "scrub", "isReversed", "continueAnimation", "addAnimations",
        "isInterruptible", "isUserInteractionEnabled", "addCompletion",
    ]
    static let animatorCall = [
        "at", "call", "afterDelay", "withoutFinishing", "position", "value", "ramp", "drag",
        "timingParameters", "durationFactor", "changes", "delayFactor", "name",
    ]
    static let layerCalls = [
        "pause", "resume", "set", "scrub", "continue", "reverse", "displayLinkReverse", "reset",
        "removeAllAnimations",
    ]
    static let layerCall = [
        "at", "item", "call", "speed", "timeOffset", "beginTime", "ramp", "drag", "duration",
        "timeProgress", "changes",
    ]
    static let drag = ["path", "from", "to"]
    static let curves = ["easeInOut", "easeIn", "easeOut", "linear"]
}
