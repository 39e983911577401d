import Foundation
import Testing
import TestSupport

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
                if target.contains("://") || target.hasPrefix("mailto:") || target.hasPrefix("#") || target.isEmpty { continue }
                let file = String(target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0])
                let resolved = URL(fileURLWithPath: repositoryRoot + "/" + folder + "/" + file).standardizedFileURL.path
                if !(resolved == root || resolved.hasPrefix(root + "/")) || !FileManager.default.fileExists(atPath: resolved) {
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

    @Test("README.md and docs/ use no unexplained insider words (the source text, the seed, listing or figure numbers, QA1673 alone)")
    func noInsiderWords() throws {
        var found: [String] = []
        let words = ["source text", "the seed", "seed:", "seed's", "listing 6-", "Figure 6-", "figure 6-"]
        for document in try Self.documents() where !document.hasPrefix("Sources/") {
            let text = try String(contentsOfFile: repositoryRoot + "/" + document, encoding: .utf8)
            for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                for word in words where Self.containsWord(word, in: String(line)) { found.append("\(document):\(n + 1): \(word)") }
                if line.contains("QA1673") && !line.contains("Technical Q&A") { found.append("\(document):\(n + 1): QA1673") }
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
