/// Who may change a room's settings by the room's own rule: a member whose power level is at
/// least the room's `state_default` (what a room asks for changing its state; 50, moderators, by
/// default) and, from room version 12, its creators, who outrank every level. Read from
/// `m.room.power_levels` and `m.room.create` as the specification defines their defaults.
struct RoomPowerLevels: Sendable, Equatable {
    let users: [String: Int]
    let usersDefault: Int
    let stateDefault: Int
    /// Levels for setting particular state (`events`), where the room names one.
    let events: [String: Int]
    /// Room version 12 and later: the create event's sender and its `additional_creators`.
    let creators: Set<String>

    /// Room versions whose creators hold every power (MSC4289): 12, and later numbered ones.
    static func creatorsOutrankPowerLevels(_ version: String?) -> Bool {
        guard let version, let number = Int(version) else { return false }
        return number >= 12
    }

    /// `powerLevels` nil: the room has no `m.room.power_levels`, where anyone may change state
    /// (`state_default` 0) and, before version 12, the creator holds 100.
    init(powerLevels: JSONValue?, create: JSONValue?, createSender: String?) {
        let version = create?["room_version"]?.string ?? "1"
        var creators: Set<String> = []
        if Self.creatorsOutrankPowerLevels(version) {
            if let createSender { creators.insert(createSender) }
            for user in create?["additional_creators"]?.arrayValue ?? [] {
                if let id = user.string { creators.insert(id) }
            }
        }
        self.creators = creators
        guard let powerLevels else {
            users = createSender.map { [$0: 100] } ?? [:]
            usersDefault = 0
            stateDefault = 0
            events = [:]
            return
        }
        var users: [String: Int] = [:]
        for (user, level) in powerLevels["users"]?.objectValue ?? [:] {
            if let level = Self.level(level) { users[user] = level }
        }
        self.users = users
        var events: [String: Int] = [:]
        for (type, level) in powerLevels["events"]?.objectValue ?? [:] {
            if let level = Self.level(level) { events[type] = level }
        }
        self.events = events
        usersDefault = powerLevels["users_default"].flatMap(Self.level) ?? 0
        stateDefault = powerLevels["state_default"].flatMap(Self.level) ?? 50
    }

    func isModerator(_ user: String) -> Bool {
        creators.contains(user) || level(of: user) >= stateDefault
    }

    /// A member's level (creators aside, who outrank every level).
    func level(of user: String) -> Int { users[user] ?? usersDefault }

    /// The level that setting state of `type` takes: the room's own for it, else `state_default`.
    func levelNeeded(toSet type: String) -> Int { events[type] ?? stateDefault }

    /// A level as rooms of every version write it: an integer, or (before version 10) a string
    /// holding one.
    private static func level(_ value: JSONValue) -> Int? {
        if let number = value.int { return number }
        return value.string.flatMap { Int($0) }
    }
}
