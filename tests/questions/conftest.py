"""Fixtures for the question pack tests."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml


@pytest.fixture
def write_pack(tmp_path: Path) -> Callable[..., Path]:
    """Write a pack file from question dicts; returns its path."""

    def write(questions: list[Any], name: str = "pack.yaml", **header: Any) -> Path:
        document = {"pack": "test-pack", "language": "en", "title": "Test", **header}
        document["questions"] = questions
        path = tmp_path / name
        path.write_text(yaml.safe_dump(document, sort_keys=False, allow_unicode=True), "utf-8")
        return path

    return write
