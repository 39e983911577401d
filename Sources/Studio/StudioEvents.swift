import Foundation
import Player

/// A scene finished rendering (a new `version`) or failed (`error`, the CLI's message).
package struct StudioEvent: Sendable, Equatable {
    package var scene: String
    package var version: Int
    package var error: String?
    /// A frame rendered ahead of the whole render (`frame_NNNNN.png` under `/preview/<scene>/`).
    package var preview: String? = nil

    /// The event as one server-sent-events message (`data:` a JSON object, then a blank line).
    package var serverSentEvent: String { "data: \(json)\n\n" }

    /// `{"scene":…,"version":…,"error":…}`, safe inside HTML and on one line.
    package var json: String {
        "{\"scene\":\(JSONText.quoted(scene)),\"version\":\(version),\"error\":"
            + (error.map(JSONText.quoted) ?? "null") + (preview.map { ",\"preview\":" + JSONText.quoted($0) } ?? "")
            + "}"
    }
}

/// Fans events out to every open page (each `GET /events` holds one subscription).
package actor StudioEvents {
    private var subscribers: [Int: AsyncStream<StudioEvent>.Continuation] = [:]
    private var nextID = 0

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
        return (id, stream)
    }

    /// How many subscriptions are open (one per open `/events` stream).
    package var subscriberCount: Int { subscribers.count }

    package func unsubscribe(_ id: Int) {
        subscribers.removeValue(forKey: id)?.finish()
    }

    package func publish(_ event: StudioEvent) {
        for id in subscribers.keys.sorted() { subscribers[id]?.yield(event) }
    }
}
