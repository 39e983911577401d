import Foundation
import Synchronization

/// What a finished child process said.
public struct ProcessOutput: Sendable {
    public var status: Int32
    public var stdout: String
    public var stderr: String
}

/// Runs a real program to completion (ffmpeg, ffprobe, the built `flipbook`), draining both
/// pipes on their own threads so a chatty child can never deadlock the test.
public func runProcess(
    _ executable: String, _ arguments: [String], currentDirectory: String? = nil,
    environment: [String: String]? = nil
) throws -> ProcessOutput {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if let currentDirectory { process.currentDirectoryURL = URL(fileURLWithPath: currentDirectory) }
    if let environment { process.environment = environment }
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let group = DispatchGroup()
    let box = OutputBox()
    for (pipe, isOut) in [(out, true), (err, false)] {
        group.enter()
        Thread.detachNewThread {
            let data = pipe.fileHandleForReading.readDataToEndOfFile()
            box.set(data, isOut: isOut)
            group.leave()
        }
    }
    process.waitUntilExit()
    group.wait()
    return ProcessOutput(
        status: process.terminationStatus,
        stdout: String(decoding: box.out, as: UTF8.self),
        stderr: String(decoding: box.err, as: UTF8.self))
}

/// Finds a program on PATH (for ffmpeg and ffprobe).
public func which(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for dir in path.split(separator: ":") {
        let candidate = "\(dir)/\(name)"
        if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
}

private final class OutputBox: Sendable {
    private let streams = Mutex((out: Data(), err: Data()))
    var out: Data { streams.withLock { $0.out } }
    var err: Data { streams.withLock { $0.err } }
    func set(_ data: Data, isOut: Bool) {
        streams.withLock { streams in
            if isOut { streams.out = data } else { streams.err = data }
        }
    }
}
