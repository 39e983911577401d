import Determinism
import Testing

@Suite("FNV-1a 64")
struct FNV1a64Tests {
    @Test("the published test vectors: empty input, \"a\", \"foobar\"")
    func publishedVectors() {
        #expect(FNV1a64.hash([UInt8]()) == 0xCBF2_9CE4_8422_2325)
        #expect(FNV1a64.hash(Array("a".utf8)) == 0xAF63_DC4C_8601_EC8C)
        #expect(FNV1a64.hash(Array("foobar".utf8)) == 0x8594_4171_F739_67E8)
        #expect(FNV1a64.hexHash(Array("a".utf8)) == "af63dc4c8601ec8c")
    }

    @Test("arrays, slices, lazy sequences and piecewise combining give the same hash")
    func everyInputFormAgrees() {
        var random = SplitMix64(seed: 7)
        let bytes = random.bytes(10_000)
        let whole = FNV1a64.hash(bytes)
        #expect(FNV1a64.hash(bytes[...]) == whole)
        #expect(FNV1a64.hash(bytes.lazy.map { $0 }) == whole)
        var pieces = FNV1a64()
        pieces.combine(bytes[..<1234])
        pieces.combine(bytes[1234...])
        #expect(pieces.value == whole)
    }
}
