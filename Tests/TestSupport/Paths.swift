import Foundation

/// The repository root, found from this source file's location (Tests/TestSupport/Paths.swift).
public let repositoryRoot: String = {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path
}()

/// A fresh, empty temporary folder for one test. It lives under one folder per test process,
/// removed when the process exits, so a run of the suite leaves nothing behind in the system's
/// temporary folder (a run used to leave ~125 folders, 330 MB, there).
public func makeTemporaryDirectory(_ label: String = "flipbook-test") throws -> String {
    let path = (temporaryRoot as NSString)
        .appendingPathComponent("\(label)-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

/// The process's folder for `makeTemporaryDirectory`, made on first use.
private let temporaryRoot: String = {
    let path = (NSTemporaryDirectory() as NSString).appendingPathComponent("flipbook-tests-\(getpid())")
    atexit { removeTemporaryRoot() }
    return path
}()

private func removeTemporaryRoot() {
    try? FileManager.default.removeItem(atPath: temporaryRoot)
}

/// Names in a folder, sorted (hidden files included, so leftovers of temporary writes show).
public func listDirectory(_ path: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
}
