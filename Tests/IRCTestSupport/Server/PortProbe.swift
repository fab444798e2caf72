import NIOCore
import NIOPosix
import TestServerSupport

extension PortProbe {
    /// The capabilities (name -> value, "" without value) of a complete CAP LS 302 reply,
    /// or nil if the port does not answer one within 2 s. InspIRCd answers CAP LS before
    /// registration, so this needs no nick and takes no registration tick.
    static func capabilities(port: Int) async -> [String: String]? {
        do {
            let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .connectTimeout(.seconds(1))
                .connect(host: "127.0.0.1", port: port) { channel in
                    channel.eventLoop.makeCompletedFuture {
                        try channel.pipeline.syncOperations.addHandler(ByteToMessageHandler(IRCLineDecoder()))
                        return try NIOAsyncChannel<[UInt8], ByteBuffer>(wrappingChannelSynchronously: channel)
                    }
                }
            // Closing the channel ends the read loop below, so a silent server cannot hang us.
            let deadline = channel.channel.eventLoop.scheduleTask(in: .seconds(2)) {
                channel.channel.close(promise: nil)
            }
            defer { deadline.cancel() }
            return try await channel.executeThenClose { inbound, outbound in
                try await outbound.write(ByteBuffer(string: "CAP LS 302\r\n"))
                var offered: [String: String] = [:]
                for try await bytes in inbound {
                    let line = TestIRCLine(rawBytes: bytes)
                    guard line.isCapability("LS") else { continue }
                    offered.merge(line.capabilityEntries) { $1 }
                    if !line.announcesMoreCapabilities {
                        return offered
                    }
                }
                return nil
            }
        } catch {
            return nil
        }
    }
}
