/// GIPHY's documented limits.
public enum GiphyLimits {
    /// Longer queries get HTTP 414.
    public static let maximumQueryLength = 50
    /// The largest `offset` search accepts.
    public static let maximumSearchOffset = 4999
    /// At most this many ids per GIFs-by-id call.
    public static let maximumIDsPerCall = 100
}
