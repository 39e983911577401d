import Export
import Foundation
import TestSupport
import Testing

@Suite("PNG frame folders")
struct PNGSequenceTests {
    @Test("frames are named frame_00000.png with five digits and more when needed")
    func frameNames() {
        #expect(PNGSequence.fileName(forFrame: 0) == "frame_00000.png")
        #expect(PNGSequence.fileName(forFrame: 42) == "frame_00042.png")
        #expect(PNGSequence.fileName(forFrame: 123456) == "frame_123456.png")
    }

    @Test("frames left from a longer earlier render are removed, others kept")
    func staleFramesAreRemoved() throws {
        let dir = try makeTemporaryDirectory()
        let sequence = try PNGSequence(directory: dir + "/scene")
        for name in ["frame_00000.png", "frame_00001.png", "frame_00002.png", "notes.txt"] {
            #expect(FileManager.default.createFile(atPath: dir + "/scene/" + name, contents: Data([1])))
        }
        sequence.removeFrames(from: 2)
        #expect(listDirectory(dir + "/scene") == ["frame_00000.png", "frame_00001.png", "notes.txt"])
    }
}
