import GiphyStandIn
import NIOCore
import NIOPosix

/// Many TCP connections to one port that connect and then say nothing, as the connections of
/// issue 20's exhaustion did; counts those the server closes.
final class IdleCrowd: Sendable {
    private let channels = Observed<[any Channel]>([])
    /// Connections the server has closed so far.
    let closedByServer = Observed(0)

    /// Opens `count` connections to 127.0.0.1:`port`, `inFlight` at a time; a connection the
    /// server does not take within `connectTimeout` (its accept queue is full) is given up.
    /// Returns how many connected.
    @discardableResult
    func open(_ count: Int, port: Int, inFlight: Int = 32, connectTimeout: TimeAmount = .seconds(2)) async -> Int {
        var connected = 0
        let connect: @Sendable () async -> (any Channel)? = {
            try? await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton).connectTimeout(connectTimeout)
                .connect(host: "127.0.0.1", port: port).get()
        }
        await withTaskGroup(of: (any Channel)?.self) { group in
            var started = 0
            while started < min(inFlight, count) {
                started += 1
                group.addTask(operation: connect)
            }
            for await channel in group {
                if let channel {
                    connected += 1
                    channels.modify { $0.append(channel) }
                    channel.closeFuture.whenComplete { [closedByServer] _ in closedByServer.modify { $0 += 1 } }
                }
                if started < count {
                    started += 1
                    group.addTask(operation: connect)
                }
            }
        }
        return connected
    }

    /// Closes every connection still open.
    func close() async {
        for channel in channels.modify({ channels in
            defer { channels = [] }
            return channels
        }) {
            try? await channel.close()
        }
    }
}
