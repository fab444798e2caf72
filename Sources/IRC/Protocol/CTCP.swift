/// Client-To-Client Protocol messages: text wrapped in \u{01}, such as ACTION ("/me").
public enum CTCP {
    static let delimiter: Unicode.Scalar = "\u{01}"

    /// Returns the uppercased command and its argument ("" when none), or nil if `text` is not
    /// a CTCP message. A missing closing delimiter is tolerated, as many clients omit it.
    public static func parse(_ text: String) -> (command: String, argument: String)? {
        let scalars = text.unicodeScalars
        guard scalars.first == delimiter else { return nil }
        let bodyStart = scalars.index(after: scalars.startIndex)
        let bodyEnd = scalars[bodyStart...].firstIndex(of: delimiter) ?? scalars.endIndex
        let body = scalars[bodyStart..<bodyEnd]
        let commandEnd = body.firstIndex(of: " ") ?? body.endIndex
        let command = String(Substring(body[..<commandEnd])).uppercased()
        guard !command.isEmpty else { return nil }
        let argument =
            commandEnd < body.endIndex
            ? String(Substring(body[body.index(after: commandEnd)...]))
            : ""
        return (command, argument)
    }

    public static func encode(command: String, argument: String) -> String {
        let safeCommand = removingControlCharacters(command)
        let safeArgument = removingControlCharacters(argument)
        let body = safeArgument.isEmpty ? safeCommand : safeCommand + " " + safeArgument
        return "\u{01}" + body + "\u{01}"
    }

    private static func removingControlCharacters(_ text: String) -> String {
        let forbidden: Set<Unicode.Scalar> = [delimiter, "\r", "\n", "\0"]
        return String(String.UnicodeScalarView(text.unicodeScalars.filter { !forbidden.contains($0) }))
    }
}
