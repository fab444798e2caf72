/// One row of a Matrix account's end-to-end encryption state: what it is (`kind`), which one
/// (`name`, such as a session id) and its value, sealed by the adapter before it gets here.
public struct MatrixCryptoRecord: Sendable, Equatable {
    public let kind: String
    public let name: String
    public let sealedValue: String

    public init(kind: String, name: String, sealedValue: String) {
        self.kind = kind
        self.name = name
        self.sealedValue = sealedValue
    }
}
