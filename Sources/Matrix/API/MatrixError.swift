/// Why a Matrix request failed, in terms of what the adapter does next.
public enum MatrixError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The homeserver answered with an error (`errcode` such as `M_FORBIDDEN`). `softLogout`:
    /// a refused token whose device lives on (an expired token), so logging in again to the same
    /// device keeps its encryption keys.
    case api(status: Int, code: String, message: String, retryAfter: Duration?, softLogout: Bool = false)
    /// No usable answer: connection refused, reset, timeout, or a body that is not JSON.
    case transport(String)
    /// The download or upload was larger than allowed.
    case tooLarge(limit: Int)

    public var code: String? {
        if case .api(_, let code, _, _, _) = self { return code }
        return nil
    }

    public var isUnknownToken: Bool { code == "M_UNKNOWN_TOKEN" || code == "M_MISSING_TOKEN" }

    /// A refused token whose device the homeserver kept: see `api`.
    public var isSoftLogout: Bool {
        if case .api(_, _, _, _, let softLogout) = self { return isUnknownToken && softLogout }
        return false
    }

    public var isRateLimited: Bool {
        if case .api(let status, let code, _, _, _) = self { return status == 429 || code == "M_LIMIT_EXCEEDED" }
        return false
    }

    /// Worth trying again with the same request: rate limits, server errors, the network.
    public var isRetryable: Bool {
        switch self {
        case .api(let status, _, _, _, _): status == 429 || status >= 500
        case .transport: true
        case .tooLarge: false
        }
    }

    public var description: String {
        switch self {
        case .api(let status, let code, let message, _, _): "\(status) \(code): \(message)"
        case .transport(let reason): "transport: \(reason)"
        case .tooLarge(let limit): "larger than \(limit) bytes"
        }
    }
}
