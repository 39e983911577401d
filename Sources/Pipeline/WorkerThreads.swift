import Dispatch
import Foundation

/// `body(0..<count)` at once, each on a thread of its own (worker 0 on the caller's), returning
/// when every worker is done.
///
/// Not `DispatchQueue.concurrentPerform`: on Linux its workers are the threads Swift's tasks run
/// on, and a render holds them for seconds. In the studio that starved every task of the server
/// (the file watcher saw a save 250–430 ms late while a whole render ran). Threads of its own
/// leave that pool to the server; the kernel shares the cores between them.
package enum WorkerThreads {
    /// The stack of each worker: the main thread's 8 MiB, which the drawing code is written for.
    static let stackSize = 8 << 20

    static func run(_ count: Int, _ body: @Sendable (Int) -> Void) {
        guard count > 1 else {
            if count == 1 { body(0) }
            return
        }
        withoutActuallyEscaping(body) { body in
            // The threads outlive their work by a moment (a Thread keeps its block until it is
            // released), so they reach `body` through a box that is emptied before returning.
            let box = WorkBox(body)
            let done = DispatchSemaphore(value: 0)
            for worker in 1..<count {
                let thread = Thread {
                    box.body?(worker)
                    done.signal()
                }
                thread.stackSize = stackSize
                thread.start()
            }
            body(0)
            for _ in 1..<count { done.wait() }
            box.body = nil
        }
    }

    /// Linux keeps a nice value per thread, addressed by its thread id, and a thread starts with
    /// its creator's; raising it (lowering the priority) needs no privilege. Best effort: a
    /// refusal leaves the thread as it was.
    package static func lowerCallingThreadPriority(to nice: Int32) {
        // The thread id without gettid(2), which Swift's Glibc does not export: /proc/thread-self
        // links to "PID/task/TID".
        guard let link = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/thread-self"),
            let tid = link.split(separator: "/").last.flatMap({ id_t($0) })
        else { return }
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), tid, nice)
    }

    /// `body` on a thread of its own, for blocking work called from a task (a studio render):
    /// it holds none of the threads the process's tasks share.
    package static func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            let thread = Thread { continuation.resume(returning: body()) }
            thread.stackSize = stackSize
            thread.start()
        }
    }
}

/// What the worker threads call; emptied once they are done (the semaphore orders the writes).
private final class WorkBox: @unchecked Sendable {
    var body: (@Sendable (Int) -> Void)?
    init(_ body: @escaping @Sendable (Int) -> Void) { self.body = body }
}
