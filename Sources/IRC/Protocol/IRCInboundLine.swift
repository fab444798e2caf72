/// What `IRCLineDecoder` hands upstream for each line received.
public enum IRCInboundLine: Sendable, Equatable {
    /// A complete line without its line terminator.
    case line(String)
    /// A line that exceeded `IRCLineDecoder.maximumLineBytes` and was thrown away.
    /// `byteCount` is the line's length when its LF had arrived by then, otherwise the number of
    /// bytes buffered when the decoder gave up on it (the rest is discarded unseen).
    case overlong(byteCount: Int)
}
