import Testing

@testable import GifBotApp
@testable import gifbot

/// Inputs the setting-values fuzz target (Fuzz/, scripts/fuzz) found.
@Suite struct SettingValuesFuzzRegressionTests {
    /// Fuzz/Corpus/setting-values/value-05: "0.0004" is above 0, so a timeout that must be above
    /// 0 accepted it, and it became 0 ms once rounded to milliseconds.
    @Test func aDurationThatRoundsToZeroIsNotAboveZero() {
        #expect(SettingValues.seconds("0.0004", allowZero: false) == nil)
        #expect(SettingValues.seconds("0.0004", allowZero: true) == .zero)
        #expect(SettingValues.seconds("0.0005", allowZero: false) == .milliseconds(1))
        #expect(SettingValues.seconds("-0", allowZero: false) == nil)
    }

    /// Fuzz/Corpus/setting-values/regression-list-comma: a comma that forms one Character with
    /// a mark before or after it (U+0601 prepends, U+0301 combines) did not separate entries.
    @Test func everyCommaSeparatesListEntries() {
        #expect(SettingValues.list("#a\u{601},#b") == ["#a\u{601}", "#b"])
        #expect(SettingValues.list("#a,\u{301}#b, ,#c") == ["#a", "\u{301}#b", "#c"])
    }
}
