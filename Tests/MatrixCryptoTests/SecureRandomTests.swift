import Testing

@testable import MatrixCrypto

@Suite struct SecureRandomTests {
    @Test("Exactly the bytes asked for, whole draws or not", arguments: [0, 1, 7, 8, 9, 16, 128])
    func theCountAskedFor(_ count: Int) {
        #expect(SecureRandom.bytes(count).count == count)
    }

    @Test("Two draws of 16 bytes differ, and their bytes are not all one value")
    func drawsDiffer() {
        let first = SecureRandom.bytes(16), second = SecureRandom.bytes(16)
        #expect(first != second)
        #expect(Set(first).count > 1)
    }
}
