import Foundation
import Testing

@testable import Player

@Suite("Player data and page")
struct PlayerTests {
    static let csv = """
        tick,time,item,center_x,center_y,frame_x,frame_y,frame_width,frame_height,angle_rad,scale_x,scale_y,opacity,a1_fraction
        0,0.000000,card,160.000000,252.000000,130.000000,222.000000,60.000000,60.000000,0.000000000,1.000000,1.000000,1.000000,0.000000
        0,0.000000,zone,90.000000,150.000000,30.000000,90.000000,120.000000,120.000000,0.000000000,1.000000,1.000000,1.000000,0.000000
        1,0.016667,card,158.500000,252.000000,128.500000,222.000000,60.000000,60.000000,0.010000000,1.000000,1.000000,1.000000,0.250000
        2,0.033333,card,150.250000,252.000000,120.250000,222.000000,60.000000,60.000000,0.020000000,1.000000,1.000000,0.500000,nan
        3,0.050000,card,140.000000,252.000000,110.000000,222.000000,60.000000,60.000000,0.030000000,1.000000,1.000000,1.000000,1.000000

        """

    static let text = """
        # flipbook trace of test: one line per item per tick
        [0.017] drag began on card (tick 1)
        [0.017] card NSRect: {{128.5, 222}, {60, 60}} center (158.5, 252) angle 0.010000
        [0.033] animator paused (tick 2)
        [0.033] card animation position stopped, finished=true (tick 2)
        [0.050] watcher fired on card (tick 3)

        """

    func file(_ contents: String, _ name: String) throws -> String {
        let path = NSTemporaryDirectory() + "/player-test-\(getpid())-" + name
        try contents.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func data(first: Int = 0, count: Int = 4) -> PlayerData {
        PlayerData(
            sceneName: "test", fps: 60, pixelWidth: 640, pixelHeight: 1136, scale: 2,
            firstFrame: first, frameCount: count)
    }

    @Test("events are read from the text trace with their ticks and kinds; motion lines are not events")
    func events() throws {
        var d = data()
        try d.readTraceText(at: try file(Self.text, "t.txt"))
        #expect(
            d.events == [
                .init(tick: 1, text: "drag began on card", kind: "touch"),
                .init(tick: 2, text: "animator paused", kind: "animator"),
                .init(tick: 2, text: "card animation position stopped, finished=true", kind: "completion"),
                .init(tick: 3, text: "watcher fired on card", kind: "behavior"),
            ])
    }

    @Test(
        "trace values become one series per numeric column; rows outside the window are dropped, missing ticks and non-numbers are null"
    )
    func series() throws {
        var d = data(first: 1, count: 3)
        try d.readTraceCSV(at: try file(Self.csv, "a.csv"))
        #expect(
            d.columns == [
                "center_x", "center_y", "frame_x", "frame_y", "frame_width", "frame_height",
                "angle_rad", "scale_x", "scale_y", "opacity", "a1_fraction",
            ])
        #expect(d.items.map(\.id) == ["card"])
        #expect(d.items[0].series[0] == ["158.500000", "150.250000", "140.000000"])
        #expect(d.items[0].series[10] == ["0.250000", nil, "1.000000"])
        #expect(d.decimals == [6, 6, 6, 6, 6, 6, 9, 6, 6, 6, 6])
        #expect(d.omitted == nil)
    }

    @Test("past the value budget whole items are left out and the page says so")
    func budget() throws {
        var d = data(count: 4)
        try d.readTraceCSV(at: try file(Self.csv, "b.csv"), valueBudget: 11 * 4)
        #expect(d.items.map(\.id) == ["card"])
        #expect(d.omitted == "values of 1 item left out (more than 44 values); the trace CSV has them all")
    }

    @Test("a trace without tick and item columns is an error naming the file")
    func badTrace() throws {
        var d = data()
        let path = try file("a,b\n1,2\n", "bad.csv")
        #expect(throws: PlayerError.unreadableTrace(path: path, reason: "its first line has no tick and item columns"))
        {
            try d.readTraceCSV(at: path)
        }
    }

    @Test("scene names and event texts cannot close the data element or inject markup")
    func escaping() throws {
        var d = PlayerData(
            sceneName: "</script><script>alert(1)</script>", fps: 60, pixelWidth: 2, pixelHeight: 2,
            scale: 1, firstFrame: 0, frameCount: 1)
        d.events = [.init(tick: 0, text: "a & b \u{2028} <img>", kind: "behavior")]
        let json = PlayerPage.json(for: d)
        #expect(!json.contains("<") && !json.contains(">") && !json.contains("\u{2028}"))
        #expect(json.contains(#""scene":"\u003c/script\u003e\u003cscript\u003ealert(1)\u003c/script\u003e""#))
        let page = try PlayerPage.html(for: d)
        #expect(page.components(separatedBy: "<script").count == 3)  // the data element and the player's script
        #expect(page.contains("<h1>&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;</h1>"))
    }

    @Test("text inserted for one marker is never searched for markers")
    func markersAreSubstitutedOnce() {
        let out = PlayerPage.substituting(["{{A}}": "{{B}}", "{{B}}": "b"], in: "x{{A}}y{{B}}z{")
        #expect(out == "x{{B}}ybz{")
    }

    @Test("the page is self-contained: no network or absolute references, and the same data gives the same bytes")
    func selfContained() throws {
        var d = data()
        try d.readTraceCSV(at: try file(Self.csv, "c.csv"))
        try d.readTraceText(at: try file(Self.text, "c.txt"))
        let page = try PlayerPage.html(for: d)
        #expect(page == (try PlayerPage.html(for: d)))
        for forbidden in ["http://", "https://", "file://", "src=\"/", "{{", "/*{{"] {
            #expect(!page.contains(forbidden), "page contains \(forbidden)")
        }
        #expect(page.contains(#""firstFrame":0,"frameCount":4"#))
    }
}
