/// One line as the server sent it, split into its parts.
///
/// Parsing is deliberately minimal and independent of the bot's own IRC code: this type is the
/// tests' oracle, so it must not share the bot's mistakes. `rawBytes` are the bytes exactly as
/// received, without the terminating CR LF (a test of the 512-byte limit adds 2);
/// `raw` is their lossy UTF-8 decoding.
public struct TestIRCLine: Sendable, Equatable {
    public let raw: String
    public let rawBytes: [UInt8]
    /// IRCv3 message tags with their values unescaped; a tag without a value maps to "".
    public let tags: [String: String]
    /// The prefix without its leading ":", e.g. "nick!user@host" or "irc.test".
    public let source: String?
    public let command: String
    /// Middle parameters followed by the trailing one (without its ":").
    public let parameters: [String]

    /// The last parameter: a PRIVMSG's or NOTICE's text ("" when there is none).
    public var text: String { parameters.last ?? "" }

    /// The nick part of `source` (everything before "!" or "@").
    public var sourceNick: String? {
        source.map { String($0.prefix { $0 != "!" && $0 != "@" }) }
    }

    public init(rawBytes: [UInt8]) {
        self.rawBytes = rawBytes
        raw = String(decoding: rawBytes, as: UTF8.self)

        var rest = Substring(raw)
        var tags: [String: String] = [:]
        if rest.first == "@" {
            let tagText = Self.nextToken(&rest).dropFirst()
            for item in tagText.split(separator: ";") {
                let pair = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                tags[String(pair[0])] = pair.count > 1 ? Self.unescapeTagValue(pair[1]) : ""
            }
        }
        self.tags = tags

        source = rest.first == ":" ? String(Self.nextToken(&rest).dropFirst()) : nil
        command = String(Self.nextToken(&rest))

        var parameters: [String] = []
        while !rest.isEmpty {
            if rest.first == ":" {
                parameters.append(String(rest.dropFirst()))
                break
            }
            parameters.append(String(Self.nextToken(&rest)))
        }
        self.parameters = parameters
    }

    /// Removes and returns the text up to the next space, and the spaces after it.
    private static func nextToken(_ rest: inout Substring) -> Substring {
        let end = rest.firstIndex(of: " ") ?? rest.endIndex
        let token = rest[..<end]
        rest = rest[end...].drop { $0 == " " }
        return token
    }

    /// IRCv3 tag value escapes: \: ; \s space, \\ backslash, \r CR, \n LF; others drop the "\".
    private static func unescapeTagValue(_ value: Substring) -> String {
        var result = ""
        var escaping = false
        for character in value {
            if escaping {
                switch character {
                case ":": result.append(";")
                case "s": result.append(" ")
                case "r": result.append("\r")
                case "n": result.append("\n")
                default: result.append(character)
                }
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else {
                result.append(character)
            }
        }
        return result
    }
}
