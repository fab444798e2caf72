import Foundation
import NIOCore
import NIOPosix
import Synchronization

/// Free TCP ports on 127.0.0.1 for servers a test starts, chosen below the kernel's ephemeral
/// range (`ip_local_port_range`, 32768-60999 by default on Linux).
///
/// The listeners that check a port is free are closed before the server binds it, so another
/// program could take the port in between. Ports the kernel picks itself (a listener bound to
/// port 0, as every stand-in's is, and the local end of every outgoing connection) come from
/// the ephemeral range: choosing below it leaves only other callers of `FreePorts` to collide
/// with. Taken from the ephemeral range too, a test's server met a stand-in started meanwhile on
/// its port (an ops endpoint answered by the GIPHY stand-in's 401). Within this process no port is
/// handed out twice, so instances started at the same time never collide with each other.
public enum FreePorts {
    private static let handedOut = Mutex<Set<Int>>([])

    /// Where chosen ports come from: from 10000 (above the ports of services a machine may run)
    /// to the start of the ephemeral range; empty where that range starts too low to leave room.
    static let range: Range<Int> = {
        let text = (try? String(contentsOfFile: "/proc/sys/net/ipv4/ip_local_port_range", encoding: .utf8)) ?? ""
        let ephemeralStart = text.split(whereSeparator: \.isWhitespace).first.flatMap { Int($0) } ?? 32768
        return ephemeralStart > 11000 ? 10000..<ephemeralStart : 10000..<10000
    }()

    public static func allocate(_ count: Int) async throws -> [Int] {
        var listeners: [any Channel] = []
        var ports: [Int] = []
        do {
            // Listeners stay open until all ports are known, so no port is checked twice.
            var tries = 0
            while ports.count < count {
                tries += 1
                guard let listener = try await listener() else {
                    if tries > 1_000 { throw FreePortsExhausted(range: range) }
                    continue
                }
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

    /// A listener on a port of `range` nobody holds (nil for one that is taken), or on a port
    /// the kernel chooses where `range` is empty.
    private static func listener() async throws -> (any Channel)? {
        let bootstrap = ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
        guard let port = range.randomElement() else {
            return try await bootstrap.bind(host: "127.0.0.1", port: 0).get()
        }
        return try? await bootstrap.bind(host: "127.0.0.1", port: port).get()
    }

    private static func close(_ listeners: [any Channel]) async {
        for listener in listeners {
            try? await listener.close()
        }
    }
}

/// A thousand ports of `FreePorts.range` tried, none free.
public struct FreePortsExhausted: Error, CustomStringConvertible {
    let range: Range<Int>
    public var description: String { "no free port found in \(range.lowerBound)-\(range.upperBound - 1)" }
}
