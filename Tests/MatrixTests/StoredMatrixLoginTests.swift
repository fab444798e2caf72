import Foundation
import NIOHTTP1
import Testing

@testable import Matrix

/// What the bot keeps of its Matrix login and when it refreshes (issue 33), without a server.
struct StoredMatrixLoginTests {
    let issued = Date(timeIntervalSince1970: 1_800_000_000)

    func login(lifetime: Duration?, refreshToken: String? = "refresh") -> StoredMatrixLogin {
        StoredMatrixLogin(
            deviceID: "DEVICE", tokens: .init(accessToken: "access", refreshToken: refreshToken, expiresIn: lifetime),
            now: issued)
    }

    @Test func anExpiringTokenIsRefreshedAFifthOfItsLifetimeBeforeItExpires() throws {
        let minute = login(lifetime: .seconds(60))
        #expect(minute.expiresAt == issued.addingTimeInterval(60))
        #expect(minute.refreshDue == issued.addingTimeInterval(48))
        #expect(login(lifetime: .seconds(300)).refreshDue == issued.addingTimeInterval(240))
        // At least 10 seconds before expiry.
        #expect(login(lifetime: .seconds(30)).refreshDue == issued.addingTimeInterval(20))
        // Never earlier than half way, however short the lifetime.
        #expect(login(lifetime: .seconds(8)).refreshDue == issued.addingTimeInterval(4))
        #expect(login(lifetime: .milliseconds(1500)).expiresAt == issued.addingTimeInterval(1.5))
    }

    @Test func aTokenThatDoesNotExpireOrCannotBeRefreshedIsNeverRefreshed() {
        #expect(login(lifetime: nil).refreshDue == nil && login(lifetime: nil).expiresAt == nil)
        #expect(login(lifetime: .seconds(60), refreshToken: nil).refreshDue == nil)
    }

    @Test func theStoredFormReadsBackTheSame() throws {
        let stored = login(lifetime: .seconds(60))
        let text = try JSONEncoder().encode(stored)
        #expect(try JSONDecoder().decode(StoredMatrixLogin.self, from: text) == stored)
    }

    @Test func aRefusedTokenSaysWhetherTheDeviceLivesOn() {
        func refusal(_ body: String) -> MatrixError {
            MatrixHTTP.error(from: .init(status: 401, headers: [:], body: Data(body.utf8)))
        }
        let expired = refusal(#"{"errcode":"M_UNKNOWN_TOKEN","error":"expired","soft_logout":true}"#)
        let loggedOut = refusal(#"{"errcode":"M_UNKNOWN_TOKEN","error":"gone"}"#)
        let odd = refusal(#"{"errcode":"M_UNKNOWN_TOKEN","soft_logout":"true"}"#)
        #expect(expired.isUnknownToken && expired.isSoftLogout)
        #expect(loggedOut.isUnknownToken && !loggedOut.isSoftLogout && !odd.isSoftLogout)
        #expect(!refusal(#"{"errcode":"M_FORBIDDEN","soft_logout":true}"#).isSoftLogout)
        #expect(TokenRefusal(expired, token: "t") == TokenRefusal(expired, token: "t"))
        #expect(TokenRefusal(expired, token: "t")?.softLogout == true)
        #expect(TokenRefusal(loggedOut, token: "t")?.softLogout == false)
        #expect(TokenRefusal(refusal(#"{"errcode":"M_FORBIDDEN"}"#), token: "t") == nil)
        #expect(TokenRefusal(expired, token: nil) == nil)
    }
}
