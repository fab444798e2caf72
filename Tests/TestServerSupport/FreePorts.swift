import NIOCore
import NIOPosix
import Synchronization

/// Free TCP ports on 127.0.0.1, found by binding to port 0 and reading what the kernel chose.
///
/// The listeners are closed before the server binds the ports, so another program could take
/// one in between; that window is tiny. Within this process no port is handed out twice, so
/// instances started at the same time never collide with each other.
public enum FreePorts {
    private static let handedOut = Mutex<Set<Int>>([])

    public static func allocate(_ count: Int) async throws -> [Int] {
        var listeners: [any Channel] = []
        var ports: [Int] = []
        do {
            // Listeners stay open until all ports are known, so the kernel cannot repeat one.
            while ports.count < count {
                let listener = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                    .bind(host: "127.0.0.1", port: 0)
                    .get()
                listeners.append(listener)
                guard let port = listener.localAddress?.port else { continue }
                let isNew = handedOut.withLock { $0.insert(port).inserted }
                if isNew {
                    ports.append(port)
                }
            }
        } catch {
            await close(listeners)
            throw error
        }
        await close(listeners)
        return ports
    }

    private static func close(_ listeners: [any Channel]) async {
        for listener in listeners {
            try? await listener.close()
        }
    }
}
