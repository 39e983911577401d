import Testing

@testable import Timing

@Suite("MediaTimingFunction")
struct TimingFunctionTests {
    @Test("§7.1 easeInEaseOut(0.5) = 0.5, easeInEaseOut(0.4) ≈ 0.331884, default(0.25) ≈ 0.408511")
    func acceptance1() {
        #expect(MediaTimingFunction.easeInEaseOut.evaluate(0.5) == 0.5)
        #expect(near(MediaTimingFunction.easeInEaseOut.evaluate(0.4), 0.331884, 1e-5))
        #expect(near(MediaTimingFunction.default.evaluate(0.25), 0.408511, 1e-5))
    }

    @Test(
        "§2.5 value table (eps 1e-5, Float32 control points), ±1e-6",
        arguments: [
            (MediaTimingFunction.Name.easeInEaseOut, 0.25, 0.129162), (.easeInEaseOut, 0.4, 0.331884),
            (.easeInEaseOut, 0.5, 0.5), (.easeInEaseOut, 0.75, 0.870838), (.easeIn, 0.5, 0.315357),
            (.easeOut, 0.5, 0.684643), (.default, 0.25, 0.408511), (.default, 0.5, 0.802403), (.linear, 0.1, 0.100009),
        ])
    func valueTable(name: MediaTimingFunction.Name, x: Double, y: Double) {
        #expect(near(MediaTimingFunction(name: name).evaluate(x), y, 1e-6), "\(name) at \(x)")
    }

    @Test("§7.2 every named curve starts at 0 and ends at 1; easeIn(x) + easeOut(1−x) = 1 within 2e-5")
    func acceptance2() {
        for name in MediaTimingFunction.Name.allCases {
            let f = MediaTimingFunction(name: name)
            #expect(f.evaluate(0) == 0, "\(name)")
            #expect(f.evaluate(1) == 1, "\(name)")
        }
        for i in 1...9 {
            let x = Double(i) / 10
            let sum = MediaTimingFunction.easeIn.evaluate(x) + MediaTimingFunction.easeOut.evaluate(1 - x)
            #expect(near(sum, 1, 2e-5), "x = \(x): \(sum)")
        }
    }

    @Test("§7.3 control points within 0.001 of a builtin are that builtin; points read back as Float32")
    func acceptance3() throws {
        let f = try MediaTimingFunction(controlPoints: 0.4205, 0, 0.58, 1)
        #expect(f.name == .easeInEaseOut)
        #expect(f == .easeInEaseOut)
        let c1 = try f.controlPoint(at: 1)
        #expect(c1.x == Float(0.42) && Double(c1.x) != 0.42)
        let custom = try MediaTimingFunction(controlPoints: 0.1, 0.2, 0.3, 0.9)
        #expect(custom.name == nil)
        #expect(try custom.controlPoint(at: 2).y == Float(0.9))
        #expect(try custom.controlPoint(at: 0) == (0, 0))
        #expect(try custom.controlPoint(at: 3) == (1, 1))
        #expect(throws: TimingError.self) { try custom.controlPoint(at: 4) }
    }

    @Test("bad curves are rejected with the offending value: x outside [0,1], NaN, unknown names")
    func rejections() {
        #expect(throws: TimingError.self) { try MediaTimingFunction(controlPoints: 1.5, 0, 0.5, 1) }
        #expect(throws: TimingError.self) { try MediaTimingFunction(controlPoints: .nan, 0, 0.5, 1) }
        do {
            _ = try MediaTimingFunction(named: "easeInOut")
            Issue.record("expected an error")
        } catch let e as TimingError {
            #expect(e.description.contains("easeInOut") && e.description.contains("easeInEaseOut"))
        } catch { Issue.record("\(error)") }
    }

    @Test("the inverse undoes the curve: easeInEaseOut⁻¹(0.6) = 0.558500 (spec §4.3)")
    func inverse() {
        #expect(near(MediaTimingFunction.easeInEaseOut.inverse(0.6), 0.558500, 1e-6))
        #expect(near(MediaTimingFunction.easeInEaseOut.evaluate(0.6), 0.668116, 1e-6))
    }
}
