/// Parses the capability lists of CAP LS/ACK/NAK/NEW/DEL replies.
public enum CapabilityList {
    /// Maps each capability (lowercased) to its value, "" when it has none. A leading '-'
    /// (a capability being disabled in ACK, or listed in DEL/NAK) is removed.
    public static func parse(_ text: String) -> [String: String] {
        var capabilities: [String: String] = [:]
        for token in text.split(separator: " ", omittingEmptySubsequences: true) {
            var item = Substring(token)
            if item.hasPrefix("-") {
                item = item.dropFirst()
            }
            let name: Substring
            let value: Substring
            if let equals = item.firstIndex(of: "=") {
                name = item[..<equals]
                value = item[item.index(after: equals)...]
            } else {
                name = item
                value = ""
            }
            guard !name.isEmpty else { continue }
            capabilities[name.lowercased()] = String(value)
        }
        return capabilities
    }
}
