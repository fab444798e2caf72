"""The reference implementations behind one small interface each, so every cross-check runs
against vodozemac (Rust) and libolm (C, through python-olm) alike."""

import olm
import vodozemac

from peer import b64, unb64


class VodozemacOlm:
    name = "vodozemac"

    class Account:
        def __init__(self):
            self.account = vodozemac.Account()

        @property
        def curve25519(self) -> str:
            return self.account.curve25519_key.to_base64()

        @property
        def ed25519(self) -> str:
            return self.account.ed25519_key.to_base64()

        def one_time_key(self) -> str:
            self.account.generate_one_time_keys(1)
            key = list(self.account.one_time_keys.values())[-1].to_base64()
            self.account.mark_keys_as_published()
            return key

        def sign(self, message: bytes) -> str:
            return self.account.sign(message).to_base64()

        def outbound(self, identity_key: str, one_time_key: str):
            return VodozemacOlm.Session(
                self.account.create_outbound_session(
                    vodozemac.Curve25519PublicKey.from_base64(identity_key),
                    vodozemac.Curve25519PublicKey.from_base64(one_time_key),
                )
            )

        def inbound(self, identity_key: str, message_type: int, body: str):
            assert message_type == 0
            message = vodozemac.AnyOlmMessage.from_parts(0, unb64(body)).to_pre_key()
            session, plaintext = self.account.create_inbound_session(
                vodozemac.Curve25519PublicKey.from_base64(identity_key), message
            )
            return VodozemacOlm.Session(session), plaintext

    class Session:
        def __init__(self, session):
            self.session = session

        @property
        def session_id(self) -> str:
            return self.session.session_id

        def encrypt(self, plaintext: bytes):
            message_type, raw = self.session.encrypt(plaintext).to_parts()
            return message_type, b64(raw)

        def decrypt(self, message_type: int, body: str) -> bytes:
            return self.session.decrypt(vodozemac.AnyOlmMessage.from_parts(message_type, unb64(body)))

        def matches(self, message_type: int, body: str) -> bool:
            message = vodozemac.AnyOlmMessage.from_parts(message_type, unb64(body)).to_pre_key()
            return self.session.session_matches(message)

    @staticmethod
    def verify(public_key: str, message: bytes, signature: str):
        vodozemac.Ed25519PublicKey.from_base64(public_key).verify_signature(
            message, vodozemac.Ed25519Signature.from_base64(signature)
        )


class LibolmOlm:
    name = "libolm"

    class Account:
        def __init__(self):
            self.account = olm.Account()

        @property
        def curve25519(self) -> str:
            return self.account.identity_keys["curve25519"]

        @property
        def ed25519(self) -> str:
            return self.account.identity_keys["ed25519"]

        def one_time_key(self) -> str:
            self.account.generate_one_time_keys(1)
            key = list(self.account.one_time_keys["curve25519"].values())[-1]
            self.account.mark_keys_as_published()
            return key

        def sign(self, message: bytes) -> str:
            return self.account.sign(message)

        def outbound(self, identity_key: str, one_time_key: str):
            return LibolmOlm.Session(olm.OutboundSession(self.account, identity_key, one_time_key))

        def inbound(self, identity_key: str, message_type: int, body: str):
            assert message_type == 0
            message = olm.OlmPreKeyMessage(body)
            session = olm.InboundSession(self.account, message, identity_key)
            self.account.remove_one_time_keys(session)
            return LibolmOlm.Session(session), session.decrypt(message).encode()

    class Session:
        def __init__(self, session):
            self.session = session

        @property
        def session_id(self) -> str:
            return self.session.id

        def encrypt(self, plaintext: bytes):
            # python-olm's decrypt returns text, so the cross-checks send UTF-8 text.
            message = self.session.encrypt(plaintext.decode())
            return message.message_type, message.ciphertext

        def decrypt(self, message_type: int, body: str) -> bytes:
            message = olm.OlmPreKeyMessage(body) if message_type == 0 else olm.OlmMessage(body)
            return self.session.decrypt(message, unicode_errors="strict").encode()

        def matches(self, message_type: int, body: str) -> bool:
            return self.session.matches(olm.OlmPreKeyMessage(body))

    @staticmethod
    def verify(public_key: str, message: bytes, signature: str):
        olm.ed25519_verify(public_key, message, signature)


class VodozemacMegolm:
    name = "vodozemac"

    class Outbound:
        def __init__(self):
            self.session = vodozemac.GroupSession()

        @property
        def session_id(self) -> str:
            return self.session.session_id

        @property
        def session_key(self) -> str:
            return self.session.session_key.to_base64()

        def encrypt(self, plaintext: bytes) -> str:
            return self.session.encrypt(plaintext).to_base64()

    class Inbound:
        def __init__(self, session):
            self.session = session

        @classmethod
        def from_session_key(cls, key: str):
            return cls(vodozemac.InboundGroupSession(vodozemac.SessionKey(key)))

        @classmethod
        def from_export(cls, key: str):
            return cls(vodozemac.InboundGroupSession.import_session(vodozemac.ExportedSessionKey(key)))

        @property
        def session_id(self) -> str:
            return self.session.session_id

        @property
        def first_known_index(self) -> int:
            return self.session.first_known_index

        def decrypt(self, message: str):
            decrypted = self.session.decrypt(vodozemac.MegolmMessage.from_base64(message))
            return decrypted.plaintext, decrypted.message_index

        def export(self, index: int) -> str:
            return self.session.export_at(index).to_base64()


class LibolmMegolm:
    name = "libolm"

    class Outbound:
        def __init__(self):
            self.session = olm.OutboundGroupSession()

        @property
        def session_id(self) -> str:
            return self.session.id

        @property
        def session_key(self) -> str:
            return self.session.session_key

        def encrypt(self, plaintext: bytes) -> str:
            return self.session.encrypt(plaintext.decode())

    class Inbound:
        def __init__(self, session):
            self.session = session

        @classmethod
        def from_session_key(cls, key: str):
            return cls(olm.InboundGroupSession(key))

        @classmethod
        def from_export(cls, key: str):
            return cls(olm.InboundGroupSession.import_session(key))

        @property
        def session_id(self) -> str:
            return self.session.id

        @property
        def first_known_index(self) -> int:
            return self.session.first_known_index

        def decrypt(self, message: str):
            plaintext, index = self.session.decrypt(message, unicode_errors="strict")
            return plaintext.encode(), index

        def export(self, index: int) -> str:
            return self.session.export_session(index)


OLM_REFERENCES = [VodozemacOlm, LibolmOlm]
MEGOLM_REFERENCES = [VodozemacMegolm, LibolmMegolm]
