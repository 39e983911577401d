import Foundation
import PNG
import TestSupport
import Testing

@Suite("flipbook render --set, end to end")
struct ControlsCommandTests {
    static let scene = """
        name: tuned
        canvas: { size: [100, 100], scale: 1 }
        duration: 0.1
        controls:
          side: { value: 20, range: [10, 40] }
          tint: { color: "#FF9500" }
        items:
          - { id: box, size: [$side, $side], center: [50, 50], fill: $tint }

        """

    @Test("--set renders with the given values: the trace shows the new size, and the frame the new colour")
    func setChangesTheRender() throws {
        let dir = try makeTemporaryDirectory()
        try Self.scene.write(toFile: dir + "/tuned.yaml", atomically: true, encoding: .utf8)
        let result = try CLI.run([
            "render", dir + "/tuned.yaml", "--out", dir + "/out", "--video", "none", "--no-player",
            "--set", "side=30", "--set", "tint=#34C759",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let csv = try String(contentsOfFile: dir + "/out/tuned.trace.csv", encoding: .utf8).split(separator: "\n")
        #expect(
            csv[1]
                == "0,0.000000,box,50.000000,50.000000,35.000000,35.000000,30.000000,30.000000,0.000000000,1.000000,1.000000,1.000000,1,0.000000,0.000000,0.000000000,0.000000,0.000000,1.000000"
        )
        let frame = try PNG.decode(contentsOf: dir + "/out/tuned/frame_00000.png").rgba
        let centre = (50 * 100 + 50) * 4
        #expect(Array(frame[centre..<centre + 4]) == [0x34, 0xC7, 0x59, 0xFF])
    }

    @Test("a bad --set is a clear error naming the scene and the control, and nothing is written")
    func badSet() throws {
        let dir = try makeTemporaryDirectory()
        try Self.scene.write(toFile: dir + "/tuned.yaml", atomically: true, encoding: .utf8)
        let range = try CLI.run(["render", dir + "/tuned.yaml", "--out", dir + "/out", "--set", "side=99"])
        #expect(range.status == 1)
        #expect(
            range.stderr.contains(
                "\(dir)/tuned.yaml: controls.side: --set side=99: expected a value within 10.0...40.0 (the control's range)"
            ), "\(range.stderr)")
        let typo = try CLI.run(["render", dir + "/tuned.yaml", "--out", dir + "/out", "--set", "sid=12"])
        #expect(
            typo.status == 1
                && typo.stderr.contains(
                    "--set sid: unknown control; expected one of: side, tint (did you mean 'side'?)"),
            "\(typo.stderr)")
        let shape = try CLI.run(["render", dir + "/tuned.yaml", "--out", dir + "/out", "--set", "side"])
        #expect(
            shape.status == 64 && shape.stderr.contains("--set side: expected name=value, as in --set damping=0.3"),
            "\(shape.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/out"))
    }
}
