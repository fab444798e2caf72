"""The Python bot GifBot's Matrix figures are set beside (benchmark scenario 12): a maubot
plugin that answers `!gif <words>` as GiphyMaubot's `upload` answer does, written here for the
benchmark. It searches GIPHY (the benchmark's stand-in), downloads the GIF, uploads it to the
homeserver and replies with it as an `m.image`: the same rendition GifBot posts (GIPHY's
`downsized`, at most 2 MB), without the thumbnail GifBot adds. In an encrypted room maubot
encrypts the reply but not the media, as GiphyMaubot does.

Settings come from the environment (standalone maubot runs one plugin with no config UI):
BENCH_GIPHY_URL (the stand-in's base URL) and BENCH_GIPHY_KEY.
"""

import os
import urllib.parse

from maubot import MessageEvent, Plugin
from maubot.handlers import command
from mautrix.types import ImageInfo, MediaMessageEventContent, MessageType


class BenchGiphy(Plugin):
    @command.new("gif")
    @command.argument("words", pass_raw=True)
    async def gif(self, evt: MessageEvent, words: str) -> None:
        query = urllib.parse.urlencode({"api_key": os.environ["BENCH_GIPHY_KEY"], "q": words, "limit": 1})
        async with self.http.get(f"{os.environ['BENCH_GIPHY_URL']}/v1/gifs/search?{query}") as response:
            found = (await response.json()).get("data") or []
        if not found:
            await evt.reply("No GIF found.")
            return
        image = found[0]["images"]["downsized"]
        async with self.http.get(image["url"]) as response:
            gif = await response.read()
        uri = await self.client.upload_media(gif, mime_type="image/gif", filename="giphy.gif")
        info = ImageInfo(mimetype="image/gif", size=len(gif), width=int(image["width"]), height=int(image["height"]))
        await evt.reply(MediaMessageEventContent(msgtype=MessageType.IMAGE, body="giphy.gif", url=uri, info=info))
