import ArgumentParser
import GifBotApp

/// The GIF-source options (Docs/sources.md); each overrides the environment variable and
/// the config file key of the same name.
struct GifSourceOptions: ParsableArguments {
    @Option(
        name: .customLong("gifs-sources"),
        help: "GIF sources in the order to ask them: giphy, klipy (GIFS_SOURCES). Default: giphy.")
    var sources: String?

    @Option(
        name: .customLong("klipy-app-key"),
        help: "KLIPY app key (KLIPY_APP_KEY). Every local user sees options in ps: prefer --klipy-app-key-file.")
    var klipyAppKey: String?

    @Option(
        name: .customLong("klipy-app-key-file"),
        help: ArgumentHelp("File holding the KLIPY app key (KLIPY_APP_KEY_FILE).", valueName: "file"))
    var klipyAppKeyFile: String?

    @Option(
        name: .customLong("klipy-base-url"),
        help: "KLIPY API base URL (KLIPY_BASE_URL). Default: https://api.klipy.com/api/v1.")
    var klipyBaseURL: String?

    @Option(name: .customLong("klipy-locale"), help: "KLIPY locale such as us or en_US (KLIPY_LOCALE). Default: none.")
    var klipyLocale: String?

    var values: [SettingKey: String] {
        let pairs: [(SettingKey, String?)] = [
            (.gifsSources, sources), (.klipyAppKey, klipyAppKey), (SettingKey.klipyAppKey.fileKey, klipyAppKeyFile),
            (.klipyBaseURL, klipyBaseURL), (.klipyLocale, klipyLocale),
        ]
        var values: [SettingKey: String] = [:]
        for case let (key, value?) in pairs { values[key] = value }
        return values
    }
}
