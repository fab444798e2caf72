import GifBotApp
import Giphy
import Klipy

/// The clients behind the runtime's sources, whose gates and counters tests read.
extension BotRuntime {
    var giphyClient: GiphyClient? { source(GiphySource.self)?.client }
    var klipyClient: KlipyClient? { source(KlipySource.self)?.client }
}
