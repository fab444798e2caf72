import NIOCore
import NIOPosix

/// Real TCP connections to a test server's port.
public enum PortProbe {
    /// Whether something accepts connections on 127.0.0.1:`port`.
    public static func isOpen(_ port: Int) async -> Bool {
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
