/// A named value a scene declares once under `controls:` and uses in place of literals (`$damping`),
/// so it can be tuned without editing the text: from the command line (`render --set damping=0.3`)
/// or with a slider in the studio.
///
///     controls:
///       damping: { value: 0.5, range: [0, 1], step: 0.05 }
///       tint: { color: "#FF9500" }
///     behaviors:
///       - snap: { item: card, point: [80, 252], damping: $damping }
public struct SceneControl: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        /// A number with its allowed range (a slider's ends) and step (0: any value).
        case number(range: ClosedRange<Double>, step: Double)
        case color
    }

    public var name: String
    public var kind: Kind
    /// The value as scene text: a decimal number, or a colour `#RRGGBB[AA]`.
    public var value: String
    /// Where the declared value is written in the file (1-based line and column), for write-back.
    public var valueLine: Int?
    public var valueColumn: Int?

    /// Letters, digits and `_`, not starting with a digit: what `$name` can refer to.
    public static func isValidName(_ s: String) -> Bool {
        guard let first = s.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
        return s.unicodeScalars.allSatisfy {
            $0 == "_" || ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
        }
    }
}
