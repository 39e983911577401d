import Foundation
import TestSupport
import Testing

/// The documents a newcomer reads from a clone: README.md, docs/ and the module READMEs.
@Suite("documentation a clone can follow")
struct DocumentationTests {
    /// README.md, every Markdown file under docs/, and every README.md under Sources/, as
    /// repository-relative paths, sorted.
    static func documents() throws -> [String] {
        var found = ["README.md"]
        for folder in ["docs", "Sources"] {
            guard let walker = FileManager.default.enumerator(atPath: repositoryRoot + "/" + folder) else { continue }
            for case let path as String in walker where path.hasSuffix(".md") {
                if folder == "Sources" && !path.hasSuffix("README.md") { continue }
                found.append(folder + "/" + path)
            }
        }
        return found.sorted()
    }

    /// The targets of `[text](target)` and `![alt](target)` links, without titles.
    static func linkTargets(in text: String) -> [String] {
        var targets: [String] = []
        var rest = Substring(text)
        while let open = rest.range(of: "](") {
            let after = rest[open.upperBound...]
            guard let close = after.firstIndex(of: ")") else { break }
            let target = after[..<close].split(separator: " ").first.map(String.init) ?? ""
            targets.append(target)
            rest = after[close...]
        }
        return targets
    }

    @Test("every relative link in README.md, docs/ and the module READMEs names a file inside the repository")
    func relativeLinksResolve() throws {
        let root = URL(fileURLWithPath: repositoryRoot).standardizedFileURL.path
        var broken: [String] = []
        let documents = try Self.documents()
        #expect(documents.contains("docs/benchmarks.md") && documents.contains("Sources/Benchmarks/README.md"))
        for document in documents {
            let text = try String(contentsOfFile: repositoryRoot + "/" + document, encoding: .utf8)
            let folder = (document as NSString).deletingLastPathComponent
            for target in Self.linkTargets(in: text) {
                if target.contains("://") || target.hasPrefix("mailto:") || target.hasPrefix("#") || target.isEmpty {
                    continue
                }
                let file = String(target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0])
                let resolved = URL(fileURLWithPath: repositoryRoot + "/" + folder + "/" + file).standardizedFileURL.path
                if !(resolved == root || resolved.hasPrefix(root + "/"))
                    || !FileManager.default.fileExists(atPath: resolved)
                {
                    broken.append("\(document): \(target)")
                }
            }
        }
        #expect(broken == [])
    }

    @Test("no document points at the shared folder outside the repository")
    func noSharedFolder() throws {
        var mentions: [String] = []
        for document in try Self.documents() {
            let text = try String(contentsOfFile: repositoryRoot + "/" + document, encoding: .utf8)
            for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where line.contains("../shared") || line.contains("shared/spec") || line.contains("shared/bench") {
                mentions.append("\(document):\(n + 1)")
            }
        }
        #expect(mentions == [])
    }

    @Test(
        "README.md and docs/ use no unexplained insider words (the source text, the seed, listing or figure numbers, QA1673 alone)"
    )
    func noInsiderWords() throws {
        var found: [String] = []
        let words = ["source text", "the seed", "seed:", "seed's", "listing 6-", "Figure 6-", "figure 6-"]
        for document in try Self.documents() where !document.hasPrefix("Sources/") {
            let text = try String(contentsOfFile: repositoryRoot + "/" + document, encoding: .utf8)
            for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                for word in words where Self.containsWord(word, in: String(line)) {
                    found.append("\(document):\(n + 1): \(word)")
                }
                if line.contains("QA1673") && !line.contains("Technical Q&A") {
                    found.append("\(document):\(n + 1): QA1673")
                }
            }
        }
        #expect(found == [])
    }

    /// Whether `text` contains `word` not followed by a letter ("the seed" but not "the seeded").
    static func containsWord(_ word: String, in text: String) -> Bool {
        var rest = Substring(text)
        while let range = rest.range(of: word) {
            if range.upperBound == rest.endIndex || !rest[range.upperBound].isLetter { return true }
            rest = rest[range.upperBound...]
        }
        return false
    }

    @Test("the README lists every exit status the command line uses, 64 for usage errors included")
    func exitStatusesListed() throws {
        let readme = try String(contentsOfFile: repositoryRoot + "/README.md", encoding: .utf8)
        for phrase in ["64", "usage error", "0 same, 1 different, 2 trouble"] {
            #expect(readme.contains(phrase), "README lacks \(phrase)")
        }
        let usage = try CLI.run(["render", "--no-such-flag"])
        #expect(usage.status == 64)
    }
}

/// The README's "Your first scene", followed word for word in an empty folder.
@Suite("the README's quick start, end to end")
struct QuickStartTests {
    /// The quick start section: from its heading to the next `## ` heading.
    static func section() throws -> String {
        let readme = try String(contentsOfFile: repositoryRoot + "/README.md", encoding: .utf8)
        let start = try #require(readme.range(of: "## Your first scene\n"))
        let rest = readme[start.upperBound...]
        return String(rest[..<(rest.range(of: "\n## ")?.lowerBound ?? rest.endIndex)])
    }

    @Test(
        "the quick start's scene, saved as the README says and rendered with its command, gives 132 frames and a video of three instances of one component"
    )
    func quickStartRenders() throws {
        let section = try Self.section()
        // The scene: the first ```yaml block, its indentation (it sits in a list item) removed.
        let fence = try #require(section.range(of: "```yaml\n"))
        let end = try #require(section[fence.upperBound...].range(of: "```"))
        let lines = section[fence.upperBound..<end.lowerBound].split(separator: "\n", omittingEmptySubsequences: false)
        let indent = lines.first?.prefix(while: { $0 == " " }).count ?? 0
        let yaml = lines.map { String($0.dropFirst(min(indent, $0.prefix(while: { $0 == " " }).count))) }
            .joined(separator: "\n")
        #expect(yaml.components(separatedBy: "use: ball").count - 1 == 3)
        #expect(yaml.split(separator: "\n").count <= 12)
        // The file name and the command, as the steps give them.
        #expect(section.contains("Save this as `first.yaml`"))
        let command = try #require(
            section.split(separator: "`").first { $0.hasPrefix(".build/release/flipbook render") })
        let arguments = command.split(separator: " ").dropFirst().map(String.init)
        #expect(arguments == ["render", "first.yaml"])

        let folder = try makeTemporaryDirectory("flipbook-quick-start")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try yaml.write(toFile: folder + "/first.yaml", atomically: true, encoding: .utf8)
        let result = try runProcess(CLI.binary, arguments, currentDirectory: folder)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stdout.hasPrefix("first: 132 frames"))
        #expect(
            listDirectory(folder + "/output") == [
                "first", "first.manifest.json", "first.mp4", "first.trace.csv", "first.trace.txt",
            ])
        #expect(listDirectory(folder + "/output/first").filter { $0.hasSuffix(".png") }.count == 132)
        // The closing line: scenes, files, the folder's size, the video to open.
        // 132 frames, the player page, the video, two traces and the manifest.
        let last = String(result.stdout.split(separator: "\n").last ?? "")
        #expect(
            last.hasPrefix("1 scene, 137 files, ") && last.hasSuffix(" MB in output/; open output/first.mp4"), "\(last)"
        )
        #expect(section.contains("1 scene, 137 files"))
        #expect(section.contains("132 frames"))
        let trace = try String(contentsOfFile: folder + "/output/first.trace.csv", encoding: .utf8)
        for id in ["a", "b", "c"] {
            #expect(trace.contains("\n131,2.183333,\(id),"), "the trace has \(id) at the last tick")
        }
    }
}

/// `flipbook <command> --help` as a newcomer reads it.
@Suite("help text")
struct HelpTextTests {
    @Test("no help overview breaks a sentence across lines: on a wide terminal each paragraph is one line")
    func noHardLineBreaks() throws {
        var environment = ProcessInfo.processInfo.environment
        environment["COLUMNS"] = "2000"
        for command in ["", "render", "validate", "diff", "check", "figure", "concat", "verify", "bench"] {
            let result = try CLI.run(command.isEmpty ? ["--help"] : [command, "--help"], environment: environment)
            #expect(result.status == 0)
            // The overview and discussion: everything before USAGE.
            let head = result.stdout.components(separatedBy: "\nUSAGE:").first ?? ""
            for line in head.split(separator: "\n") where !line.hasPrefix("  ") {
                let last = line.last ?? "."
                #expect(".:)".contains(last), "flipbook \(command) --help: '\(line)' ends mid-sentence")
            }
        }
    }

    @Test(
        "the README's Swift example is the code Examples/GoldenCheck compiles with import Flipbook (whitespace aside)"
    )
    func readmeSwiftExampleIsCompiled() throws {
        func words(_ text: Substring) -> String { String(text.filter { !$0.isWhitespace }) }
        let readme = try String(contentsOfFile: repositoryRoot + "/README.md", encoding: .utf8)
        let start = try #require(readme.range(of: "```swift\nimport Flipbook\n"))
        let end = try #require(readme[start.upperBound...].range(of: "```"))
        let example = try String(
            contentsOfFile: repositoryRoot + "/Examples/GoldenCheck/Tests/GoldenCheckTests/ReadmeExampleTests.swift",
            encoding: .utf8)
        let begin = try #require(example.range(of: "// README: begin\n"))
        let finish = try #require(example[begin.upperBound...].range(of: "// README: end"))
        #expect(
            words(readme[start.upperBound..<end.lowerBound]) == words(example[begin.upperBound..<finish.lowerBound]))
        #expect(example.hasPrefix("import Flipbook\n"))
    }
}
