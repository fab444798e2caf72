/// What an admin can add to a Matrix room for its clients to show, besides answers: the
/// channel's collection as an image pack (MSC2545), which Cinny, FluffyChat and Nheko offer as
/// stickers, and the gallery's picker as a room widget, which Element Web and Desktop show.
public enum RoomFeature: String, Sendable, Equatable {
    case imagePack = "pack"
    case pickerWidget = "picker"

    /// What a network without room state says instead.
    var elsewhere: String {
        switch self {
        case .imagePack: "Image packs are a Matrix feature; this network has none."
        case .pickerWidget: "The picker widget is a Matrix feature; here, !web gives you the picker in a browser."
        }
    }
}

/// An admin turned a room feature on or off: the network adds or removes it and says so.
public struct RoomFeatureChange: Sendable, Equatable {
    public let feature: RoomFeature
    public let isOn: Bool
    /// The room.
    public let conversation: String
    /// The gallery's widget address for the room, for the picker widget turned on.
    public let widgetURL: String?

    public init(feature: RoomFeature, isOn: Bool, conversation: String, widgetURL: String? = nil) {
        self.feature = feature
        self.isOn = isOn
        self.conversation = conversation
        self.widgetURL = widgetURL
    }

    /// Said where the network has no such thing.
    public var unsupportedText: String { feature.elsewhere }
}
