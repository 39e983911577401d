import Foundation
import PNG
import Raster

/// Instruction counts of one frame of each workload under `valgrind --tool=callgrind`: the
/// regression guard that a shared, noisy machine cannot make flaky. Callgrind counts the
/// instructions a program executes (Ir), which do not depend on the load, the clock or the
/// cache; a test compares them with the committed budget (`Tests/BenchmarksTests/callgrind-budget.txt`)
/// plus `InstructionCounts.margin`.
///
/// What is counted, per workload: `raster`, frame 1 drawn by one thread over a fully cleared
/// canvas (after an uncounted frame 0, so scratch buffers already exist); `png`, the PNG encode
/// of that frame with `PNGOptions.default`. Only `counted(_:…)` and what it calls is collected
/// (`--collect-atstart=no --toggle-collect=*countedByCallgrind*`): start-up, workload generation
/// and the warm-up frame are not.
///
/// The counts depend on the kernels the CPU picks (`RasterKernels.selection`, as valgrind's
/// virtual CPU reports it: AVX2 but never AVX-512), on the compiler and on libdeflate; the
/// budget file records the kernels and the test refuses to compare across a different selection.
package enum InstructionCounts {
    /// What one count covers.
    package enum Part: String, CaseIterable, Sendable {
        case raster, png
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
                        "callgrind budget line \(number + 1): expected 'WORKLOAD raster|png INSTRUCTIONS', got '\(line)'"
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
                "# frame \(InstructionCounts.countedFrame) on one thread over a cleared canvas, 'png' encodes it with PNGOptions.default.",
                "# Checked by Tests/BenchmarksTests/InstructionBudgetTests.swift: a count may exceed its budget by at most",
                "# \(Int(InstructionCounts.margin * 100)) %. After an intended change (a faster or slower raster core, another encoder), regenerate:",
                "#   swift build -c release --product flipbook && .build/release/flipbook bench --instructions > Tests/BenchmarksTests/callgrind-budget.txt",
                "# kernels: \(kernels)",
            ] + entries.map(\.line)).joined(separator: "\n") + "\n"
        }
    }

    /// The child's side (`flipbook bench --counted W:PART`): prepares the frame, then runs the
    /// counted part once inside `countedByCallgrind`. Prints the kernel selection.
    package static func runCounted(workload: StandardWorkload, part: Part) throws -> String {
        try workload.prepare()
        var rasterizer = Rasterizer()
        var canvas = FrameCanvas()
        rasterizer.render(workload.displayList(frame: 0), into: &canvas)
        let list = workload.displayList(frame: countedFrame)
        var pixels: [UInt8] = []
        if part == .png {
            canvas.forgetFrame()
            rasterizer.render(list, into: &canvas)
            pixels = canvas.rgba
            _ = try PNG.encode(rgba: pixels, width: list.width, height: list.height)  // warm the encoder's scratch
        }
        canvas.forgetFrame()
        let bytes = try countedByCallgrind(part, list: list, rasterizer: &rasterizer, canvas: &canvas, pixels: pixels)
        return "kernels=\(RasterKernels.selection) bytes=\(bytes)"
    }

    /// The only function callgrind collects. Not inlined and free of closures, so the
    /// toggle pattern matches it once on the way in and once on the way out.
    @inline(never)
    static func countedByCallgrind(
        _ part: Part, list: DisplayList, rasterizer: inout Rasterizer,
        canvas: inout FrameCanvas, pixels: [UInt8]
    ) throws -> Int {
        switch part {
        case .raster:
            rasterizer.render(list, into: &canvas)
            return canvas.rgba.count
        case .png:
            return try PNG.encode(rgba: pixels, width: list.width, height: list.height).count
        }
    }

    /// Runs `executable bench --counted W:PART` under callgrind and returns the instructions
    /// collected and the kernel selection the child reported.
    package static func measure(
        executable: String, valgrind: String, workload: String,
        part: Part
    ) throws -> (instructions: Int, kernels: String) {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent(
                "flipbook-callgrind-\(ProcessInfo.processInfo.processIdentifier)-\(workload)-\(part.rawValue)"
            ).path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let out = folder + "/callgrind.out"
        // valgrind 3.19 gives up on the DWARF 5 debug info the toolchain's clang writes for the C
        // targets, so callgrind runs a copy without debug info (`strip -g`): the symbol table,
        // which the toggle pattern matches, stays.
        let stripped = folder + "/flipbook"
        let strip = Process()
        strip.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        strip.arguments = ["strip", "-g", "-o", stripped, executable]
        try strip.run()
        strip.waitUntilExit()
        guard strip.terminationStatus == 0 else {
            throw BenchmarkStageError.missingResource(
                "strip -g \(executable) failed (status \(strip.terminationStatus)); "
                    + "it comes with binutils (Debian: apt-get install binutils)")
        }
        let process = Process()
        let pipe = Pipe()
        process.executableURL = URL(fileURLWithPath: valgrind)
        process.arguments = [
            "--tool=callgrind", "--collect-atstart=no", "--toggle-collect=*countedByCallgrind*",
            "--callgrind-out-file=" + out, stripped, "bench", "--counted", "\(workload):\(part.rawValue)",
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
        guard process.terminationStatus == 0, let kernels,
            let profile = try? String(contentsOfFile: out, encoding: .utf8),
            let total = profile.split(separator: "\n").first(where: {
                $0.hasPrefix("totals: ") || $0.hasPrefix("summary: ")
            })
            .flatMap({ Int($0.split(separator: " ").dropFirst().first ?? "") })
        else {
            throw BenchmarkStageError.childFailed(
                stage: "callgrind \(workload) \(part.rawValue)",
                status: process.terminationStatus, output: String(output.suffix(600)))
        }
        return (total, kernels)
    }

    /// Measures every workload × part: the text of a new budget file.
    package static func budget(
        executable: String, valgrind: String, workloads: [StandardWorkload],
        progress: (String) -> Void
    ) throws -> Budget {
        var kernels = ""
        var entries: [Entry] = []
        for workload in workloads {
            for part in Part.allCases {
                progress("\(workload.name) \(part.rawValue)…")
                let (count, selection) = try measure(
                    executable: executable, valgrind: valgrind,
                    workload: workload.name, part: part)
                kernels = selection
                entries.append(Entry(workload: workload.name, part: part, instructions: count))
            }
        }
        return Budget(kernels: kernels, entries: entries)
    }
}
