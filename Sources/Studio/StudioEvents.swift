import Foundation
import Player

/// A scene finished rendering (a new `version`) or failed (`error`, the CLI's message).
package struct StudioEvent: Sendable, Equatable {
    package var scene: String
    package var version: Int
    package var error: String?
    /// A frame rendered ahead of the whole render (`frame_NNNNN.png` under `/preview/<scene>/`).
    package var preview: String? = nil
    /// Saves of the scene are numbered (a save, a slider's change): a preview shows save `save`;
    /// a render or error covers the saves up to `save` (it began after them). A page that shows a
    /// newer save's frame does not reload for a render that does not cover it. nil: unnumbered.
    package var save: Int? = nil

    /// The event as one server-sent-events message (`data:` a JSON object, then a blank line).
    package var serverSentEvent: String { "data: \(json)\n\n" }

    /// `{"scene":…,"version":…,"error":…}`, safe inside HTML and on one line.
    package var json: String {
        "{\"scene\":\(JSONText.quoted(scene)),\"version\":\(version),\"error\":"
            + (error.map(JSONText.quoted) ?? "null") + (preview.map { ",\"preview\":" + JSONText.quoted($0) } ?? "")
            + (save.map { ",\"save\":\($0)" } ?? "") + "}"
    }
}

/// Fans events out to every open page (each `GET /events` holds one subscription).
///
/// The newest frame rendered ahead of a scene's save is kept until a whole render that covers the
/// save is published, and every new subscription gets it first: a page that reloads just as a
/// save comes in (the whole render of the save before it was published a moment earlier) would
/// otherwise miss the frame and wait for the whole render of the new one.
package actor StudioEvents {
    private var subscribers: [Int: AsyncStream<StudioEvent>.Continuation] = [:]
    private var nextID = 0
    /// Per scene: the newest preview event and the number of the save it shows.
    private var previews: [String: (event: StudioEvent, save: Int)] = [:]

    package init() {}

    /// A new subscription. It ends when `unsubscribe` is called or when its reader stops (the
    /// reading task cancelled, the stream dropped), whichever comes first: a page that goes away
    /// leaves nothing behind, with or without a later event.
    package func subscribe() -> (id: Int, stream: AsyncStream<StudioEvent>) {
        let (stream, continuation) = AsyncStream<StudioEvent>.makeStream(bufferingPolicy: .bufferingNewest(16))
        nextID += 1
        let id = nextID
        continuation.onTermination = { [weak self] _ in
            guard let self else { return }
            Task { await self.unsubscribe(id) }
        }
        subscribers[id] = continuation
        for scene in previews.keys.sorted() { continuation.yield(previews[scene]!.event) }
        return (id, stream)
    }

    /// How many subscriptions are open (one per open `/events` stream).
    package var subscriberCount: Int { subscribers.count }

    package func unsubscribe(_ id: Int) {
        subscribers.removeValue(forKey: id)?.finish()
    }

    /// Sends `event` to every open page. A preview is kept for later pages as the frame of its
    /// save; a render or error event of a render that began at that save or later drops the
    /// scene's kept preview (an unnumbered one covers every save).
    package func publish(_ event: StudioEvent) {
        if event.preview != nil {
            if let save = event.save { previews[event.scene] = (event, save) }
        } else if let kept = previews[event.scene], event.save.map({ $0 >= kept.save }) ?? true {
            previews.removeValue(forKey: event.scene)
        }
        for id in subscribers.keys.sorted() { subscribers[id]?.yield(event) }
    }
}
