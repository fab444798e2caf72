/// Pickles hold private keys: `dump(_:)` and debuggers show their size only, not their bytes.
extension PickleWriter: CustomReflectable {
    public var customMirror: Mirror { Mirror(self, children: ["summary": description]) }
}

extension PickleReader: CustomReflectable {
    public var customMirror: Mirror { Mirror(self, children: ["summary": description]) }
}
