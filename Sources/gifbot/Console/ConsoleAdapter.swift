import GifBotCore

/// The terminal as a chat network: every line is a message from one user in one channel, every
/// reply is printed as one line. Lines are answered in order, one at a time.
struct ConsoleAdapter: Sendable {
    static let network = "console"

    let bot: GifBot
    let user: ChatUser
    let channel: String
    let isAdmin: Bool

    init(bot: GifBot, userName: String, channel: String, admins: [String] = []) {
        self.bot = bot
        self.user = ChatUser(network: Self.network, id: userName.lowercased(), displayName: userName)
        self.channel = channel
        self.isAdmin = admins.contains { $0.lowercased() == userName.lowercased() }
    }

    func run<Lines: AsyncSequence<String, Never>>(lines: Lines, write: (String) -> Void) async {
        for await line in lines {
            let message = ChatMessage(user: user, conversation: channel, isPrivate: false, text: line, senderIsAdmin: isAdmin)
            for reply in await bot.handle(message) {
                write(Self.render(reply))
            }
        }
    }

    /// One printable line: replies are already clean, but a terminal deserves the same care as
    /// a network, so control characters are stripped again here.
    static func render(_ reply: Reply) -> String {
        let line = TextSanitizer.stripFormattingAndControls(reply.line)
        if case .notice = reply { return "(notice) \(line)" }
        return line
    }
}
