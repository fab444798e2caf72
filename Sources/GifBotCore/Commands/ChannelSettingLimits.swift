/// The values an admin may give a channel's settings, wherever they come from: `!cooldown` in
/// chat, or a line of `gifbot import`.
public enum ChannelSettingLimits {
    /// Commands per user per window; 0 turns the limit off.
    public static let cooldownCommands = 0...100
    /// The window, in seconds.
    public static let cooldownSeconds = 1...3600
}
