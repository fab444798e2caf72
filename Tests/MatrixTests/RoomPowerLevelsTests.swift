import Testing

@testable import Matrix

/// Who moderates a room by its own state, as the specification defines the defaults.
@Suite struct RoomPowerLevelsTests {
    @Test func aMemberAtTheStateDefaultModeratesOneBelowDoesNot() {
        let levels = RoomPowerLevels(
            powerLevels: ["users": ["@mod:hs": 50, "@admin:hs": 100, "@old:hs": "75"], "users_default": 0],
            create: ["room_version": "10"], createSender: "@admin:hs")
        #expect(levels.isModerator("@mod:hs") && levels.isModerator("@admin:hs"))
        #expect(levels.isModerator("@old:hs"), "a level written as a string, as old rooms may")
        #expect(!levels.isModerator("@member:hs"), "users_default 0 is below state_default 50 (its default)")
    }

    @Test func aRoomsOwnStateDefaultAndUsersDefaultCount() {
        let strict = RoomPowerLevels(
            powerLevels: ["users": ["@mod:hs": 50], "state_default": 75], create: nil, createSender: nil)
        #expect(!strict.isModerator("@mod:hs"))
        let open = RoomPowerLevels(
            powerLevels: ["users_default": 50], create: nil, createSender: nil)
        #expect(open.isModerator("@anyone:hs"))
    }

    @Test func settingAStateTypeTakesItsOwnLevelElseTheStateDefault() {
        let levels = RoomPowerLevels(
            powerLevels: [
                "users": ["@bot:hs": "60"], "state_default": 50,
                "events": ["im.vector.modular.widgets": 75, "im.ponies.room_emotes": "40"],
            ], create: nil, createSender: nil)
        #expect(levels.levelNeeded(toSet: "im.vector.modular.widgets") == 75)
        #expect(levels.levelNeeded(toSet: "im.ponies.room_emotes") == 40, "a level written as a string")
        #expect(levels.levelNeeded(toSet: "m.room.topic") == 50)
        #expect(levels.level(of: "@bot:hs") == 60 && levels.level(of: "@other:hs") == 0)
    }

    @Test func withoutPowerLevelsAnyoneMayChangeStateAsTheSpecificationSays() {
        let levels = RoomPowerLevels(powerLevels: nil, create: ["room_version": "10"], createSender: "@creator:hs")
        #expect(levels.isModerator("@anyone:hs") && levels.isModerator("@creator:hs"))
    }

    @Test func fromVersion12TheCreatorsOutrankEveryLevel() {
        let v12 = RoomPowerLevels(
            powerLevels: ["users": [:]], create: ["room_version": "12", "additional_creators": ["@co:hs"]],
            createSender: "@creator:hs")
        #expect(v12.isModerator("@creator:hs") && v12.isModerator("@co:hs") && !v12.isModerator("@member:hs"))
        let v11 = RoomPowerLevels(
            powerLevels: ["users": [:]], create: ["room_version": "11", "additional_creators": ["@co:hs"]],
            createSender: "@creator:hs")
        #expect(!v11.isModerator("@creator:hs") && !v11.isModerator("@co:hs"), "before 12 only levels count")
    }
}
