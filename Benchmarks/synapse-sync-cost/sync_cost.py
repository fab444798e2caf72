#!/usr/bin/env python3
"""What Synapse spends on a bot's long poll, in one room and in many: `/sync` with GifBot's
filter (`MatrixClient.syncFilter`) against simplified sliding sync (MSC4186) with the rooms,
state and end-to-end extensions a bot would ask for. A study behind `Docs/performance.md`
("A thousand rooms"), not part of the benchmark's run: it needs minutes to make its rooms.

The bot long-polls; another user says something in the bot's reference room; the poll answers;
the bot answers in turn (its own event wakes its next poll, which the filter then leaves out,
as GifBot's does). Synapse's own accounts of each poll are read from its log: CPU (`ru=`) and
database time (`db=`, scheduling and transaction). Three series of each kind in one room, then
the rooms and their members are made, then three series of each kind again: the first series
after the making meets Synapse's caches as the joins left them.

Starts its own Synapse with the test harness's scripts (loopback, a free port below the
kernel's ephemeral range), and stops and removes it whatever happens.

Usage: Benchmarks/synapse-sync-cost/sync_cost.py [--rooms 1000] [--members 100] [--polls 30]
"""

import argparse
import concurrent.futures
import hashlib
import hmac
import json
import os
import random
import re
import socket
import subprocess
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request

SCRIPTS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Tests", "MatrixTestSupport", "Synapse")
SHARED_SECRET = b"test-shared-secret-not-for-production"  # the harness's homeserver.yaml.in
SLIDING_SYNC = "/_matrix/client/unstable/org.matrix.simplified_msc3575/sync"
ACCOUNTS = re.compile(r"\{(@[^}]+)\} Processed request: \S+ ru=\(([\d.]+)sec, ([\d.]+)sec\) db=\(([\d.]+)sec/([\d.]+)sec/\d+\) "
                      r'\d+B \d+ "(\w+) ([^ "]+)')
quote = urllib.parse.quote


def free_port():
    """A free port between 10000 and the start of the kernel's ephemeral range, where no port
    the kernel picks for another socket falls."""
    with open("/proc/sys/net/ipv4/ip_local_port_range") as f:
        ephemeral = int(f.read().split()[0])
    while True:
        port = random.randrange(10000, ephemeral)
        with socket.socket() as s:
            try:
                s.bind(("127.0.0.1", port))
                return port
            except OSError:
                continue


class Homeserver:
    def __init__(self, directory, port):
        self.base, self.directory = f"http://127.0.0.1:{port}", directory
        subprocess.run(["bash", os.path.join(SCRIPTS, "start-synapse.sh"), directory, str(port)], check=True,
                       stdout=subprocess.DEVNULL)
        deadline = time.monotonic() + 60
        while True:
            try:
                self.call("GET", "/_matrix/client/versions")
                return
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.2)

    def call(self, method, path, body=None, token=None, timeout=90):
        request = urllib.request.Request(self.base + path, method=method,
                                         data=None if body is None else json.dumps(body).encode())
        request.add_header("Content-Type", "application/json")
        if token:
            request.add_header("Authorization", "Bearer " + token)
        try:
            with urllib.request.urlopen(request, timeout=timeout) as response:
                return json.loads(response.read() or b"{}")
        except urllib.error.HTTPError as error:
            raise RuntimeError(f"{method} {path.split('?')[0]}: {error.code} {error.read()[:200]!r}") from None

    def register(self, name):
        nonce = self.call("GET", "/_synapse/admin/v1/register")["nonce"]
        password = "password-" + name
        mac = hmac.new(SHARED_SECRET, b"\x00".join(x.encode() for x in (nonce, name, password, "notadmin")),
                       hashlib.sha1).hexdigest()
        answer = self.call("POST", "/_synapse/admin/v1/register",
                           {"nonce": nonce, "username": name, "password": password, "admin": False, "mac": mac})
        return answer["user_id"], answer["access_token"]

    def log_offset(self):
        with open(os.path.join(self.directory, "homeserver.log"), "rb") as f:
            return f.seek(0, os.SEEK_END)

    def accounts(self, since, user, path):
        """(CPU, database seconds) of each request of `user` to `path` logged after `since`."""
        with open(os.path.join(self.directory, "homeserver.log"), "rb") as f:
            f.seek(since)
            text = f.read().decode(errors="replace")
        found = []
        for match in ACCOUNTS.finditer(text):
            if match.group(1) == user and path in match.group(7):
                found.append((float(match.group(2)) + float(match.group(3)),
                              float(match.group(4)) + float(match.group(5))))
        return found


def bot_filter(bot):
    """GifBot's filter of a sync from a position (`MatrixClient.syncFilter`, bot's own events left out)."""
    return {"presence": {"types": []}, "account_data": {"types": []},
            "room": {"timeline": {"limit": 50, "not_senders": [bot],
                                  "types": ["m.room.message", "m.room.member", "m.room.encryption", "m.room.encrypted",
                                            "m.reaction", "m.room.history_visibility", "m.room.power_levels"]},
                     "state": {"types": ["m.room.encryption", "m.room.power_levels"], "lazy_load_members": True},
                     "ephemeral": {"types": []}, "account_data": {"types": []}}}


SLIDING_SYNC_BODY = {
    "lists": {"rooms": {"ranges": [[0, 19]], "timeline_limit": 50,
                        "required_state": [["m.room.encryption", ""], ["m.room.power_levels", ""]]}},
    "extensions": {"e2ee": {"enabled": True}, "to_device": {"enabled": True}},
}


def median(values):
    values = sorted(values)
    return values[len(values) // 2] if values else float("nan")


def series(server, kind, bot, bot_token, asker_token, room, filter_id, polls):
    """`polls` messages, each answered by the bot's poll and then by the bot; Synapse's figures."""
    if kind == "sync":
        position = server.call("GET", f"/_matrix/client/v3/sync?filter={filter_id}&timeout=0", token=bot_token)["next_batch"]
    else:
        position = server.call("POST", SLIDING_SYNC + "?timeout=0", SLIDING_SYNC_BODY, bot_token)["pos"]
    since = server.log_offset()
    latencies = []
    for index in range(polls):
        answered = {}

        def poll():
            if kind == "sync":
                got = server.call("GET", f"/_matrix/client/v3/sync?filter={filter_id}&timeout=30000"
                                         f"&since={quote(position)}", token=bot_token)
                answered["position"], answered["rooms"] = got["next_batch"], got.get("rooms", {}).get("join", {})
            else:
                got = server.call("POST", SLIDING_SYNC + f"?timeout=30000&pos={quote(position)}",
                                  SLIDING_SYNC_BODY, bot_token)
                answered["position"], answered["rooms"] = got["pos"], got.get("rooms", {})

        poller = threading.Thread(target=poll)
        poller.start()
        time.sleep(0.3)  # the poll is waiting
        sent = time.monotonic()
        server.call("PUT", f"/_matrix/client/v3/rooms/{quote(room)}/send/m.room.message/{kind}-{index}-{time.time()}",
                    {"msgtype": "m.text", "body": f"!about {index}"}, asker_token)
        poller.join()
        latencies.append(time.monotonic() - sent)
        if room not in answered["rooms"]:
            raise RuntimeError(f"{kind}: the poll answered without the message")
        position = answered["position"]
        server.call("PUT", f"/_matrix/client/v3/rooms/{quote(room)}/send/m.room.message/answer-{kind}-{index}-{time.time()}",
                    {"msgtype": "m.notice", "body": f"answer {index}"}, bot_token)
    time.sleep(0.5)  # the last poll's log line
    path = "/_matrix/client/v3/sync?" if kind == "sync" else SLIDING_SYNC
    accounts = server.accounts(since, bot, path)
    return (f"{kind:>12}: {len(accounts)} polls, Synapse's CPU per poll p50 {1000 * median(a[0] for a in accounts):.0f} ms "
            f"(mean {1000 * sum(a[0] for a in accounts) / max(1, len(accounts)):.1f}), database "
            f"{1000 * median(a[1] for a in accounts):.0f} ms (mean {1000 * sum(a[1] for a in accounts) / max(1, len(accounts)):.1f}); "
            f"message sent to poll answered p50 {1000 * median(latencies):.1f} ms")


def main():
    arguments = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    arguments.add_argument("--rooms", type=int, default=1000)
    arguments.add_argument("--members", type=int, default=100, help="users, each in 30 of the rooms")
    arguments.add_argument("--polls", type=int, default=30)
    options = arguments.parse_args()
    directory = tempfile.mkdtemp(prefix="gifbot-sync-cost-")
    try:
        server = Homeserver(directory, free_port())
        bot, bot_token = server.register("bot")
        owner, owner_token = server.register("owner")
        asker, asker_token = server.register("asker")
        room = server.call("POST", "/_matrix/client/v3/createRoom", {"preset": "private_chat", "invite": [bot]},
                           asker_token)["room_id"]
        server.call("POST", f"/_matrix/client/v3/join/{quote(room)}", {}, bot_token)
        filter_id = server.call("POST", f"/_matrix/client/v3/user/{quote(bot)}/filter", bot_filter(bot),
                                bot_token)["filter_id"]
        run = lambda kind: print(series(server, kind, bot, bot_token, asker_token, room, filter_id, options.polls),
                                 flush=True)
        print("one room:", flush=True)
        for kind in ("sync", "sliding", "sync", "sliding", "sync", "sliding"):
            run(kind)

        def make_room(index):
            state = [{"type": "m.room.encryption", "state_key": "", "content": {"algorithm": "m.megolm.v1.aes-sha2"}}]
            made = server.call("POST", "/_matrix/client/v3/createRoom",
                               {"preset": "private_chat", "invite": [bot], "name": f"room {index}",
                                "initial_state": state if index % 3 == 0 else []}, owner_token)["room_id"]
            server.call("POST", f"/_matrix/client/v3/join/{quote(made)}", {}, bot_token)
            return made

        def add_member(index, rooms):
            user, token = server.register(f"member{index}")
            for joined in random.Random(index).sample(rooms, min(30, len(rooms))):
                server.call("POST", f"/_matrix/client/v3/rooms/{quote(joined)}/invite", {"user_id": user}, owner_token)
                server.call("POST", f"/_matrix/client/v3/join/{quote(joined)}", {}, token)

        started = time.monotonic()
        with concurrent.futures.ThreadPoolExecutor(6) as pool:
            rooms = list(pool.map(make_room, range(options.rooms - 1)))
            list(pool.map(lambda index: add_member(index, rooms), range(options.members)))
        print(f"{options.rooms} rooms ({options.members} members in 30 each) made in {time.monotonic() - started:.0f} s:",
              flush=True)
        for kind in ("sync", "sliding", "sync", "sliding", "sync", "sliding"):
            run(kind)
    finally:
        subprocess.run(["bash", os.path.join(SCRIPTS, "stop-synapse.sh"), directory, "--remove"], check=False)


if __name__ == "__main__":
    main()
