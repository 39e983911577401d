import Export
import Foundation
import TestSupport
import Testing

@Suite("video export preflight and failures")
struct VideoPreflightTests {
    @Test("the probe reads this ffmpeg's version, encoders and filters, and caches them per executable")
    func probeReadsCapabilities() throws {
        let first = try FFmpegCapabilities.probe()
        #expect(
            first.version.hasPrefix("5.") || first.version.hasPrefix("6.") || first.version.hasPrefix("7."),
            "\(first.version)")
        for encoder in ["libx264", "libvpx-vp9", "prores_ks", "gif", "apng"] {
            #expect(first.encoders.contains(encoder))
        }
        for filter in ["palettegen", "paletteuse", "split", "scale", "setparams"] {
            #expect(first.filters.contains(filter))
        }
        #expect(!first.encoders.contains("------") && !first.filters.contains("="), "legend lines are not names")
        let runs = FFmpegCapabilities.probesRun(for: first.executable)
        #expect(runs >= 1)
        let second = try FFmpegCapabilities.probe()
        #expect(second == first)
        #expect(FFmpegCapabilities.probesRun(for: first.executable) == runs, "a cached probe runs no process")
    }

    @Test("an ffmpeg hidden from the search path is reported with the folders searched and the fix")
    func missingFFmpeg() throws {
        let empty = try makeTemporaryDirectory()
        #expect(throws: ExportError.ffmpegNotFound(searched: [empty])) {
            _ = try FFmpegCapabilities.probe(executable: try FFmpegLocator.find("ffmpeg", in: [empty]))
        }
    }

    @Test("an executable that is not a working ffmpeg fails the preflight with its path and exit status")
    func unusableFFmpeg() throws {
        var caught: ExportError?
        do { _ = try FFmpegCapabilities.probe(executable: "/bin/false") } catch let error as ExportError {
            caught = error
        }
        let error = try #require(caught)
        #expect(
            error
                == .ffmpegUnusable(
                    executable: "/bin/false", command: ["-hide_banner", "-version"], status: 1, stderrTail: ""))
        #expect(
            error.description.hasPrefix(
                "/bin/false does not work as ffmpeg (`/bin/false -hide_banner -version` exited with status 1)"))
    }

    @Test("a missing encoder is named with the format that needs it, the ffmpeg version and the fix")
    func missingEncoder() throws {
        let real = try FFmpegCapabilities.probe()
        #expect(
            throws: ExportError.encoderMissing(
                encoder: "flipbook_no_such_encoder", neededBy: "mov",
                ffmpeg: real.executable, version: real.version)
        ) {
            try real.require(encoder: "flipbook_no_such_encoder", neededBy: "mov")
        }
        // The same check as VideoWriter's preflight, on an ffmpeg built without ProRes.
        let withoutProRes = FFmpegCapabilities(
            executable: real.executable, version: real.version,
            encoders: real.encoders.subtracting(["prores_ks"]), filters: real.filters)
        var caught: ExportError?
        do { try withoutProRes.check(.mov) } catch let error as ExportError { caught = error }
        let text = try #require(caught).description
        #expect(
            text == "\(real.executable) (version \(real.version)) has no encoder 'prores_ks', which mov needs "
                + "(see `ffmpeg -hide_banner -encoders`); install an ffmpeg built with it "
                + "(Debian's and Homebrew's `ffmpeg` packages include it), or leave mov out of `--video`")
        try withoutProRes.check(.webm)
    }

    @Test("a missing filter is named with the format that needs it")
    func missingFilter() throws {
        let real = try FFmpegCapabilities.probe()
        let withoutPalettes = FFmpegCapabilities(
            executable: real.executable, version: real.version,
            encoders: real.encoders, filters: real.filters.subtracting(["palettegen"]))
        #expect(
            throws: ExportError.filterMissing(
                filter: "palettegen", neededBy: "gif", ffmpeg: real.executable, version: real.version)
        ) {
            try withoutPalettes.check(.gif)
        }
    }

    @Test("a failing encode in one format quotes ffmpeg's stderr and leaves no file in any format")
    func failingEncodeLeavesNothing() throws {
        let directory = try makeTemporaryDirectory()
        let missing = directory + "/missing-folder/clip.webm"
        let writer = try VideoWriter(
            files: [(.mp4, directory + "/clip.mp4"), (.webm, missing), (.gif, directory + "/clip.gif")],
            width: 32, height: 32, fps: 30, backgroundHex: "FFFFFF")
        var caught: ExportError?
        do {
            for f in 0..<60 { try writer.write(frame: movingSquare(width: 32, height: 32, frame: f % 5)) }
            try writer.finish()
        } catch let error as ExportError {
            caught = error
        }
        let text = try #require(caught).description
        #expect(text.contains(missing), "\(text)")
        #expect(text.contains("ffmpeg: ") && text.contains("No such file or directory"), "\(text)")
        #expect(listDirectory(directory) == [], "no partial or finished file of any format")
    }

    @Test("abandoning a render part-way removes every partial file")
    func abandonRemovesEverything() throws {
        let directory = try makeTemporaryDirectory()
        let writer = try VideoWriter(
            directory: directory, baseName: "clip", formats: VideoFormat.allCases,
            width: 32, height: 32, fps: 30, backgroundHex: "FFFFFF")
        try writer.write(frame: movingSquare(width: 32, height: 32, frame: 0))
        writer.abandon()
        #expect(listDirectory(directory) == [])
    }

    @Test("--verbose gets each exact command line, shell-quoted, and the GIF's one-process two-pass filter graph")
    func commandLines() throws {
        let directory = try makeTemporaryDirectory()
        let options = try VideoEncodingOptions(gifDither: .bayer(scale: 3), playCount: 2)
        let writer = try VideoWriter(
            directory: directory, baseName: "clip", formats: [.gif, .gif, .apng],
            width: 32, height: 32, fps: 60, options: options, backgroundHex: "FFFFFF")
        writer.abandon()
        #expect(writer.outputs.map(\.format) == [.gif, .apng], "a repeated format is written once")
        let gif = writer.commandLines[0]
        #expect(
            gif.hasPrefix(
                writer.capabilities.executable
                    + " -hide_banner -loglevel error -y -f rawvideo -pix_fmt rgba -s:v 32x32 -framerate 30 -i pipe:0 "))
        #expect(
            gif.contains(
                " -filter_complex '[0:v]split[a][b];[a]palettegen=stats_mode=diff:reserve_transparent=0[p];[b][p]paletteuse=dither=bayer:bayer_scale=3:diff_mode=rectangle' -loop 1 "
            ))
        #expect(writer.commandLines[1].contains(" -plays 2 "))
        #expect(FFmpegCommand.shellQuoted(["a b", "it's", "x=1"]) == "'a b' 'it'\\''s' x=1")
    }

    @Test("options out of range are refused when built, naming the value and the range")
    func optionRanges() {
        #expect(throws: VideoOptionError.outOfRange(name: "h264CRF", value: 52, range: 0...51)) {
            try VideoEncodingOptions(h264CRF: 52)
        }
        #expect(throws: VideoOptionError.outOfRange(name: "vp9CRF", value: -1, range: 0...63)) {
            try VideoEncodingOptions(vp9CRF: -1)
        }
        #expect(throws: VideoOptionError.outOfRange(name: "gif bayer scale", value: 6, range: 0...5)) {
            try VideoEncodingOptions(gifDither: .bayer(scale: 6))
        }
        #expect(
            VideoOptionError.outOfRange(name: "h264CRF", value: 52, range: 0...51).description
                == "h264CRF 52 is out of range; use 0...51")
    }

    @Test("format names parse as users type them")
    func formatNames() {
        #expect(
            ["mp4", "WebM", "prores", "gif", "apng", "avi"].map(VideoFormat.init(name:)) == [
                .mp4, .webm, .mov, .gif, .apng, nil,
            ])
    }
}
