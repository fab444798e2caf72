import NIOSSL

/// TLS for the test client: full verification, against one trusted PEM file or, without one,
/// the system roots (which a self-signed test cert must fail).
enum TestTLS {
    static func clientContext(trusting certificatePath: String?) throws -> NIOSSLContext {
        var configuration = TLSConfiguration.makeClientConfiguration()
        configuration.certificateVerification = .fullVerification
        if let certificatePath {
            configuration.trustRoots = .certificates(try NIOSSLCertificate.fromPEMFile(certificatePath))
        }
        return try NIOSSLContext(configuration: configuration)
    }
}
