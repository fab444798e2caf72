/// One IRC protocol message, independent of its wire encoding.
public struct IRCMessage: Sendable, Equatable {
    /// IRCv3 message tags with their values already unescaped; a tag sent without a value maps to "".
    public var tags: [String: String]
    /// The prefix without its leading ':' (e.g. "nick!user@host" or a server name).
    public var source: String?
    /// The command, uppercased; numeric replies stay as their three digits (e.g. "005").
    public var command: String
    /// Middle parameters followed by the trailing one (at most 15 when parsed).
    public var parameters: [String]

    public init(
        tags: [String: String] = [:],
        source: String? = nil,
        command: String,
        parameters: [String] = []
    ) {
        self.tags = tags
        self.source = source
        self.command = command
        self.parameters = parameters
    }

    /// The nickname part of `source`; for a server source this is the whole server name.
    public var sourceNick: String? {
        guard let source else { return nil }
        let scalars = source.unicodeScalars
        guard let end = scalars.firstIndex(where: { $0 == "!" || $0 == "@" }) else {
            return source
        }
        return String(Substring(scalars[..<end]))
    }
}
