/// What stops a golden check from comparing at all (exit status 2 of `flipbook check`), as
/// opposed to a difference. Comparison trouble inside the goldens (a bad PNG) is `ImageDiffError`.
public enum GoldensError: Error, Equatable, Sendable, CustomStringConvertible {
    /// `--record` (or `record:`) was asked for while `CI` is set: goldens are approved by people,
    /// never by a CI run, and a run that records proves nothing.
    case recordingOnCI(ciValue: String)
    /// A golden manifest (`frames.txt`) that does not parse.
    case malformedManifest(path: String, line: Int, reason: String)
    /// A goldens file or folder could not be read or written.
    case io(path: String, operation: String, reason: String)

    public var description: String {
        switch self {
        case .recordingOnCI(let value):
            return
                "recording goldens is disabled on CI (CI=\(value)); record on a workstation, review the report and commit the goldens"
        case .malformedManifest(let path, let line, let reason):
            return "\(path):\(line): \(reason)"
        case .io(let path, let operation, let reason):
            return "cannot \(operation) '\(path)': \(reason)"
        }
    }
}

/// Which goldens a check may (re)write. Recording is always asked for explicitly.
public enum RecordMode: String, Sendable, CaseIterable, Codable {
    /// Record scenes that have no goldens yet; compare the others.
    case missing
    /// Record scenes with no goldens or whose comparison failed: approve the new output.
    case failed
    /// Record every scene, whatever the comparison says.
    case all
}

/// The CI rule: recording never happens and never passes there.
public enum ContinuousIntegration {
    /// True when the environment variable `CI` is set to a non-empty value other than "false"
    /// (any case): GitHub Actions, GitLab, Buildkite, CircleCI and Travis all set `CI=true`.
    public static func isActive(_ environment: [String: String]) -> Bool {
        guard let value = environment["CI"] else { return false }
        return !value.isEmpty && value.lowercased() != "false"
    }
}
