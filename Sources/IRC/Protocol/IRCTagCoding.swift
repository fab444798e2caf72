/// IRCv3 message-tag syntax: `key[=value]` items separated by ';', with escaped values.
enum IRCTagCoding {
    static func parseTags(_ text: String) -> [String: String] {
        var tags: [String: String] = [:]
        for item in text.unicodeScalars.split(separator: ";", omittingEmptySubsequences: true) {
            let key: String
            let value: String
            if let equals = item.firstIndex(of: "=") {
                key = String(Substring(item[..<equals]))
                value = unescape(Substring(item[item.index(after: equals)...]))
            } else {
                key = String(Substring(item))
                value = ""
            }
            guard !key.isEmpty else { continue }
            // The spec says a repeated key keeps the last value, which plain assignment gives.
            tags[key] = value
        }
        return tags
    }

    static func unescape(_ value: Substring) -> String {
        var result = String.UnicodeScalarView()
        var iterator = value.unicodeScalars.makeIterator()
        while let scalar = iterator.next() {
            guard scalar == "\\" else {
                result.append(scalar)
                continue
            }
            // A trailing lone backslash has nothing to escape and is dropped.
            guard let escaped = iterator.next() else { break }
            switch escaped {
            case ":": result.append(";")
            case "s": result.append(" ")
            case "r": result.append("\r")
            case "n": result.append("\n")
            default: result.append(escaped)
            }
        }
        return String(result)
    }

    static func escape(_ value: String) -> String {
        var result = String.UnicodeScalarView()
        for scalar in value.unicodeScalars {
            switch scalar {
            case ";": result.append(contentsOf: "\\:".unicodeScalars)
            case " ": result.append(contentsOf: "\\s".unicodeScalars)
            case "\\": result.append(contentsOf: "\\\\".unicodeScalars)
            case "\r": result.append(contentsOf: "\\r".unicodeScalars)
            case "\n": result.append(contentsOf: "\\n".unicodeScalars)
            default: result.append(scalar)
            }
        }
        return String(result)
    }
}
