import NIOCore
import NIOPosix

/// Whether something accepts TCP connections on 127.0.0.1:port; used to see that a stopped
/// Synapse has really let go of its port before stop() returns.
enum PortProbe {
    static func isOpen(_ port: Int) async -> Bool {
        do {
            let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .connectTimeout(.seconds(1))
                .connect(host: "127.0.0.1", port: port)
                .get()
            try? await channel.close()
            return true
        } catch {
            return false
        }
    }
}
