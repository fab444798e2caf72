"""An encrypting Matrix peer (matrix-nio, vodozemac) talking to GifBot in an encrypted room.

Driven by Tests/MatrixTests/Integration/MatrixE2EEPeerTests.swift, one phase per run; each run
writes what it saw to --result (JSON) and keeps the peer's device in --store, so a later phase
continues with the same device and sessions. Only loopback homeservers are used.
"""
import argparse
import asyncio
import base64
import hashlib
import json
import os
import sys
import time
import uuid

import aiohttp
import olm
from nio import AsyncClient, AsyncClientConfig, MegolmEvent, RoomEncryptedImage, RoomKeyEvent, RoomPreset
from nio.event_builders import ToDeviceMessage
from nio.crypto.attachments import decrypt_attachment

TIMEOUT = 60


def parse_args():
    parser = argparse.ArgumentParser()
    parser.add_argument("--phase", required=True, choices=["conversation", "after-restart", "withheld", "late-key", "web-link",
                                                          "invited-keys", "squat", "identity"])
    parser.add_argument("--homeserver", required=True)
    parser.add_argument("--bot", required=True)
    parser.add_argument("--user", required=True)
    parser.add_argument("--password", required=True)
    parser.add_argument("--second-user")
    parser.add_argument("--second-password")
    parser.add_argument("--store", required=True)
    parser.add_argument("--result", required=True)
    parser.add_argument("--rotation-msgs", type=int, default=100)
    parser.add_argument("--visibility", default="shared")
    parser.add_argument("--forward", action="store_true",
                        help="late-key: answer the bot's key request with m.forwarded_room_key")
    parser.add_argument("--variant", choices=["room-key", "room-key-without-sender-key", "forwarded"],
                        default="room-key", help="squat: how the second user takes the first one's session id")
    parser.add_argument("--step", choices=["pin", "reset", "after-accept"], default="pin",
                        help="identity: publish a first identity / replace it / after the operator accepted it")
    return parser.parse_args()


class Peer:
    """One nio client with its own device store, collecting the room's events as it syncs."""

    def __init__(self, homeserver, user, store, name):
        os.makedirs(store, exist_ok=True)
        self.store = store
        self.name = name
        config = AsyncClientConfig(encryption_enabled=True, store_sync_tokens=True)
        self.client = AsyncClient(homeserver, user, store_path=store, config=config)
        self.events = []
        self.to_device = []
        self.invites = []
        self.room_keys = []

    @property
    def session_file(self):
        return os.path.join(self.store, f"{self.name}.json")

    async def login(self, password):
        if os.path.exists(self.session_file):
            with open(self.session_file) as f:
                saved = json.load(f)
            self.client.restore_login(saved["user_id"], saved["device_id"], saved["access_token"])
        else:
            response = await self.client.login(password, device_name=self.name)
            assert getattr(response, "access_token", None), f"login failed: {response}"
            with open(self.session_file, "w") as f:
                json.dump({"user_id": response.user_id, "device_id": response.device_id,
                           "access_token": response.access_token}, f)
        await self.sync()

    async def sync(self, timeout=0):
        response = await self.client.sync(timeout=timeout, full_state=True)
        assert hasattr(response, "rooms"), f"sync failed: {response}"
        for room_id, room in response.rooms.join.items():
            for event in room.timeline.events:
                self.events.append((room_id, event))
        for event in response.to_device_events:
            self.to_device.append(event.source)
            if isinstance(event, RoomKeyEvent):
                self.room_keys.append((event.room_id, event.session_id))
        for room_id in response.rooms.invite:
            if room_id not in self.invites:
                self.invites.append(room_id)
        if self.client.should_upload_keys:
            await self.client.keys_upload()
        if self.client.should_query_keys:
            await self.client.keys_query()
        return response

    async def send(self, room_id, body):
        await self.sync()
        response = await self.client.room_send(
            room_id, "m.room.message", {"msgtype": "m.text", "body": body}, ignore_unverified_devices=True)
        assert getattr(response, "event_id", None), f"send failed: {response}"
        return response.event_id

    async def wait(self, predicate, what):
        deadline = time.monotonic() + TIMEOUT
        while time.monotonic() < deadline:
            for item in self.events:
                if predicate(*item):
                    return item
            await self.sync(timeout=1000)
        raise AssertionError(f"timed out waiting for {what}")

    async def answer(self, room_id, bot, event_id):
        """The bot's event answering event_id (decrypted, or an undecryptable MegolmEvent)."""
        def answers(room, event):
            if room != room_id or event.sender != bot:
                return False
            content = event.source.get("content", {})
            return content.get("m.relates_to", {}).get("m.in_reply_to", {}).get("event_id") == event_id
        return (await self.wait(answers, f"the answer to {event_id}"))[1]

    async def http(self, method, path, body=None):
        async with aiohttp.ClientSession() as session:
            async with session.request(
                    method, self.client.homeserver + path, json=body,
                    headers={"Authorization": f"Bearer {self.client.access_token}"}) as response:
                data = await response.read()
                assert response.status == 200, f"{method} {path}: {response.status} {data[:200]}"
                return data

    async def request(self, method, path, body=None):
        """(status, JSON body) of a request with the peer's token, whatever the status."""
        async with aiohttp.ClientSession() as session:
            async with session.request(
                    method, self.client.homeserver + path, json=body,
                    headers={"Authorization": f"Bearer {self.client.access_token}"}) as response:
                return response.status, await response.json(content_type=None)

    async def download_decrypted(self, event):
        server, media = event.url[len("mxc://"):].split("/", 1)
        ciphertext = await self.http("GET", f"/_matrix/client/v1/media/download/{server}/{media}")
        return decrypt_attachment(ciphertext, event.key["k"], event.hashes["sha256"], event.iv)

    async def wait_joined(self, room_id, user):
        deadline = time.monotonic() + TIMEOUT
        while time.monotonic() < deadline:
            response = await self.client.joined_members(room_id)
            if any(member.user_id == user for member in getattr(response, "members", [])):
                return
            await asyncio.sleep(0.2)
        raise AssertionError(f"{user} did not join")


def summary(event):
    """What the Swift test checks of one of the bot's answers."""
    decrypted = not isinstance(event, MegolmEvent)
    content = event.source.get("content", {}) if decrypted else {}
    return {"event_id": event.event_id, "decrypted": decrypted, "session_id": getattr(event, "session_id", None)
            or event.source.get("content", {}).get("session_id"), "msgtype": content.get("msgtype"),
            "body": content.get("body")}


async def conversation(args, result):
    alice = Peer(args.homeserver, args.user, os.path.join(args.store, "alice"), "alice")
    bob = Peer(args.homeserver, args.second_user, os.path.join(args.store, "bob"), "bob")
    await alice.login(args.password)
    await bob.login(args.second_password)
    encryption = {"algorithm": "m.megolm.v1.aes-sha2", "rotation_period_msgs": args.rotation_msgs}
    created = await alice.client.room_create(
        name="encrypted gifs", invite=[args.bot, args.second_user],
        initial_state=[{"type": "m.room.encryption", "state_key": "", "content": encryption}])
    room = created.room_id
    result["room_id"] = room
    await bob.client.join(room)
    await alice.wait_joined(room, args.bot)
    await alice.wait_joined(room, args.second_user)
    answers = []

    command = await alice.send(room, "!gif cat")
    image = await alice.answer(room, args.bot, command)
    answers.append(summary(image))
    assert isinstance(image, RoomEncryptedImage), f"not an encrypted image: {type(image).__name__}"
    gif = await alice.download_decrypted(image)
    result["gif_sha256"] = hashlib.sha256(gif).hexdigest()
    result["image_info"] = image.source["content"].get("info", {})
    result["image_has_url"] = "url" in image.source["content"]
    # Bob, a second implementation's second device in the room, read it too.
    bob_view = await bob.answer(room, args.bot, command)
    result["bob_decrypted_image"] = isinstance(bob_view, RoomEncryptedImage)

    answers.append(summary(await alice.answer(room, args.bot, await alice.send(room, "!fav"))))
    # Bob leaves: the bot's next message must use a session bob never got.
    await bob.client.room_leave(room)
    await alice.sync()
    answers.append(summary(await alice.answer(room, args.bot, await alice.send(room, "!favs"))))
    for _ in range(3):
        answers.append(summary(await alice.answer(room, args.bot, await alice.send(room, "!about"))))

    # A replay: the ciphertext of alice's last command sent again as a new event.
    original = json.loads(await alice.http(
        "GET", f"/_matrix/client/v3/rooms/{room}/event/{command}"))
    replay = json.loads(await alice.http(
        "PUT", f"/_matrix/client/v3/rooms/{room}/send/m.room.encrypted/{uuid.uuid4()}", original["content"]))
    result["replay_event_id"] = replay["event_id"]
    marker = await alice.send(room, "!about")
    answers.append(summary(await alice.answer(room, args.bot, marker)))
    result["replay_answered"] = any(
        event.sender == args.bot and event.source.get("content", {}).get("m.relates_to", {})
        .get("m.in_reply_to", {}).get("event_id") == replay["event_id"] for _, event in alice.events)
    result["answers"] = answers
    await bob.client.close()
    await alice.client.close()


async def after_restart(args, result):
    alice = Peer(args.homeserver, args.user, os.path.join(args.store, "alice"), "alice")
    await alice.login(args.password)
    with open(os.path.join(args.store, "room")) as f:
        room = f.read().strip()
    answer = await alice.answer(room, args.bot, await alice.send(room, "!favs"))
    result["answers"] = [summary(answer)]
    await alice.client.close()


async def withheld(args, result):
    carol = Peer(args.homeserver, args.user, os.path.join(args.store, "carol"), "carol")
    await carol.login(args.password)
    created = await carol.client.room_create(
        name="unverified", invite=[args.bot],
        initial_state=[{"type": "m.room.encryption", "state_key": "",
                        "content": {"algorithm": "m.megolm.v1.aes-sha2"}}])
    room = created.room_id
    await carol.wait_joined(room, args.bot)
    answer = await carol.answer(room, args.bot, await carol.send(room, "!about"))
    result["answers"] = [summary(answer)]
    deadline = time.monotonic() + TIMEOUT
    while time.monotonic() < deadline and not any(e.get("type") == "m.room_key.withheld" for e in carol.to_device):
        await carol.sync(timeout=1000)
    result["withheld"] = [
        {"code": e.get("content", {}).get("code"), "room_id": e.get("content", {}).get("room_id"),
         "session_id": e.get("content", {}).get("session_id")}
        for e in carol.to_device if e.get("type") == "m.room_key.withheld"]
    await carol.client.close()


async def bot_sessions(peer, bot):
    """The bot's devices, each with the peer's Olm session to it (claimed when missing)."""
    olm = peer.client.olm
    missing = olm.get_missing_sessions([bot])
    if missing:
        await peer.client.keys_claim(missing)
    devices = list(olm.device_store.active_user_devices(bot))
    assert devices, "the bot's devices are unknown"
    for device in devices:
        session = olm.session_store.get(device.curve25519)
        assert session, "no Olm session with the bot's device"
        yield device, session


async def forward_session(peer, room, session_id, bot):
    """Answers a key request as Element does: the session exported at its first index, sent to
    each of the bot's devices as m.forwarded_room_key over Olm."""
    olm = peer.client.olm
    group = olm.inbound_group_store.get(room, olm.account.identity_keys["curve25519"], session_id)
    assert group, "the peer's own copy of its session is missing"
    async for device, session in bot_sessions(peer, bot):
        sent = await peer.client.to_device(olm._encrypt_forwarding_key(room, group, session, device))
        assert not hasattr(sent, "status_code"), f"to-device failed: {sent}"


async def send_olm(peer, bot, message_type, content):
    """Sends a to-device event of message_type with content to each of the bot's devices over Olm,
    whatever it says (the content is the sender's choice, not checked here)."""
    olm = peer.client.olm
    async for device, session in bot_sessions(peer, bot):
        encrypted = olm._olm_encrypt(session, device, message_type, content)
        sent = await peer.client.to_device(ToDeviceMessage("m.room.encrypted", bot, device.device_id, encrypted))
        assert not hasattr(sent, "status_code"), f"to-device failed: {sent}"


def unpadded_b64(data):
    return base64.b64encode(data).decode().rstrip("=")


def forged_export(session_id):
    """An exported Megolm key of session_id around a random ratchet: anyone can write one, since
    the session id is public (in every encrypted event) and an export carries no signature."""
    public_key = base64.b64decode(session_id + "=" * (-len(session_id) % 4))
    return unpadded_b64(bytes([1]) + (0).to_bytes(4, "big") + os.urandom(128) + public_key)


async def squat(args, result):
    """Mallory, a second member, sends the bot a key of alice's session id before alice's own key
    reaches it: (room-key) alice's session key, which mallory received as a member, re-sent as
    mallory's own m.room_key (room-key-without-sender-key: and alice's command leaves out the
    deprecated sender_key, as newer clients do); or (forwarded) after the bot asked alice for the key, a forged export
    of that session id as an m.forwarded_room_key naming mallory as its creator. Alice's command
    must be answered all the same."""
    alice = Peer(args.homeserver, args.user, os.path.join(args.store, "alice"), "alice")
    mallory = Peer(args.homeserver, args.second_user, os.path.join(args.store, "mallory"), "mallory")
    await alice.login(args.password)
    await mallory.login(args.second_password)
    created = await alice.client.room_create(
        name="squatted", invite=[args.bot, args.second_user],
        initial_state=[{"type": "m.room.encryption", "state_key": "",
                        "content": {"algorithm": "m.megolm.v1.aes-sha2"}}])
    room = created.room_id
    await mallory.client.join(room)
    await alice.wait_joined(room, args.bot)
    await alice.wait_joined(room, args.second_user)
    await alice.sync()
    await mallory.sync()
    olm = alice.client.olm
    olm.create_outbound_group_session(room)
    session = olm.outbound_group_sessions[room]
    key_at_zero = session.session_key
    result["session_id"] = session.id
    megolm = {"algorithm": "m.megolm.v1.aes-sha2", "room_id": room, "session_id": session.id}
    command = None
    if args.variant.startswith("room-key"):
        await send_olm(mallory, args.bot, "m.room_key", dict(megolm, session_key=key_at_zero))
    else:
        # The command first, its key not yet shared: the bot asks alice for it.
        session.shared = True
        content = olm.group_encrypt(
            room, {"type": "m.room.message", "content": {"msgtype": "m.text", "body": "!about"}})
        sent = json.loads(await alice.http(
            "PUT", f"/_matrix/client/v3/rooms/{room}/send/m.room.encrypted/{uuid.uuid4()}", content))
        command = sent["event_id"]
        deadline = time.monotonic() + TIMEOUT
        while time.monotonic() < deadline and not any(
                e.get("type") == "m.room_key_request" for e in alice.to_device):
            await alice.sync(timeout=1000)
        result["key_requests"] = [
            {"session_id": e.get("content", {}).get("body", {}).get("session_id"),
             "action": e.get("content", {}).get("action")}
            for e in alice.to_device if e.get("type") == "m.room_key_request"]
        keys = mallory.client.olm.account.identity_keys
        await send_olm(mallory, args.bot, "m.forwarded_room_key", dict(
            megolm, session_key=forged_export(session.id), sender_key=keys["curve25519"],
            sender_claimed_ed25519_key=keys["ed25519"], forwarding_curve25519_key_chain=[]))
    # Alice's genuine key (at index 0) reaches the bot after mallory's.
    session_class = type(session)
    original = session_class.session_key
    session_class.session_key = property(lambda self: key_at_zero)
    try:
        session.shared = False
        await alice.client.share_group_session(room, ignore_unverified_devices=True)
    finally:
        session_class.session_key = original
    if args.variant == "room-key-without-sender-key":
        # As newer clients send it: without the deprecated sender_key (device_id kept).
        content = olm.group_encrypt(
            room, {"type": "m.room.message", "content": {"msgtype": "m.text", "body": "!about"}})
        del content["sender_key"]
        sent = json.loads(await alice.http(
            "PUT", f"/_matrix/client/v3/rooms/{room}/send/m.room.encrypted/{uuid.uuid4()}", content))
        command = sent["event_id"]
    if command is None:
        command = await alice.send(room, "!about")
    answer = await alice.answer(room, args.bot, command)
    result["answers"] = [summary(answer)]
    await alice.client.close()
    await mallory.client.close()


async def late_key(args, result):
    """A command whose room key reaches the bot only after the bot asked for it."""
    dave = Peer(args.homeserver, args.user, os.path.join(args.store, "dave"), "dave")
    await dave.login(args.password)
    # A direct message as Element makes one: is_direct, encrypted from the start.
    created = await dave.client.room_create(
        is_direct=True, invite=[args.bot], preset=RoomPreset.trusted_private_chat,
        initial_state=[{"type": "m.room.encryption", "state_key": "",
                        "content": {"algorithm": "m.megolm.v1.aes-sha2"}}])
    room = created.room_id
    await dave.wait_joined(room, args.bot)
    await dave.sync()
    olm = dave.client.olm
    olm.create_outbound_group_session(room)
    session = olm.outbound_group_sessions[room]
    key_at_zero = session.session_key
    session.shared = True  # encrypt before sharing: the bot sees the message first
    content = olm.group_encrypt(
        room, {"type": "m.room.message", "content": {"msgtype": "m.text", "body": "!about"}})
    sent = json.loads(await dave.http(
        "PUT", f"/_matrix/client/v3/rooms/{room}/send/m.room.encrypted/{uuid.uuid4()}", content))
    command = sent["event_id"]
    deadline = time.monotonic() + TIMEOUT
    while time.monotonic() < deadline and not any(
            e.get("type") == "m.room_key_request" for e in dave.to_device):
        await dave.sync(timeout=1000)
    requests = [e for e in dave.to_device if e.get("type") == "m.room_key_request"]
    result["key_requests"] = [
        {"session_id": e.get("content", {}).get("body", {}).get("session_id"),
         "action": e.get("content", {}).get("action")} for e in requests]
    result["session_id"] = session.id
    if args.forward:
        await forward_session(dave, room, session.id, args.bot)
    else:
        # Now share the key as it was before the message (index 0).
        session_class = type(session)
        original = session_class.session_key
        session_class.session_key = property(lambda self: key_at_zero)
        try:
            session.shared = False
            await dave.client.share_group_session(room, ignore_unverified_devices=True)
        finally:
            session_class.session_key = original
    answer = await dave.answer(room, args.bot, command)
    result["answers"] = [summary(answer)]
    # A marker afterwards: the late command was answered once only.
    marker = await dave.send(room, "!about")
    await dave.answer(room, args.bot, marker)
    result["answer_count"] = sum(
        1 for r, e in dave.events if r == room and e.sender == args.bot and e.source.get("content", {})
        .get("m.relates_to", {}).get("m.in_reply_to", {}).get("event_id") == command)
    await dave.client.close()


async def web_link(args, result):
    """!web in an encrypted room: the link comes in a direct room the bot invites the asker to,
    encrypted, and readable although the asker was only invited when it was sent."""
    erin = Peer(args.homeserver, args.user, os.path.join(args.store, "erin"), "erin")
    await erin.login(args.password)
    created = await erin.client.room_create(
        name="gifs", invite=[args.bot],
        initial_state=[{"type": "m.room.encryption", "state_key": "",
                        "content": {"algorithm": "m.megolm.v1.aes-sha2"}}])
    room = created.room_id
    await erin.wait_joined(room, args.bot)
    answer = await erin.answer(room, args.bot, await erin.send(room, "!web"))
    result["answers"] = [summary(answer)]
    deadline = time.monotonic() + TIMEOUT
    while time.monotonic() < deadline and not erin.invites:
        await erin.sync(timeout=1000)
    assert erin.invites, "no invitation to a direct room"
    direct = erin.invites[0]
    result["invitations"] = len(erin.invites)
    joined = await erin.client.join(direct)
    assert getattr(joined, "room_id", None) == direct, f"join failed: {joined}"
    state = json.loads(await erin.http(
        "GET", f"/_matrix/client/v3/rooms/{direct}/state/m.room.encryption/"))
    result["direct_algorithm"] = state.get("algorithm")

    def link(room_id, event):
        return room_id == direct and event.sender == args.bot and (
            isinstance(event, MegolmEvent) or event.source.get("type") == "m.room.message")
    event = (await erin.wait(link, "the bot's message in the direct room"))[1]
    result["link"] = summary(event)
    result["link_was_encrypted"] = isinstance(event, MegolmEvent) or bool(getattr(event, "decrypted", False))
    await erin.client.close()


async def invited_keys(args, result):
    """Whether a member invited, not yet joined, gets the key of what the bot says meanwhile:
    yes unless the room's history is visible only from a join (--visibility joined)."""
    erin = Peer(args.homeserver, args.user, os.path.join(args.store, "erin"), "erin")
    frank = Peer(args.homeserver, args.second_user, os.path.join(args.store, "frank"), "frank")
    await erin.login(args.password)
    await frank.login(args.second_password)
    created = await erin.client.room_create(
        name="keys", invite=[args.bot],
        initial_state=[{"type": "m.room.encryption", "state_key": "",
                        "content": {"algorithm": "m.megolm.v1.aes-sha2"}},
                       {"type": "m.room.history_visibility", "state_key": "",
                        "content": {"history_visibility": args.visibility}}])
    room = created.room_id
    await erin.wait_joined(room, args.bot)
    invited = await erin.client.room_invite(room, args.second_user)
    assert not hasattr(invited, "status_code"), f"invite failed: {invited}"
    answer = await erin.answer(room, args.bot, await erin.send(room, "!about"))
    result["answers"] = [summary(answer)]
    session_id = result["answers"][0]["session_id"]
    # The bot shares a session with every recipient in one /sendToDevice before it sends the
    # message, and erin has read the message: frank's copy, if any, waits in his inbox now.
    # Drain it (a sync hands out at most 100 to-device events) and look.
    for _ in range(10):
        response = await frank.sync()
        if not response.to_device_events:
            break
    result["invited_got_key"] = (room, session_id) in frank.room_keys
    await erin.client.close()
    await frank.client.close()


def canonical_json(value):
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def signed(value, signing, user):
    """value with signing's signature added under user, as the specification signs JSON."""
    unsigned = {k: v for k, v in value.items() if k not in ("signatures", "unsigned")}
    signature = signing.sign(canonical_json(unsigned))
    value = dict(value)
    value["signatures"] = {**value.get("signatures", {}),
                           user: {**value.get("signatures", {}).get(user, {}),
                                  f"ed25519:{signing.public_key}": signature}}
    return value


async def publish_identity(peer, password):
    """A new cross-signing identity for the peer's user (master and self-signing keys, uploaded
    with the password when the server asks, as Element resets an identity), its device signed
    with it; returns the new master key."""
    user = peer.client.user_id
    master = olm.PkSigning(olm.PkSigning.generate_seed())
    self_signing = olm.PkSigning(olm.PkSigning.generate_seed())
    body = {
        "master_key": {"user_id": user, "usage": ["master"],
                       "keys": {f"ed25519:{master.public_key}": master.public_key}},
        "self_signing_key": signed({"user_id": user, "usage": ["self_signing"],
                                    "keys": {f"ed25519:{self_signing.public_key}": self_signing.public_key}},
                                   master, user),
    }
    status, answer = await peer.request("POST", "/_matrix/client/v3/keys/device_signing/upload", body)
    if status == 401:
        body["auth"] = {"type": "m.login.password", "identifier": {"type": "m.id.user", "user": user},
                        "password": password, "session": answer.get("session")}
        status, answer = await peer.request("POST", "/_matrix/client/v3/keys/device_signing/upload", body)
    assert status == 200, f"device_signing/upload: {status} {answer}"
    status, keys = await peer.request("POST", "/_matrix/client/v3/keys/query", {"device_keys": {user: []}})
    assert status == 200, f"keys/query: {status}"
    device = keys["device_keys"][user][peer.client.device_id]
    status, answer = await peer.request(
        "POST", "/_matrix/client/v3/keys/signatures/upload",
        {user: {peer.client.device_id: signed(device, self_signing, user)}})
    assert status == 200 and not answer.get("failures"), f"signatures/upload: {status} {answer}"
    return master.public_key


async def identity(args, result):
    """Dave pins an identity in the bot (pin), replaces it (reset: the bot, under
    identity_change: block, withholds the next room key and says why), and reads the bot
    again once the operator accepted the new one (after-accept)."""
    dave = Peer(args.homeserver, args.user, os.path.join(args.store, "dave"), "dave")
    await dave.login(args.password)
    room_file = os.path.join(args.store, "identity-room")
    if args.step == "pin":
        result["master_key"] = await publish_identity(dave, args.password)
        created = await dave.client.room_create(
            name="identity", invite=[args.bot],
            initial_state=[{"type": "m.room.encryption", "state_key": "",
                            "content": {"algorithm": "m.megolm.v1.aes-sha2"}}])
        room = created.room_id
        with open(room_file, "w") as f:
            f.write(room)
        await dave.wait_joined(room, args.bot)
    else:
        with open(room_file) as f:
            room = f.read().strip()
    if args.step == "reset":
        result["master_key"] = await publish_identity(dave, args.password)
    answer = summary(await dave.answer(room, args.bot, await dave.send(room, "!about")))
    result["answers"] = [answer]
    if args.step == "reset":
        def withheld_for_answer():
            return [e for e in dave.to_device if e.get("type") == "m.room_key.withheld"
                    and e.get("content", {}).get("session_id") == answer["session_id"]]
        deadline = time.monotonic() + TIMEOUT
        while time.monotonic() < deadline and not withheld_for_answer():
            await dave.sync(timeout=1000)
        result["withheld"] = [
            {"code": e["content"].get("code"), "room_id": e["content"].get("room_id"),
             "session_id": e["content"].get("session_id"), "reason": e["content"].get("reason")}
            for e in withheld_for_answer()]
    await dave.client.close()


async def main():
    args = parse_args()
    result = {}
    try:
        if args.phase == "conversation":
            await conversation(args, result)
            with open(os.path.join(args.store, "room"), "w") as f:
                f.write(result["room_id"])
        elif args.phase == "after-restart":
            await after_restart(args, result)
        elif args.phase == "late-key":
            await late_key(args, result)
        elif args.phase == "web-link":
            await web_link(args, result)
        elif args.phase == "invited-keys":
            await invited_keys(args, result)
        elif args.phase == "squat":
            await squat(args, result)
        elif args.phase == "identity":
            await identity(args, result)
        else:
            await withheld(args, result)
        result["ok"] = True
    except Exception as error:  # reported to the Swift test, which fails with it
        result["ok"] = False
        result["error"] = f"{type(error).__name__}: {error}"
    with open(args.result, "w") as f:
        json.dump(result, f)
    return 0 if result["ok"] else 1


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
