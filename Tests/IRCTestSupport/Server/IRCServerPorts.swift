/// The client ports of one server instance on 127.0.0.1.
public struct IRCServerPorts: Sendable, Equatable {
    /// InspIRCd: default flood control (threshold 10, 1 line/s, fakelag), as real networks do.
    public let plain: Int
    /// InspIRCd: relaxed flood limits for tests that are not about flooding. ngIRCd: == plain.
    public let relaxed: Int
    /// TLS with the instance's self-signed cert (`IRCTestServer.tlsCertificatePath`); 0 if none.
    public let tls: Int

    public init(plain: Int, relaxed: Int, tls: Int) {
        self.plain = plain
        self.relaxed = relaxed
        self.tls = tls
    }
}
