/// What the channel pipeline hands to the `TestIRCClient` actor, in arrival order.
enum ClientEvent: Sendable {
    case line([UInt8])
    /// The connection is gone; the error is the first one the pipeline reported, if any
    /// (a refused TLS certificate shows up here).
    case closed((any Error)?)
}
