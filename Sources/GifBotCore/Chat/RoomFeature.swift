/// What an admin can add to a Matrix room for its clients to show, besides answers: the
/// channel's collection as an image pack (MSC2545), which Cinny, FluffyChat and Nheko offer as
/// stickers.
public enum RoomFeature: String, Sendable, Equatable {
    case imagePack = "pack"

    /// What a network without room state says instead.
    var elsewhere: String {
        switch self {
        case .imagePack: "Image packs are a Matrix feature; this network has none."
        }
    }
}

/// An admin turned a room feature on or off: the network adds or removes it and says so.
public struct RoomFeatureChange: Sendable, Equatable {
    public let feature: RoomFeature
    public let isOn: Bool
    /// The room.
    public let conversation: String

    public init(feature: RoomFeature, isOn: Bool, conversation: String) {
        self.feature = feature
        self.isOn = isOn
        self.conversation = conversation
    }

    /// Said where the network has no such thing.
    public var unsupportedText: String { feature.elsewhere }
}
