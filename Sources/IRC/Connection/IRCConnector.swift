import Foundation
import NIOCore
import NIOPosix
import NIOSSL

/// Opens the TCP (and TLS) connection to a server, with the line framing in the pipeline, as
/// an async channel of decoded lines in and raw bytes out.
struct IRCConnector {
    typealias Connection = NIOAsyncChannel<IRCInboundLine, ByteBuffer>

    let configuration: IRCNetworkConfiguration
    let group: any EventLoopGroup

    func connect() async throws -> Connection {
        let sslContext = try configuration.useTLS ? makeSSLContext() : nil
        let host = configuration.host
        // SNI and name checks take a host name; an IP address is checked against the socket's
        // address instead.
        let serverHostname = Self.isIPAddress(host) ? nil : host
        let timeout = configuration.timing.connectTimeout
        let (connection, handshake) = try await ClientBootstrap(group: group)
            .connectTimeout(TimeAmount(timeout))
            .channelOption(.socketOption(.so_keepalive), value: 1)
            .connect(host: host, port: configuration.port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    var handshake: EventLoopFuture<Void>?
                    if let sslContext {
                        let tls = try NIOSSLClientHandler(context: sslContext, serverHostname: serverHostname)
                        try channel.pipeline.syncOperations.addHandler(tls)
                        let promise = channel.eventLoop.makePromise(of: Void.self)
                        try channel.pipeline.syncOperations.addHandler(TLSHandshakeWaiter(promise: promise))
                        handshake = promise.futureResult
                    }
                    try channel.pipeline.syncOperations.addHandler(ByteToMessageHandler(IRCLineDecoder()))
                    return (try Connection(wrappingChannelSynchronously: channel), handshake)
                }
            }
        if let handshake {
            do {
                try await handshake.get()
            } catch {
                try? await connection.channel.close()
                throw IRCConnectionError.tlsHandshakeFailed(String(describing: error))
            }
        }
        return connection
    }

    private func makeSSLContext() throws -> NIOSSLContext {
        var tls = TLSConfiguration.makeClientConfiguration()
        tls.minimumTLSVersion = .tlsv12
        if !configuration.verifyTLS {
            tls.certificateVerification = .none
        }
        if let caFile = configuration.tlsCAFile {
            tls.additionalTrustRoots = [.file(caFile)]
        }
        if let certificateFile = configuration.tlsClientCertificateFile {
            tls.certificateChain = try NIOSSLCertificate.fromPEMFile(certificateFile).map { .certificate($0) }
            tls.privateKey = .privateKey(
                try NIOSSLPrivateKey(file: configuration.tlsClientKeyFile ?? certificateFile, format: .pem))
        }
        return try NIOSSLContext(configuration: tls)
    }

    static func isIPAddress(_ host: String) -> Bool {
        (try? SocketAddress(ipAddress: host, port: 0)) != nil
    }
}
