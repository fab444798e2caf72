import GifBotCore
import HTTPTransport
import MatrixState
import NIOHTTP1

extension MatrixClient {
    /// Sets a room state event (`PUT /rooms/{room}/state/{type}/{key}`); its event id. Setting
    /// empty content is how a client removes one (a widget, an image pack).
    func setState(
        _ type: String, key: String = "", _ content: JSONValue, in roomID: String
    ) async throws(MatrixError) -> String {
        let path =
            "/_matrix/client/v3/rooms/\(PercentEncoding.encode(roomID))/state/\(PercentEncoding.encode(type))/\(PercentEncoding.encode(key))"
        let json = try await http.request(
            .PUT, path, json: content, accessToken: accessToken, timeout: timing.requestTimeout
        ).json()
        guard let eventID = json["event_id"]?.string else { throw .transport("state answer without an event id") }
        return eventID
    }

    /// The level needed to set state of `type` in the room (`events[type]`, else
    /// `state_default`), and `user`'s own, for a refusal that says which is missing; nil when the
    /// room's levels cannot be read.
    func stateLevels(_ type: String, for user: String, in roomID: String) async -> (needed: Int, has: Int)? {
        guard let content = try? await stateContent("m.room.power_levels", of: roomID) else { return nil }
        let levels = RoomPowerLevels(powerLevels: content, create: nil, createSender: nil)
        return (levels.levelNeeded(toSet: type), levels.level(of: user))
    }
}
