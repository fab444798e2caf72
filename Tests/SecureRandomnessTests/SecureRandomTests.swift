import Testing

@testable import SecureRandomness

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

    @Test("Letters and digits: the count asked for, from the 62 only", arguments: [0, 1, 31, 32, 100])
    func alphanumericCount(_ count: Int) {
        let drawn = SecureRandom.alphanumerics(count)
        #expect(drawn.utf8.count == count)
        #expect(drawn.utf8.allSatisfy { SecureRandom.alphanumericCharacters.contains($0) })
    }

    /// Every character comes, none far more often than the others: with the bytes at or above
    /// 248 kept (`byte % 62`), the first eight characters would come 5 times in 256 rather
    /// than 4, a quarter more. 62,000 draws: 1,000 expected each, a standard deviation of 31.
    @Test("Each of the 62 characters about equally often")
    func alphanumericsUniform() {
        var counts: [UInt8: Int] = [:]
        for byte in SecureRandom.alphanumerics(62_000).utf8 { counts[byte, default: 0] += 1 }
        #expect(counts.count == 62)
        let low = counts.values.min() ?? 0, high = counts.values.max() ?? 0
        #expect(low > 820 && high < 1_180, "counts from \(low) to \(high)")
    }
}
