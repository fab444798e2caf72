import Synchronization

/// The bot's access token, shared by every copy of its `MatrixClient`: a refresh replaces it
/// once for all of them. A request the homeserver refused because a refresh replaced its token
/// meanwhile (a server may end the old one at once) is made again with the new one
/// (`MatrixHTTP.exchange`); a token refused for good is marked, so that the sync loop, whose
/// batch's replies could not be sent, logs in again and answers the batch again instead of
/// moving past it.
final class MatrixAccessToken: Sendable {
    private struct State {
        var token: String?
        var refusal: TokenRefusal?
    }

    private let state: Mutex<State>

    init(_ token: String? = nil) {
        state = Mutex(State(token: token))
    }

    var current: String? { state.withLock { $0.token } }

    func replace(with token: String) {
        state.withLock { $0 = State(token: token) }
    }

    /// How the homeserver refused the current token, once it did.
    var refusal: TokenRefusal? { state.withLock { $0.refusal } }

    /// Notes `error` when it refuses `token` and `token` is still the current one.
    func note(_ error: MatrixError, refusing token: String?) {
        guard let refusal = TokenRefusal(error, token: token) else { return }
        state.withLock { if $0.token == refusal.token { $0.refusal = refusal } }
    }
}

/// A token the homeserver refused (`M_UNKNOWN_TOKEN`), and whether it kept the device
/// (`soft_logout`: the token expired) or ended it.
struct TokenRefusal: Sendable, Equatable {
    let token: String
    let softLogout: Bool

    init?(_ error: MatrixError, token: String?) {
        guard error.isUnknownToken, let token else { return nil }
        self.token = token
        softLogout = error.isSoftLogout
    }
}
