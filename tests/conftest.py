from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.live import LiveServer
from tests.synthetic import write_pack


@pytest.fixture
def packs(tmp_path: Path) -> Path:
    folder = tmp_path / "packs"
    folder.mkdir()
    write_pack(folder / "synthetic-fr.yaml", 200, "fr")
    return folder


@pytest.fixture
def server(tmp_path: Path, packs: Path) -> Iterator[LiveServer]:
    live = LiveServer(data=tmp_path / "data", packs=packs).start()
    yield live
    live.stop()


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """One server for a whole test module (its pages, routes and sockets), with a French pack."""
    root = tmp_path_factory.mktemp("live")
    folder = root / "packs"
    folder.mkdir()
    write_pack(folder / "synthetic-fr.yaml", 200, "fr")
    server = LiveServer(data=root / "data", packs=folder).start()
    yield server
    server.stop()
