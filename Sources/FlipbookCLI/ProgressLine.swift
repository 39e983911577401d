import Foundation
import Pipeline
import Synchronization

/// The progress line on a terminal: frames done/total, frames per second, time left.
/// Silent when stderr is not a terminal (CI logs, pipes), so logs hold only results.
final class ProgressLine: Sendable {
    let isEnabled = isatty(STDERR_FILENO) == 1
    private let shown = Mutex(false)

    func show(_ p: RenderProgress) {
        guard isEnabled else { return }
        var line = "\r\u{1B}[K[\(p.sceneName)] \(p.framesDone)/\(p.maxFramesIsCap ? "≤" : "")\(p.maxFrames) frames"
        line += String(format: " · %.0f fps", p.framesPerSecond)
        if let left = p.secondsLeft { line += String(format: " · %@%.1f s left", p.maxFramesIsCap ? "≤" : "", left) }
        FileHandle.standardError.write(line.data(using: .utf8)!)
        shown.withLock { $0 = true }
    }

    func finish() {
        guard isEnabled, shown.withLock({ $0 }) else { return }
        FileHandle.standardError.write("\r\u{1B}[K".data(using: .utf8)!)
        shown.withLock { $0 = false }
    }
}
