import Foundation
import Testing

@testable import Klipy

@Suite struct KlipyCustomerIDTests {
    let deriver: KlipyCustomerIDDeriver

    init() throws {
        deriver = try #require(KlipyCustomerIDDeriver(secret: Array("0123456789abcdef-test-secret".utf8)))
    }

    @Test func theSameUserAlwaysGetsTheSameID() {
        let first = deriver.customerID(network: "libera", userID: "alice")
        let again = deriver.customerID(network: "libera", userID: "alice")
        #expect(first == again)
        #expect(first.value.count == 32)
        #expect(first.value.allSatisfy { "0123456789abcdef".contains($0) })
    }

    @Test func differentUsersNetworksAndSecretsGetDifferentIDs() throws {
        let alice = deriver.customerID(network: "libera", userID: "alice")
        #expect(alice != deriver.customerID(network: "libera", userID: "bob"))
        #expect(alice != deriver.customerID(network: "oftc", userID: "alice"))
        #expect(deriver.customerID(network: "a:b", userID: "c") != deriver.customerID(network: "a", userID: "b:c"))
        let other = try #require(KlipyCustomerIDDeriver(secret: Array("another-secret-of-32-bytes-.....".utf8)))
        #expect(alice != other.customerID(network: "libera", userID: "alice"))
    }

    @Test(arguments: ["alice", "@alice:example.org", "Ælfrīc", "x"])
    func theRawIdentityNeverAppears(userID: String) {
        let id = deriver.customerID(network: "matrix", userID: userID).value
        #expect(!id.lowercased().contains(userID.lowercased()))
        #expect(!id.contains("matrix"))
        let url = KlipyClientConfiguration(appKey: "k").url(
            for: .search("cat", page: 1, perPage: 8, filter: .high, customerID: id, locale: nil), includingKey: false)
        #expect(
            !url.contains(userID)
                && !url.contains(userID.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? userID))
    }

    @Test func shortSecretsAreRefusedAndGeneratedOnesAreLongEnough() {
        #expect(KlipyCustomerIDDeriver(secret: Array("short".utf8)) == nil)
        let generated = KlipyCustomerIDDeriver.generateSecret()
        #expect(generated.count == 32)
        #expect(KlipyCustomerIDDeriver(secret: generated) != nil)
        #expect(generated != KlipyCustomerIDDeriver.generateSecret())
    }
}
