extension ChatMessage {
    /// Who may do what the sender may not: "channel operators or bot admins", or "bot admins".
    var admins: String { channelAdminTitle.map { "\($0) or bot admins" } ?? "bot admins" }

    /// The refusal of something only admins may do: "Only channel operators or bot admins can
    /// change this channel's settings."
    func onlyAdmins(can action: String) -> String { "Only \(admins) can \(action)." }

    /// The refusal of a change to what someone else made: "Only alice, who saved gif1, channel
    /// operators or bot admins can change it." ("or a bot admin" where only bot admins are).
    func onlyOwnerOrAdmins(_ owner: String) -> String {
        "Only \(owner), \(channelAdminTitle.map { "\($0) or bot admins" } ?? "or a bot admin") can change it."
    }
}
