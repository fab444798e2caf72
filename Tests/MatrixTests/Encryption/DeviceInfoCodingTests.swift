import Foundation
import Testing

@testable import Matrix

/// A device's stored form: the device lists kept in the crypto state outlive the bot's versions,
/// so what is written stays what earlier versions wrote, and what they wrote still reads.
@Suite struct DeviceInfoCodingTests {
    @Test func aDeviceStoredByAnEarlierVersionReadsWithItsAddress() throws {
        let stored = Data(
            #"{"userID":"@ann:example.org","deviceID":"PHONE","curve25519":"c","ed25519":"e","isCrossSigned":true}"#
                .utf8)
        let device = try JSONDecoder().decode(DeviceInfo.self, from: stored)
        #expect(device.address == "@ann:example.org PHONE")
        #expect(device.isCrossSigned)
    }

    @Test func theAddressIsMadeFromTheIdsNotWritten() throws {
        let device = DeviceInfo(
            userID: "@bob:example.org", deviceID: "LAPTOP", curve25519: "c", ed25519: "e", isCrossSigned: false)
        let written = try JSONSerialization.jsonObject(with: JSONEncoder().encode(device)) as? [String: Any]
        #expect(
            Set(written.map { Array($0.keys) } ?? []) == [
                "userID", "deviceID", "curve25519", "ed25519", "isCrossSigned",
            ])
        #expect(try JSONDecoder().decode(DeviceInfo.self, from: JSONEncoder().encode(device)) == device)
    }
}
