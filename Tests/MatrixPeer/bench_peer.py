"""The encrypting side of the benchmark's encrypted room (scenario 9): an Element-like peer
(mautrix-python, Element's key policy) makes an encrypted room with the bot and sends rounds
of `!gif` commands, each waiting for the bot's decrypted image, while the benchmark reads the
bot's CPU between rounds. Rounds are paced through files in --handshake: the peer writes
`joined` once the bot is in the room (and waits for `go-joined`), `ready-N` before round N (and
waits for `go-N`), and `done-N` after it, so the benchmark's readings cover exactly the bot
joined, and one round's commands.

Writes JSON to --result: ok, the round latencies (ms, send to decrypted reply), or error.
"""

import argparse
import asyncio
import os
import sys
import time

from mautrix_peer import Device, bootstrap_cross_signing, report, wait_cross_signed

POLL = 0.005  # seconds between looks for the reply: the latency's resolution


async def wait_for_file(path, timeout):
    deadline = time.monotonic() + timeout
    while not os.path.exists(path):
        if time.monotonic() > deadline:
            raise AssertionError(f"the benchmark never wrote {path}")
        await asyncio.sleep(0.01)


async def command(peer, room, bot, text):
    """One `!gif`, timed from sending it to holding the bot's decrypted image."""
    started = time.monotonic()
    sent = await peer.send_text(room, text)
    reply = await peer.answer(room, bot, sent, poll=POLL)
    msgtype = reply["content"].get("msgtype")
    if msgtype != "m.image" or "file" not in reply["content"]:
        raise AssertionError(f"not an encrypted image: {reply['content']}")
    return (time.monotonic() - started) * 1000


async def run(args, result):
    peer = Device(args.homeserver, "element-like")
    await peer.login(args.user, args.password)
    await bootstrap_cross_signing(peer)
    # Element's policy sends room keys only to cross-signed devices: wait for the bot's.
    await wait_cross_signed(peer, args.bot)
    room = await peer.client.create_room(
        name="bench encrypted", invitees=[args.bot],
        initial_state=[{"type": "m.room.encryption", "state_key": "",
                        "content": {"algorithm": "m.megolm.v1.aes-sha2"}}])
    await peer.wait_joined(room, args.bot)
    # The benchmark reads the bot's resident set joined, before any command.
    open(os.path.join(args.handshake, "joined"), "w").close()
    await wait_for_file(os.path.join(args.handshake, "go-joined"), timeout=120)
    # Warm-up: the first room key shared both ways, the first upload, the connection pools.
    for index in range(2):
        await command(peer, room, args.bot, f"!gif {args.prefix} warm {index}")
    rounds = []
    for number in range(args.rounds):
        open(os.path.join(args.handshake, f"ready-{number}"), "w").close()
        await wait_for_file(os.path.join(args.handshake, f"go-{number}"), timeout=120)
        rounds.append([await command(peer, room, args.bot, f"!gif {args.prefix} {number} {index}")
                       for index in range(args.commands)])
        open(os.path.join(args.handshake, f"done-{number}"), "w").close()
    result["rounds"] = rounds
    await peer.stop()


def parse_args():
    parser = argparse.ArgumentParser()
    for name in ("--homeserver", "--bot", "--user", "--password", "--result", "--handshake", "--prefix"):
        parser.add_argument(name, required=True)
    parser.add_argument("--rounds", type=int, required=True)
    parser.add_argument("--commands", type=int, required=True)
    return parser.parse_args()


async def main():
    return await report(run, parse_args())


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
