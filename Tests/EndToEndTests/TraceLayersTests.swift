import Foundation
import TestSupport
import Testing

@Suite("flipbook render --trace-layers")
struct TraceLayersTests {
    @Test("the trace has a row per layer per tick by default, and top-level items only with --trace-layers top-level")
    func traceLayers() throws {
        func items(_ arguments: [String]) throws -> [String: Int] {
            let out = try makeTemporaryDirectory()
            let result = try CLI.run(
                ["render", "scenes/property-animator-scrub.yaml", "--out", out, "--video", "none", "--no-player"]
                    + arguments)
            #expect(result.status == 0, "\(result.stderr)")
            let rows = try String(contentsOfFile: out + "/property-animator-scrub.trace.csv", encoding: .utf8).split(
                separator: "\n"
            ).dropFirst()
            return rows.reduce(into: [:]) { counts, row in counts[String(row.split(separator: ",")[2]), default: 0] += 1
            }
        }
        let all = try items([])
        #expect(all == ["sheet": 94, "handle": 94, "title": 94, "badge": 94, "dot": 94])
        #expect(try items(["--trace-layers", "top-level"]) == ["sheet": 94, "dot": 94])
        let bad = try CLI.run(["render", "scenes/snap.yaml", "--trace-layers", "children"])
        #expect(bad.status == 64 && bad.stderr.contains("--trace-layers"), "\(bad.stderr)")
    }
}
