"""A mautrix-python peer (python-olm) with Element's key-sharing policy, talking to GifBot.

Like Element now, it sends room keys only to cross-signed devices
(`send_keys_min_trust = CROSS_SIGNED_TOFU`), and its own devices are cross-signed by the peer
(it bootstraps cross-signing with mautrix and signs each device it logs in), so the bot, sharing
only with cross-signed devices too, answers it readably. Driven by
Tests/MatrixTests/Integration/MatrixElementPolicyTests.swift; writes what it saw to --result
(JSON). Only loopback homeservers are used.
"""
import argparse
import asyncio
import hashlib
import json
import sys
import time

from mautrix.api import HTTPAPI
from mautrix.client import Client
from mautrix.client.encryption_manager import DecryptionDispatcher
from mautrix.client.state_store import MemoryStateStore, MemorySyncStore
from mautrix.crypto import OlmMachine
from mautrix.crypto.attachments import decrypt_attachment
from mautrix.crypto.store import MemoryCryptoStore
from mautrix.errors import DecryptionError
from mautrix.types import (
    EventType, Membership, MessageType, TextMessageEventContent, TOFUSigningKey, TrustState)

TIMEOUT = 60


class PeerStateStore(MemoryStateStore):
    """The client's room state, and the rooms the crypto machine asks about."""

    async def find_shared_rooms(self, user_id):
        return [room for room, members in self.members.items()
                if user_id in members and members[user_id].membership == Membership.JOIN]


class PeerCryptoStore(MemoryCryptoStore):
    """mautrix 0.21.1's memory store fails to update a known cross-signing key (it assigns to a
    NamedTuple); this one replaces it, keeping the first key seen for trust-on-first-use."""

    async def put_cross_signing_key(self, user_id, usage, key):
        current = self._cross_signing_keys.get(user_id, {}).get(usage)
        first = current.first if current else key
        self._cross_signing_keys.setdefault(user_id, {})[usage] = TOFUSigningKey(key=key, first=first)


class Device:
    """One login of the peer: a syncing mautrix client with its own Olm machine."""

    def __init__(self, homeserver, name):
        self.name = name
        self.state = PeerStateStore()
        self.client = Client(base_url=homeserver, state_store=self.state, sync_store=MemorySyncStore())
        self.encrypted = []  # raw m.room.encrypted events from the room timeline
        self.decrypted = {}  # event id -> decrypted event (serialized)
        self.to_device = []
        self.redactions = []  # (sender, redacted event id)
        self.machine = None

    async def login(self, user, password, sync=True):
        """Logs in with an Olm machine whose keys are published; `sync=False` for a device that
        only has to exist (a benchmark room's member), which then neither syncs nor handles
        events."""
        await self.client.login(identifier=user, password=password, device_name=self.name)
        crypto_store = PeerCryptoStore(account_id=self.client.mxid, pickle_key=f"{self.name} pickle")
        self.machine = OlmMachine(self.client, crypto_store, self.state)
        # Element's policy: room keys only to devices their owner cross-signed.
        self.machine.send_keys_min_trust = TrustState.CROSS_SIGNED_TOFU
        await self.machine.load()
        self.client.crypto = self.machine
        await self.machine.share_keys()
        if not sync:
            return
        # Decrypted here, retried while waiting, so a key arriving after its message still counts.
        self.client.remove_dispatcher(DecryptionDispatcher)
        self.client.add_event_handler(EventType.ROOM_ENCRYPTED, self._on_encrypted)
        self.client.add_event_handler(EventType.ROOM_KEY_WITHHELD, self._on_to_device)
        self.client.add_event_handler(EventType.ROOM_REDACTION, self._on_redaction)
        self.client.start(None)

    async def _on_encrypted(self, event):
        self.encrypted.append(event)

    async def _on_redaction(self, event):
        self.redactions.append((event.sender, event.redacts))

    async def _on_to_device(self, event):
        self.to_device.append(event.serialize())

    async def stop(self):
        self.client.stop()
        await self.client.api.session.close()

    async def decrypt_pending(self):
        for event in self.encrypted:
            if event.event_id in self.decrypted:
                continue
            try:
                self.decrypted[event.event_id] = (await self.machine.decrypt_megolm_event(event)).serialize()
            except DecryptionError:
                pass

    async def wait(self, check, what, poll=0.2):
        deadline = time.monotonic() + TIMEOUT
        while time.monotonic() < deadline:
            found = await check()
            if found:
                return found
            await asyncio.sleep(poll)
        raise AssertionError(f"{self.name} timed out waiting for {what}")

    async def answer(self, room, bot, event_id, poll=0.2):
        """The bot's decrypted event answering event_id; `poll` seconds between looks (the
        benchmark's peer times replies with it)."""
        async def check():
            await self.decrypt_pending()
            for event in self.decrypted.values():
                content = event.get("content", {})
                if (event.get("sender") == bot and event.get("room_id") == room and content.get("m.relates_to", {})
                        .get("m.in_reply_to", {}).get("event_id") == event_id):
                    return event
            return None
        return await self.wait(check, f"the answer to {event_id}", poll)

    async def wait_joined(self, room, user):
        async def check():
            member = await self.state.get_member(room, user)
            return member is not None and member.membership == Membership.JOIN
        await self.wait(check, f"{user} in {room}")

    async def send_text(self, room, body):
        content = TextMessageEventContent(msgtype=MessageType.TEXT, body=body)
        return await self.client.send_message(room, content)


async def member_device(homeserver, user, password, name):
    """A room member's device as a new Element account has it, for the benchmark's room: its
    identity and one-time keys published and the device cross-signed by its owner, not syncing.
    Returns the Device (`stop()` it when done)."""
    device = Device(homeserver, name)
    await device.login(user, password, sync=False)
    await bootstrap_cross_signing(device)
    return device


async def bootstrap_cross_signing(device):
    """Cross-signing keys for the peer, kept in secret storage, its first device signed with
    them, as Element sets up a new account; returns the recovery key."""
    return await device.machine.generate_recovery_key()


async def wait_cross_signed(peer, bot):
    """Until the peer trusts the bot's device (it signs it at start): Element's policy shares the
    room key only then, and the bot's answers are readable only then."""
    deadline, verdicts = time.monotonic() + TIMEOUT / 2, []
    while time.monotonic() < deadline:
        devices = await peer.machine._fetch_keys([bot], include_untracked=True)
        verdicts = [(await peer.machine.resolve_trust(d)).name for d in devices.get(bot, {}).values()]
        if verdicts and all(v == "CROSS_SIGNED_TOFU" for v in verdicts):
            return
        await asyncio.sleep(0.2)
    raise AssertionError(f"the bot's device was never cross-signed: {verdicts}")


async def run(args, result):
    peer = Device(args.homeserver, "element-like")
    await peer.login(args.user, args.password)
    recovery_key = await bootstrap_cross_signing(peer)
    result["peer_device"] = peer.client.device_id

    # How the peer judges each of the bot's devices (the bot has one with keys), once the bot
    # has signed its device at start (or the time is up, and the test sees the verdict).
    deadline = time.monotonic() + TIMEOUT / 2
    while True:
        bot_devices = await peer.machine._fetch_keys([args.bot], include_untracked=True)
        verdicts = {device_id: (await peer.machine.resolve_trust(device)).name
                    for device_id, device in bot_devices.get(args.bot, {}).items()}
        if (verdicts and all(v == "CROSS_SIGNED_TOFU" for v in verdicts.values())) or time.monotonic() > deadline:
            break
        await asyncio.sleep(0.2)
    result["bot_devices"] = verdicts

    room = await peer.client.create_room(
        name="element policy", invitees=[args.bot],
        initial_state=[{"type": "m.room.encryption", "state_key": "",
                        "content": {"algorithm": "m.megolm.v1.aes-sha2"}}])
    await peer.wait_joined(room, args.bot)

    command = await peer.send_text(room, "!gif cat")
    image = await peer.answer(room, args.bot, command)
    content = image["content"]
    result["image_msgtype"] = content.get("msgtype")
    result["image_has_url"] = "url" in content
    file = content.get("file") or {}
    ciphertext = await peer.client.download_media(file["url"])
    gif = decrypt_attachment(ciphertext, file["key"]["k"], file["hashes"]["sha256"], file["iv"])
    result["gif_sha256"] = hashlib.sha256(gif).hexdigest()

    fav = await peer.answer(room, args.bot, await peer.send_text(room, "!fav"))
    result["fav_body"] = fav["content"].get("body")
    favs = await peer.answer(room, args.bot, await peer.send_text(room, "!favs"))
    result["favs_body"] = favs["content"].get("body")
    # !undo: the bot takes its encrypted image back (a redaction).
    await peer.send_text(room, "!undo")

    async def image_redacted():
        return (args.bot, image["event_id"]) in peer.redactions
    result["image_redacted"] = await peer.wait(image_redacted, "the redaction of the image")

    # A second login of the peer, verified as Element verifies a new login with the recovery
    # key (which signs it from secret storage): it reads the bot's next message.
    second = Device(args.homeserver, "element-like-2")
    await second.login(args.user, args.password)
    await second.machine.verify_with_recovery_key(recovery_key)
    await second.wait_joined(room, args.bot)
    about = await peer.send_text(room, "!about")
    await peer.answer(room, args.bot, about)
    seen = await second.answer(room, args.bot, about)
    result["second_device_read"] = seen["content"].get("msgtype")
    await second.stop()
    await peer.stop()


def parse_args():
    parser = argparse.ArgumentParser()
    parser.add_argument("--homeserver", required=True)
    parser.add_argument("--bot", required=True)
    parser.add_argument("--user", required=True)
    parser.add_argument("--password", required=True)
    parser.add_argument("--result", required=True)
    return parser.parse_args()


async def report(run, args):
    """Runs `run(args, result)` within the time limit and writes `result` to --result, with
    `ok` and, on failure, `error` for the Swift test to fail with; the exit status."""
    result = {}
    try:
        await asyncio.wait_for(run(args, result), timeout=3 * TIMEOUT)
        result["ok"] = True
    except BaseException as error:  # reported to the Swift test, which fails with it
        result["ok"] = False
        result["error"] = f"{type(error).__name__}: {error}"
    with open(args.result, "w") as f:
        json.dump(result, f)
    return 0 if result["ok"] else 1


async def main():
    return await report(run, parse_args())


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
