/// A type that holds key material: `dump(_:)`, debuggers' summaries and `String(reflecting:)`
/// would otherwise list its stored properties, keys included, so it shows only its redacted
/// `description`. Conforming is the whole of it.
public protocol RedactedReflection: CustomStringConvertible, CustomReflectable {}

extension RedactedReflection {
    public var customMirror: Mirror { Mirror(self, children: ["summary": description]) }
}
