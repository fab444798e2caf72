import pytest

from peer import Peer


@pytest.fixture(scope="session")
def peer():
    """One matrix-crypto-peer process for the run (state is keyed by handles, so tests share it)."""
    process = Peer()
    yield process
    process.close()


@pytest.fixture
def needs(peer):
    """needs("op", ...) fails the test when the peer lacks an operation (a part not landed yet
    shows up as a failure, not as a silent skip)."""

    def check(*operations):
        missing = [op for op in operations if op not in peer.operations]
        if missing:
            pytest.fail(f"matrix-crypto-peer has no {', '.join(missing)}")

    return check
