import GifSources

/// `!help`, `!about`, and the usage line of a command used wrongly.
struct HelpHandler {
    let context: BotContext

    func help(topic: String?) -> [Reply] {
        let prefix = context.prefix
        guard let topic else {
            let names = CommandName.allCases.filter { !$0.isAdminCommand }.map { "\(prefix)\($0.rawValue)" }.joined(
                separator: " ")
            let admin = CommandName.allCases.filter(\.isAdminCommand).map { "\(prefix)\($0.rawValue)" }.joined(
                separator: " ")
            return [
                .text(
                    "Commands: \(names). Channel settings: \(admin). Say \(prefix)help <command> for one of them. \(attribution)"
                )
            ]
        }
        let word = topic.hasPrefix(prefix) ? String(topic.dropFirst(prefix.count)) : topic
        guard let name = CommandName.named(word) else {
            return [
                .text("There is no command \"\(TextSanitizer.truncate(word, to: 20))\"; \(prefix)help lists them all.")
            ]
        }
        return [.text(describe(name))]
    }

    func about() -> [Reply] {
        [.text("GifBot \(GifBotInfo.version), a GIF bot for chat. Source: \(GifBotInfo.sourceURL). \(attribution)")]
    }

    /// Each configured source's required attribution, in `gifs.sources` order.
    private var attribution: String {
        context.sources.ids.map { "Powered by \($0.displayName)." }.joined(separator: " ")
    }

    func usage(_ name: CommandName) -> [Reply] {
        [.text("Usage: \(describe(name))")]
    }

    private func describe(_ name: CommandName) -> String {
        let aliases = name.aliases.map { " (also \(context.prefix)\($0))" }.joined()
        // KLIPY's terms ask search boxes to read "Search KLIPY"; a chat command's help is the nearest thing.
        let searchLabel = name == .gif && context.sources.first == .klipy ? "Search KLIPY: " : ""
        return "\(searchLabel)\(name.usage(prefix: context.prefix))\(aliases): \(name.summary)"
    }
}
