import Foundation
import SceneSyntax
import Timing

/// Values a scene may hold but that are almost certainly mistakes of unit: the scene loads and
/// renders, and the command line prints each warning with its file, line and key path.
///
/// Rule: a velocity or drag field's `direction` is in m/s, as UIKit reads it (1 m/s = 100 pt/s);
/// above 20 m/s (2,000 pt/s: a 320-pt screen crossed in 0.16 s, faster than a hard flick leaves
/// a scroll view) the value was almost surely written in pt/s. The bound is 20 rather than 100
/// so that the mistake this rule exists for — `[60, -20]` meant as pt/s, read as 63 m/s — is
/// caught.
public struct SceneWarning: Equatable, Sendable, CustomStringConvertible {
    public var file: String
    public var keyPath: String
    public var line: Int?
    public var column: Int?
    public var message: String
    public var suggestion: String?

    /// `file:line:column: keyPath: message (suggestion)`, one line, as errors print.
    public var description: String {
        SceneError(file: file, keyPath: keyPath, line: line, column: column, message: message, suggestion: suggestion)
            .description
    }
}

extension Scene {
    /// Field speeds above this (m/s) are reported (2,000 pt/s).
    public static let implausibleFieldSpeed = 20.0

    /// The scene's warnings, in behaviour order, without positions (`SceneLoader` adds them).
    public func warnings(file: String = "<swift>") -> [SceneWarning] {
        var result: [SceneWarning] = []
        for (i, behavior) in behaviors.enumerated() {
            guard case .field(let f) = behavior, f.kind == .velocity || f.kind == .drag else { continue }
            let speed = (f.direction.x * f.direction.x + f.direction.y * f.direction.y).squareRoot()
            guard speed > Scene.implausibleFieldSpeed else { continue }
            let pt = String(format: "%g", speed * 100)
            result.append(
                SceneWarning(
                    file: file, keyPath: "behaviors[\(i)].field.direction", line: nil, column: nil,
                    message:
                        "\(f.kind.rawValue) field speed \(String(format: "%g", speed)) m/s (\(pt) pt/s) is implausible; direction is in m/s as UIKit reads it (1 m/s = 100 pt/s)",
                    suggestion:
                        "divide by 100 if you meant pt/s: [\(String(format: "%g", f.direction.x / 100)), \(String(format: "%g", f.direction.y / 100))]"
                ))
        }
        return result + groupWarnings(file: file)
    }

    /// A group's animation that runs past the group's end: Core Animation cuts it there, which is
    /// legal but rarely meant (the group's `duration` is its own, not its longest animation's).
    private func groupWarnings(file: String) -> [SceneWarning] {
        var result: [SceneWarning] = []
        // The walk with key paths (every parent's spelt) only for a scene with a group.
        guard
            containsItemWithAttributes(where: { item in
                item.animations.contains { if case .group = $0.kind { true } else { false } }
            })
        else { return result }
        forEachItem { item, path, _ in
            for (k, spec) in item.animations.enumerated() {
                guard case .group(let group) = spec.kind else { continue }
                let groupLength = group.timing.basicDuration(zeroDuration: MediaTiming.defaultAnimationDuration)
                for (m, member) in group.members.enumerated() {
                    guard let animation = member.animation else { continue }
                    let end = animation.timing.beginTime + animation.timing.activeDuration(zeroDuration: groupLength)
                    guard end > groupLength + 1e-9 else { continue }
                    result.append(
                        SceneWarning(
                            file: file, keyPath: path + ".animations[\(k)].group.animations[\(m)]", line: nil,
                            column: nil,
                            message:
                                "this animation runs until \(String(format: "%g", end)) s of its group, which ends at \(String(format: "%g", groupLength)) s; Core Animation cuts it there",
                            suggestion: "give the group duration: \(String(format: "%g", end)) to let it finish"))
                }
            }
        }
        return result
    }
}
