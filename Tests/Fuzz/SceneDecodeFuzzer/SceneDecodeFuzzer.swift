import FuzzDriver
import SceneLoading
import SceneModel
import SceneSyntax

// libFuzzer harness for the scene decoder: every input is decoded and validated as YAML and as
// JSON with the default limits. The only acceptable failure is a `SceneError`; a crash, a
// precondition, a stack overflow, an ASan report or another error type fails the run.
//
// Built for fuzzing with FUZZING defined, `main` handing over to libFuzzer's driver (Tests/Fuzz/README.md):
//   swift build -c debug --build-path .build/fuzz --product scene-decode-fuzzer \
//     -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING -Xcc -fsanitize=fuzzer-no-link
// Without FUZZING (the ordinary `swift build`) it is a replayer: `scene-decode-fuzzer FILE…`
// runs the same check on each file, so a crashing input can be debugged without sanitizers.
@_cdecl("LLVMFuzzerTestOneInput")
public func sceneDecodeFuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    for format in [SceneFileFormat.yaml, .json] {
        do {
            _ = try SceneLoader.decode(text, fileName: "fuzz." + format.rawValue, format: format)
        } catch is SceneError {
            continue
        } catch {
            fatalError("\(format): not a SceneError: \(error)")
        }
    }
    return 0
}

@main
enum SceneDecodeFuzzerMain {
    static func main() { FuzzDriver.run { sceneDecodeFuzzOne($0, $1) } }
}
