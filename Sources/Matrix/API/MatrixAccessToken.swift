import Synchronization

/// The bot's access token, shared by every copy of its `MatrixClient`: a refresh replaces it
/// once for all of them. A request the homeserver refused because a refresh replaced its token
/// meanwhile (a server may end the old one at once) is made again with the new one
/// (`MatrixHTTP.exchange`).
final class MatrixAccessToken: Sendable {
    private let value: Mutex<String?>

    init(_ token: String? = nil) {
        value = Mutex(token)
    }

    var current: String? { value.withLock { $0 } }

    func replace(with token: String) {
        value.withLock { $0 = token }
    }
}
