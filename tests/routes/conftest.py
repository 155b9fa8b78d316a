"""The routes' tests share one host: a Flask test app on a fresh data folder."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.routes.test_packs_api import Host, start


@pytest.fixture
def host(tmp_path: Path) -> Iterator[Host]:
    made = start(tmp_path)  # a fresh data folder, without the bundled packs
    yield made
    made.hub.close()
