"""The person behind the picker widget in an encrypted room (issue 35): a mautrix-python peer
with Element's key policy (see mautrix_peer.py) makes an encrypted room with the bot, turns the
picker on with `!picker on` (refused until the bot may set room state), then hands the test what
Element would hand the widget: the widget's address from the room's state and an OpenID token
Synapse issued to it (written to --ready). The test's browser posts from the picker; the peer
then decrypts the bot's image and its attachment. Driven by
Tests/gifbotTests/PickerWidgetBrowserTests.swift; writes what it saw to --result (JSON). Only
loopback homeservers are used.
"""
import argparse
import asyncio
import json
import os
import sys
import urllib.parse

from mautrix.api import Method
from mautrix.crypto.attachments import decrypt_attachment
from mautrix.types import EventType

from mautrix_peer import Device, bootstrap_cross_signing, report, wait_cross_signed

ROOM_NAME = "Friday GIFs"
WIDGET_STATE = EventType.find("im.vector.modular.widgets", EventType.Class.STATE)


def segment(text):
    return urllib.parse.quote(text, safe="")


async def answer_body(peer, room, bot, command):
    return (await peer.answer(room, bot, await peer.send_text(room, command)))["content"].get("body")


async def picked_image(peer, room, bot):
    """The bot's decrypted image whose caption says someone picked it."""
    async def check():
        await peer.decrypt_pending()
        for event in peer.decrypted.values():
            content = event.get("content", {})
            if (event.get("sender") == bot and event.get("room_id") == room and content.get("msgtype") == "m.image"
                    and " picked: " in content.get("body", "")):
                return event
        return None
    return await peer.wait(check, "the picked GIF")


async def run(args, result):
    peer = Device(args.homeserver, "element-like")
    await peer.login(args.user, args.password)
    await bootstrap_cross_signing(peer)
    await wait_cross_signed(peer, args.bot)
    room = await peer.client.create_room(
        name=ROOM_NAME, invitees=[args.bot],
        initial_state=[{"type": "m.room.encryption", "state_key": "",
                        "content": {"algorithm": "m.megolm.v1.aes-sha2"}}])
    await peer.wait_joined(room, args.bot)
    result["room"] = room
    result["refused_body"] = await answer_body(peer, room, args.bot, "!picker on")
    levels = {"users": {args.bot: 50}, "users_default": 0, "state_default": 50, "events_default": 0,
              "ban": 50, "kick": 50, "redact": 50, "invite": 0}
    await peer.client.send_state_event(room, EventType.ROOM_POWER_LEVELS, levels)
    result["added_body"] = await answer_body(peer, room, args.bot, "!picker on")

    widget = await peer.client.get_state_event(room, WIDGET_STATE, "gifbot_picker")
    openid = await peer.client.api.request(
        Method.POST, f"/_matrix/client/v3/user/{segment(peer.client.mxid)}/openid/request_token", {})
    # Written whole, then renamed: the test reads it the moment it appears.
    with open(args.ready + ".part", "w") as ready:
        json.dump({"room": room, "room_name": ROOM_NAME, "widget": widget.serialize(), "openid": openid}, ready)
    os.replace(args.ready + ".part", args.ready)

    image = await picked_image(peer, room, args.bot)
    content = image["content"]
    result["picked_body"] = content.get("body")
    result["picked_mentions"] = content.get("m.mentions")
    result["picked_has_url"] = "url" in content
    file = content.get("file") or {}
    ciphertext = await peer.client.download_media(file["url"])
    gif = decrypt_attachment(ciphertext, file["key"]["k"], file["hashes"]["sha256"], file["iv"])
    result["picked_gif_magic"] = gif[:6].decode("ascii", "replace")
    result["picked_gif_bytes"] = len(gif)
    result["picked_info_size"] = (content.get("info") or {}).get("size")
    result["removed_body"] = await answer_body(peer, room, args.bot, "!picker off")
    await peer.stop()


def parse_args():
    parser = argparse.ArgumentParser()
    for name in ("--homeserver", "--bot", "--user", "--password", "--ready", "--result"):
        parser.add_argument(name, required=True)
    return parser.parse_args()


async def main():
    return await report(run, parse_args())


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
