"""How a mautrix-python client (mautrix[encryption], python-olm) judges a user's device, as
Element's policy does: logs in as a peer, fetches the user's devices and cross-signing keys with
/keys/query, and prints one JSON line: the device's TrustState name (CROSS_SIGNED_TOFU when the
device is signed by the user's self-signing key, itself signed by their master key) and the
master key it saw.

    trust.py <homeserver> <peer user> <peer password> <user> <device id>
"""

import asyncio
import json
import sys

from mautrix.api import HTTPAPI
from mautrix.client import Client
from mautrix.crypto import OlmMachine
from mautrix.crypto.store import MemoryCryptoStore, StateStore
from mautrix.types import CrossSigningUsage


class NoRooms(StateStore):
    """The peer shares no room with anyone: only device trust is asked."""

    async def is_encrypted(self, room_id):
        return False

    async def get_encryption_info(self, room_id):
        return None

    async def find_shared_rooms(self, user_id):
        return []


async def main(homeserver, peer, password, user, device_id):
    api = HTTPAPI(base_url=homeserver)
    client = Client(api=api)
    try:
        await client.login(identifier=peer, password=password, device_name="trust-check")
        store = MemoryCryptoStore(account_id=client.mxid, pickle_key="trust-check")
        machine = OlmMachine(client, store, NoRooms())
        await machine.load()
        devices = await machine._fetch_keys([user], include_untracked=True)
        device = devices.get(user, {}).get(device_id)
        if device is None:
            print(json.dumps({"trust": "NO_DEVICE", "master": None}))
            return
        trust = await machine.resolve_trust(device)
        keys = await store.get_cross_signing_keys(user)
        master = keys.get(CrossSigningUsage.MASTER)
        print(json.dumps({"trust": trust.name, "master": master.key if master else None}))
    finally:
        await api.session.close()


if __name__ == "__main__":
    asyncio.run(main(*sys.argv[1:6]))
