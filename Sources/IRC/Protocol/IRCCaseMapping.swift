/// How the server compares nicknames and channel names (ISUPPORT CASEMAPPING).
public enum IRCCaseMapping: String, Sendable {
    case ascii
    /// The historical Scandinavian mapping: []\~ are the uppercase forms of {}|^.
    case rfc1459
    case strictRFC1459 = "strict-rfc1459"

    /// Unknown mappings fall back to rfc1459, the default RFC 1459 servers assume.
    public init(isupportValue: String) {
        self = IRCCaseMapping(rawValue: isupportValue.lowercased()) ?? .rfc1459
    }

    /// Folds `text` to the lowercase form used to compare names on this server.
    public func fold(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { folded($0) != $0 }) else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.map(folded)))
    }

    private func folded(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        switch scalar {
        case "A"..."Z":
            return Unicode.Scalar(scalar.value + 32) ?? scalar
        case "[" where self != .ascii: return "{"
        case "]" where self != .ascii: return "}"
        case "\\" where self != .ascii: return "|"
        case "~" where self == .rfc1459: return "^"
        default:
            return scalar
        }
    }
}
