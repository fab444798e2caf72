import Foundation
import GifBotCore
import Synchronization
import Testing

@testable import GifBotWeb

@Suite struct LoginTokenTests {
    let codec = LoginTokenCodec(keys: WebKeys(secret: Array(repeating: 7, count: 32)))
    let alice = UserKey(network: "irc", userID: "alice")
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    func ticket(expiring: Date) -> LoginTicket {
        LoginTicket(nonce: "n1", user: alice, channel: "#gifs", expiresAt: expiring)
    }

    @Test func aSignedTokenGivesItsTicketBackUntilItExpires() throws {
        let token = try codec.token(for: ticket(expiring: now.addingTimeInterval(900)))
        #expect(codec.ticket(from: token, now: now) == .success(ticket(expiring: now.addingTimeInterval(900))))
        #expect(codec.ticket(from: token, now: now.addingTimeInterval(900)) == .failure(.expired))
    }

    @Test func anyChangedCharacterOrAnotherKeyIsRefused() throws {
        let token = try codec.token(for: ticket(expiring: now.addingTimeInterval(900)))
        var bytes = Array(token.utf8)
        for index in [5, bytes.count / 2, bytes.count - 2] {
            let original = bytes[index]
            bytes[index] = original == UInt8(ascii: "A") ? UInt8(ascii: "B") : UInt8(ascii: "A")
            let result = codec.ticket(from: String(decoding: bytes, as: UTF8.self), now: now)
            #expect(result == .failure(.badSignature) || result == .failure(.malformed))
            bytes[index] = original
        }
        let other = LoginTokenCodec(keys: WebKeys(secret: Array(repeating: 8, count: 32)))
        #expect(other.ticket(from: token, now: now) == .failure(.badSignature))
        #expect(codec.ticket(from: "", now: now) == .failure(.malformed))
        #expect(codec.ticket(from: String(repeating: "a", count: 5000), now: now) == .failure(.malformed))
    }

    @Test func aTokenWorksOnceEvenFromAnotherAccessOverTheSameStore() async throws {
        let store = InMemoryWebStore()
        let settings = WebSettings(port: 8080, baseURL: "https://gifs.example.org/")
        let first = WebAccess(store: store, settings: settings)
        let link = try await first.loginLink(for: alice, channel: "#gifs")
        #expect(link.hasPrefix("https://gifs.example.org/login?token=v1."))
        let token = String(link.split(separator: "=", maxSplits: 1)[1])
        guard case .success = try await first.redeem(token) else {
            Issue.record("the first use must open a session")
            return
        }
        let restarted = WebAccess(store: store, settings: settings)
        #expect(try await restarted.redeem(token) == .failure(.alreadyUsed))
        #expect(try await store.webChannels(for: alice, grantedSince: .distantPast) == ["#gifs"])
    }

    /// The grant is made when `!web` asks for the link, in the asker's turn: a leave after it
    /// revokes it for good, even when the link is used after the leave.
    @Test func aLeaveRevokesTheGrantEvenBeforeTheLinkIsUsed() async throws {
        let store = InMemoryWebStore()
        let access = WebAccess(store: store, settings: WebSettings(port: 8080, baseURL: "https://gifs.example.org"))
        let link = try await access.loginLink(for: alice, channel: "#secret")
        #expect(try await store.webChannels(for: alice, grantedSince: .distantPast) == ["#secret"])
        try await access.revokeChannel("#secret", for: alice)
        guard case .success(let cookie) = try await access.redeem(String(link.split(separator: "=", maxSplits: 1)[1]))
        else {
            Issue.record("the link still signs in")
            return
        }
        let session = try #require(try await access.session(cookie: cookie))
        #expect(try await access.channels(of: session).isEmpty, "signing in grants nothing the leave revoked")
    }

    /// A grant lapses after 30 days; another `!web` in the channel renews it.
    @Test func grantsExpireUnlessRenewed() async throws {
        let store = InMemoryWebStore()
        let clock = SettableClock(now)
        let access = WebAccess(
            store: store, settings: WebSettings(port: 8080, baseURL: "https://gifs.example.org"), now: { clock.read() })
        _ = try await access.loginLink(for: alice, channel: "#gifs")
        let session = WebSession(idHash: "s", user: alice, createdAt: now, expiresAt: .distantFuture)
        clock.set(now.addingTimeInterval(WebChannelGrants.lifetime - 60))
        #expect(try await access.channels(of: session) == ["#gifs"])
        _ = try await access.loginLink(for: alice, channel: "#gifs")
        clock.set(now.addingTimeInterval(WebChannelGrants.lifetime + 60))
        #expect(try await access.channels(of: session) == ["#gifs"], "renewed by the second !web")
        clock.set(now.addingTimeInterval(2 * WebChannelGrants.lifetime))
        #expect(try await access.channels(of: session).isEmpty, "lapsed")
    }

    @Test func csrfTokensBelongToOneSession() async throws {
        let access = WebAccess(store: InMemoryWebStore(), settings: WebSettings(port: 1, baseURL: "http://x"))
        let one = WebSession(idHash: "a", user: alice, createdAt: now, expiresAt: now)
        let two = WebSession(idHash: "b", user: alice, createdAt: now, expiresAt: now)
        let token = try await access.csrfToken(for: one)
        #expect(try await access.isValidCSRF(token, for: one))
        #expect(try await !access.isValidCSRF(token, for: two))
        #expect(try await !access.isValidCSRF("", for: one))
    }

    @Test func htmlEscapesTextAndAttributes() {
        let page = HTML.element("p", ["title": "\"><script>"], [.text("<b>&'")]).markup
        #expect(page == "<p title=\"&quot;&gt;&lt;script&gt;\">&lt;b&gt;&amp;&#39;</p>")
    }
}

/// A clock a test moves by hand.
final class SettableClock: Sendable {
    private let date: Mutex<Date>

    init(_ start: Date) { date = Mutex(start) }

    func set(_ new: Date) { date.withLock { $0 = new } }

    func read() -> Date { date.withLock { $0 } }
}
