import Foundation
import PNG
import Pipeline
import Raster
import SceneLoading

/// Instruction counts of one frame of each workload under `valgrind --tool=callgrind`: the
/// regression guard that a shared, noisy machine cannot make flaky. Callgrind counts the
/// instructions a program executes (Ir), which do not depend on the load, the clock or the
/// cache; a test compares them with the committed budget (`Tests/BenchmarksTests/callgrind-budget.txt`)
/// plus `InstructionCounts.margin`.
///
/// What is counted, per workload: `raster`, frame 1 drawn by one thread over a fully cleared
/// canvas (after an uncounted frame 0, so scratch buffers already exist); `png`, the PNG encode
/// of that frame with `PNGOptions.default`. Only `countedByCallgrind(_:…)` and what it calls is
/// collected (`--collect-atstart=no --toggle-collect=*countedByCallgrind*`), and callgrind dumps
/// a profile part after each call: start-up, workload generation and the warm-up frame are not
/// counted, and one process counts every workload in order (a workload's count can depend on
/// what the ones before it left in shared caches, so the order is the budget file's).
///
/// Last, `load` counts loading scenes of components (`loadingWorkloads`): what `flipbook validate`
/// runs on the scene-costs expansion (SceneCostsWorkload) of `loadingRows` rows, and on its
/// labelled rows at `labelledInstances` instances, after an uncounted load of a small one of
/// each, so that what a process pays once (building the key tables, opening the fonts) is not
/// counted.
///
/// The counts depend on the kernels the CPU picks (`RasterKernels.selection`, as valgrind's
/// virtual CPU reports it: AVX2 but never AVX-512), on the compiler and on libdeflate; the
/// budget file records the kernels and the test refuses to compare across a different selection.
package enum InstructionCounts {
    /// What one count covers.
    package enum Part: String, CaseIterable, Sendable {
        case raster, png, load
    }

    /// The parts counted for each drawing workload.
    package static let frameParts: [Part] = [.raster, .png]

    /// The budget's names for the loading counts, and their scenes' sizes (10 layers a row; a
    /// labelled instance is 3 layers and about 40 text scalars).
    package static let loadingWorkloads = ["components", "labels"]
    package static let loadingRows = 500
    package static let labelledInstances = 100

    /// The scene a loading count loads, and a small one of the same kind for the warm-up.
    static func loadingText(_ name: String, small: Bool = false) -> String {
        name == "labels"
            ? SceneCostsWorkload.labelledText(instances: small ? 2 : labelledInstances)
            : SceneCostsWorkload.expansionText(rows: small ? 2 : loadingRows)
    }

    /// Allowed growth over the budget before the test fails: 5 %. Callgrind's counts repeat to
    /// within a few hundred instructions run to run; 5 % is a real regression (the raster of
    /// large-n256 is about 10 M instructions a frame), not noise.
    package static let margin = 0.05

    /// The frame that is counted (frame 0 is the uncounted warm-up).
    package static let countedFrame = 1

    /// One budget line: `workload part instructions`.
    package struct Entry: Equatable, Sendable {
        package var workload: String
        package var part: Part
        package var instructions: Int
        package init(workload: String, part: Part, instructions: Int) {
            self.workload = workload
            self.part = part
            self.instructions = instructions
        }
        package var line: String { "\(workload) \(part.rawValue) \(instructions)" }
    }

    /// A budget file: `# kernels: …` and entry lines; other `#` lines are comments.
    package struct Budget: Equatable, Sendable {
        package var kernels: String
        package var entries: [Entry]

        package static func parse(_ text: String) throws -> Budget {
            var kernels = ""
            var entries: [Entry] = []
            for (number, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let line = raw.trimmingCharacters(in: .whitespaces)
                if line.hasPrefix("# kernels: ") {
                    kernels = String(line.dropFirst("# kernels: ".count))
                    continue
                }
                if line.isEmpty || line.hasPrefix("#") { continue }
                let fields = line.split(separator: " ")
                guard fields.count == 3, let part = Part(rawValue: String(fields[1])), let count = Int(fields[2]),
                    count > 0
                else {
                    throw BenchmarkStageError.missingResource(
                        "callgrind budget line \(number + 1): expected 'WORKLOAD raster|png|load INSTRUCTIONS', got '\(line)'"
                    )
                }
                entries.append(Entry(workload: String(fields[0]), part: part, instructions: count))
            }
            return Budget(kernels: kernels, entries: entries)
        }

        /// The file's text, with how to regenerate it.
        package var text: String {
            ([
                "# Instructions (valgrind --tool=callgrind, Ir) for one frame of each workload: 'raster' draws",
                "# frame \(InstructionCounts.countedFrame) on one thread over a cleared canvas, 'png' encodes it with PNGOptions.default;",
                "# one process counts the workloads in this order; 'load' is what flipbook validate runs on a scene of",
                "# flipbook bench --scene-costs: components at \(InstructionCounts.loadingRows * 10) layers, labels at \(InstructionCounts.labelledInstances) instances.",
                "# Checked by Tests/BenchmarksTests/InstructionBudgetTests.swift: a count may exceed its budget by at most",
                "# \(Int(InstructionCounts.margin * 100)) %. After an intended change (a faster or slower raster core, another encoder), regenerate:",
                "#   swift build -c release --product flipbook && .build/release/flipbook bench --instructions > Tests/BenchmarksTests/callgrind-budget.txt",
                "# kernels: \(kernels)",
            ] + entries.map(\.line)).joined(separator: "\n") + "\n"
        }
    }

    /// The child's side (`flipbook bench --counted W1,W2,…`): for each workload in turn, prepares
    /// it and draws the uncounted frame 0, then counts frame 1's raster and that frame's PNG
    /// encode, each once inside `countedByCallgrind` (which callgrind dumps after: one profile
    /// part a count, in order). Prints the kernel selection.
    package static func runCounted(workloads: [StandardWorkload], loading: Bool) throws -> String {
        var bytes = 0
        var rasterizer = Rasterizer()
        var canvas = FrameCanvas()
        for workload in workloads {
            try workload.prepare()
            rasterizer = Rasterizer()
            canvas = FrameCanvas()
            rasterizer.render(workload.displayList(frame: 0), into: &canvas)
            let list = workload.displayList(frame: countedFrame)
            canvas.forgetFrame()
            bytes += try countedByCallgrind(.raster(list), rasterizer: &rasterizer, canvas: &canvas)
            let pixels = canvas.rgba
            _ = try PNG.encode(rgba: pixels, width: list.width, height: list.height)  // warm the encoder's scratch
            bytes += try countedByCallgrind(
                .png(pixels, width: list.width, height: list.height), rasterizer: &rasterizer, canvas: &canvas)
        }
        if loading {
            for name in loadingWorkloads { _ = try SceneCostsWorkload.validate(loadingText(name, small: true)) }
            for name in loadingWorkloads {
                bytes += try countedByCallgrind(.load(loadingText(name)), rasterizer: &rasterizer, canvas: &canvas)
            }
        }
        return "kernels=\(RasterKernels.selection) bytes=\(bytes)"
    }

    /// The work of one count.
    enum Counted {
        case raster(DisplayList)
        case png([UInt8], width: Int, height: Int)
        case load(String)
    }

    /// The only function callgrind collects. Not inlined and free of closures, so the
    /// toggle pattern matches it once on the way in and once on the way out.
    @inline(never)
    static func countedByCallgrind(
        _ work: Counted, rasterizer: inout Rasterizer, canvas: inout FrameCanvas
    ) throws -> Int {
        switch work {
        case .raster(let list):
            rasterizer.render(list, into: &canvas)
            return canvas.rgba.count
        case .png(let pixels, let width, let height):
            return try PNG.encode(rgba: pixels, width: width, height: height).count
        case .load(let text):
            return try SceneCostsWorkload.validate(text)
        }
    }

    /// Runs `executable bench --counted …` for `workloads` under callgrind, in one process, and
    /// returns every workload's raster and PNG counts with the kernel selection the child
    /// reported. One process instead of one a count: valgrind's start-up and each workload's
    /// preparation are paid once (34 s of CPU for the 14 counts became about 10).
    package static func budget(
        executable: String, valgrind: String, workloads: [StandardWorkload], loading: Bool
    ) throws -> Budget {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("flipbook-callgrind-\(ProcessInfo.processInfo.processIdentifier)").path
        try? FileManager.default.removeItem(atPath: folder)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // valgrind 3.19 gives up on the DWARF 5 debug info the toolchain's clang writes for the C
        // targets, so callgrind runs a copy without debug info (`strip -g`): the symbol table,
        // which the toggle pattern matches, stays.
        let stripped = folder + "/flipbook"
        _ = try runTool(["strip", "-g", "-o", stripped, executable])
        // `--dump-after` takes a symbol as the binary spells it, not a pattern.
        let symbols = try runTool(["nm", stripped])
        guard
            let counted = symbols.split(separator: "\n").compactMap({ $0.split(separator: " ").last })
                .first(where: { $0.contains("countedByCallgrind") })
        else {
            throw BenchmarkStageError.missingResource("no countedByCallgrind symbol in \(executable) (nm)")
        }
        let out = folder + "/callgrind.out"
        let process = Process()
        let pipe = Pipe()
        process.executableURL = URL(fileURLWithPath: valgrind)
        process.arguments = [
            "--tool=callgrind", "--collect-atstart=no", "--toggle-collect=*countedByCallgrind*",
            "--dump-after=\(counted)", "--callgrind-out-file=" + out, stripped, "bench", "--counted",
            (workloads.map(\.name) + (loading ? loadingWorkloads : [])).joined(separator: ","),
        ]
        // Swift's per-process hash seed would otherwise move a Dictionary's probe counts run to run.
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_DETERMINISTIC_HASHING"] = "1"
        process.environment = environment
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let kernels = output.split(separator: "\n").first { $0.hasPrefix("kernels=") }
            .map { String($0.dropFirst("kernels=".count).split(separator: " bytes=").first ?? "") }
        let counts = profileParts(in: folder)
        let expected =
            workloads.flatMap { w in frameParts.map { (w.name, $0) } }
            + (loading ? loadingWorkloads.map { ($0, Part.load) } : [])
        guard process.terminationStatus == 0, let kernels, counts.count >= expected.count else {
            throw BenchmarkStageError.childFailed(
                stage: "callgrind \(workloads.map(\.name).joined(separator: ","))",
                status: process.terminationStatus,
                output: "\(counts.count) of \(expected.count) counts; " + String(output.suffix(600)))
        }
        let entries = zip(expected, counts).map { Entry(workload: $0.0, part: $0.1, instructions: $1) }
        return Budget(kernels: kernels, entries: entries)
    }

    /// Runs binutils' `arguments[0]` with the rest and returns what it printed.
    private static func runTool(_ arguments: [String]) throws -> String {
        let process = Process()
        let pipe = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw BenchmarkStageError.missingResource(
                "\(arguments.joined(separator: " ")) failed (status \(process.terminationStatus)); "
                    + "it comes with binutils (Debian: apt-get install binutils)")
        }
        return output
    }

    /// The instruction totals of callgrind's profile parts in `folder` (`callgrind.out.1`, … one
    /// a dump, and `callgrind.out` for what follows the last), in part order.
    static func profileParts(in folder: String) -> [Int] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        let parts: [(part: Int, total: Int)] = files.filter { $0.hasPrefix("callgrind.out") }.compactMap { name in
            guard let profile = try? String(contentsOfFile: folder + "/" + name, encoding: .utf8) else { return nil }
            let lines = profile.split(separator: "\n")
            func field(_ key: String) -> Int? {
                lines.first { $0.hasPrefix(key) }.flatMap {
                    Int($0.dropFirst(key.count).trimmingCharacters(in: .whitespaces))
                }
            }
            guard let part = field("part:"), let total = field("totals:") ?? field("summary:") else { return nil }
            return (part, total)
        }
        return parts.sorted { $0.part < $1.part }.map(\.total)
    }
}
