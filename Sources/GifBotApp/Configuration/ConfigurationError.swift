/// A configuration problem, worded as one line for the operator: which key, what is accepted.
package struct ConfigurationError: Error, CustomStringConvertible, Equatable {
    package let description: String

    package static func invalid(_ key: SettingKey, accepted: String, got value: String) -> ConfigurationError {
        let shown = key.isSecret ? "(hidden)" : "'\(value.prefix(60))'"
        return ConfigurationError(description: "\(key.label) must be \(accepted); got \(shown)")
    }

    package static func missing(_ key: SettingKey, hint: String) -> ConfigurationError {
        ConfigurationError(description: "\(key.label) is required: \(hint)")
    }

    package static func unreadableFile(_ path: String, reason: String) -> ConfigurationError {
        ConfigurationError(description: "cannot read the config file '\(path)': \(reason)")
    }
}
