import MatrixCrypto

/// A failure in the request itself (not in the cryptography): a missing or mistyped parameter,
/// an unknown operation or handle.
struct RequestError: Error {
    let message: String
}

/// The peer's state and its dispatch of operations by name.
struct Peer {
    /// Objects the other side refers to by handle ("h1", "h2", ...), by kind.
    var olmAccounts: [String: OlmAccount] = [:]
    var olmSessions: [String: OlmSession] = [:]
    var megolmOutbound: [String: MegolmOutboundSession] = [:]
    var megolmInbound: [String: MegolmInboundSession] = [:]
    /// One guard for all inbound sessions, as a client keeps it.
    var replayGuard = MegolmReplayGuard()
    var nextHandle = 1

    mutating func newHandle() -> String {
        defer { nextHandle += 1 }
        return "h\(nextHandle)"
    }

    /// The answer line for one request line. Every answer carries the request's `id` and `ok`;
    /// a refusal by MatrixCrypto names its `MatrixCryptoError` case in `error` so the other side
    /// can check that the specific typed error was raised.
    mutating func answer(_ line: String) -> String {
        var answer: [String: CanonicalJSONValue]
        var id: CanonicalJSONValue = .null
        do {
            let request = try Request(line: line)
            id = request.id
            answer = try perform(request)
            answer["ok"] = true
        } catch let error as MatrixCryptoError {
            answer = ["ok": false, "kind": "crypto", "error": .string(String(describing: error))]
        } catch let error as RequestError {
            answer = ["ok": false, "kind": "request", "error": .string(error.message)]
        } catch {
            answer = ["ok": false, "kind": "request", "error": .string(String(describing: error))]
        }
        answer["id"] = id
        return (try? CanonicalJSON.encodeString(.object(answer)))
            ?? #"{"ok":false,"kind":"request","error":"unencodable"}"#
    }

    mutating func perform(_ request: Request) throws -> [String: CanonicalJSONValue] {
        switch request.op {
        case "ping": return ["pong": true]
        case "operations": return ["operations": .array(Self.operations.map { .string($0) })]
        default: break
        }
        if let result = try performEncoding(request) { return result }
        if let result = try performAttachments(request) { return result }
        if let result = try performSecretStorage(request) { return result }
        if let result = try performOlm(request) { return result }
        if let result = try performMegolm(request) { return result }
        throw RequestError(message: "unknown operation \(request.op)")
    }

    static let operations =
        ["ping", "operations"] + encodingOperations + attachmentOperations + secretStorageOperations + olmOperations
        + megolmOperations
}
