import GifBotApp
import GifBotCore

/// The terminal as a chat network: every line is a message from one user in one channel, every
/// reply is printed as one line. Lines are answered in order, one at a time.
struct ConsoleAdapter: Sendable {
    static let network = "console"

    let bot: GifBot
    let user: ChatUser
    let channel: String
    let isAdmin: Bool
    /// Always ready; counts the replies printed.
    let status: AdapterStatus

    init(
        bot: GifBot, userName: String, channel: String, admins: [String] = [],
        status: AdapterStatus = AdapterStatus(kind: "console", name: "stdin")
    ) {
        self.bot = bot
        self.status = status
        status.ready()
        self.user = ChatUser(network: Self.network, id: userName.lowercased(), displayName: userName)
        self.channel = channel
        self.isAdmin = admins.contains { $0.lowercased() == userName.lowercased() }
    }

    func run<Lines: AsyncSequence<String, Never>>(lines: Lines, write: (String) -> Void) async {
        for await line in lines {
            let message = ChatMessage(
                user: user, conversation: channel, isPrivate: false, text: line, senderIsAdmin: isAdmin)
            let replies = await bot.handle(message)
            // A withdrawn preview with nothing to say has an empty line: nothing to print.
            for reply in replies where !reply.line.isEmpty {
                write(Self.render(reply))
            }
            status.repliesSent(replies.count)
        }
    }

    /// One printable line: replies are already clean, but a terminal deserves the same care as
    /// a network, so control characters are stripped again here.
    static func render(_ reply: Reply) -> String {
        let line = TextSanitizer.stripFormattingAndControls(reply.line)
        if case .notice = reply { return "(notice) \(line)" }
        if case .privateMessage = reply { return "(private) \(line)" }
        return line
    }
}
