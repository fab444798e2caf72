import Foundation

/// Registration: the path a real IRCv3 client takes, tolerant of servers without CAP.
extension TestIRCClient {
    private static let fatalReplies: Set<String> = ["ERROR", "431", "432", "433", "436", "437", "465"]
    private static let saslFailures: Set<String> = ["902", "904", "905", "906", "907", "908"]

    private enum CapabilityOffer {
        case offered([String: String])
        /// The server does not know CAP (421): NICK and USER register the client anyway.
        case none
        /// The server sent 001 without waiting for CAP END.
        case alreadyWelcomed
    }

    func register(
        nick: String,
        sasl: (account: String, password: String)?,
        capabilities: [String],
        deadline: ContinuousClock.Instant,
        timeout: Duration
    ) async throws {
        // NICK and USER go out at once: a server that does not hold registration for CAP
        // (or does not know CAP) then registers the client all the same.
        try await send("CAP LS 302")
        try await send("NICK \(nick)")
        try await send("USER \(nick) 0 * :\(nick)")

        switch try await capabilityOffer(deadline: deadline, timeout: timeout) {
        case .alreadyWelcomed:
            return
        case .none:
            break
        case let .offered(offered):
            // Only what is offered is requested: one unknown name would NAK the whole request.
            var wanted = capabilities.filter { offered[$0] != nil }
            if sasl != nil {
                guard offered["sasl"] != nil else {
                    throw TestIRCClientError.saslFailed(numeric: "CAP", message: "the server offers no sasl capability")
                }
                if !wanted.contains("sasl") {
                    wanted.append("sasl")
                }
            }
            if !wanted.isEmpty {
                try await request(wanted, deadline: deadline, timeout: timeout)
            }
            if let sasl {
                try await authenticate(sasl, deadline: deadline, timeout: timeout)
            }
            try await send("CAP END")
        }
        _ = try await registrationLine(deadline: deadline, timeout: timeout) { $0.command == "001" }
    }

    /// Collects a (possibly multi-line) CAP LS 302 reply.
    private func capabilityOffer(deadline: ContinuousClock.Instant, timeout: Duration) async throws -> CapabilityOffer {
        var offered: [String: String] = [:]
        while true {
            let line = try await registrationLine(deadline: deadline, timeout: timeout) { line in
                line.isCapability("LS")
                    || (line.command == "421" && line.parameters.dropFirst().first?.uppercased() == "CAP")
                    || line.command == "001"
            }
            switch line.command {
            case "001":
                return .alreadyWelcomed
            case "421":
                return .none
            default:
                offered.merge(line.capabilityEntries) { $1 }
                if line.announcesMoreCapabilities {
                    continue
                }
                return .offered(offered)
            }
        }
    }

    private func request(_ wanted: [String], deadline: ContinuousClock.Instant, timeout: Duration) async throws {
        try await send("CAP REQ :" + wanted.joined(separator: " "))
        let answer = try await registrationLine(deadline: deadline, timeout: timeout) { line in
            line.isCapability("ACK") || line.isCapability("NAK")
        }
        guard answer.isCapability("ACK") else {
            throw TestIRCClientError.capabilityRejected(line: answer.raw)
        }
        for name in (answer.parameters.last ?? "").split(separator: " ") {
            enabledCapabilities.insert(String(name))
        }
    }

    /// SASL PLAIN with authzid = authcid = account. With services down the server never
    /// answers AUTHENTICATE, so this ends in a timeout.
    private func authenticate(
        _ credentials: (account: String, password: String),
        deadline: ContinuousClock.Instant,
        timeout: Duration
    ) async throws {
        try await send("AUTHENTICATE PLAIN")
        let challenge = try await registrationLine(deadline: deadline, timeout: timeout) { line in
            line.command == "AUTHENTICATE" || Self.saslFailures.contains(line.command)
        }
        if challenge.command != "AUTHENTICATE" {
            throw TestIRCClientError.saslFailed(numeric: challenge.command, message: challenge.parameters.last ?? "")
        }
        let plain = "\(credentials.account)\0\(credentials.account)\0\(credentials.password)"
        let payload = Data(plain.utf8).base64EncodedString()
        // Payloads go in 400-byte pieces; one that ends on a full piece is closed by "+".
        var rest = Substring(payload)
        while !rest.isEmpty {
            try await send("AUTHENTICATE " + rest.prefix(400))
            rest = rest.dropFirst(400)
        }
        if payload.count % 400 == 0 {
            try await send("AUTHENTICATE +")
        }
        let outcome = try await registrationLine(deadline: deadline, timeout: timeout) { line in
            line.command == "903" || Self.saslFailures.contains(line.command)
        }
        if outcome.command != "903" {
            throw TestIRCClientError.saslFailed(numeric: outcome.command, message: outcome.parameters.last ?? "")
        }
    }

    /// Waits for a line that `accept`s, failing at once on a reply that ends registration.
    private func registrationLine(
        deadline: ContinuousClock.Instant,
        timeout: Duration,
        _ accept: (TestIRCLine) -> Bool
    ) async throws -> TestIRCLine {
        let line = try await waitFor(deadline: deadline, timeout: timeout) { line in
            accept(line) || Self.fatalReplies.contains(line.command)
        }
        if !accept(line) {
            throw TestIRCClientError.registrationFailed(line: line.raw)
        }
        return line
    }
}
