/// A configuration problem, worded as one line for the operator: which key, what is accepted.
struct ConfigurationError: Error, CustomStringConvertible, Equatable {
    let description: String

    static func invalid(_ key: SettingKey, accepted: String, got value: String) -> ConfigurationError {
        let shown = key.isSecret ? "(hidden)" : "'\(value.prefix(60))'"
        return ConfigurationError(description: "\(key.label) must be \(accepted); got \(shown)")
    }

    static func missing(_ key: SettingKey, hint: String) -> ConfigurationError {
        ConfigurationError(description: "\(key.label) is required: \(hint)")
    }

    static func unreadableFile(_ path: String, reason: String) -> ConfigurationError {
        ConfigurationError(description: "cannot read the config file '\(path)': \(reason)")
    }
}
