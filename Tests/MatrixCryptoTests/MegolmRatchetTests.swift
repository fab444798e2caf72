import Crypto
import Testing

@testable import MatrixCrypto

@Suite struct MegolmRatchetTests {
    static func seed() -> [UInt8] { (0..<128).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) } }

    /// The specification's definition, written out independently of `MegolmRatchet`: at step i,
    /// the highest part j whose period 2^(8(3-j)) divides i is hashed into parts j...3, each with
    /// its own number, from j's value before the step.
    static func reference(from seed: [UInt8], start: UInt32, steps: Int) -> [UInt8] {
        var parts = (0..<4).map { Array(seed[($0 * 32)..<($0 * 32 + 32)]) }
        var index = start
        for _ in 0..<steps {
            index &+= 1
            let j = index % (1 << 24) == 0 ? 0 : index % (1 << 16) == 0 ? 1 : index % (1 << 8) == 0 ? 2 : 3
            let source = SymmetricKey(data: parts[j])
            for k in j...3 { parts[k] = Array(HMAC<SHA256>.authenticationCode(for: [UInt8(k)], using: source)) }
        }
        return parts.flatMap { $0 }
    }

    @Test func oneStepChangesOnlyPartThree() {
        var ratchet = MegolmRatchet(parts: Self.seed(), index: 0)
        ratchet.advance()
        #expect(ratchet.index == 1)
        #expect(ratchet.parts[..<96] == Self.seed()[..<96])
        #expect(ratchet.parts[96...] != Self.seed()[96...])
        #expect(ratchet.parts == Self.reference(from: Self.seed(), start: 0, steps: 1))
    }

    @Test(arguments: [(UInt32(0), 1), (0, 255), (0, 256), (0, 257), (0, 600), (3, 70_000), (0xFF_FF00, 300)])
    func jumpingEqualsSteppingOneByOne(start: UInt32, steps: Int) {
        var stepped = MegolmRatchet(parts: Self.seed(), index: start)
        for _ in 0..<steps { stepped.advance() }
        var jumped = MegolmRatchet(parts: Self.seed(), index: start)
        jumped.advance(to: start + UInt32(steps))
        #expect(jumped == stepped)
        #expect(jumped.index == start + UInt32(steps))
        #expect(jumped.parts == Self.reference(from: Self.seed(), start: start, steps: steps))
    }

    /// Across the 2^24 boundary part 0 is re-seeded, and every part changes.
    @Test func theTopBoundaryReseedsEveryPart() {
        var ratchet = MegolmRatchet(parts: Self.seed(), index: (1 << 24) - 1)
        ratchet.advance(to: 1 << 24)
        for part in 0..<4 {
            #expect(ratchet.parts[(part * 32)..<(part * 32 + 32)] != Self.seed()[(part * 32)..<(part * 32 + 32)])
        }
        #expect(ratchet.parts == Self.reference(from: Self.seed(), start: (1 << 24) - 1, steps: 1))
    }

    @Test func jumpingInStagesEqualsOneJump() {
        var direct = MegolmRatchet(parts: Self.seed(), index: 0)
        direct.advance(to: 0x0102_0304)
        var staged = MegolmRatchet(parts: Self.seed(), index: 0)
        for target: UInt32 in [5, 0x100, 0x1_0001, 0x0100_0000, 0x0102_0000, 0x0102_0304] { staged.advance(to: target) }
        #expect(direct == staged)
    }

    @Test func neverMovesBackwards() {
        var ratchet = MegolmRatchet(parts: Self.seed(), index: 10)
        ratchet.advance(to: 5)
        #expect(ratchet == MegolmRatchet(parts: Self.seed(), index: 10))
    }

    @Test func describesOnlyItsIndex() {
        #expect("\(MegolmRatchet(parts: Self.seed(), index: 7))" == "MegolmRatchet(index: 7)")
    }
}
