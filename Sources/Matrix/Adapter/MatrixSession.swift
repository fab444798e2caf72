import Foundation
import Logging
import MatrixState

/// Gets a working access token: the stored login from an earlier run (refreshed when it
/// expired), else the configured token, else a password login, which is then stored. A token
/// the homeserver refuses is never retried in a loop. After a soft logout (an expired token, the
/// device kept) the bot comes back as the same device, keeping its encryption keys; after a hard
/// one (the device ended by an admin, a password change or "sign out everywhere") it logs in as
/// a new device, which cross-signing then signs as it signs any new device.
struct MatrixSession: Sendable {
    let configuration: MatrixConfiguration
    let http: MatrixHTTP
    let store: any MatrixStateStore
    let logger: Logger
    var now: @Sendable () -> Date = { Date() }

    enum Failure: Error, CustomStringConvertible {
        /// Retrying cannot help: the operator must fix the configuration.
        case refused(String)
        /// The homeserver could not be reached; try again later.
        case unavailable(MatrixError)
        /// The stored login could not be read; try again later (never log in anew meanwhile).
        case storeUnreadable(String)

        var description: String {
            switch self {
            case .refused(let reason): reason
            case .unavailable(let error): "homeserver unavailable: \(error)"
            case .storeUnreadable(let reason): "the stored login cannot be read: \(reason)"
            }
        }
    }

    /// Who the bot is logged in as: a client holding a valid token, the user id, the device id
    /// (nil only from a server too old to say, which end-to-end encryption needs), and the
    /// stored login when the token is the bot's own (not the configured one).
    struct Authenticated: Sendable {
        let client: MatrixClient
        let userID: String
        let deviceID: String?
        let login: StoredMatrixLogin?
    }

    private var loginKey: String { configuration.loginStateKey }
    private var legacyPrefix: String { configuration.sessionStateKey }

    /// A client holding a valid token, and the bot's user and device ids.
    func authenticate(after refusal: TokenRefusal? = nil) async throws(Failure) -> Authenticated {
        let client = MatrixClient(http: http, timing: configuration.timing)
        var sameDevice: String?
        let stored: StoredMatrixLogin?
        do {
            stored = try await StoredMatrixLogin.load(
                from: store, key: loginKey, legacyPrefix: legacyPrefix, logger: logger)
        } catch {
            throw .storeUnreadable("\(error)")
        }
        if let stored {
            switch try await resume(stored, client: client, refusal: refusal) {
            case .resumed(let authenticated): return authenticated
            case .deviceKept: sameDevice = stored.deviceID
            case .deviceEnded: break
            }
        }
        if let token = configuration.accessToken, token != refusal?.token {
            client.accessToken.replace(with: token)
            do {
                let identity = try await client.whoAmI()
                return Authenticated(client: client, userID: identity.userID, deviceID: identity.deviceID, login: nil)
            } catch let error where error.isUnknownToken {
                logger.warning("The configured Matrix access token was refused")
            } catch {
                throw .unavailable(error)
            }
        }
        return try await logIn(client: client, device: sameDevice)
    }

    private enum Resumption {
        case resumed(Authenticated)
        /// The token is no good but the device lives on: log in to it again.
        case deviceKept
        /// The device was logged out: a new one is needed.
        case deviceEnded
    }

    /// The stored login, checked (or refreshed, when its token expired).
    private func resume(
        _ stored: StoredMatrixLogin, client: MatrixClient, refusal: TokenRefusal?
    ) async throws(Failure) -> Resumption {
        var softLogout: Bool
        if let refusal, refusal.token == stored.accessToken {
            softLogout = refusal.softLogout
        } else {
            client.accessToken.replace(with: stored.accessToken)
            do {
                let identity = try await client.whoAmI()
                return .resumed(
                    Authenticated(
                        client: client, userID: identity.userID, deviceID: identity.deviceID ?? stored.deviceID,
                        login: stored))
            } catch let error where error.isUnknownToken {
                softLogout = error.isSoftLogout
            } catch {
                throw .unavailable(error)
            }
        }
        guard softLogout else {
            logger.warning(
                "The homeserver logged the bot's Matrix device out; logging in as a new device",
                metadata: ["device": "\(stored.deviceID)"])
            await StoredMatrixLogin.forget(in: store, key: loginKey, legacyPrefix: legacyPrefix)
            return .deviceEnded
        }
        if stored.refreshToken != nil {
            do {
                let refreshed = try await refresh(stored, client: client)
                let identity = try await client.whoAmI()
                return .resumed(
                    Authenticated(
                        client: client, userID: identity.userID, deviceID: identity.deviceID ?? refreshed.deviceID,
                        login: refreshed))
            } catch let error where !error.isRetryable {
                // Spent, revoked or refused in any other way: the device still lives.
                logger.warning(
                    "The Matrix refresh token was refused; logging in again to the same device",
                    metadata: ["error": "\(error)"])
            } catch {
                throw .unavailable(error)
            }
        } else {
            logger.warning("The Matrix access token expired; logging in again to the same device")
        }
        return .deviceKept
    }

    /// Swaps the stored login's tokens for new ones, stores them (both in one row) and hands the
    /// new access token to every copy of `client`.
    func refresh(_ stored: StoredMatrixLogin, client: MatrixClient) async throws(MatrixError) -> StoredMatrixLogin {
        guard let refreshToken = stored.refreshToken else { throw .transport("no refresh token") }
        let tokens = try await client.refresh(refreshToken)
        let refreshed = await keep(StoredMatrixLogin(deviceID: stored.deviceID, tokens: tokens, now: now()))
        client.accessToken.replace(with: tokens.accessToken)
        logger.debug("Refreshed the Matrix access token", metadata: ["device": "\(stored.deviceID)"])
        return refreshed
    }

    /// Password login, to `device` when it lives on, else as a new device; the login is stored.
    private func logIn(client: MatrixClient, device: String?) async throws(Failure) -> Authenticated {
        guard let password = configuration.password else {
            throw .refused(
                "no valid Matrix access token (the homeserver refused it) and no matrix.password to log in with: "
                    + "set matrix.access_token to a new one (a compatibility or personal access token from the "
                    + "account's management page, where the homeserver uses OAuth 2.0 login) or set matrix.password")
        }
        do {
            let login = try await client.login(user: configuration.user, password: password, deviceID: device)
            client.accessToken.replace(with: login.tokens.accessToken)
            let stored = await keep(StoredMatrixLogin(deviceID: login.deviceID, tokens: login.tokens, now: now()))
            logger.info("Logged in to Matrix", metadata: ["user": "\(login.userID)", "device": "\(login.deviceID)"])
            return Authenticated(client: client, userID: login.userID, deviceID: login.deviceID, login: stored)
        } catch {
            if error.code == "M_FORBIDDEN" || error.code == "M_USER_DEACTIVATED" || error.code == "M_INVALID_USERNAME" {
                throw .refused("Matrix login as \(configuration.user) refused: \(error.code ?? "")")
            }
            throw .unavailable(error)
        }
    }

    /// Stores a new login (one row: device and both tokens). One that cannot be stored still
    /// serves this run; the next start logs in again.
    private func keep(_ login: StoredMatrixLogin) async -> StoredMatrixLogin {
        do {
            try await login.save(to: store, key: loginKey)
        } catch {
            logger.warning(
                "Could not store the Matrix login; the next start logs in again", metadata: ["error": "\(error)"])
        }
        return login
    }
}
