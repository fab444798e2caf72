/// Who besides the operator's global `bot.admins` may change a channel's settings
/// (`bot.channel_admins`): the channel's own moderators, as Limnoria gives channel operators
/// their channel and Matrix bots follow a room's power levels, or nobody else.
public enum ChannelAdmins: String, Sendable, Equatable, CaseIterable {
    /// IRC channel operators (and the statuses above them), Matrix room moderators.
    case operators
    /// Only `bot.admins`, as before there were channel admins.
    case none
}
