import AsyncHTTPClient
import CoreMetrics
import Foundation
import GiphyStandIn
import HTTPTransport
import Logging
import MatrixCrypto
import Synchronization
import TestServerSupport

@testable import Matrix

/// The bot's end-to-end encryption in-process, against a stand-in homeserver (a local HTTP server
/// answering the few Matrix routes a test sets) and a clock the test moves: what the bot asks
/// the server, stores and logs when peers (other in-process devices) send it Olm and Megolm.
final class EncryptionStandIn: Sendable {
    static let botUser = "@bot:hs"
    let server: GiphyStandIn
    let http: HTTPClient
    let fixture: MatrixDeviceTests.Fixture
    let logs = LogCapture()
    let clock = MovingClock()

    private init(server: GiphyStandIn, http: HTTPClient, fixture: MatrixDeviceTests.Fixture) {
        self.server = server
        self.http = http
        self.fixture = fixture
    }

    /// Runs `body` with a fresh stand-in, cleaned up whether `body` returns or throws.
    static func with<Result>(_ body: (EncryptionStandIn) async throws -> Result) async throws -> Result {
        let server = try await GiphyStandIn.start()
        let http = HTTPClient.gifBot()
        let fixture: MatrixDeviceTests.Fixture
        do { fixture = try await MatrixDeviceTests.Fixture() } catch {
            try? await server.stop()
            try? await http.shutdown()
            throw error
        }
        return try await withCleanUp(
            EncryptionStandIn(server: server, http: http, fixture: fixture),
            cleanUp: {
                try? await $0.fixture.close()
                try? await $0.server.stop()
                try? await $0.http.shutdown()
            }, body)
    }

    var now: @Sendable () -> Date { { [clock] in clock.now } }

    func advance(by seconds: TimeInterval) { clock.advance(seconds) }

    var client: MatrixClient {
        MatrixClient(http: MatrixHTTP(client: http, baseURL: server.baseURL), timing: MatrixTiming())
    }

    /// Answers `path` with `json` from now on.
    func answer(_ path: String, _ json: CanonicalJSONValue) throws {
        server.override(path, with: StandInResponse(json: try CanonicalJSON.encodeString(json)))
    }

    /// `/keys/query` answers with these devices' keys.
    func publish(_ devices: [MatrixDevice]) async throws {
        var byUser: [String: [String: CanonicalJSONValue]] = [:]
        for device in devices {
            byUser[device.userID, default: [:]][device.deviceID] = try await device.signedDeviceKeys()
        }
        try answer("/_matrix/client/v3/keys/query", ["device_keys": .object(byUser.mapValues { .object($0) })])
    }

    /// Another user's device, kept in the same database under another account.
    func peer(_ userID: String, device deviceID: String) async throws -> MatrixDevice {
        let state = CryptoStateStore(
            store: fixture.store, vault: CryptoVault(key: MatrixStoreKey(secret: "a store key for the tests")),
            account: "http://hs \(userID) \(deviceID)")
        return try await MatrixDevice.open(
            state: state, userID: userID, deviceID: deviceID, logger: Logger(label: "peer"))
    }

    /// Requests whose path starts with `prefix`.
    func requests(startingWith prefix: String) -> Int { server.requests.filter { $0.path.hasPrefix(prefix) }.count }

    static func roomPath(_ roomID: String) -> String { "/_matrix/client/v3/rooms/\(PercentEncoding.encode(roomID))" }

    /// The bot's device, its keys published (to an upload the test keeps), and its encryption.
    struct Bot {
        let device: MatrixDevice
        let encryption: MatrixEncryption
        let uploads: MatrixDeviceTests.Uploads

        var info: DeviceInfo {
            DeviceInfo(
                userID: device.userID, deviceID: device.deviceID, curve25519: device.identityKeys.curve25519,
                ed25519: device.identityKeys.ed25519, isCrossSigned: false)
        }

        /// One of the bot's published one-time keys, as `/keys/claim` hands it out.
        func claimOneTimeKey(_ index: Int = 0) throws -> CanonicalJSONValue {
            let keys = uploads.bodies.withLock { $0[0] }["one_time_keys"]?.objectValue ?? [:]
            return keys.sorted { $0.key < $1.key }[index].value
        }
    }

    func bot(
        sharing: MatrixEncryptionConfiguration.KeySharing = .all,
        identityChange: MatrixEncryptionConfiguration.IdentityChange = .warn
    ) async throws -> Bot {
        let logger = logs.logger(label: "e2ee")
        let state = fixture.state, client = client, now = now
        let device = try await MatrixDevice.open(state: state, userID: Self.botUser, deviceID: "BOT", logger: logger)
        let uploads = MatrixDeviceTests.Uploads()
        try await device.publishKeys(.init(), upload: uploads.upload, now: now())
        let pins = try await IdentityPins(state: state, policy: identityChange, logger: logger, now: now)
        let directory = try await DeviceDirectory(state: state, pins: pins, logger: logger)
        let metrics = EncryptionMetrics(factory: NOOPMetricsHandler.instance)
        let encryption = MatrixEncryption(
            device: device, client: client, state: state, directory: directory,
            inbound: InboundGroupSessions(state: state),
            outbound: RoomKeySharing(
                device: device, directory: directory, client: client, sharing: sharing, metrics: metrics,
                logger: logger, now: now),
            mending: SessionMending(now: now),
            roomKeys: RoomKeyAdmission(joinedRooms: { try await client.joinedRooms() }, now: now),
            olmSessions: OlmSessionAdmission(
                device: device, directory: directory, query: { try await client.queryKeys($0) }, now: now),
            now: now, metrics: metrics, logger: logger)
        return Bot(device: device, encryption: encryption, uploads: uploads)
    }

    /// A sync batch carrying `toDevice` (sent by `sender`, of type `m.room.encrypted`) and naming
    /// `joined` as the bot's joined rooms.
    static func sync(
        toDevice: [CanonicalJSONValue] = [], from sender: String, joined: [String] = []
    ) throws -> SyncResponse {
        let events: [CanonicalJSONValue] = toDevice.map {
            ["type": .string(RoomKeys.encryptedType), "sender": .string(sender), "content": $0]
        }
        let rooms: [String: CanonicalJSONValue] = Dictionary(uniqueKeysWithValues: joined.map { ($0, [:]) })
        let body: CanonicalJSONValue = [
            "next_batch": "b", "to_device": ["events": .array(events)], "rooms": ["join": .object(rooms)],
        ]
        return try SyncResponse(parsing: Data(try CanonicalJSON.encode(body)))
    }
}

/// A clock the test moves.
final class MovingClock: Sendable {
    private let date = Mutex(Date(timeIntervalSince1970: 1_800_000_000))
    var now: Date { date.withLock { $0 } }
    func advance(_ seconds: TimeInterval) { date.withLock { $0 += seconds } }
}
