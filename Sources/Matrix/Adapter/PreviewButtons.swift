import Synchronization

/// The bot's own reactions under each preview message it shows, so that sending the preview
/// can redact them. In memory, as previews are.
final class PreviewButtons: Sendable {
    static let keptMessages = 1_000

    private let buttons = Mutex<[(message: String, reactions: [String])]>([])

    func record(_ reactions: [String], on message: String) {
        buttons.withLock { buttons in
            buttons.append((message, reactions))
            if buttons.count > Self.keptMessages { buttons.removeFirst(buttons.count - Self.keptMessages) }
        }
    }

    /// The reactions under `message`, forgotten.
    func take(_ message: String) -> [String] {
        buttons.withLock { buttons in
            guard let index = buttons.firstIndex(where: { $0.message == message }) else { return [] }
            return buttons.remove(at: index).reactions
        }
    }
}
