/// Who may change a channel's collection, and whether it is shown to anyone with its address.
/// Admins choose both; the default is open to everyone in the channel, and private.
public struct CollectionPolicy: Sendable, Equatable {
    public enum Savers: String, Sendable, CaseIterable {
        /// Anyone in the channel may save.
        case open
        /// Only bot admins may save.
        case admins
    }

    public var savers: Savers
    /// Whether the gallery shows the collection to anyone at a stable address.
    public var isPublic: Bool

    public init(savers: Savers = .open, isPublic: Bool = false) {
        self.savers = savers
        self.isPublic = isPublic
    }
}

/// One admin change to a collection's policy; the other half is left as it is.
public enum CollectionPolicyChange: Sendable, Equatable {
    case savers(CollectionPolicy.Savers)
    case isPublic(Bool)
}
