import Configuration
import Foundation

/// Where configuration values come from, highest precedence first: command-line options,
/// environment variables, the config file (JSON or YAML), then the defaults in code.
package struct ConfigurationSources: Sendable {
    private let reader: ConfigReader

    package init(reader: ConfigReader) {
        self.reader = reader
    }

    package static func load(
        options: [SettingKey: String], environment: [String: String],
        configFile: String?
    ) async throws(ConfigurationError) -> ConfigurationSources {
        var values: [AbsoluteConfigKey: ConfigValue] = [:]
        for (key, value) in options {
            values[AbsoluteConfigKey(ConfigKey(key.key))] = ConfigValue(.string(value), isSecret: key.isSecret)
        }
        var providers: [any ConfigProvider] = [
            InMemoryProvider(name: "command line", values: values),
            EnvironmentVariablesProvider(
                environmentVariables: environment,
                secretsSpecifier: .dynamic { name, _ in
                    let lowered = name.lowercased()
                    return lowered.contains("api_key") || lowered.contains("app_key") || lowered.contains("password")
                        || lowered.contains("token") || lowered.contains("store_key")
                        || lowered.contains("secret") || lowered == "database_url"
                }),
        ]
        if let configFile {
            providers.append(try await fileProvider(configFile))
        }
        return ConfigurationSources(reader: ConfigReader(providers: providers))
    }

    /// The value of a key as text, whatever type the source stored it as (a JSON number, a YAML
    /// boolean), so validation can name the key and the accepted values itself.
    package func text(_ key: SettingKey) -> String? {
        let configKey = ConfigKey(key.key)
        if let string = reader.string(forKey: configKey, isSecret: key.isSecret) { return string }
        if let int = reader.int(forKey: configKey, isSecret: key.isSecret) { return String(int) }
        if let double = reader.double(forKey: configKey, isSecret: key.isSecret) { return String(double) }
        if let bool = reader.bool(forKey: configKey, isSecret: key.isSecret) { return String(bool) }
        return nil
    }

    /// A secret, given as itself or as the path of a file holding it: `giphy.api_key_file`
    /// (`GIPHY_API_KEY_FILE`, `--giphy-api-key-file`) for `giphy.api_key`. Setting both is a
    /// mistake, whichever source each comes from: one of them would be silently ignored.
    package func secret(_ key: SettingKey) throws(ConfigurationError) -> String? {
        let direct = SettingValues.trimmed(text(key))
        guard let path = SettingValues.trimmed(text(key.fileKey)) else { return direct }
        guard direct == nil else {
            throw ConfigurationError(description: "set \(key.label) or \(key.fileKey.label), not both")
        }
        return try SecretFile.text(at: path, for: key.fileKey)
    }

    /// A list given as a list in a config file (environment variables give comma-separated text).
    package func list(_ key: SettingKey) -> [String] {
        reader.stringArray(forKey: ConfigKey(key.key), isSecret: key.isSecret) ?? []
    }

    private static func fileProvider(_ path: String) async throws(ConfigurationError) -> any ConfigProvider {
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw .unreadableFile(path, reason: "no such readable file")
        }
        let lowered = path.lowercased()
        // The file providers take their path from a reader, which spares a direct dependency
        // on swift-system for its FilePath type.
        let pathReader = ConfigReader(
            provider: InMemoryProvider(values: ["filePath": ConfigValue(.string(path), isSecret: false)]))
        do {
            if lowered.hasSuffix(".yaml") || lowered.hasSuffix(".yml") {
                return try await FileProvider<YAMLSnapshot>(config: pathReader)
            }
            return try await FileProvider<JSONSnapshot>(config: pathReader)
        } catch {
            throw .unreadableFile(
                path, reason: "not valid \(lowered.hasSuffix(".json") ? "JSON" : "JSON or YAML") (\(type(of: error)))")
        }
    }
}
