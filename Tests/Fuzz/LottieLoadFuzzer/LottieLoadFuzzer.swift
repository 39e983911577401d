import FuzzDriver
import LottiePlayback

// libFuzzer harness of `lottie:` content: a file from a pull request through `LottieDocument`'s
// checks, then, when they pass, into rlottie (parsed, its first, middle and last frames drawn at
// 16 × 16 px), as a render plays it. The only acceptable failure is a `LottieFileError`; a crash
// (in our checks or in rlottie), an ASan report, pixels of the wrong size or an allocation over
// -malloc_limit_mb fails the run. rlottie is the system's library, built without coverage, so
// libFuzzer sees only our side of the branch structure; Tests/Fuzz/lottie.dict gives it the
// format's keys to splice.
@_cdecl("LLVMFuzzerTestOneInput")
public func lottieLoadFuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    guard let document = try? LottieDocument(bytes: bytes), let player = try? LottiePlayer(document) else {
        return 0
    }
    for frame in [0, document.frameCount / 2, document.frameCount - 1] {
        let rgba = player.render(frame: frame, width: 16, height: 16)
        if rgba.count != 16 * 16 * 4 { fatalError("frame \(frame): \(rgba.count) bytes") }
    }
    return 0
}

@main
enum LottieLoadFuzzerMain {
    static func main() { FuzzDriver.run { lottieLoadFuzzOne($0, $1) } }
}
