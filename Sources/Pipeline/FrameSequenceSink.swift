import Export

/// The PNG-sequence and journal sink: hands each batch's new frames to the `FramePublisher`
/// (written durably, then journaled, on its own thread) and keeps the manifest's per-frame
/// hashes, taking a verified frame's hash from the earlier render (`--resume`).
final class FrameSequenceSink {
    let sequence: PNGSequence?
    private let publisher: FramePublisher
    private let journal: RenderJournal?
    private let reusable: [Int: String]
    private let first: Int
    /// One entry per frame of the window, in order (the manifest's `frames.hashes`).
    private(set) var hashes: [RenderManifest.FrameHash] = []
    /// Frames taken over from an earlier render.
    private(set) var reused = 0

    init(sequence: PNGSequence?, journal: RenderJournal?, reusable: [Int: String], first: Int) {
        self.sequence = sequence
        publisher = FramePublisher(sequence: sequence, journal: journal)
        self.journal = journal
        self.reusable = reusable
        self.first = first
    }

    /// Takes one batch's frames in tick order (`nil`: a skipped frame) and queues the new ones.
    func push(_ frames: [(tick: Int, frame: SceneRenderer.EncodedFrame?)]) throws {
        var pngs: [(index: Int, png: [UInt8])] = []
        var journal: [(frame: Int, hash: String)] = []
        for (tick, frame) in frames where tick >= first {
            if let hash = reusable[tick] {
                hashes.append(.init(frame: tick, hash: hash))
                reused += 1
                continue
            }
            guard let frame else { preconditionFailure("frame \(tick) skipped without an earlier record") }
            if sequence != nil {
                guard let png = frame.png else { preconditionFailure("frame \(tick) has no PNG bytes to write") }
                pngs.append((tick, png))
            }
            journal.append((tick, frame.hash))
            hashes.append(.init(frame: tick, hash: frame.hash))
        }
        try publisher.push(.init(frames: pngs, journal: journal))
    }

    /// Waits until every frame is written and journaled; returns the publisher's busy seconds.
    func finish() throws -> Double { try publisher.finish() }

    func abandon() { publisher.abandon() }

    /// Closes and deletes the journal, once the manifest holds everything it recorded.
    func retireJournal() { journal?.finish() }
}
