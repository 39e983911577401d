import Foundation
import Synchronization

/// What one ffmpeg executable can do: its version, encoders and filters, probed once per
/// executable path and cached for the life of the process (three short runs, ≈ 0.1 s in all).
///
/// `VideoWriter` checks every requested format against this before starting any encode, so a
/// missing encoder fails the render before the first frame with a message that names the encoder,
/// the format that needs it, and the fix — instead of an ffmpeg error after a minute of rendering.
public struct FFmpegCapabilities: Sendable, Equatable {
    public let executable: String
    /// The version as ffmpeg prints it ("5.1.9-0+deb12u1"), for error messages and `--verbose`.
    public let version: String
    public let encoders: Set<String>
    public let filters: Set<String>

    public init(executable: String, version: String, encoders: Set<String>, filters: Set<String>) {
        self.executable = executable
        self.version = version
        self.encoders = encoders
        self.filters = filters
    }

    /// The three probe commands (arguments after the executable), for `--verbose`.
    public static let probeArguments: [[String]] = [
        ["-hide_banner", "-version"], ["-hide_banner", "-encoders"], ["-hide_banner", "-filters"],
    ]

    /// Probes `executable` (default: `ffmpeg` on PATH), or returns the cached result for it.
    /// `stallSeconds` (> 0): how long a probe may make no progress before it is ended and
    /// `ExportError.ffmpegProbeStalled` thrown (`--ffmpeg-timeout`; see `FFmpegWatchdog`).
    public static func probe(
        executable: String? = nil, stallSeconds: Double = VideoWriter.defaultStallSeconds
    ) throws -> FFmpegCapabilities {
        let path = try executable ?? FFmpegLocator.ffmpeg()
        if let cached = cache.value(for: path) { return cached }
        let outputs = try probeArguments.map { try FFmpegShortRun.run(path, $0, stallSeconds: stallSeconds) }
        let capabilities = FFmpegCapabilities(
            executable: path, version: parseVersion(outputs[0]),
            encoders: parseEncoders(outputs[1]), filters: parseFilters(outputs[2]))
        cache.store(capabilities, for: path)
        return capabilities
    }

    /// How many times `probe` has run `executable`'s probe processes in this process (a cached
    /// probe runs none): what a test checks the cache by, instead of by the clock.
    package static func probesRun(for executable: String) -> Int { cache.probes(for: executable) }

    /// Throws `ExportError.encoderMissing` unless this ffmpeg has `encoder`. `neededBy` names what
    /// asked for it (a format, for the message).
    public func require(encoder: String, neededBy: String) throws {
        guard encoders.contains(encoder) else {
            throw ExportError.encoderMissing(encoder: encoder, neededBy: neededBy, ffmpeg: executable, version: version)
        }
    }

    /// Throws `ExportError.filterMissing` unless this ffmpeg has `filter`.
    public func require(filter: String, neededBy: String) throws {
        guard filters.contains(filter) else {
            throw ExportError.filterMissing(filter: filter, neededBy: neededBy, ffmpeg: executable, version: version)
        }
    }

    /// Everything `format` needs: its encoder, then its filters, in a fixed order.
    public func check(_ format: VideoFormat) throws {
        try require(encoder: format.encoder, neededBy: format.rawValue)
        for filter in format.filters { try require(filter: filter, neededBy: format.rawValue) }
    }

    /// "ffmpeg version 5.1.9-0+deb12u1 Copyright …" → "5.1.9-0+deb12u1".
    static func parseVersion(_ text: String) -> String {
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\n" })
        guard words.count >= 3, words[0] == "ffmpeg", words[1] == "version" else { return "unknown" }
        return String(words[2])
    }

    /// `-encoders` lists a legend, a `------` line, then ` V....D name  description` rows.
    static func parseEncoders(_ text: String) -> Set<String> {
        var names = Set<String>()
        var inTable = false
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: " ")
            if fields.first == "------" {
                inTable = true
                continue
            }
            if inTable, fields.count >= 2 { names.insert(String(fields[1])) }
        }
        return names
    }

    /// `-filters` rows are ` TSC name  A->A  description`; the legend rows have no `->`.
    static func parseFilters(_ text: String) -> Set<String> {
        var names = Set<String>()
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: " ")
            if fields.count >= 3, fields[2].contains("->") { names.insert(String(fields[1])) }
        }
        return names
    }

    private static let cache = Cache()

    private final class Cache: Sendable {
        private let entries = Mutex<[String: FFmpegCapabilities]>([:])
        private let stores = Mutex<[String: Int]>([:])
        func value(for path: String) -> FFmpegCapabilities? { entries.withLock { $0[path] } }
        func store(_ value: FFmpegCapabilities, for path: String) {
            entries.withLock { $0[path] = value }
            stores.withLock { $0[path, default: 0] += 1 }
        }
        func probes(for path: String) -> Int { stores.withLock { $0[path, default: 0] } }
    }
}
