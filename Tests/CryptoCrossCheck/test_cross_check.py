"""Cross-checks of GifBot's MatrixCrypto against the reference implementations, in both
directions: vodozemac 0.10.0 and libolm 3.2.16 (python-olm) for Olm, Megolm and Ed25519,
matrix-nio for encrypted attachments, mautrix-python for recovery keys and secret storage.

All key material is generated afresh by each run; nothing here is a stored vector.
"""

import base64
import binascii
import json
import os
import secrets

import olm
import pytest
import vodozemac
from mautrix.crypto.ssss import util as ssss_util
from mautrix.crypto.ssss.key import Key as SSSSKey
from mautrix.crypto.ssss.key import KeyMetadata
from mautrix.crypto.ssss.types import Algorithm, EncryptedKeyData
from nio.crypto.attachments import decrypt_attachment, encrypt_attachment
from nio.exceptions import EncryptionError

from peer import b64, unb64, urlsafe_unb64
from references import MEGOLM_REFERENCES, OLM_REFERENCES

# ---------------------------------------------------------------------------------------------
# Encoding: unpadded base64 and canonical JSON


@pytest.mark.parametrize("size", [0, 1, 2, 3, 4, 31, 32, 33, 64, 1000])
def test_base64_both_alphabets_match_python(peer, size):
    data = secrets.token_bytes(size)
    answer = peer.call("base64_encode", hex=data.hex())
    assert answer["standard"] == base64.b64encode(data).decode().rstrip("=")
    assert answer["url_safe"] == base64.urlsafe_b64encode(data).decode().rstrip("=")
    assert peer.call("base64_decode", text=answer["standard"])["hex"] == data.hex()
    assert peer.call("base64_decode", text=answer["url_safe"], url_safe=True)["hex"] == data.hex()


@pytest.mark.parametrize(
    "text,url_safe",
    [("AAA=", False), ("A", False), ("AB", False), ("AAA-", False), ("AAA+", True), ("AA A", False), ("ZZ", False)],
)
def test_base64_refuses_padding_foreign_characters_and_trailing_bits(peer, text, url_safe):
    assert peer.refuses("base64_decode", text=text, url_safe=url_safe) == "invalidBase64"


def python_canonical(value) -> str:
    """The specification's own definition of canonical JSON, in Python."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), sort_keys=True)


CANONICAL_CASES = [
    {},
    {"b": 2, "a": 1, "c": {"z": [3, {"y": None, "x": True}], "a": False}},
    {"name": "Zoë 🐈 \u00e9\u0301", "\uffff": 1, "\U0001f600": 2, "a\u0000b": "\u001f\t\n\"\\/", "n": -(2**53) + 1},
    {"nested": {"deep": {"deeper": {"deepest": ["日本語", "\u2028", "\ud7ff"]}}}, "big": 2**53 - 1, "zero": 0},
]


@pytest.mark.parametrize("value", CANONICAL_CASES)
def test_canonical_json_matches_the_specification(peer, value):
    for text in (json.dumps(value), json.dumps(value, ensure_ascii=False, indent=2)):
        assert peer.call("canonical_json", text=text)["canonical"] == python_canonical(value)


@pytest.mark.parametrize("text", ["1.5", "1e3", '{"a":1,"a":2}', "[1,]", '"\\ud800"', "9007199254740992"])
def test_canonical_json_refuses_what_it_cannot_sign(peer, text):
    assert peer.refuses("canonical_json", text=text).startswith("json")


# ---------------------------------------------------------------------------------------------
# Signing JSON with Ed25519

SIGNABLE = [
    {"user_id": "@bot:example.org", "device_id": "GIFBOT", "algorithms": ["m.olm.v1.curve25519-aes-sha2"]},
    {"text": "Ünïcödé ✓ 🐈", "nested": {"list": [1, {"k": "v"}], "empty": {}}, "unsigned": {"age": 1}},
]


@pytest.mark.parametrize("reference", OLM_REFERENCES, ids=lambda r: r.name)
@pytest.mark.parametrize("value", SIGNABLE)
def test_our_json_signatures_verify_with_the_references(peer, reference, value):
    key = peer.call("ed25519_generate")
    answer = peer.call("sign_json", handle=key["handle"], user_id="@bot:example.org", device_id="GIFBOT",
                       text=json.dumps(value))
    without = {k: v for k, v in value.items() if k not in ("signatures", "unsigned")}
    assert answer["signed_bytes"] == python_canonical(without)
    signed = json.loads(answer["signed"])
    signature = signed["signatures"]["@bot:example.org"]["ed25519:GIFBOT"]
    reference.verify(key["public_key"], python_canonical(without).encode(), signature)
    # A flipped bit in the signature is refused by the reference and by us.
    raw = bytearray(unb64(signature))
    raw[10] ^= 0x01
    with pytest.raises(Exception):
        reference.verify(key["public_key"], python_canonical(without).encode(), b64(bytes(raw)))
    signed["signatures"]["@bot:example.org"]["ed25519:GIFBOT"] = b64(bytes(raw))
    assert peer.refuses("verify_json", text=json.dumps(signed), user_id="@bot:example.org", device_id="GIFBOT",
                        public_key=key["public_key"]) == "badSignature"


@pytest.mark.parametrize("reference", OLM_REFERENCES, ids=lambda r: r.name)
@pytest.mark.parametrize("value", SIGNABLE)
def test_reference_json_signatures_verify_with_us(peer, reference, value):
    account = reference.Account()
    without = {k: v for k, v in value.items() if k not in ("signatures", "unsigned")}
    signature = account.sign(python_canonical(without).encode())
    signed = dict(value, signatures={"@them:example.org": {"ed25519:DEV": signature}})
    peer.call("verify_json", text=json.dumps(signed), user_id="@them:example.org", device_id="DEV",
              public_key=account.ed25519)
    # Any change to the signed content, or to the signature, is refused.
    changed = dict(signed, extra="x")
    assert peer.refuses("verify_json", text=json.dumps(changed), user_id="@them:example.org", device_id="DEV",
                        public_key=account.ed25519) == "badSignature"
    assert peer.refuses("verify_json", text=json.dumps(signed), user_id="@them:example.org", device_id="OTHER",
                        public_key=account.ed25519) == "signatureMissing"
    # Raw Ed25519 both ways as well.
    message = secrets.token_bytes(100)
    assert peer.call("ed25519_verify", public_key=account.ed25519, message_b64=b64(message),
                     signature=account.sign(message))["ok"]
    key = peer.call("ed25519_generate")
    reference.verify(key["public_key"], message,
                     peer.call("ed25519_sign", handle=key["handle"], message_b64=b64(message))["signature"])


# ---------------------------------------------------------------------------------------------
# Attachments (matrix-nio)

URL = "mxc://example.org/cross-check"


@pytest.mark.parametrize("size", [0, 1, 15, 16, 17, 4096, 2 * 1024 * 1024])
def test_our_attachments_decrypt_with_matrix_nio(peer, size):
    plaintext = secrets.token_bytes(size)
    answer = peer.call("attachment_encrypt", plaintext_b64=b64(plaintext), url=URL)
    file = json.loads(answer["file"])
    ciphertext = unb64(answer["ciphertext_b64"])
    assert file["v"] == "v2" and file["url"] == URL
    assert file["key"] == {"kty": "oct", "key_ops": ["encrypt", "decrypt"], "alg": "A256CTR", "k": file["key"]["k"],
                           "ext": True}
    assert len(urlsafe_unb64(file["key"]["k"])) == 32 and "=" not in file["key"]["k"]
    iv = unb64(file["iv"])
    assert len(iv) == 16 and iv[8:] == bytes(8)
    assert decrypt_attachment(ciphertext, file["key"]["k"], file["hashes"]["sha256"], file["iv"]) == plaintext


@pytest.mark.parametrize("size", [0, 1, 17, 4096, 2 * 1024 * 1024])
def test_matrix_nio_attachments_decrypt_with_us(peer, size):
    plaintext = secrets.token_bytes(size)
    ciphertext, info = encrypt_attachment(plaintext)
    file = dict(info, url=URL)
    answer = peer.call("attachment_decrypt", ciphertext_b64=b64(ciphertext), file=json.dumps(file))
    assert unb64(answer["plaintext_b64"]) == plaintext


def test_modified_attachments_are_refused_before_decryption(peer):
    plaintext = secrets.token_bytes(1000)
    ciphertext, info = encrypt_attachment(plaintext)
    file = json.dumps(dict(info, url=URL))
    for index in (0, 500, 999):
        tampered = bytearray(ciphertext)
        tampered[index] ^= 0x10
        assert peer.refuses("attachment_decrypt", ciphertext_b64=b64(bytes(tampered)), file=file) == \
            "attachmentHashMismatch"
        with pytest.raises(EncryptionError):
            decrypt_attachment(bytes(tampered), info["key"]["k"], info["hashes"]["sha256"], info["iv"])
    assert peer.refuses("attachment_decrypt", ciphertext_b64=b64(ciphertext[:-1]), file=file) == \
        "attachmentHashMismatch"
    # Ours, modified, is refused by matrix-nio too.
    answer = peer.call("attachment_encrypt", plaintext_b64=b64(plaintext), url=URL)
    ours = json.loads(answer["file"])
    tampered = bytearray(unb64(answer["ciphertext_b64"]))
    tampered[3] ^= 0x01
    with pytest.raises(EncryptionError):
        decrypt_attachment(bytes(tampered), ours["key"]["k"], ours["hashes"]["sha256"], ours["iv"])


@pytest.mark.parametrize(
    "change,field",
    [
        (lambda f: f.pop("v"), "v"),
        (lambda f: f.update(v="v1"), "v"),
        (lambda f: f.pop("url"), "url"),
        (lambda f: f["key"].update(alg="A128CTR"), "key.alg"),
        (lambda f: f["key"].update(kty="EC"), "key.kty"),
        (lambda f: f["key"].update(ext=False), "key.ext"),
        (lambda f: f["key"].update(key_ops=["encrypt"]), "key.key_ops"),
        (lambda f: f["key"].update(k=f["key"]["k"][:-2]), "key.k"),
        (lambda f: f["key"].update(k=f["key"]["k"].replace("-", "+").replace("_", "/") + "+"), "key.k"),
        (lambda f: f.update(iv=f["iv"][:-3]), "iv"),
        (lambda f: f.update(iv=f["iv"] + "A"), "iv"),
        (lambda f: f["hashes"].pop("sha256"), "hashes.sha256"),
        (lambda f: f["hashes"].update(sha256="!" + f["hashes"]["sha256"][1:]), "hashes.sha256"),
    ],
)
def test_malformed_encrypted_files_are_refused_with_the_field(peer, change, field):
    ciphertext, info = encrypt_attachment(b"a gif")
    file = dict(info, url=URL)
    file["key"] = dict(file["key"])
    file["hashes"] = dict(file["hashes"])
    change(file)
    assert peer.refuses("attachment_decrypt", ciphertext_b64=b64(ciphertext), file=json.dumps(file)) == \
        f'encryptedFileInvalid(field: "{field}")'


# ---------------------------------------------------------------------------------------------
# Recovery keys and secret storage (mautrix-python)


def test_our_recovery_keys_decode_with_mautrix(peer):
    for _ in range(20):
        answer = peer.call("recovery_key_generate")
        assert ssss_util.decode_base58_recovery_key(answer["recovery_key"]) == unb64(answer["key_b64"])
        assert answer["recovery_key"] == ssss_util.encode_base58_recovery_key(unb64(answer["key_b64"]))


def test_mautrix_recovery_keys_decode_with_us(peer):
    for _ in range(20):
        key = SSSSKey.generate()
        assert unb64(peer.call("recovery_key_decode", recovery_key=key.recovery_key)["key_b64"]) == key.key
        compact = key.recovery_key.replace(" ", "")
        assert unb64(peer.call("recovery_key_decode", recovery_key=compact)["key_b64"]) == key.key


def test_mistyped_recovery_keys_are_refused(peer):
    key = secrets.token_bytes(32)
    text = ssss_util.encode_base58_recovery_key(key)
    alphabet = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
    last = text[-1]
    mistyped = text[:-1] + alphabet[(alphabet.index(last) + 1) % 58]
    assert ssss_util.decode_base58_recovery_key(mistyped) is None
    assert peer.refuses("recovery_key_decode", recovery_key=mistyped) in ("recoveryKeyBadParity",
                                                                         "recoveryKeyMalformed")
    assert peer.refuses("recovery_key_decode", recovery_key=text[:-1] + "0") == "recoveryKeyMalformed"
    assert peer.refuses("recovery_key_decode", recovery_key=text[:-5]) == "recoveryKeyMalformed"
    assert peer.refuses("recovery_key_decode", recovery_key=text + "1") == "recoveryKeyMalformed"


SECRET_NAMES = ["m.cross_signing.master", "m.cross_signing.self_signing", "m.megolm_backup.v1", "ünïcödé name"]


@pytest.mark.parametrize("name", SECRET_NAMES)
def test_our_secrets_decrypt_with_mautrix(peer, name):
    key = SSSSKey.generate()
    secret = secrets.token_bytes(32)
    # Matrix stores a secret as the unpadded base64 of its bytes; mautrix's encrypt does that itself.
    answer = peer.call("secret_encrypt", key_b64=b64(key.key), name=name, secret_b64=b64(b64(secret).encode()))
    encrypted = answer["encrypted"]
    assert len(unb64(encrypted["iv"])) == 16 and unb64(encrypted["iv"])[8] & 0x80 == 0
    assert key.decrypt(name, EncryptedKeyData(**encrypted)) == secret


@pytest.mark.parametrize("name", SECRET_NAMES)
def test_mautrix_secrets_decrypt_with_us(peer, name):
    key = SSSSKey.generate()
    secret = secrets.token_bytes(32)
    encrypted = key.encrypt(name, secret)
    answer = peer.call("secret_decrypt", key_b64=b64(key.key), name=name,
                       encrypted={"iv": encrypted.iv, "ciphertext": encrypted.ciphertext, "mac": encrypted.mac})
    assert unb64(answer["secret_b64"]) == b64(secret).encode()


def test_modified_secrets_are_refused(peer):
    key = SSSSKey.generate()
    encrypted = key.encrypt("m.cross_signing.master", secrets.token_bytes(32))
    parts = {"iv": encrypted.iv, "ciphertext": encrypted.ciphertext, "mac": encrypted.mac}

    def flipped(member, index):
        raw = bytearray(unb64(parts[member]))
        raw[index] ^= 0x01
        return dict(parts, **{member: b64(bytes(raw))})

    for member in ("mac", "ciphertext"):
        assert peer.refuses("secret_decrypt", key_b64=b64(key.key), name="m.cross_signing.master",
                            encrypted=flipped(member, 0)) == "badMAC"
    assert peer.refuses("secret_decrypt", key_b64=b64(key.key), name="m.cross_signing.self_signing",
                        encrypted=parts) == "badMAC"
    assert peer.refuses("secret_decrypt", key_b64=b64(secrets.token_bytes(32)), name="m.cross_signing.master",
                        encrypted=parts) == "badMAC"
    assert peer.refuses("secret_decrypt", key_b64=b64(key.key), name="m.cross_signing.master",
                        encrypted=dict(parts, iv=parts["iv"][:-2])) == 'secretStorageInvalid(field: "iv")'


def test_key_check_values_agree_with_mautrix(peer):
    raw = secrets.token_bytes(32)
    ours = peer.call("key_check", key_b64=b64(raw))
    metadata = KeyMetadata(algorithm=Algorithm.AES_HMAC_SHA2, iv=ours["iv"], mac=ours["mac"])
    assert metadata.verify_raw_key("key-id", raw).key == raw
    with pytest.raises(ValueError):
        metadata.verify_raw_key("key-id", secrets.token_bytes(32))
    theirs = SSSSKey.generate()
    peer.call("key_check_verify", key_b64=b64(theirs.key), iv=theirs.metadata.iv, mac=theirs.metadata.mac)
    assert peer.refuses("key_check_verify", key_b64=b64(raw), iv=theirs.metadata.iv, mac=theirs.metadata.mac) == \
        "secretStorageKeyMismatch"
