/// Per-channel overrides an admin can set. Nil fields fall back to the configured defaults.
public struct ChannelSettings: Sendable, Equatable {
    /// A rating parameter (`g`, `pg`, `pg-13`, `r`), never above the configured maximum.
    public var rating: String?
    public var cooldownCommands: Int?
    public var cooldownSeconds: Int?
    /// A `PreviewMode` parameter (`off`, `optional`, `required`); nil: optional.
    public var previewMode: String?

    public init(
        rating: String? = nil, cooldownCommands: Int? = nil, cooldownSeconds: Int? = nil, previewMode: String? = nil
    ) {
        self.previewMode = previewMode
        self.rating = rating
        self.cooldownCommands = cooldownCommands
        self.cooldownSeconds = cooldownSeconds
    }
}

/// One admin change to a channel's settings.
public enum ChannelSettingChange: Sendable, Equatable {
    case rating(String?)
    case cooldown(commands: Int?, seconds: Int?)
    case previewMode(String?)
}
