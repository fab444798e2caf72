import GifBotApp
import Giphy
import Klipy

/// The clients behind the runtime's sources, whose gates and counters tests read.
extension BotRuntime {
    var giphyClient: GiphyClient? { sources.lazy.compactMap { ($0 as? GiphySource)?.client }.first }
    var klipyClient: KlipyClient? { sources.lazy.compactMap { ($0 as? KlipySource)?.client }.first }
}
