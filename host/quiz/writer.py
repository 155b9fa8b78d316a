"""Writing a pack file (what `questions import` produces)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import yaml


class _PackDumper(yaml.SafeDumper):
    """Block style for the pack, one-line lists for a question's options."""


def _represent_list(dumper: yaml.SafeDumper, data: list[Any]) -> yaml.Node:
    flow = all(isinstance(item, str | int) for item in data) and bool(data)
    return dumper.represent_sequence("tag:yaml.org,2002:seq", data, flow_style=flow)


_PackDumper.add_representer(list, _represent_list)


def pack_text(pack_id: str, language: str, title: str, questions: Sequence[dict[str, Any]]) -> str:
    document = {"pack": pack_id, "language": language, "title": title, "questions": list(questions)}
    return yaml.dump(document, Dumper=_PackDumper, sort_keys=False, allow_unicode=True, width=100)


def write_pack(
    path: str | Path, pack_id: str, language: str, title: str, questions: Sequence[dict[str, Any]]
) -> None:
    Path(path).write_text(pack_text(pack_id, language, title, questions), encoding="utf-8")
