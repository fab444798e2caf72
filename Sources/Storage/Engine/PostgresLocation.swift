import Foundation

/// A PostgreSQL server and database from `postgres://user:password@host:port/database?options`.
/// Options, with libpq's names and meanings: `sslmode` (`disable`, `prefer`, `require`,
/// `verify-ca`, `verify-full`) and `sslrootcert` (a PEM file of CA certificates to trust instead
/// of the system's). The password is kept apart and never printed.
public struct PostgresLocation: Sendable, Equatable, CustomStringConvertible {
    public var host: String
    public var port: Int
    public var user: String
    public var password: String?
    public var database: String
    public var tlsMode: PostgresTLSMode
    public var caFile: String?

    public static let defaultPort = 5432

    public init(
        host: String, port: Int = defaultPort, user: String, password: String?, database: String,
        tlsMode: PostgresTLSMode = .prefer, caFile: String? = nil
    ) {
        self.host = host
        self.port = port
        self.user = user
        self.password = password
        self.database = database
        self.tlsMode = tlsMode
        self.caFile = caFile
    }

    /// Errors carry the URL with its password masked: `StoreError` must be safe to log.
    init(url: String) throws(StoreError) {
        let masked = Self.mask(url)
        guard let components = URLComponents(string: url), let host = components.host, !host.isEmpty,
            let user = components.user, !user.isEmpty
        else { throw .invalidPostgresURL(masked, reason: "expected postgres://user:password@host:port/database") }
        let database = String(components.path.drop { $0 == "/" })
        guard !database.isEmpty, !database.contains("/") else {
            throw .invalidPostgresURL(
                masked, reason: "name one database after the host, as in postgres://user@host/gifbot")
        }
        var tlsMode = PostgresTLSMode.prefer
        var caFile: String?
        for item in components.queryItems ?? [] {
            switch item.name.lowercased() {
            case "sslmode":
                guard let mode = item.value.flatMap(PostgresTLSMode.init(rawValue:)) else {
                    throw .invalidPostgresURL(
                        masked,
                        reason:
                            "sslmode must be one of \(PostgresTLSMode.allCases.map(\.rawValue).joined(separator: ", "))"
                    )
                }
                tlsMode = mode
            case "sslrootcert":
                guard let path = item.value, !path.isEmpty else {
                    throw .invalidPostgresURL(masked, reason: "sslrootcert needs the path of a PEM file")
                }
                caFile = path
            default:
                throw .invalidPostgresURL(
                    masked, reason: "unknown option '\(item.name.prefix(40))'; known: sslmode, sslrootcert")
            }
        }
        // URLComponents hands out user, password and path percent-decoded.
        self.init(
            host: host, port: components.port ?? Self.defaultPort, user: user, password: components.password,
            database: database, tlsMode: tlsMode, caFile: caFile)
    }

    /// `postgres://user@host:port/database?sslmode=…`: what logs and errors show.
    public var description: String {
        var text =
            "postgres://\(user)@\(host.contains(":") ? "[\(host)]" : host):\(port)/\(database)?sslmode=\(tlsMode.rawValue)"
        if let caFile { text += "&sslrootcert=\(caFile)" }
        return text
    }

    /// The URL with its password replaced and its options left off (a password may hide in
    /// either), for errors about URLs that do not parse.
    static func mask(_ url: String) -> String {
        let withoutOptions = String(url.prefix { $0 != "?" && $0 != "#" })
        guard let scheme = withoutOptions.range(of: "://"),
            let at = withoutOptions[scheme.upperBound...].lastIndex(of: "@")
        else { return withoutOptions }
        let credentials = withoutOptions[scheme.upperBound..<at]
        guard let colon = credentials.firstIndex(of: ":") else { return withoutOptions }
        return String(withoutOptions[..<colon]) + ":***" + String(withoutOptions[at...])
    }
}

/// libpq's `sslmode`: how much of TLS the connection insists on.
public enum PostgresTLSMode: String, Sendable, CaseIterable {
    /// Plain TCP.
    case disable
    /// TLS when the server offers it, without checking its certificate; plain otherwise.
    case prefer
    /// TLS always, without checking the certificate (protects against listeners, not impostors).
    case require
    /// TLS always, with a certificate signed by a trusted CA, whatever host name it names.
    case verifyCA = "verify-ca"
    /// TLS always, with a trusted certificate for the host name in the URL.
    case verifyFull = "verify-full"
}
