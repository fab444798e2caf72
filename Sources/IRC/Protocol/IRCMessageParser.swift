/// Parses one IRC line (without its CRLF) into an `IRCMessage`.
///
/// Works on UTF-8 bytes rather than Characters: a space followed by a combining mark is a
/// single Character, but on the wire it is still a separator.
public enum IRCMessageParser {
    static let maximumMiddleParameters = 14

    public static func parse(_ line: String) -> IRCMessage? {
        var bytes = Array(line.utf8)
        // Callers normally hand over decoded lines, but a stray terminator must not become data.
        while let last = bytes.last, last == .carriageReturn || last == .lineFeed {
            bytes.removeLast()
        }
        var cursor = ByteCursor(bytes: bytes)
        cursor.skipSpaces()

        var tags: [String: String] = [:]
        if cursor.peek == .at {
            cursor.advance()
            tags = IRCTagCoding.parseTags(cursor.readToken())
            cursor.skipSpaces()
        }

        var source: String?
        if cursor.peek == .colon {
            cursor.advance()
            let token = cursor.readToken()
            source = token.isEmpty ? nil : token
            cursor.skipSpaces()
        }

        let command = uppercasedASCII(cursor.readToken())
        // A command must read back as one when the message is sent on: led by ':' or '@' it
        // would become a source or tags (": :x" gave the command ":X"), a blank one such as
        // "\t" is no command at all, and CR, LF and NUL are stripped on the way out (a command
        // of NULs became none, and the first parameter was read back as tags).
        guard let first = command.utf8.first, first != .colon, first != .at,
            command.contains(where: { !$0.isWhitespace }),
            !command.unicodeScalars.contains(where: IRCLineSerializer.isLineBreaker)
        else { return nil }

        var parameters: [String] = []
        while true {
            cursor.skipSpaces()
            guard let next = cursor.peek else { break }
            if next == .colon {
                cursor.advance()
                parameters.append(cursor.readRest())
                break
            }
            if parameters.count == maximumMiddleParameters {
                parameters.append(cursor.readRest())
                break
            }
            parameters.append(cursor.readToken())
        }

        return IRCMessage(tags: tags, source: source, command: command, parameters: parameters)
    }

    /// ASCII only, so that commands never change their byte length (e.g. "ß" → "SS").
    static func uppercasedASCII(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z") }) else {
            return text
        }
        let upper = text.utf8.map { byte -> UInt8 in
            (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) ? byte - 32 : byte
        }
        return String(decoding: upper, as: UTF8.self)
    }
}
