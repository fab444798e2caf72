import BenchmarkSupport
import Foundation
import Matrix
import MatrixTestSupport
import SeededRandom

/// The Matrix side of scenario 11, made through the client-server API as users would: a pool of
/// registered members, each logged in on several devices, and rooms made by one owner, a third
/// of them encrypted from the start, each joined by members drawn from the pool. The bot is
/// invited to every room; it joins them itself when it next runs.
struct ScaleRooms {
    let roomIDs: [String]
    /// Member joins made (the owner's and the bot's not counted).
    let joins: Int
    let encrypted: Int
    let seconds: Double

    /// Requests in flight at once: Synapse is one Python process, so more than a few dozen
    /// only queue there, and joins to one room wait on its lock anyway.
    static let requestsInFlight = 16

    static func make(
        count: Int, plan: ScaleScenario.Plan, server: SynapseServer, owner: MatrixTestClient, bot: String
    ) async throws -> ScaleRooms {
        let started = ContinuousClock.now
        let members = try await pool(plan, server: server)
        progress("  \(members.count) members registered, \(plan.devicesPerMember) devices each")
        var random = SplitMix64(seed: 11)
        let rooms = (0..<count).map { index in
            let size = Int.random(in: plan.membersPerRoom, using: &random)
            let chosen = Array(members.indices.shuffled(using: &random).prefix(size))
            return RoomPlan(index: index, encrypted: index % 3 == 0, members: chosen)
        }
        let done = ProgressCounter(total: count, every: max(1, count / 10))
        let roomIDs = try await BoundedConcurrency.map(rooms, width: requestsInFlight) { room in
            let roomID = try await create(room, owner: owner, bot: bot)
            for member in room.members { try await join(members[member], roomID: roomID) }
            done.advance("rooms made")
            return roomID
        }
        return ScaleRooms(
            roomIDs: roomIDs, joins: rooms.reduce(0) { $0 + $1.members.count },
            encrypted: rooms.filter(\.encrypted).count, seconds: (ContinuousClock.now - started).inSeconds)
    }

    private struct RoomPlan: Sendable {
        let index: Int
        let encrypted: Bool
        /// Indices into the member pool.
        let members: [Int]
    }

    /// The pool's users, registered (their first device) and logged in again for the others.
    /// Extra devices carry no keys: the bot's key queries see only devices that uploaded some.
    private static func pool(_ plan: ScaleScenario.Plan, server: SynapseServer) async throws -> [MatrixTestClient] {
        try await BoundedConcurrency.map(Array(0..<plan.memberPool), width: requestsInFlight) { index in
            let localpart = "scalemember\(index)", password = "scale-member-password"
            let user = try await server.registerUser(localpart, password: password)
            for _ in 1..<max(1, plan.devicesPerMember) { _ = try await server.login(localpart, password: password) }
            return MatrixTestClient(server: server, user: user)
        }
    }

    /// A public room (members join without an invitation each, which halves the events made),
    /// the bot invited, encrypted from its first state where the plan says so.
    private static func create(_ room: RoomPlan, owner: MatrixTestClient, bot: String) async throws -> String {
        var body: [String: JSONValue] = [
            "preset": "public_chat", "name": .string("scale \(room.index)"), "invite": [.string(bot)],
        ]
        if room.encrypted {
            body["initial_state"] = [
                [
                    "type": "m.room.encryption", "state_key": "",
                    "content": ["algorithm": "m.megolm.v1.aes-sha2"],
                ]
            ]
        }
        let response = try await retryingRateLimits {
            try await owner.request("POST", "/_matrix/client/v3/createRoom", json: .object(body))
        }
        guard let roomID = response.json?["room_id"]?.stringValue else {
            throw BenchmarkError.childFailed("createRoom answered without a room id: \(response.text)")
        }
        return roomID
    }

    private static func join(_ member: MatrixTestClient, roomID: String) async throws {
        let encoded = roomID.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? roomID
        _ = try await retryingRateLimits {
            try await member.request("POST", "/_matrix/client/v3/join/\(encoded)", json: [:])
        }
    }

    /// The request until it is not refused with 429 (the limits are relaxed, but a busy server
    /// may still say so), waiting as long as the server asks; other failures are thrown.
    private static func retryingRateLimits(
        _ request: () async throws -> MatrixHTTPResponse
    ) async throws -> MatrixHTTPResponse {
        while true {
            let response = try await request()
            if response.status == 429 {
                try await Task.sleep(for: .milliseconds(response.retryAfterMs ?? 500))
                continue
            }
            return try response.requireSuccess()
        }
    }
}
