/// `dump(_:)`, debuggers' summaries and `String(reflecting:)` of a type without a custom mirror
/// list its stored properties, private keys included. Every Olm type that holds key material
/// shows only its redacted `description` instead.
extension OlmAccount: RedactedReflection {}

extension OlmSession: RedactedReflection {}

extension OlmSendingRatchet: RedactedReflection {}

extension OlmReceiverChain: RedactedReflection {}

extension OlmCurveKeyPair: RedactedReflection {}

extension OlmRootKey: RedactedReflection {}

extension OlmChainKey: RedactedReflection {}

extension OlmMessageKey: RedactedReflection {}
