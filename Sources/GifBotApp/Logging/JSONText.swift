import Foundation
import Logging

/// JSON text for log lines, written by hand: metadata keys come out sorted, so equal events
/// give equal lines, and no encoder is built per line.
package enum JSONText {
    package static func appendString(_ text: String, to output: inout String) {
        output.append("\"")
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output.append("\\\"")
            case "\\": output.append("\\\\")
            case "\n": output.append("\\n")
            case "\r": output.append("\\r")
            case "\t": output.append("\\t")
            case "\u{2028}", "\u{2029}": output.append(String(format: "\\u%04X", scalar.value))
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    output.append(String(format: "\\u%04X", scalar.value))
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        output.append("\"")
    }

    package static func appendObject(_ metadata: Logger.Metadata, to output: inout String) {
        output.append("{")
        for (index, key) in metadata.keys.sorted().enumerated() {
            if index > 0 { output.append(",") }
            appendString(key, to: &output)
            output.append(":")
            appendValue(metadata[key]!, to: &output)
        }
        output.append("}")
    }

    package static func appendValue(_ value: Logger.MetadataValue, to output: inout String) {
        switch value {
        case .string(let text): appendString(text, to: &output)
        case .stringConvertible(let convertible): appendString(convertible.description, to: &output)
        case .dictionary(let dictionary): appendObject(dictionary, to: &output)
        case .array(let values):
            output.append("[")
            for (index, element) in values.enumerated() {
                if index > 0 { output.append(",") }
                appendValue(element, to: &output)
            }
            output.append("]")
        }
    }
}
