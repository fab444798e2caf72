import BenchmarkSupport
import Foundation
import Logging
@_spi(Benchmarks) import Matrix
import MatrixCrypto
import SeededRandom
import Storage

/// Scenario 8: Matrix end-to-end encryption (MatrixCrypto, issue 22) as the bot will use it in an
/// encrypted room: one Megolm message encrypted and decrypted (a typical m.room.message body),
/// an Olm session set up (outbound from a claimed one-time key, inbound from its pre-key message),
/// a 2 MB attachment encrypted and decrypted (AES-256-CTR and SHA-256), and what a decrypted
/// message writes to the store early and late in its session (issue 31).
enum CryptoScenario {
    struct Plan {
        var megolmMessages: Int, olmSessions: Int, attachments: Int
    }

    static func run(_ report: Report, plan: Plan) async throws {
        progress("scenario 8: matrix crypto")
        try megolm(report, messages: plan.megolmMessages)
        try olm(report, sessions: plan.olmSessions)
        try keySharing(report, devices: 50, runs: max(1, plan.olmSessions / 50))
        try attachments(report, runs: plan.attachments)
        try await storeWrites(report, lastIndex: UInt32(max(plan.megolmMessages, 11)))
    }

    /// Bytes the bot's store writes (sealed rows and their names, SQLite) for one decrypted
    /// message at index 10 of its session and at `lastIndex`: it grew with the session's age
    /// before issue 31 (38 KiB early, 290 KiB after 2,000 messages).
    static func storeWrites(_ report: Report, lastIndex: UInt32) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "gifbot-benchmark-megolm-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try await SQLiteStore.open(
            path: folder.appendingPathComponent("bot.sqlite").path,
            logger: Logger(label: "gifbot-benchmark") { _ in SwiftLogNoOpLogHandler() })
        let written: [UInt32: Int]
        do {
            written = try await MegolmWriteVolume.bytesWritten(atIndices: [10, lastIndex], store: store)
        } catch {
            try? await store.close()
            throw error
        }
        try await store.close()
        for index in [10, lastIndex] {
            report.add(
                "8 matrix crypto", "store bytes written per decrypted Megolm message at index \(index)",
                written[index].map(Double.init), "B", target: "<= 1024", met: { $0 <= 1024 })
        }
    }

    /// Per message, in order, as a room's traffic arrives: the inbound session moves with the ratchet.
    static func megolm(_ report: Report, messages: Int) throws {
        let body = Array(
            #"{"type":"m.room.message","content":{"msgtype":"m.image","body":"cat.gif","url":"mxc://example.org/AbCdEfGhIjKlMnOp","info":{"mimetype":"image/gif","w":480,"h":270,"size":1048576}},"room_id":"!room:example.org"}"#
                .utf8)
        var outbound = MegolmOutboundSession()
        var inbound = try MegolmInboundSession(sessionKey: outbound.sessionKey)
        var encryptTimes: [Double] = []
        var decryptTimes: [Double] = []
        encryptTimes.reserveCapacity(messages)
        decryptTimes.reserveCapacity(messages)
        for _ in 0..<messages {
            var started = ContinuousClock.now
            let message = try outbound.encrypt(body)
            encryptTimes.append((ContinuousClock.now - started).inSeconds * 1e6)
            let base64 = message.base64
            started = ContinuousClock.now
            let decrypted = try inbound.decrypt(base64: base64)
            decryptTimes.append((ContinuousClock.now - started).inSeconds * 1e6)
            guard decrypted.plaintext == body else { throw BenchmarkError.childFailed("Megolm round trip differs") }
        }
        report.add(
            "8 matrix crypto", "Megolm encrypt, one \(body.count)-byte event (median)", Measure.median(encryptTimes),
            "µs")
        report.add(
            "8 matrix crypto", "Megolm decrypt from base64, same event (median)", Measure.median(decryptTimes), "µs")
    }

    /// A fresh pair of accounts' worth of work per session: Alice claims one of Bob's one-time keys
    /// and encrypts the first message; Bob creates the inbound session from that pre-key message.
    static func olm(_ report: Report, sessions: Int) throws {
        let alice = OlmAccount()
        var bob = OlmAccount()
        var outboundTimes: [Double] = []
        var inboundTimes: [Double] = []
        for _ in 0..<sessions {
            bob.generateOneTimeKeys(count: 1)
            guard let oneTimeKey = bob.unpublishedOneTimeKeys.values.first else {
                throw BenchmarkError.childFailed("no one-time key")
            }
            bob.markKeysAsPublished()
            var started = ContinuousClock.now
            var session = try alice.createOutboundSession(
                theirIdentityKey: bob.identityKeys.curve25519, theirOneTimeKey: oneTimeKey)
            let first = try session.encrypt(Array("hello".utf8))
            outboundTimes.append((ContinuousClock.now - started).inSeconds * 1e6)
            guard case .preKey(let preKey) = first else { throw BenchmarkError.childFailed("no pre-key message") }
            started = ContinuousClock.now
            let inbound = try bob.createInboundSession(
                theirIdentityKey: alice.identityKeys.curve25519, preKeyMessage: preKey)
            inboundTimes.append((ContinuousClock.now - started).inSeconds * 1e6)
            guard inbound.plaintext == Array("hello".utf8) else { throw BenchmarkError.childFailed("Olm round trip") }
        }
        report.add(
            "8 matrix crypto", "Olm outbound session + first message (median)", Measure.median(outboundTimes), "µs")
        report.add(
            "8 matrix crypto", "Olm inbound session from the pre-key message (median)", Measure.median(inboundTimes),
            "µs")
    }

    /// What the bot does before its first message in a room of 50 devices (issue 23), network
    /// aside: for each device, check its claimed one-time key's signature, start an Olm session
    /// and encrypt the `m.room_key` payload for it.
    static func keySharing(_ report: Report, devices: Int, runs: Int) throws {
        let bot = OlmAccount()
        let outbound = MegolmOutboundSession()
        var members: [(account: OlmAccount, key: CanonicalJSONValue)] = []
        for index in 0..<devices {
            var member = OlmAccount()
            member.generateOneTimeKeys(count: runs)
            let keys = try member.signedOneTimeKeys(userID: "@member\(index):example.org", deviceID: "DEVICE")
            members.append((member, keys))
        }
        let payload = try CanonicalJSON.encode([
            "type": "m.room_key", "sender": "@gifbot:example.org", "sender_device": "BOT",
            "keys": ["ed25519": .string(bot.identityKeys.ed25519)], "recipient": "@member:example.org",
            "recipient_keys": ["ed25519": .string(bot.identityKeys.ed25519)],
            "content": [
                "algorithm": "m.megolm.v1.aes-sha2", "room_id": "!room:example.org",
                "session_id": .string(outbound.sessionID), "session_key": .string(outbound.sessionKey.base64),
            ],
        ])
        var times: [Double] = []
        for run in 0..<runs {
            let started = ContinuousClock.now
            for (index, member) in members.enumerated() {
                guard let objects = member.key.objectValue, objects.count > run else {
                    throw BenchmarkError.childFailed("no one-time key")
                }
                let object = objects.sorted { $0.key < $1.key }[run].value
                try JSONSigning.verify(
                    object, userID: "@member\(index):example.org", deviceID: "DEVICE",
                    publicKeyBase64: member.account.identityKeys.ed25519)
                guard let key = object["key"]?.stringValue else { throw BenchmarkError.childFailed("no key") }
                var session = try bot.createOutboundSession(
                    theirIdentityKey: member.account.identityKeys.curve25519, theirOneTimeKey: key)
                _ = try session.encrypt(payload)
            }
            times.append((ContinuousClock.now - started).inSeconds * 1e3)
        }
        report.add(
            "8 matrix crypto", "Room key shared with \(devices) new devices (verify, Olm session, encrypt; median)",
            Measure.median(times), "ms")
    }

    /// A 2 MB file (2,000,000 bytes of seeded noise), as a GIF the bot would upload to an encrypted room.
    static func attachments(_ report: Report, runs: Int) throws {
        var random = SplitMix64(seed: 22)
        var file = [UInt8](repeating: 0, count: 2_000_000)
        for index in stride(from: 0, to: file.count, by: 8) {
            withUnsafeBytes(of: random.next()) { word in
                for offset in 0..<min(8, file.count - index) { file[index + offset] = word[offset] }
            }
        }
        var encryptTimes: [Double] = []
        var decryptTimes: [Double] = []
        for _ in 0..<runs {
            var started = ContinuousClock.now
            let encrypted = AttachmentCipher.encrypt(file)
            let description = try encrypted.file(url: "mxc://example.org/AbCdEfGhIjKlMnOp")
            encryptTimes.append((ContinuousClock.now - started).inSeconds * 1000)
            started = ContinuousClock.now
            let decrypted = try AttachmentCipher.decrypt(encrypted.ciphertext, file: description)
            decryptTimes.append((ContinuousClock.now - started).inSeconds * 1000)
            guard decrypted == file else { throw BenchmarkError.childFailed("attachment round trip differs") }
        }
        report.add("8 matrix crypto", "2 MB attachment encrypt (median)", Measure.median(encryptTimes), "ms")
        report.add(
            "8 matrix crypto", "2 MB attachment decrypt, hash checked first (median)", Measure.median(decryptTimes),
            "ms")
    }
}
