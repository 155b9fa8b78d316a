from __future__ import annotations

from pathlib import Path

import pytest

from tests.synthetic import write_pack


@pytest.fixture(scope="module")
def packs(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("packs")
    write_pack(folder / "synthetic-fr.yaml", 30, "fr")
    return folder
