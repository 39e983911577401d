import Dispatch
import Foundation
import Synchronization

/// Decides when a running ffmpeg has stalled: no progress for `stallSeconds`.
///
/// Progress is anything a working ffmpeg does: it accepts input bytes (`noteProgress`, from the
/// writer), its CPU time grows (`/proc/<pid>/stat`, utime + stime), or its output file grows. A
/// slow encoder (x264 veryslow on 4K, GIF's palette pass at the end) is busy on the CPU, so it
/// is never mistaken for a stalled one however long a frame takes; an ffmpeg blocked on
/// something that never comes (a full disk it waits on, a broken filter, a stopped process)
/// uses no CPU and is ended.
///
/// The clock is the monotonic one (`DispatchTime`), and it only decides *when* a stalled ffmpeg
/// is ended, never a byte of output.
///
/// The writer (the feeder thread) and the waiter (the caller's thread) both report to it, so its
/// last observations live behind a `Mutex`.
final class FFmpegWatchdog: Sendable {
    /// Seconds without progress before ffmpeg is ended, > 0. Default 300: generous, since real
    /// encoders make progress many times a second; lower it (`--ffmpeg-timeout`) on CI to fail
    /// sooner.
    static let defaultStallSeconds = 300.0
    /// How often a blocked writer or waiter looks at ffmpeg, in milliseconds.
    static let pollMilliseconds: Int32 = 250

    let stallSeconds: Double
    private let pid: Int32
    /// The file ffmpeg writes, whose growth counts as progress; nil for a probe, which prints.
    private let output: String?
    private let last = Mutex((progress: DispatchTime.now(), cpu: UInt64(0), size: Int64(-1)))

    init(pid: Int32, output: String?, stallSeconds: Double) {
        precondition(stallSeconds > 0, "the stall timeout must be positive")
        self.pid = pid
        self.output = output
        self.stallSeconds = stallSeconds
    }

    /// ffmpeg just accepted input.
    func noteProgress() { last.withLock { $0.progress = .now() } }

    /// True when neither CPU time nor output size changed for `stallSeconds`.
    func hasStalled() -> Bool {
        let cpu = cpuTicks()
        let size = outputSize()
        let stallSeconds = self.stallSeconds
        return last.withLock { last in
            if cpu != last.cpu || size != last.size {
                last = (progress: .now(), cpu: cpu, size: size)
                return false
            }
            let idle = Double(DispatchTime.now().uptimeNanoseconds - last.progress.uptimeNanoseconds) / 1e9
            return idle >= stallSeconds
        }
    }

    /// utime + stime of the process in clock ticks (fields 14 and 15 of `/proc/<pid>/stat`,
    /// counted after the parenthesised command name, which may itself hold spaces); 0 if unreadable.
    private func cpuTicks() -> UInt64 {
        guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/stat") else { return 0 }
        let text = String(decoding: data, as: UTF8.self)
        guard let close = text.lastIndex(of: ")") else { return 0 }
        let fields = text[text.index(after: close)...].split(separator: " ")
        // After ")": state is field 3, so utime (14) and stime (15) are at offsets 11 and 12.
        guard fields.count > 12, let user = UInt64(fields[11]), let system = UInt64(fields[12]) else { return 0 }
        return user + system
    }

    private func outputSize() -> Int64 {
        guard let output else { return -1 }
        var status = stat()
        return stat(output, &status) == 0 ? Int64(status.st_size) : -1
    }

    /// "300", "1.5".
    static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }
}
