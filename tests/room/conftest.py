from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.netns import NetLab, netlab, skip_reason
from tests.synthetic import write_pack


@pytest.fixture(scope="module")
def packs(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("packs")
    write_pack(folder / "synthetic-fr.yaml", 30, "fr")
    return folder


@pytest.fixture
def lab() -> Iterator[NetLab]:
    """A namespace of our own with a LAN-like eth0 (tests/netns.py); removed after the test."""
    reason = skip_reason()
    if reason:
        pytest.skip(reason)
    with netlab() as made:
        yield made
