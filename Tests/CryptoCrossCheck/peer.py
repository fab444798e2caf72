"""A client for matrix-crypto-peer: GifBot's MatrixCrypto driven over JSON lines."""

import base64
import json
import os
import subprocess
from pathlib import Path


def b64(data: bytes) -> str:
    """Standard unpadded base64, as Matrix and the peer write it."""
    return base64.b64encode(data).decode().rstrip("=")


def unb64(text: str) -> bytes:
    return base64.b64decode(text + "=" * (-len(text) % 4))


def urlsafe_unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class PeerError(Exception):
    """MatrixCrypto refused: `error` names the MatrixCryptoError case, e.g. 'badMAC'."""

    def __init__(self, answer):
        super().__init__(answer.get("error"))
        self.kind = answer.get("kind")
        self.error = answer.get("error", "")


def peer_path() -> str:
    path = os.environ.get("MATRIX_CRYPTO_PEER")
    if path:
        return path
    root = Path(__file__).resolve().parents[2]
    return str(root / ".build" / "debug" / "matrix-crypto-peer")


class Peer:
    def __init__(self, path: str | None = None):
        self.process = subprocess.Popen(
            [path or peer_path()], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )
        self.next_id = 0
        self.operations = set(self.call("operations")["operations"])

    def call(self, op: str, **parameters):
        """Sends one request; returns the answer, or raises PeerError when MatrixCrypto refused."""
        self.next_id += 1
        request = {"id": self.next_id, "op": op, **parameters}
        self.process.stdin.write(json.dumps(request) + "\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        if not line:
            raise RuntimeError(f"matrix-crypto-peer exited (code {self.process.poll()}) on {op}")
        answer = json.loads(line)
        assert answer["id"] == self.next_id, answer
        if not answer["ok"]:
            if answer.get("kind") == "request":
                raise RuntimeError(f"bad request to the peer: {answer['error']}")
            raise PeerError(answer)
        return answer

    def refuses(self, op: str, **parameters) -> str:
        """Calls `op`, which must be refused by MatrixCrypto; returns the error's case text."""
        try:
            answer = self.call(op, **parameters)
        except PeerError as error:
            return error.error
        raise AssertionError(f"{op} was accepted: {answer}")

    def close(self):
        self.process.stdin.close()
        self.process.wait(timeout=30)
