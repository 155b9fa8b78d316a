"""Where the bundled data is: inside the wheel (host/_bundled) or in the source checkout."""

from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def bundled(name: str) -> Path:
    """The folder `questions` or `templates`, from the installed wheel or the checkout."""
    inside = _PACKAGE / "_bundled" / name
    if inside.is_dir():
        return inside
    return _PACKAGE.parent / name


def static_dir() -> Path:
    return _PACKAGE / "static"
