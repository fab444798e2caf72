/// `dump(_:)`, debuggers' summaries and `String(reflecting:)` of a type without a custom mirror
/// list its stored properties, private keys included. Every Olm type that holds key material
/// shows only its redacted `description` instead.
extension OlmAccount: CustomReflectable {
    public var customMirror: Mirror { Mirror(self, children: ["summary": description]) }
}

extension OlmSession: CustomReflectable {
    public var customMirror: Mirror { Mirror(self, children: ["summary": description]) }
}

extension OlmSendingRatchet: CustomReflectable {
    var customMirror: Mirror { Mirror(self, children: ["summary": description]) }
}

extension OlmReceiverChain: CustomReflectable {
    var customMirror: Mirror { Mirror(self, children: ["summary": description]) }
}

extension OlmCurveKeyPair: CustomReflectable {
    var customMirror: Mirror { Mirror(self, children: ["summary": description]) }
}

extension OlmRootKey: CustomReflectable {
    var customMirror: Mirror { Mirror(self, children: ["summary": description]) }
}

extension OlmChainKey: CustomReflectable {
    var customMirror: Mirror { Mirror(self, children: ["summary": description]) }
}

extension OlmMessageKey: CustomReflectable {
    var customMirror: Mirror { Mirror(self, children: ["summary": description]) }
}
