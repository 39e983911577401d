import Foundation
import PNG
import Testing

@Suite("Files")
struct FileTests {
    @Test("writeAtomically writes the bytes and leaves no temporary file behind")
    func writes() throws {
        let folder = try ScratchDirectory()
        defer { folder.remove() }
        let rgba = randomImage(width: 6, height: 4, seed: 8)
        let png = try PNG.encode(rgba: rgba, width: 6, height: 4)

        try PNG.writeAtomically(png, to: folder.path + "/frame.png")

        #expect(try folder.entries() == ["frame.png"])
        #expect(FileManager.default.contents(atPath: folder.path + "/frame.png") == Data(png))
        #expect(try PNG.decode(contentsOf: folder.path + "/frame.png") == DecodedImage(width: 6, height: 4, rgba: rgba))
    }

    @Test("an existing file is replaced by the new bytes")
    func replaces() throws {
        let folder = try ScratchDirectory()
        defer { folder.remove() }
        let path = folder.path + "/frame.png"
        try PNG.writeAtomically([1, 2, 3, 4, 5, 6, 7, 8], to: path)
        try PNG.writeAtomically([9], to: path)
        #expect(FileManager.default.contents(atPath: path) == Data([9]))
        #expect(try folder.entries() == ["frame.png"])
    }

    @Test("a reader never sees a partial file while writers replace it")
    func readersSeeWholeFiles() async throws {
        let folder = try ScratchDirectory()
        defer { folder.remove() }
        let path = folder.path + "/frame.png"
        // Large enough (about 1 MB each) that a non-atomic write would be caught half-way.
        let first = try PNG.encode(
            rgba: randomImage(width: 512, height: 512, seed: 1), width: 512, height: 512,
            options: PNGOptions(level: 0, strategy: .default, filter: .none))
        let second = try PNG.encode(
            rgba: randomImage(width: 500, height: 500, seed: 2), width: 500, height: 500,
            options: PNGOptions(level: 0, strategy: .default, filter: .none))
        try PNG.writeAtomically(first, to: path)

        let sightings = try await withThrowingTaskGroup(of: Int.self) { group in
            for bytes in [first, second] {
                group.addTask {
                    for _ in 0..<20 { try PNG.writeAtomically(bytes, to: path) }
                    return 0
                }
            }
            group.addTask {
                var complete = 0
                for _ in 0..<60 {
                    let seen = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
                    #expect(seen == first || seen == second, "read \(seen.count) bytes")
                    complete += 1
                }
                return complete
            }
            return try await group.reduce(0, +)
        }
        #expect(sightings == 60)
        #expect(try folder.entries() == ["frame.png"])
    }

    @Test("threads writing different frames at once each get their own complete file")
    func concurrentWriters() async throws {
        let folder = try ScratchDirectory()
        defer { folder.remove() }
        let frames = try (0..<16).map { index in
            try PNG.encode(rgba: randomImage(width: 40, height: 30, seed: UInt64(index)), width: 40, height: 30)
        }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (index, bytes) in frames.enumerated() {
                group.addTask { try PNG.writeAtomically(bytes, to: folder.path + "/\(index).png") }
            }
            try await group.waitForAll()
        }
        #expect(try folder.entries() == (0..<16).map { "\($0).png" }.sorted())
        for (index, bytes) in frames.enumerated() {
            #expect(FileManager.default.contents(atPath: folder.path + "/\(index).png") == Data(bytes))
        }
    }

    @Test("writing into a missing directory throws an error naming the path and the directory")
    func missingDirectory() throws {
        let folder = try ScratchDirectory()
        defer { folder.remove() }
        let path = folder.path + "/missing/frame.png"
        let error = #expect(throws: PNGError.self) { try PNG.writeAtomically([1], to: path) }
        guard case .writeFailed(path, let step, let reason)? = error else {
            Issue.record("unexpected \(String(describing: error))")
            return
        }
        #expect(step.hasPrefix("creating temporary file '\(folder.path)/missing/.frame.png.tmp-"))
        #expect(reason == "No such file or directory (errno 2) (does the directory '\(folder.path)/missing/' exist?)")
        #expect(error?.description.hasPrefix("cannot write '\(path)': creating temporary file") == true)
        #expect(try folder.entries() == [])
    }

    @Test("a failed rename removes the temporary file and leaves the target alone")
    func failedRename() throws {
        let folder = try ScratchDirectory()
        defer { folder.remove() }
        // The target is a non-empty directory, so rename(2) fails after the data was written.
        let target = folder.path + "/frame.png"
        try FileManager.default.createDirectory(atPath: target + "/inside", withIntermediateDirectories: true)
        let error = #expect(throws: PNGError.self) { try PNG.writeAtomically([1, 2, 3], to: target) }
        guard case .writeFailed(target, let step, _)? = error else {
            Issue.record("unexpected \(String(describing: error))")
            return
        }
        #expect(step.hasPrefix("renaming '\(folder.path)/.frame.png.tmp-"))
        #expect(try folder.entries() == ["frame.png"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: target) == ["inside"])
    }

    @Test("a path that names a directory is rejected before anything is created")
    func directoryPath() throws {
        let folder = try ScratchDirectory()
        defer { folder.remove() }
        #expect(
            throws: PNGError.writeFailed(
                path: folder.path + "/", step: "choosing a file name", reason: "the path names a directory, not a file")
        ) {
            try PNG.writeAtomically([1], to: folder.path + "/")
        }
        #expect(try folder.entries() == [])
    }

    @Test("decoding a missing file throws an error with its path and errno text")
    func missingFile() throws {
        let folder = try ScratchDirectory()
        defer { folder.remove() }
        let path = folder.path + "/nope.png"
        #expect(throws: PNGError.readFailed(path: path, reason: "No such file or directory (errno 2)")) {
            try PNG.decode(contentsOf: path)
        }
    }

    @Test("decoding a file that is not a PNG names the file")
    func notPNGFile() throws {
        let folder = try ScratchDirectory()
        defer { folder.remove() }
        let path = folder.path + "/notes.png"
        try PNG.writeAtomically(Array("hello, world".utf8), to: path)
        #expect(throws: PNGError.decodingFailed(path: path, byteCount: 12, libpngMessage: "Not a PNG file")) {
            try PNG.decode(contentsOf: path)
        }
    }
}
