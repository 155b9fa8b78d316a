"""Several server processes (`serve --workers N`) with a real redis-server (Debian's)."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.live import LiveServer

pytestmark = pytest.mark.slow


@dataclass
class Process:
    """One process of the house, reached at its own address (workers.json)."""

    server: LiveServer
    name: str
    port: int
    pid: int

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def key(self) -> str:
        return self.server.key


def processes(server: LiveServer) -> dict[str, Process]:
    table = json.loads((server.data / "workers.json").read_text())
    return {name: Process(server, name, entry["port"], entry["pid"])
            for name, entry in table.items()}


def started(tmp_path: Path, packs: Path, count: int) -> LiveServer:
    if shutil.which("redis-server") is None:
        pytest.fail("redis-server is missing: tools/system-deps.sh installs Debian's package")
    server = LiveServer(data=tmp_path / "data", packs=packs,
                        extra=("--workers", str(count))).start(timeout=60)
    wait_for_workers(server, count)
    return server


def wait_for_workers(server: LiveServer, count: int, timeout: float = 60) -> None:
    """Until workers.json lists every process and each answers on its own address."""
    import time
    import urllib.request

    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            table = processes(server)
            if len(table) == count:
                for process in table.values():
                    with urllib.request.urlopen(process.url + "/healthz", timeout=2):
                        pass
                return
        except (OSError, ValueError):
            pass
        time.sleep(0.1)
    raise TimeoutError("the workers did not all start:\n" + server.log())


@pytest.fixture
def three(tmp_path: Path, packs: Path) -> Iterator[LiveServer]:
    server = started(tmp_path, packs, 3)
    yield server
    server.stop()


@pytest.fixture
def four(tmp_path: Path, packs: Path) -> Iterator[LiveServer]:
    server = started(tmp_path, packs, 4)
    yield server
    server.stop()
