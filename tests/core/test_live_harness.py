"""The test harness's own promise: a LiveServer's address is its own server's.

The port comes free from `free_port` but is bound only when the server has started; another
test's server may take it first. The server then cannot bind, and the one already there
must not pass for it (tests would play on another test's games)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.live import LiveServer, Peer


@pytest.mark.slow  # three servers, one refused its port (7 s): the harness's, not the host's
def test_a_server_whose_port_was_taken_starts_on_another(live: LiveServer,
                                                         tmp_path: Path) -> None:
    (tmp_path / "packs").mkdir()
    second = LiveServer(data=tmp_path / "data", packs=tmp_path / "packs", port=live.port)
    try:
        second.start()
        assert second.port != live.port
        assert second.key != live.key
        host = Peer(second, "/host", auth={"key": second.key})  # refused anywhere else
        assert host.call("games")["ok"]
        host.close()
    finally:
        second.stop()
