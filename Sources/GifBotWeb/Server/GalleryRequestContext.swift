import Hummingbird
import NIOCore

/// Hummingbird's basic context plus the connection's peer, which the rate limits key on.
public struct GalleryRequestContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    /// Nil where there is no socket (in-process tests).
    let peer: IPAddressBytes?

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        peer = source.channel.remoteAddress.flatMap(IPAddressBytes.init)
    }
}
