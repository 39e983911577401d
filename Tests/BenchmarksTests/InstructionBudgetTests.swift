import Foundation
import Testing

@testable import Benchmarks

/// The rectangle core's regression guard: instructions, counted by callgrind, of one frame of each
/// workload against the committed budget (callgrind-budget.txt beside this file). Counts do not
/// move with the machine's load, so this test cannot flake; it needs the release binary
/// (`swift build -c release --product flipbook`, which `make test` builds first) and valgrind,
/// and is skipped only when valgrind is missing outside CI.
@Suite("Instruction budget", .serialized)
struct InstructionBudgetTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().path
    static let repositoryRoot = URL(fileURLWithPath: folder).deletingLastPathComponent().deletingLastPathComponent()
        .path
    static let budgetPath = folder + "/callgrind-budget.txt"
    static let releaseBinary = repositoryRoot + "/.build/release/flipbook"
    static let onCI = ProcessInfo.processInfo.environment["CI"] != nil

    static var valgrind: String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/valgrind" }.first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }

    static func budget() throws -> InstructionCounts.Budget {
        try InstructionCounts.Budget.parse(String(contentsOfFile: budgetPath, encoding: .utf8))
    }

    @Test("the budget file covers every workload with both parts, then loading, and says how to regenerate it")
    func budgetFileIsComplete() throws {
        let budget = try Self.budget()
        let expected =
            StandardWorkload.every.flatMap { w in InstructionCounts.frameParts.map { "\(w.name) \($0.rawValue)" } }
            + InstructionCounts.loadingWorkloads.map { "\($0) load" }
        #expect(budget.entries.map { "\($0.workload) \($0.part.rawValue)" } == expected)
        #expect(!budget.kernels.isEmpty)
        // The committed file is exactly what `flipbook bench --instructions` prints for its numbers.
        #expect(try String(contentsOfFile: Self.budgetPath, encoding: .utf8) == budget.text)
    }

    @Test("a malformed budget line is refused with its line number")
    func malformedLine() {
        do {
            _ = try InstructionCounts.Budget.parse("# comment\nlarge-n256 sweep 12\n")
            Issue.record("a line with an unknown part was accepted")
        } catch {
            #expect(
                "\(error)"
                    == "callgrind budget line 2: expected 'WORKLOAD raster|png|load INSTRUCTIONS', got 'large-n256 sweep 12'"
            )
        }
        #expect(throws: BenchmarkStageError.self) { try InstructionCounts.Budget.parse("large-n256 raster lots\n") }
    }

    @Test(
        "one frame of every workload, and loading a scene of components, stays within its callgrind instruction budget (+5 %)",
        .enabled(
            if: valgrind != nil || onCI,
            "valgrind is not installed: the instruction budget is not checked (apt-get install valgrind)"))
    func withinBudget() throws {
        let valgrind = try #require(Self.valgrind, "valgrind must be installed on CI (Makefile TEST_PACKAGES)")
        try #require(
            FileManager.default.isExecutableFile(atPath: Self.releaseBinary),
            "build the release binary first: swift build -c release --product flipbook")
        let budget = try Self.budget()
        let measured = try InstructionCounts.budget(
            executable: Self.releaseBinary, valgrind: valgrind,
            workloads: StandardWorkload.every.filter { w in budget.entries.contains { $0.workload == w.name } },
            loading: budget.entries.contains { $0.part == .load })
        try #require(
            measured.kernels == budget.kernels,
            """
            the budget was recorded with kernels '\(budget.kernels)', this machine under valgrind picks '\(measured.kernels)': \
            counts are not comparable; regenerate the budget on this kind of machine (see the file's header)
            """)
        try #require(measured.entries.map(\.workload) == budget.entries.map(\.workload))
        for (entry, count) in zip(budget.entries, measured.entries.map(\.instructions)) {
            let limit = Int((Double(entry.instructions) * (1 + InstructionCounts.margin)).rounded(.down))
            #expect(
                count <= limit,
                """
                \(entry.workload) \(entry.part.rawValue): \(count) instructions, budget \(entry.instructions) + \
                \(Int(InstructionCounts.margin * 100)) % = \(limit) (\(String(format: "%+.1f", 100 * (Double(count) / Double(entry.instructions) - 1))) %). \
                If the growth is intended, regenerate the budget: .build/release/flipbook bench --instructions > Tests/BenchmarksTests/callgrind-budget.txt \
                (after swift build -c release --product flipbook)
                """)
        }
    }
}
