import GifSources

/// `!rating` and `!cooldown`: channel settings anyone may read and only admins may change.
struct AdminHandler {
    let context: BotContext

    func rating(_ requested: ContentRating?, for message: ChatMessage) async throws -> [Reply] {
        let maximum = context.settings.maximumRating
        guard let requested else {
            let current = await context.rating(for: message)
            let place = message.isPrivate ? "Here" : "In this channel"
            return [.text("\(place) I post GIFs rated at most \(current) (the bot's maximum is \(maximum)).")]
        }
        if let refusal = refusal(for: message) { return [.text(refusal)] }
        guard requested <= maximum else {
            return [
                .text(
                    "This bot never posts above \(maximum); choose \(ContentRating.allCases.filter { $0 <= maximum }.map(\.parameter).joined(separator: ", "))."
                )
            ]
        }
        try await context.channelSettings.change(
            .rating(requested.parameter), network: message.user.network,
            channel: message.conversation)
        return [.text("From now on I post GIFs rated at most \(requested) in this channel.")]
    }

    func showCooldown(for message: ChatMessage) async -> [Reply] {
        let limits = await context.cooldownLimits(for: message)
        guard limits.commands > 0 else { return [.text("There is no command limit here.")] }
        return [.text("Here each user may send \(limits.commands) commands per \(limits.window.components.seconds) s.")]
    }

    func setCooldown(commands: Int, seconds: Int, for message: ChatMessage) async throws -> [Reply] {
        if let refusal = refusal(for: message) { return [.text(refusal)] }
        try await context.channelSettings.change(
            .cooldown(commands: commands, seconds: seconds),
            network: message.user.network, channel: message.conversation)
        if commands == 0 { return [.text("There is no command limit in this channel any more.")] }
        return [.text("From now on each user may send \(commands) commands per \(seconds) s in this channel.")]
    }

    private func refusal(for message: ChatMessage) -> String? {
        if message.isPrivate { return "Channel settings are changed in the channel itself." }
        if !message.senderIsAdmin { return message.onlyAdmins(can: "change this channel's settings") }
        return nil
    }
}
