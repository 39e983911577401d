import Foundation
import Testing

@testable import LottiePlayback

/// A Lottie file from a pull request: checked before rlottie parses it, then played.
@Suite("Lottie documents and the player")
struct LottieDocumentTests {
    /// The smallest document rlottie plays: one shape layer, a red square over the whole
    /// composition, with `extra` top-level members.
    static func document(_ extra: String = "", layers: Int = 1, frames: Int = 10) -> [UInt8] {
        let layer = """
            {"ty":4,"ind":1,"ip":0,"op":\(frames),"st":0,"ks":{"o":{"a":0,"k":100},"p":{"a":0,"k":[20,10]},\
            "a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0}},\
            "shapes":[{"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[40,20]},"r":{"a":0,"k":0}},\
            {"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}]}
            """
        let list = Array(repeating: layer, count: layers).joined(separator: ",")
        return Array(
            "{\"v\":\"5.7.4\",\"fr\":30,\"ip\":0,\"op\":\(frames),\"w\":40,\"h\":20\(extra),\"layers\":[\(list)]}".utf8)
    }

    @Test("a document's size, frame rate and frame count are read; its hash is FNV-1a 64 of its bytes")
    func reads() throws {
        let document = try LottieDocument(bytes: Self.document())
        #expect(document.width == 40 && document.height == 20)
        #expect(document.frameRate == 30 && document.frameCount == 10)
        #expect(document.hash.count == 16)
    }

    @Test("rlottie draws the frame straight: the red square fills the 40 × 20 pixels")
    func plays() throws {
        let player = try LottiePlayer(try LottieDocument(bytes: Self.document()))
        let rgba = player.render(frame: 3, width: 40, height: 20)
        #expect(rgba.count == 40 * 20 * 4)
        #expect(Array(rgba[0..<4]) == [255, 0, 0, 255])
        #expect(Array(rgba[(40 * 20 - 1) * 4..<40 * 20 * 4]) == [255, 0, 0, 255])
        // Half size: rlottie scales the composition to the buffer.
        #expect(Array(player.render(frame: 0, width: 20, height: 10)[0..<4]) == [255, 0, 0, 255])
    }

    @Test("an image asset outside the file is refused before rlottie could open it")
    func externalImage() {
        let bytes = Self.document(#","assets":[{"id":"img","w":10,"h":10,"u":"../../","p":"etc/passwd","e":0}]"#)
        #expect(throws: LottieFileError.externalAsset("img", "etc/passwd")) { try LottieDocument(bytes: bytes) }
        let embedded = Self.document(
            #","assets":[{"id":"img","w":1,"h":1,"u":"","p":"data:image/png;base64,AAAA","e":1}]"#)
        #expect(throws: Never.self) { try LottieDocument(bytes: embedded) }
    }

    @Test("layers, frames, size and bytes past their limits are refused, each in words")
    func limits() {
        var limits = LottieDocument.Limits()
        limits.maxLayers = 3
        #expect(throws: LottieFileError.tooLarge("4 layers; expected at most 3")) {
            try LottieDocument(bytes: Self.document(layers: 4), limits: limits)
        }
        #expect(throws: LottieFileError.outOfRange("100001 frames (ip 0, op 100001); expected 1 to 100000")) {
            try LottieDocument(bytes: Self.document(frames: 100_001))
        }
        limits = LottieDocument.Limits()
        limits.maxBytes = 100
        #expect(throws: LottieFileError.self) { try LottieDocument(bytes: Self.document(), limits: limits) }
        #expect(throws: LottieFileError.notLottie("not a JSON object")) { try LottieDocument(bytes: Array("[1]".utf8)) }
        let huge = Array(
            String(decoding: Self.document(), as: UTF8.self).replacingOccurrences(of: "\"w\":40", with: "\"w\":1e9")
                .utf8)
        #expect(throws: LottieFileError.outOfRange("its size 1000000000 × 20; expected 1 to 16384 a side")) {
            try LottieDocument(bytes: huge)
        }
    }

    @Test(
        "a number past ±1e6 anywhere, and a repeater of more than 1,000 copies, are refused: rlottie would work on them for minutes"
    )
    func values() throws {
        // The fuzzer's input: a mask vertex at x = −214748364920 held rlottie's rasterizer.
        let mask =
            #","masksProperties":[{"mode":"a","pt":{"a":0,"k":{"c":true,"v":[[0,0],[-214748364920,0],[20,20]]}}}]"#
        #expect(throws: LottieFileError.outOfRange("a number -214748364920; expected every number within ±1000000")) {
            try LottieDocument(bytes: Self.document(mask))
        }
        let repeater = #","extra":[{"ty":"rp","c":{"a":1,"k":[{"t":0,"s":[3]},{"t":5,"s":[5000]}]}}]"#
        #expect(throws: LottieFileError.tooLarge("a repeater of 5000 copies; expected at most 1000")) {
            try LottieDocument(bytes: Self.document(repeater))
        }
        let fine = #","extra":[{"ty":"rp","c":{"a":0,"k":12}}, 999999.5, -1000000]"#
        #expect(throws: Never.self) { try LottieDocument(bytes: Self.document(fine)) }
    }

    @Test("the manifest's player names rlottie's version from the library the process loaded")
    func libraryVersion() {
        #expect(LottiePlayer.libraryVersion.hasPrefix("rlottie 0."), "\(LottiePlayer.libraryVersion)")
    }
}
