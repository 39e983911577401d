import Foundation

/// The repository root, found from this source file's location (Tests/TestSupport/Paths.swift).
public let repositoryRoot: String = {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path
}()

/// A fresh, empty temporary folder for one test.
public func makeTemporaryDirectory(_ label: String = "flipbook-test") throws -> String {
    let path = (NSTemporaryDirectory() as NSString)
        .appendingPathComponent("\(label)-\(getpid())-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

/// Names in a folder, sorted (hidden files included, so leftovers of temporary writes show).
public func listDirectory(_ path: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
}
