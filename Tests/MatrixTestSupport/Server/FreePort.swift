import NIOCore
import NIOPosix
import Synchronization

/// A free TCP port on 127.0.0.1, found by binding to port 0 and reading what the kernel chose.
///
/// The listener is closed before Synapse binds the port, so another program could take it in
/// between; that window is tiny. Within this process no port is handed out twice, so servers
/// started at the same time never collide with each other.
enum FreePort {
    private static let handedOut = Mutex<Set<Int>>([])

    static func allocate() async throws -> Int {
        var listeners: [any Channel] = []
        defer {
            // Closing is asynchronous; nothing waits for it because the port is already known.
            for listener in listeners { listener.close(promise: nil) }
        }
        while true {
            // Earlier listeners stay open so that the kernel cannot hand out the same port again.
            let listener = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .bind(host: "127.0.0.1", port: 0)
                .get()
            listeners.append(listener)
            guard let port = listener.localAddress?.port else { continue }
            if handedOut.withLock({ $0.insert(port).inserted }) {
                return port
            }
        }
    }
}
