/// What a reaction to a preview's message answers: the buttons a network that shows previews as
/// messages puts under them.
enum PreviewReaction: Equatable {
    case send, shuffle, cancel
    case pick(Int)

    static let sendKey = "✅"
    static let shuffleKey = "🔀"
    static let cancelKey = "❌"
    /// Keycap digits 1 to 5 (`!pick` chooses from at most five), with their variation selector.
    static let pickKeys = (1...CommandParser.maximumPickNumber).map { "\($0)\u{FE0F}\u{20E3}" }

    init?(plainKey: String) {
        switch plainKey {
        case Self.sendKey: self = .send
        case Self.shuffleKey: self = .shuffle
        case Self.cancelKey: self = .cancel
        default:
            let scalars = Array(plainKey.unicodeScalars)
            guard scalars.count == 2, scalars[1].value == 0x20E3, let digit = Int(String(scalars[0])),
                (1...CommandParser.maximumPickNumber).contains(digit)
            else { return nil }
            self = .pick(digit)
        }
    }
}
