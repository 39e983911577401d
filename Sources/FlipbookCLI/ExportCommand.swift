import ArgumentParser
import FileSystem
import Foundation
import LottieExport
import SceneLoading
import SceneModel

/// `flipbook export`: a scene's motion handed on in a format apps play.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export a scene's motion as a Lottie file (Bodymovin JSON) that iOS, Android and the web play.",
        discussion: """
            Every layer becomes a Lottie shape layer with its transform, fill, border, content paths and clips; \
            each property's simulated values are reduced to cubic-eased keyframes within 0.05 pt, 0.01°, \
            0.01 % of scale and 1/512 of opacity or colour. What Lottie cannot show as Flipbook draws it \
            (shadows, blur, masks, perspective) is exported as the closest equivalent with a warning naming \
            the layer; --strict makes any warning an error (exit 2).
            --format dotlottie writes the same document deflated in a dotLottie (.lottie) archive with its \
            manifest, for app bundles (lottie-ios, dotlottie-web).
            Examples:
              flipbook export scenes/snap.yaml -o snap.json
              flipbook export scenes/snap.yaml --format dotlottie -o snap.lottie
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case lottie, dotlottie
        var fileExtension: String { self == .lottie ? "json" : "lottie" }
    }

    @Argument(help: "Scene file (.yaml, .yml, .json).")
    var scene: String

    @Option(name: .long, help: "Output format: lottie (JSON) or dotlottie (a .lottie archive).")
    var format: Format = .lottie

    @Option(name: [.short, .long], help: "Output file. Default: output/<scene>.json (.lottie for dotlottie).")
    var output: String?

    @Flag(name: .long, help: "Fail (exit 2, nothing written) when anything is exported as an approximation.")
    var strict = false

    @OptionGroup(title: "Limits")
    var limitArguments: LimitArguments

    func run() throws {
        let loaded = try SceneLoader.load(path: scene, limits: limitArguments.limits)
        let export = try LottieExport.export(loaded, file: scene)
        for warning in export.warnings { printWarning("\(scene): \(warning)") }
        if strict, !export.warnings.isEmpty {
            printError(
                "\(scene): \(counted(export.warnings.count, "layer warning")) with --strict; nothing written")
            throw ExitCode(2)
        }
        let path = output ?? "output/\(loaded.name).\(format.fileExtension)"
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        let bytes: [UInt8]
        switch format {
        case .lottie: bytes = Array(export.document.text.utf8)
        case .dotlottie:
            do { bytes = try DotLottie.archive(export.document, id: loaded.name) } catch {
                throw CLIError("\(scene): \(error)")
            }
        }
        try DurableFile.write(bytes, to: path)
        print(Self.summary(of: export, path: path, fps: loaded.fps, bytes: bytes.count))
    }

    /// "snap.json: 77 KB, 24 layers, 69 frames at 60 fps (2.8 KB per layer-second), 96 keyframes
    /// (414 at one per tick: 4.3× fewer)", for the `bytes` written.
    static func summary(of export: LottieExport, path: String, fps: Int, bytes: Int) -> String {
        let kilobytes = (bytes + 500) / 1000
        let perLayerSecond = String(format: "%.1f", export.bytesPerLayerSecond(fps: fps, bytes: bytes) / 1000)
        let reduction =
            export.keyframes > 0
            ? ": " + String(format: "%.1f", Double(export.keyframesAtEveryTick) / Double(export.keyframes)) + "× fewer"
            : ""
        return "\(path): \(kilobytes) KB, \(counted(export.layerCount, "layer")), \(export.frameCount) frames at "
            + "\(fps) fps (\(perLayerSecond) KB per layer-second), \(counted(export.keyframes, "keyframe")) "
            + "(\(export.keyframesAtEveryTick) at one per tick\(reduction))"
    }
}
