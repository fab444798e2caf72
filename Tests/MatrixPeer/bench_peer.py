"""The encrypting side of the benchmark's encrypted room (scenario 9): an Element-like peer
(mautrix-python, Element's key policy) makes an encrypted room with the bot and sends rounds
of `!gif` commands, each waiting for the bot's decrypted image, while the benchmark reads the
bot's CPU between rounds. Rounds are paced through files in --handshake: the peer writes
`joined` once the bot is in the room (and waits for `go-joined`), `ready-first` before the first
command (the one whose reply shares the bot's room key with every member's device) and
`done-first` after it, `ready-N` before round N (and waits for `go-N`), and `done-N` after it, so
the benchmark's readings cover exactly the bot joined, its first reply, and one round's commands.

With --members (a JSON file of {"user", "password"}), those users are in the room too, each with
one device that has published its keys and is cross-signed by its owner, as Element sets up an
account: the devices the bot's room key goes to. They do not sync.

Writes JSON to --result: ok, the round latencies (ms, send to decrypted reply), or error.
"""

import argparse
import asyncio
import json
import os
import sys
import time

from mautrix_peer import Device, bootstrap_cross_signing, report, wait_cross_signed, member_device

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
    members = []
    if args.members:
        with open(args.members) as file:
            for index, member in enumerate(json.load(file)):
                members.append(await member_device(args.homeserver, member["user"], member["password"],
                                                   f"member-{index}"))
    room = await peer.client.create_room(
        name="bench encrypted", invitees=[args.bot] + [member.client.mxid for member in members],
        initial_state=[{"type": "m.room.encryption", "state_key": "",
                        "content": {"algorithm": "m.megolm.v1.aes-sha2"}}])
    for member in members:
        await member.client.join_room(room)
    await peer.wait_joined(room, args.bot)
    # The benchmark reads the bot's resident set joined, before any command.
    open(os.path.join(args.handshake, "joined"), "w").close()
    await wait_for_file(os.path.join(args.handshake, "go-joined"), timeout=120)
    # The first reply: the bot's room key shared with every member's device.
    open(os.path.join(args.handshake, "ready-first"), "w").close()
    await wait_for_file(os.path.join(args.handshake, "go-first"), timeout=120)
    await command(peer, room, args.bot, f"!gif {args.prefix} first")
    open(os.path.join(args.handshake, "done-first"), "w").close()
    # Warm-up: the first upload done, the connection pools.
    await command(peer, room, args.bot, f"!gif {args.prefix} warm")
    rounds = []
    for number in range(args.rounds):
        open(os.path.join(args.handshake, f"ready-{number}"), "w").close()
        await wait_for_file(os.path.join(args.handshake, f"go-{number}"), timeout=120)
        rounds.append([await command(peer, room, args.bot, f"!gif {args.prefix} {number} {index}")
                       for index in range(args.commands)])
        open(os.path.join(args.handshake, f"done-{number}"), "w").close()
    result["rounds"] = rounds
    await peer.stop()
    for member in members:
        await member.stop()


def parse_args():
    parser = argparse.ArgumentParser()
    for name in ("--homeserver", "--bot", "--user", "--password", "--result", "--handshake", "--prefix"):
        parser.add_argument(name, required=True)
    parser.add_argument("--rounds", type=int, required=True)
    parser.add_argument("--commands", type=int, required=True)
    parser.add_argument("--members")
    return parser.parse_args()


async def main():
    return await report(run, parse_args())


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
