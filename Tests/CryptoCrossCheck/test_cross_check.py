"""Cross-checks of GifBot's MatrixCrypto against the reference implementations, in both
directions: vodozemac 0.10.0 and libolm 3.2.16 (python-olm) for Olm, Megolm and Ed25519,
matrix-nio for encrypted attachments, mautrix-python for recovery keys and secret storage.

All key material is generated afresh by each run; nothing here is a stored vector.
"""

import base64
import json
import secrets

import base58
import olm
import pytest
from mautrix.crypto.ssss import util as ssss_util
from mautrix.crypto.ssss.key import Key as SSSSKey
from mautrix.crypto.ssss.key import KeyMetadata, PassphraseMetadata
from mautrix.crypto.ssss.types import Algorithm, EncryptedKeyData, PassphraseAlgorithm
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


@pytest.mark.parametrize(
    "text,error",
    [
        ("1.5", "jsonNotAnInteger"),
        ("1e3", "jsonNotAnInteger"),
        ('{"a":1,"a":2}', "jsonDuplicateKey"),
        ("[1,]", "jsonMalformed(offset: 3)"),
        ('"\\ud800"', "jsonMalformed(offset: 7)"),
        ("9007199254740992", "jsonIntegerOutOfRange"),
        ("-9007199254740992", "jsonIntegerOutOfRange"),
    ],
)
def test_canonical_json_refuses_what_it_cannot_sign(peer, text, error):
    assert peer.refuses("canonical_json", text=text) == error


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
    # Raw Ed25519 from us verifies with them (their raw signatures reach us inside Megolm messages).
    message = secrets.token_bytes(100)
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
    alphabet = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
    while True:
        # A typo in the last character that changes only the parity byte (no carry into the key).
        text = ssss_util.encode_base58_recovery_key(secrets.token_bytes(32))
        digit = alphabet.index(text[-1])
        if digit == 57:
            continue
        mistyped = text[:-1] + alphabet[digit + 1]
        before, after = base58.b58decode(text.replace(" ", "")), base58.b58decode(mistyped.replace(" ", ""))
        if before[:34] == after[:34]:
            break
    assert ssss_util.decode_base58_recovery_key(mistyped) is None
    assert peer.refuses("recovery_key_decode", recovery_key=mistyped) == "recoveryKeyBadParity"
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


@pytest.mark.parametrize("passphrase", ["correct horse battery staple", "ünïcödé ✓ phrase", "x"])
def test_passphrase_keys_agree_with_mautrix(peer, passphrase):
    salt = secrets.token_urlsafe(24)
    metadata = PassphraseMetadata(algorithm=PassphraseAlgorithm.PBKDF2, iterations=10_000, salt=salt, bits=256)
    ours = peer.call("passphrase_derive", passphrase=passphrase,
                     passphrase_info={"algorithm": "m.pbkdf2", "salt": salt, "iterations": 10_000, "bits": 256})
    assert unb64(ours["key_b64"]) == metadata.get_key(passphrase)


def test_a_mautrix_passphrase_key_description_opens_with_us(peer):
    # mautrix's own parameters (500,000 iterations, its salt) and its key check value.
    key = SSSSKey.generate(passphrase="a phrase the bot's operator typed")
    info = key.metadata.passphrase.serialize()
    ours = peer.call("passphrase_derive", passphrase="a phrase the bot's operator typed", passphrase_info=info)
    assert unb64(ours["key_b64"]) == key.key
    peer.call("key_check_verify", key_b64=ours["key_b64"], iv=key.metadata.iv, mac=key.metadata.mac)
    wrong = peer.call("passphrase_derive", passphrase="a phrase the bot's operator typo'd", passphrase_info=info)
    assert peer.refuses("key_check_verify", key_b64=wrong["key_b64"], iv=key.metadata.iv, mac=key.metadata.mac) == \
        "secretStorageKeyMismatch"
    assert peer.refuses("passphrase_derive", passphrase="p", passphrase_info=dict(info, iterations=10**8)) == \
        'secretStorageInvalid(field: "passphrase.iterations")'


# ---------------------------------------------------------------------------------------------
# Olm (vodozemac and libolm, both directions)

OLM_OPS = ("olm_account_create", "olm_generate_one_time_keys", "olm_create_outbound", "olm_create_inbound",
           "olm_encrypt", "olm_decrypt", "olm_matches")


def our_account(peer):
    return peer.call("olm_account_create")


def our_one_time_key(peer, account) -> str:
    keys = peer.call("olm_generate_one_time_keys", account=account["handle"], count=1)["one_time_keys"]
    peer.call("olm_mark_published", account=account["handle"])
    return list(keys.values())[0]


def our_encrypt(peer, session, plaintext: bytes):
    answer = peer.call("olm_encrypt", session=session, plaintext_b64=b64(plaintext))
    return answer["type"], answer["body"]


def our_decrypt(peer, session, message_type, body) -> bytes:
    return unb64(peer.call("olm_decrypt", session=session, type=message_type, body=body)["plaintext_b64"])


def ours_to_theirs(peer, reference):
    """A session we start to their account; returns (our session handle, their session)."""
    ours = our_account(peer)
    theirs = reference.Account()
    session = peer.call("olm_create_outbound", account=ours["handle"], identity_key=theirs.curve25519,
                        one_time_key=theirs.one_time_key())
    message_type, body = our_encrypt(peer, session["session"], b"first, as a pre-key message")
    assert message_type == 0
    their_session, plaintext = theirs.inbound(ours["curve25519"], message_type, body)
    assert plaintext == b"first, as a pre-key message"
    assert their_session.session_id == session["session_id"]
    return session["session"], their_session


def theirs_to_ours(peer, reference):
    """A session they start to our account; returns (our session handle, their session, our account)."""
    ours = our_account(peer)
    theirs = reference.Account()
    one_time_key = our_one_time_key(peer, ours)
    their_session = theirs.outbound(ours["curve25519"], one_time_key)
    message_type, body = their_session.encrypt(b"first, as a pre-key message")
    assert message_type == 0
    answer = peer.call("olm_create_inbound", account=ours["handle"], identity_key=theirs.curve25519,
                       type=message_type, body=body)
    assert unb64(answer["plaintext_b64"]) == b"first, as a pre-key message"
    assert answer["session_id"] == their_session.session_id
    return answer["session"], their_session, ours, one_time_key


@pytest.mark.parametrize("reference", OLM_REFERENCES, ids=lambda r: r.name)
def test_olm_ours_to_theirs_and_back_over_several_ratchet_turns(peer, needs, reference):
    needs(*OLM_OPS)
    ours, theirs = ours_to_theirs(peer, reference)
    for turn in range(6):
        for n in range(3):
            text = f"their turn {turn} message {n} ✓".encode()
            message_type, body = theirs.encrypt(text)
            assert message_type == 1
            assert our_decrypt(peer, ours, message_type, body) == text
        for n in range(2):
            text = f"our turn {turn} message {n} 🐈".encode()
            message_type, body = our_encrypt(peer, ours, text)
            assert message_type == 1
            assert theirs.decrypt(message_type, body) == text


@pytest.mark.parametrize("reference", OLM_REFERENCES, ids=lambda r: r.name)
def test_olm_theirs_to_ours_with_a_second_pre_key_message(peer, needs, reference):
    needs(*OLM_OPS)
    ours, theirs, our_acct, used_key = theirs_to_ours(peer, reference)
    # Until we answer, they keep sending pre-key messages; the second belongs to our session.
    message_type, body = theirs.encrypt(b"second, still a pre-key message")
    assert message_type == 0
    assert peer.call("olm_matches", session=ours, type=message_type, body=body)["matches"] is True
    assert our_decrypt(peer, ours, message_type, body) == b"second, still a pre-key message"
    # The one-time key was used up: another sender's session on it is refused.
    other = reference.Account()
    reused_type, reused_body = other.outbound(our_acct["curve25519"], used_key).encrypt(b"reusing a used key")
    assert peer.refuses("olm_create_inbound", account=our_acct["handle"], identity_key=other.curve25519,
                        type=reused_type, body=reused_body) == "olmUnknownOneTimeKey"
    # Our answer turns the ratchet; their next message is a normal one.
    message_type, body = our_encrypt(peer, ours, b"our answer")
    assert message_type == 1
    assert theirs.decrypt(message_type, body) == b"our answer"
    message_type, body = theirs.encrypt(b"now normal")
    assert message_type == 1
    assert our_decrypt(peer, ours, message_type, body) == b"now normal"
    # A pre-key message of another session does not match ours.
    stranger = reference.Account().outbound(our_acct["curve25519"], our_one_time_key(peer, our_acct))
    message_type, body = stranger.encrypt(b"someone else")
    assert peer.call("olm_matches", session=ours, type=message_type, body=body)["matches"] is False


@pytest.mark.parametrize("reference", OLM_REFERENCES, ids=lambda r: r.name)
def test_olm_out_of_order_and_skipped_messages(peer, needs, reference):
    needs(*OLM_OPS)
    ours, theirs = ours_to_theirs(peer, reference)
    # Theirs to ours: five in one chain, delivered 5, 1, 3, 2, 4.
    sent = [theirs.encrypt(f"in chain {n}".encode()) for n in range(5)]
    for n in (4, 0, 2, 1, 3):
        assert our_decrypt(peer, ours, *sent[n]) == f"in chain {n}".encode()
    # A replay of a message whose key was used is refused.
    assert peer.refuses("olm_decrypt", session=ours, type=sent[2][0], body=sent[2][1]).startswith(
        "olmMessageKeyNotFound")
    # Ours to theirs, likewise out of order.
    ours_sent = [our_encrypt(peer, ours, f"ours {n}".encode()) for n in range(5)]
    for n in (3, 4, 0, 2, 1):
        assert theirs.decrypt(*ours_sent[n]) == f"ours {n}".encode()


@pytest.mark.parametrize("reference", OLM_REFERENCES, ids=lambda r: r.name)
def test_olm_message_beyond_the_skip_limit_is_refused(peer, needs, reference):
    needs(*OLM_OPS)
    ours, theirs = ours_to_theirs(peer, reference)
    assert our_decrypt(peer, ours, *theirs.encrypt(b"in step")) == b"in step"
    for _ in range(2001):
        last = theirs.encrypt(b"skipped")
    far = theirs.encrypt(b"too far ahead")
    assert peer.refuses("olm_decrypt", session=ours, type=far[0], body=far[1]).startswith("olmMessageGapTooLarge")
    # The session still works for what is within reach.
    assert our_decrypt(peer, ours, *last) == b"skipped"


def flip(body: str, index: int, bit: int = 0x01) -> str:
    raw = bytearray(unb64(body))
    raw[index] ^= bit
    return b64(bytes(raw))


@pytest.mark.parametrize("reference", OLM_REFERENCES, ids=lambda r: r.name)
def test_olm_flipped_bits_are_refused_and_nothing_is_decrypted(peer, needs, reference):
    needs(*OLM_OPS)
    ours, theirs = ours_to_theirs(peer, reference)
    message_type, body = theirs.encrypt(b"authentic")
    length = len(unb64(body))
    for index in (length - 1, length - 8, length - 12):  # in the MAC, its first byte, the ciphertext
        assert peer.refuses("olm_decrypt", session=ours, type=message_type, body=flip(body, index)) == "badMAC"
    # Nothing was consumed: the real message still decrypts.
    assert our_decrypt(peer, ours, message_type, body) == b"authentic"
    # Ours, tampered, is refused by the reference as well.
    message_type, body = our_encrypt(peer, ours, b"ours, authentic")
    with pytest.raises(Exception):
        theirs.decrypt(message_type, flip(body, len(unb64(body)) - 1))
    assert theirs.decrypt(message_type, body) == b"ours, authentic"


def varint(value: int) -> bytes:
    out = bytearray()
    while True:
        byte = value & 0x7F
        value >>= 7
        if value:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return bytes(out)


@pytest.mark.parametrize("reference", OLM_REFERENCES, ids=lambda r: r.name)
def test_olm_truncated_and_overlong_varints_are_refused(peer, needs, reference):
    needs(*OLM_OPS)
    ours, theirs = ours_to_theirs(peer, reference)
    message_type, body = theirs.encrypt(b"x")
    raw = unb64(body)
    assert raw[0] == 3 and raw[1] == 0x0A and raw[2] == 32 and raw[35] == 0x10
    # The counter field (tag 0x10) as an over-long varint: a trailing zero group.
    counter_end = 36
    while raw[counter_end] & 0x80:
        counter_end += 1
    counter = raw[36:counter_end + 1]
    overlong = raw[:36] + bytes([counter[0] | 0x80]) + counter[1:-1] + bytes([counter[-1] | 0x80, 0x00]) \
        if len(counter) > 1 else raw[:36] + bytes([counter[0] | 0x80, 0x00])
    overlong += raw[counter_end + 1:]
    assert peer.refuses("olm_decrypt", session=ours, type=1, body=b64(overlong)) == "varintOverlong"
    # The message cut inside the counter: its continuation bit set, then only the MAC's 8 bytes.
    truncated = raw[:36] + bytes([0x85]) + raw[-8:]
    assert peer.refuses("olm_decrypt", session=ours, type=1, body=b64(truncated)) == "varintTruncated"
    assert our_decrypt(peer, ours, message_type, body) == b"x"


# ---------------------------------------------------------------------------------------------
# Megolm (vodozemac and libolm, both directions)

MEGOLM_OPS = ("megolm_outbound_create", "megolm_encrypt", "megolm_encrypt_many", "megolm_inbound_create",
              "megolm_inbound_import", "megolm_decrypt", "megolm_export")
INDICES = [0, 1, 255, 256, 65_536]


@pytest.mark.parametrize("reference", MEGOLM_REFERENCES, ids=lambda r: r.name)
def test_megolm_their_session_key_on_our_side(peer, needs, reference):
    needs(*MEGOLM_OPS)
    outbound = reference.Outbound()
    session_key = outbound.session_key
    messages = {}
    for index in range(INDICES[-1] + 1):
        message = outbound.encrypt(b"m%d" % index)
        if index in INDICES:
            messages[index] = message
    inbound = peer.call("megolm_inbound_create", session_key=session_key)
    assert inbound["session_id"] == outbound.session_id and inbound["first_known_index"] == 0
    for index in [256, 0, 65_536, 1, 255]:
        answer = peer.call("megolm_decrypt", handle=inbound["handle"], message=messages[index])
        assert unb64(answer["plaintext_b64"]) == b"m%d" % index and answer["message_index"] == index


@pytest.mark.parametrize("reference", MEGOLM_REFERENCES, ids=lambda r: r.name)
def test_megolm_our_session_key_on_their_side(peer, needs, reference):
    needs(*MEGOLM_OPS)
    outbound = peer.call("megolm_outbound_create")
    # Every message up to 256 is encrypted (the first re-seeding of R(i,1) is at 2^8); 65,536 (the
    # re-seeding of R(i,2)) is reached by advancing the ratchet unsent, as a debug build encrypts
    # 65,536 messages slowly.
    messages = peer.call("megolm_encrypt_many", handle=outbound["handle"], plaintext_b64=b64(b"same text"),
                         count=257, keep=INDICES[:-1])["messages"]
    assert peer.call("megolm_advance", handle=outbound["handle"], index=65_536)["message_index"] == 65_536
    last = peer.call("megolm_encrypt", handle=outbound["handle"], plaintext_b64=b64(b"same text"))
    assert last["message_index"] == 65_536
    messages["65536"] = last["message"]
    inbound = reference.Inbound.from_session_key(outbound["session_key"])
    assert inbound.session_id == outbound["session_id"]
    for index in reversed(INDICES):
        plaintext, message_index = inbound.decrypt(messages[str(index)])
        assert plaintext == b"same text" and message_index == index


@pytest.mark.parametrize("reference", MEGOLM_REFERENCES, ids=lambda r: r.name)
def test_megolm_exports_at_an_index_both_ways(peer, needs, reference):
    needs(*MEGOLM_OPS)
    # Theirs exported at 256, imported by us.
    outbound = reference.Outbound()
    inbound = reference.Inbound.from_session_key(outbound.session_key)
    messages = [outbound.encrypt(b"e%d" % n) for n in range(300)]
    ours = peer.call("megolm_inbound_import", exported_key=inbound.export(256))
    assert ours["first_known_index"] == 256 and ours["session_id"] == outbound.session_id
    assert unb64(peer.call("megolm_decrypt", handle=ours["handle"], message=messages[299])["plaintext_b64"]) == b"e299"
    assert peer.refuses("megolm_decrypt", handle=ours["handle"], message=messages[255]) == \
        "unknownMessageIndex(firstKnown: 256, requested: 255)"
    # Ours exported at 256, imported by them.
    our_outbound = peer.call("megolm_outbound_create")
    our_inbound = peer.call("megolm_inbound_create", session_key=our_outbound["session_key"])
    sent = peer.call("megolm_encrypt_many", handle=our_outbound["handle"], plaintext_b64=b64(b"x"), count=300,
                     keep=[255, 256, 299])["messages"]
    exported = peer.call("megolm_export", handle=our_inbound["handle"], index=256)["exported_key"]
    theirs = reference.Inbound.from_export(exported)
    assert theirs.first_known_index == 256
    assert theirs.decrypt(sent["299"]) == (b"x", 299)
    with pytest.raises(Exception):
        theirs.decrypt(sent["255"])
    # And our export from our own import of theirs round-trips to them.
    again = reference.Inbound.from_export(
        peer.call("megolm_export", handle=ours["handle"], index=260)["exported_key"])
    assert again.first_known_index == 260 and again.decrypt(messages[260])[0] == b"e260"


@pytest.mark.parametrize("reference", MEGOLM_REFERENCES, ids=lambda r: r.name)
def test_megolm_tampering_and_replay_are_refused(peer, needs, reference):
    needs(*MEGOLM_OPS)
    outbound = reference.Outbound()
    inbound = peer.call("megolm_inbound_create", session_key=outbound.session_key)
    message = outbound.encrypt(b"authentic")
    length = len(unb64(message))
    # Layout: version, index, ciphertext | 8-byte MAC | 64-byte signature. The signature covers the
    # MAC and the ciphertext and is checked first (as vodozemac does), so a flipped bit in any of
    # them is badSignature; badMAC needs a sender that signs a wrong MAC (the Swift tests cover it).
    for index in (length - 1, length - 64 - 1, length - 64 - 8, 6):
        assert peer.refuses("megolm_decrypt", handle=inbound["handle"], message=flip(message, index)) == \
            "badSignature"
    assert peer.refuses("megolm_decrypt", handle=inbound["handle"], message=flip(message, 0)) == \
        "unsupportedVersion(2)"
    # The same index under another event id is a replay; under its own event id it is a redelivery.
    first = peer.call("megolm_decrypt", handle=inbound["handle"], message=message, event_id="$one")
    assert unb64(first["plaintext_b64"]) == b"authentic"
    peer.call("megolm_decrypt", handle=inbound["handle"], message=message, event_id="$one")
    assert peer.refuses("megolm_decrypt", handle=inbound["handle"], message=message, event_id="$two") == \
        "megolmReplay(index: 0)"
    # Our signatures are checked by them: a flipped bit in ours is refused.
    ours = peer.call("megolm_outbound_create")
    theirs = reference.Inbound.from_session_key(ours["session_key"])
    sent = peer.call("megolm_encrypt", handle=ours["handle"], plaintext_b64=b64(b"signed by us"))["message"]
    with pytest.raises(Exception):
        theirs.decrypt(flip(sent, len(unb64(sent)) - 1))
    assert theirs.decrypt(sent) == (b"signed by us", 0)
    # A session key whose signature is broken is refused.
    key = bytearray(unb64(outbound.session_key))
    key[-1] ^= 0x01
    assert peer.refuses("megolm_inbound_create", session_key=b64(bytes(key))) == "badSignature"


@pytest.mark.parametrize("reference", OLM_REFERENCES, ids=lambda r: r.name)
def test_olm_sessions_on_our_fallback_key(peer, needs, reference):
    needs(*OLM_OPS, "olm_generate_fallback_key")
    ours = our_account(peer)
    fallback = list(peer.call("olm_generate_fallback_key", account=ours["handle"])["fallback_key"].values())[0]
    peer.call("olm_mark_published", account=ours["handle"])
    # A fallback key is not used up: two senders can start sessions on it.
    for text in (b"first on the fallback key", b"second on the fallback key"):
        theirs = reference.Account()
        session = theirs.outbound(ours["curve25519"], fallback)
        message_type, body = session.encrypt(text)
        answer = peer.call("olm_create_inbound", account=ours["handle"], identity_key=theirs.curve25519,
                           type=message_type, body=body)
        assert unb64(answer["plaintext_b64"]) == text and answer["used_fallback_key"] is True
        reply_type, reply = our_encrypt(peer, answer["session"], b"reply")
        assert session.decrypt(reply_type, reply) == b"reply"


def test_olm_session_on_libolm_fallback_key(peer, needs):
    needs(*OLM_OPS)
    theirs = olm.Account()
    theirs.generate_fallback_key()
    fallback = list(theirs.fallback_key["curve25519"].values())[0]
    ours = our_account(peer)
    session = peer.call("olm_create_outbound", account=ours["handle"],
                        identity_key=theirs.identity_keys["curve25519"], one_time_key=fallback)
    message_type, body = our_encrypt(peer, session["session"], b"to your fallback key")
    inbound = olm.InboundSession(theirs, olm.OlmPreKeyMessage(body), ours["curve25519"])
    assert inbound.decrypt(olm.OlmPreKeyMessage(body)) == "to your fallback key"
    assert inbound.id == session["session_id"]


@pytest.mark.parametrize("reference", OLM_REFERENCES, ids=lambda r: r.name)
def test_our_uploaded_keys_are_signed_for_the_references(peer, needs, reference):
    needs("olm_account_create", "olm_device_keys", "olm_signed_one_time_keys")
    ours = our_account(peer)
    peer.call("olm_generate_one_time_keys", account=ours["handle"], count=3)
    peer.call("olm_generate_fallback_key", account=ours["handle"])
    device_keys = json.loads(peer.call("olm_device_keys", account=ours["handle"], user_id="@bot:example.org",
                                       device_id="GIFBOT")["device_keys"])
    assert device_keys["keys"] == {"curve25519:GIFBOT": ours["curve25519"], "ed25519:GIFBOT": ours["ed25519"]}
    answer = peer.call("olm_signed_one_time_keys", account=ours["handle"], user_id="@bot:example.org",
                       device_id="GIFBOT")
    objects = [device_keys] + list(json.loads(answer["one_time_keys"]).values()) + \
        list(json.loads(answer["fallback_keys"]).values())
    assert len(objects) == 5
    for signed in objects:
        signature = signed["signatures"]["@bot:example.org"]["ed25519:GIFBOT"]
        unsigned = {k: v for k, v in signed.items() if k not in ("signatures", "unsigned")}
        reference.verify(ours["ed25519"], python_canonical(unsigned).encode(), signature)


@pytest.mark.parametrize("reference", OLM_REFERENCES, ids=lambda r: r.name)
def test_olm_sessions_and_accounts_continue_after_a_pickle(peer, needs, reference):
    needs(*OLM_OPS, "olm_session_repickle", "olm_account_repickle")
    ours, theirs = ours_to_theirs(peer, reference)
    assert our_decrypt(peer, ours, *theirs.encrypt(b"before")) == b"before"
    pending = theirs.encrypt(b"sent before the pickle, read after")
    again = peer.call("olm_session_repickle", session=ours)
    assert again["session_id"] == theirs.session_id
    assert our_decrypt(peer, again["session"], *pending) == b"sent before the pickle, read after"
    assert theirs.decrypt(*our_encrypt(peer, again["session"], b"after")) == b"after"
    # An account's unpublished one-time key survives its pickle and still starts a session.
    account = our_account(peer)
    key = our_one_time_key(peer, account)
    restored = peer.call("olm_account_repickle", account=account["handle"])
    assert restored["curve25519"] == account["curve25519"] and restored["ed25519"] == account["ed25519"]
    sender = reference.Account()
    message_type, body = sender.outbound(account["curve25519"], key).encrypt(b"to the restored account")
    answer = peer.call("olm_create_inbound", account=restored["handle"], identity_key=sender.curve25519,
                       type=message_type, body=body)
    assert unb64(answer["plaintext_b64"]) == b"to the restored account"


@pytest.mark.parametrize("reference", MEGOLM_REFERENCES, ids=lambda r: r.name)
def test_megolm_sessions_continue_after_a_pickle(peer, needs, reference):
    needs(*MEGOLM_OPS, "megolm_outbound_repickle", "megolm_inbound_repickle")
    ours = peer.call("megolm_outbound_create")
    theirs = reference.Inbound.from_session_key(ours["session_key"])
    peer.call("megolm_encrypt", handle=ours["handle"], plaintext_b64=b64(b"zero"))
    restored = peer.call("megolm_outbound_repickle", handle=ours["handle"])
    assert restored["message_index"] == 1 and restored["session_id"] == ours["session_id"]
    sent = peer.call("megolm_encrypt", handle=restored["handle"], plaintext_b64=b64(b"one"))["message"]
    assert theirs.decrypt(sent) == (b"one", 1)
    outbound = reference.Outbound()
    inbound = peer.call("megolm_inbound_create", session_key=outbound.session_key)
    restored_inbound = peer.call("megolm_inbound_repickle", handle=inbound["handle"])
    assert restored_inbound["session_id"] == outbound.session_id
    message = outbound.encrypt(b"after the pickle")
    assert unb64(peer.call("megolm_decrypt", handle=restored_inbound["handle"], message=message)["plaintext_b64"]) \
        == b"after the pickle"


@pytest.mark.parametrize("reference", OLM_REFERENCES, ids=lambda r: r.name)
def test_olm_late_messages_from_earlier_chains(peer, needs, reference):
    needs(*OLM_OPS)
    ours, theirs = ours_to_theirs(peer, reference)
    held = []
    for turn in range(4):
        # Each turn they send two messages on a fresh chain and we hold back the first.
        held.append((turn, theirs.encrypt(f"held from chain {turn}".encode())))
        assert our_decrypt(peer, ours, *theirs.encrypt(f"chain {turn}".encode())) == f"chain {turn}".encode()
        assert theirs.decrypt(*our_encrypt(peer, ours, b"turn")) == b"turn"
    # Within the chains we keep, late messages still decrypt, newest chain first.
    for turn, message in reversed(held):
        assert our_decrypt(peer, ours, *message) == f"held from chain {turn}".encode()


@pytest.mark.parametrize("reference", OLM_REFERENCES, ids=lambda r: r.name)
def test_olm_a_message_from_a_dropped_chain_is_refused(peer, needs, reference):
    needs(*OLM_OPS)
    ours, theirs = ours_to_theirs(peer, reference)
    assert our_decrypt(peer, ours, *theirs.encrypt(b"chain 0")) == b"chain 0"
    oldest = theirs.encrypt(b"held from chain 0")
    for turn in range(1, 7):
        # Six more of their chains: more than the five receiving chains a session keeps.
        assert theirs.decrypt(*our_encrypt(peer, ours, b"turn")) == b"turn"
        assert our_decrypt(peer, ours, *theirs.encrypt(f"chain {turn}".encode())) == f"chain {turn}".encode()
    # Its chain is gone, so its ratchet key looks new: the keys derived for it cannot match its MAC
    # (vodozemac refuses it the same way), and the session is left as it was.
    assert peer.refuses("olm_decrypt", session=ours, type=oldest[0], body=oldest[1]) == "badMAC"
    assert our_decrypt(peer, ours, *theirs.encrypt(b"still fine")) == b"still fine"
    assert theirs.decrypt(*our_encrypt(peer, ours, b"and back")) == b"and back"


@pytest.mark.parametrize("reference", MEGOLM_REFERENCES, ids=lambda r: r.name)
def test_megolm_truncated_and_overlong_varints_are_refused(peer, needs, reference):
    needs(*MEGOLM_OPS)
    outbound = reference.Outbound()
    inbound = peer.call("megolm_inbound_create", session_key=outbound.session_key)
    message = outbound.encrypt(b"x")
    raw = unb64(message)
    # version 3, tag 0x08 (index, varint: 0 for the first message), tag 0x12 (ciphertext), MAC, signature.
    assert raw[0] == 3 and raw[1] == 0x08 and raw[2] == 0x00 and raw[3] == 0x12
    overlong = raw[:2] + bytes([0x80, 0x00]) + raw[3:]
    assert peer.refuses("megolm_decrypt", handle=inbound["handle"], message=b64(overlong)) == "varintOverlong"
    truncated = raw[:2] + bytes([0x80]) + raw[-72:]
    assert peer.refuses("megolm_decrypt", handle=inbound["handle"], message=b64(truncated)) == "varintTruncated"
    assert unb64(peer.call("megolm_decrypt", handle=inbound["handle"], message=message)["plaintext_b64"]) == b"x"
