/// Pickles hold private keys: `dump(_:)` and debuggers show their size only, not their bytes.
extension PickleWriter: RedactedReflection {}

extension PickleReader: RedactedReflection {}
