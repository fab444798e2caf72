/// Canonical JSON's values as `JSONParser` reads them: integers only, within canonical JSON's
/// range.
extension CanonicalJSONValue: JSONTree {
    @inlinable
    public static func parsedNumber(_ number: JSONNumber) throws(MatrixCryptoError) -> CanonicalJSONValue {
        guard number.isInteger else { throw .jsonNotAnInteger }
        guard number.integerDigits <= 16 && number.magnitude <= CanonicalJSON.maximumInteger else {
            throw .jsonIntegerOutOfRange
        }
        return .integer(number.isNegative ? -number.magnitude : number.magnitude)
    }
}

extension JSONParser {
    /// Parses one complete JSON document strictly, as canonical JSON (`Limits.default` unless
    /// told otherwise).
    public static func parse(
        _ bytes: [UInt8], limits: Limits = .default
    ) throws(MatrixCryptoError) -> CanonicalJSONValue {
        try parse(bytes, as: CanonicalJSONValue.self, limits: limits)
    }
}
