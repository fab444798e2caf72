/// How much message text fits into one PRIVMSG or NOTICE.
public enum IRCLineBudget {
    static let maximumLineBytes = 512
    /// Used when our own `nick!user@host` is unknown: nick 30, user 10 and host 63 bytes are at
    /// or above the limits of common servers, so the guess errs towards shorter pieces.
    static let assumedPrefixBytes = 30 + 1 + 10 + 1 + 63

    /// The server relays our line to others with our full prefix in front, and that relayed line
    /// is what must fit into 512 bytes including CRLF.
    public static func textBytes(command: String, target: String, ownPrefix: String?) -> Int {
        let prefixBytes = ownPrefix?.utf8.count ?? assumedPrefixBytes
        // ":" prefix " " command " " target " :" text CRLF
        let overhead = 1 + prefixBytes + 1 + command.utf8.count + 1 + target.utf8.count + 2 + 2
        return max(1, maximumLineBytes - overhead)
    }
}
