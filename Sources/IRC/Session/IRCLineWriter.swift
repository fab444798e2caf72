import NIOCore

/// Drains the outgoing queue onto the connection through the flood bucket, so a burst of
/// replies to many users never gets the bot disconnected for flooding.
struct IRCLineWriter {
    let queue: IRCOutgoingQueue
    let flood: IRCFloodSettings
    let onWrite: @Sendable (IRCMessage) -> Void

    func run(_ outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>) async throws {
        var bucket = FloodBucket(burst: flood.burst, refillInterval: flood.interval)
        var wakeUps = queue.wakeUps.makeAsyncIterator()
        while !Task.isCancelled {
            if let urgent = queue.nextUrgent() {
                try await write(urgent, to: outbound)
                continue
            }
            if let next = queue.peekNormal() {
                let bytes = IRCLineSerializer.serialize(next).utf8.count + 2
                let wait = bucket.reserve(lineBytes: bytes, now: .now)
                if wait > .zero {
                    try await Task.sleep(for: wait)
                    // An urgent line (a PONG) that arrived meanwhile goes first.
                    while let urgent = queue.nextUrgent() { try await write(urgent, to: outbound) }
                }
                queue.removeFirstNormal()
                try await write(next, to: outbound)
                continue
            }
            guard await wakeUps.next() != nil else { return }
        }
    }

    private func write(_ message: IRCMessage, to outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>) async throws {
        var buffer = ByteBuffer()
        buffer.writeString(IRCLineSerializer.serialize(message))
        buffer.writeString("\r\n")
        try await outbound.write(buffer)
        onWrite(message)
    }
}
