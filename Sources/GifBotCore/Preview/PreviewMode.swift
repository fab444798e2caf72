/// How a channel treats previews (`!preview off|optional|required`, set by admins).
public enum PreviewMode: String, Sendable, CaseIterable {
    /// `!gif?` and `!preview` are refused: every GIF is posted at once.
    case off
    /// The default: anyone may look first with `!gif?`; `!gif` posts at once.
    case optional
    /// Nothing reaches the channel unseen: `!gif`, `!random`, `!translate` and `!trending`
    /// become previews, and `!gifs` lists go to the asker alone.
    case required

    /// The mode as typed in chat and stored ("off", "optional", "required").
    public var parameter: String { rawValue }

    public init?(parameter: String) {
        self.init(rawValue: parameter.lowercased())
    }
}
