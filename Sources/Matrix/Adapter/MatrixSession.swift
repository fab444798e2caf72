import Logging
import MatrixState

/// Gets a working access token: a stored one from an earlier run (each password login makes a
/// new device, so tokens are reused), else the configured one, else a password login, which is
/// then stored. A token the homeserver refuses is never retried in a loop.
struct MatrixSession: Sendable {
    let configuration: MatrixConfiguration
    let http: MatrixHTTP
    let store: any MatrixStateStore
    let logger: Logger

    enum Failure: Error, CustomStringConvertible {
        /// Retrying cannot help: the operator must fix the configuration.
        case refused(String)
        /// The homeserver could not be reached; try again later.
        case unavailable(MatrixError)

        var description: String {
            switch self {
            case .refused(let reason): reason
            case .unavailable(let error): "homeserver unavailable: \(error)"
            }
        }
    }

    private var stateKey: String { configuration.sessionStateKey }

    /// Who the bot is logged in as: a client holding a valid token, the user id, and the device
    /// id (nil only from a server too old to say, which end-to-end encryption needs).
    struct Authenticated: Sendable {
        let client: MatrixClient
        let userID: String
        let deviceID: String?
    }

    /// A client holding a valid token, and the bot's user and device ids.
    func authenticate(avoiding refusedToken: String? = nil) async throws(Failure) -> Authenticated {
        var client = MatrixClient(http: http, timing: configuration.timing)
        let stored = try? await store.adapterState("\(stateKey):access_token")
        for (source, token) in [("stored", stored), ("configured", configuration.accessToken)] {
            guard let token, token != refusedToken else { continue }
            client.accessToken = token
            do {
                let identity = try await client.whoAmI()
                return Authenticated(client: client, userID: identity.userID, deviceID: identity.deviceID)
            } catch let error where error.isUnknownToken {
                logger.warning("The \(source) Matrix access token was refused")
                if source == "stored" { try? await store.setAdapterState("\(stateKey):access_token", to: "") }
            } catch {
                throw .unavailable(error)
            }
        }
        guard let password = configuration.password else {
            throw .refused(
                "no valid Matrix access token (the homeserver refused it) and no matrix.password to log in with: "
                    + "set matrix.access_token to a new one (a compatibility or personal access token from the "
                    + "account's management page, where the homeserver uses OAuth 2.0 login) or set matrix.password")
        }
        let deviceID = try? await store.adapterState("\(stateKey):device_id")
        do {
            let login = try await client.login(
                user: configuration.user, password: password, deviceID: deviceID.flatMap { $0.isEmpty ? nil : $0 })
            client.accessToken = login.accessToken
            do {
                try await store.setAdapterState("\(stateKey):access_token", to: login.accessToken)
                try await store.setAdapterState("\(stateKey):device_id", to: login.deviceID)
            } catch {
                logger.warning(
                    "Could not store the Matrix access token; the next start logs in again",
                    metadata: ["error": "\(error)"])
            }
            logger.info("Logged in to Matrix", metadata: ["user": "\(login.userID)", "device": "\(login.deviceID)"])
            return Authenticated(client: client, userID: login.userID, deviceID: login.deviceID)
        } catch {
            if error.code == "M_FORBIDDEN" || error.code == "M_USER_DEACTIVATED" || error.code == "M_INVALID_USERNAME" {
                throw .refused("Matrix login as \(configuration.user) refused: \(error.code ?? "")")
            }
            throw .unavailable(error)
        }
    }
}
