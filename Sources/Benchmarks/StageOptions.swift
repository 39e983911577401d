import Export
import PNG
import Raster

/// How a stage runs, beyond its workload, frame count and threads: `flipbook bench`'s
/// `--png-writer`, `--worker-nice`, `--video-input`, `--banding` and `--kernel-level`, handed to each child process
/// as the same flags (`arguments`).
package struct StageOptions: Sendable, Equatable {
    /// The `png-files` stage's writer: libdeflate (`PNGOptions.default`) or zlib (`.zlibDefault`).
    package var pngWriter: PNGCompressor = .libdeflate
    /// The x264 stages' render workers' nice value (`PipelinedFrames`), 0...19.
    package var workerNice: Int32 = 0
    /// What both ffmpeg stages pipe: yuv420p converted as `VideoWriter` converts, or RGBA.
    package var videoInput: FFmpegCommand.FrameInput = .yuv420p
    /// When every raster stage's rasterizers draw band by band (`Rasterizer.Banding`).
    package var banding: Rasterizer.Banding = .automatic
    /// The highest level the raster kernels may run (`RasterKernels.cap`); nil: the CPU's.
    package var kernelLevel: RasterKernels.Level?

    package init() {}

    /// The PNG options the `png-files` stage encodes with.
    var png: PNGOptions { pngWriter == .zlib ? .zlibDefault : .default }

    /// The `flipbook bench` flags that give these options.
    package var arguments: [String] {
        [
            "--png-writer", pngWriter.rawValue, "--worker-nice", "\(workerNice)",
            "--video-input", videoInput == .yuv420p ? "yuv420p" : "rgba", "--banding", banding.rawValue,
        ] + (kernelLevel.map { ["--kernel-level", $0.rawValue] } ?? [])
    }
}
