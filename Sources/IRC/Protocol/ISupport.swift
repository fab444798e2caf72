/// The server's RPL_ISUPPORT (005) tokens, accumulated over all 005 lines.
public struct ISupport: Sendable, Equatable {
    /// Token names (uppercased) to their unescaped values; a token without '=' maps to "".
    public private(set) var values: [String: String] = [:]

    public init() {}

    /// Applies one 005 message; other messages are ignored.
    public mutating func apply(_ message: IRCMessage) {
        guard message.command == "005", message.parameters.count > 2 else { return }
        // The first parameter is our nick and the last the "are supported by this server" text.
        for token in message.parameters.dropFirst().dropLast() {
            apply(token: token)
        }
    }

    private mutating func apply(token: String) {
        if token.hasPrefix("-") {
            let name = String(token.dropFirst()).uppercased()
            if !name.isEmpty {
                values[name] = nil
            }
            return
        }
        let name: String
        let value: String
        if let equals = token.firstIndex(of: "=") {
            name = String(token[..<equals]).uppercased()
            value = Self.unescape(token[token.index(after: equals)...])
        } else {
            name = token.uppercased()
            value = ""
        }
        guard !name.isEmpty else { return }
        values[name] = value
    }

    public var caseMapping: IRCCaseMapping {
        values["CASEMAPPING"].map(IRCCaseMapping.init(isupportValue:)) ?? .rfc1459
    }

    /// The user mode that marks a bot (IRCv3 bot mode), e.g. "B".
    public var botMode: String? {
        nonEmptyValue("BOT")
    }

    public var networkName: String? {
        nonEmptyValue("NETWORK")
    }

    /// The maximum line length in bytes including CRLF, 512 unless the server raised it.
    public var lineLength: Int {
        guard let text = values["LINELEN"], let length = Int(text), length > 0 else { return 512 }
        // A server's number is held to what any line could be, so no sum with it can overflow.
        return min(length, Self.largestLength)
    }

    /// Lengths a server announces are read as at most this (a line is never longer).
    static let largestLength = 65_536

    /// The longest nick the server accepts (NICKLEN; some older servers say MAXNICKLEN).
    public var nickLength: Int? {
        for name in ["NICKLEN", "MAXNICKLEN"] {
            if let text = values[name], let length = Int(text), length > 0 { return min(length, Self.largestLength) }
        }
        return nil
    }

    /// Prefix characters of channel names; an empty CHANTYPES means the server has no channels.
    public var channelTypes: String {
        values["CHANTYPES"] ?? "#&"
    }

    /// The symbols that mark channel members' status in NAMES (`PREFIX=(ov)@+` gives "@+"),
    /// highest first; RFC 1459's "@+" when the server says nothing.
    public var memberPrefixSymbols: String {
        String(memberStatuses.map(\.symbol))
    }

    private func nonEmptyValue(_ name: String) -> String? {
        guard let value = values[name], !value.isEmpty else { return nil }
        return value
    }

    /// Values escape bytes as `\xHH` (e.g. `\x20` for a space). The escapes are collected as
    /// bytes first because a multi-byte UTF-8 character arrives as several escapes.
    static func unescape(_ value: Substring) -> String {
        let input = Array(value.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(input.count)
        var index = 0
        while index < input.count {
            if input[index] == UInt8(ascii: "\\"), index + 3 < input.count,
                input[index + 1] == UInt8(ascii: "x"),
                let high = hexValue(input[index + 2]), let low = hexValue(input[index + 3])
            {
                output.append(high << 4 | low)
                index += 4
            } else {
                output.append(input[index])
                index += 1
            }
        }
        return LenientText.decode(output[...])
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
