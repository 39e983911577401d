import SceneModel

// libFuzzer harness for the scene decoder: every input is decoded and validated as YAML and as
// JSON with the default limits. The only acceptable failure is a `SceneError`; a crash, a
// precondition, a stack overflow, an ASan report or another error type fails the run.
//
// Built for fuzzing with FUZZING defined, `main` handing over to libFuzzer's driver (Tests/Fuzz/README.md):
//   swift build -c debug --build-path .build/fuzz --product scene-decode-fuzzer \
//     -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING -Xcc -fsanitize=fuzzer-no-link
// Without FUZZING (the ordinary `swift build`) it is a replayer: `scene-decode-fuzzer FILE…`
// runs the same check on each file, so a crashing input can be debugged without sanitizers.
#if canImport(Glibc)
    import Glibc
#endif

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

#if FUZZING
    /// libFuzzer's driver, entered from `main` (SwiftPM links an executable's entry point as `main`,
    /// so libFuzzer's own `main` is never pulled in).
    // swift-format-ignore: AlwaysUseLowerCamelCase
    // (libFuzzer's C symbol, named as the C library names it)
    @_silgen_name("LLVMFuzzerRunDriver")
    func LLVMFuzzerRunDriver(
        _ argc: UnsafeMutablePointer<CInt>,
        _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
        _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
    ) -> CInt
#endif

@main
enum SceneDecodeFuzzerMain {
    static func main() {
        #if FUZZING
            var argc = CommandLine.argc
            var argv = Optional(CommandLine.unsafeArgv)
            exit(LLVMFuzzerRunDriver(&argc, &argv, sceneDecodeFuzzOne))
        #else
            for path in CommandLine.arguments.dropFirst() {
                guard let file = fopen(path, "rb") else { fatalError("cannot open \(path)") }
                var bytes: [UInt8] = []
                var buffer = [UInt8](repeating: 0, count: 65_536)
                while true {
                    let count = fread(&buffer, 1, buffer.count, file)
                    if count == 0 { break }
                    bytes += buffer[0..<count]
                }
                fclose(file)
                _ = bytes.withUnsafeBufferPointer { sceneDecodeFuzzOne($0.baseAddress, $0.count) }
                print("\(path): ok")
            }
        #endif
    }
}
