"""The games a host can run: every game package's `KIND`, collected in one place.

A game package is a folder with a `kind.py` that defines `KIND`, a GameKind
(host/games/contract.py). The built-in ones are found by looking for that file
in the subpackages of `host` and `host.cards`; more can be added, without
editing this tree, by naming their packages in the TOURELLE_GAMES environment
variable (comma-separated module paths, e.g. `TOURELLE_GAMES=mygames.bingo`).
Nothing else in the host names a game: the Session, the sockets, the host
form, the command line and the page scripts all ask the registry.
"""

from __future__ import annotations

import importlib
import os
import threading
from pathlib import Path

from host.games.contract import BotPlan, BotPlanner, GameError, GameKind

__all__ = ["BotPlan", "BotPlanner", "GameKind", "all_kinds", "kind", "names"]

DEFAULT_MAP = "france-regions"
GAME_ROOTS = ("host", "host.cards")  # packages whose subpackages may be games
EXTRA_ENV = "TOURELLE_GAMES"

_lock = threading.Lock()
_kinds: dict[str, GameKind] = {}
_loaded_extra: str | None = None  # the TOURELLE_GAMES value _kinds was built with


def _built_in_packages() -> list[str]:
    found = []
    for root in GAME_ROOTS:
        folder = Path(importlib.import_module(root).__file__ or "").parent
        for child in sorted(folder.iterdir()):
            if (child / "kind.py").is_file() and (child / "__init__.py").is_file():
                found.append(f"{root}.{child.name}")
    return found


def _extra_packages() -> list[str]:
    return [name.strip() for name in os.environ.get(EXTRA_ENV, "").split(",") if name.strip()]


def _load(package: str) -> GameKind:
    module = importlib.import_module(f"{package}.kind")
    found = getattr(module, "KIND", None)
    if not isinstance(found, GameKind):
        raise TypeError(f"{package}.kind defines no KIND (a GameKind)")
    return found


def _collect() -> dict[str, GameKind]:
    """Every kind, loaded once (again if TOURELLE_GAMES changed, e.g. in a test)."""
    global _loaded_extra
    extra = os.environ.get(EXTRA_ENV, "")
    with _lock:
        if _loaded_extra != extra or not _kinds:
            kinds: dict[str, GameKind] = {}
            for package in _built_in_packages() + _extra_packages():
                loaded = _load(package)
                if loaded.name in kinds:
                    raise ValueError(f"two game packages are named {loaded.name!r}")
                kinds[loaded.name] = loaded
            _kinds.clear()
            _kinds.update(kinds)
            _loaded_extra = extra
        return dict(_kinds)


def kind(name: str) -> GameKind:
    kinds = _collect()
    try:
        return kinds[name]
    except KeyError:
        raise GameError(f"unknown game {name!r}; known: {', '.join(sorted(kinds))}") from None


def names() -> list[str]:
    return sorted(_collect())


def all_kinds() -> list[GameKind]:
    """Every kind in the host form's order: by `order` (territory first), then by name."""
    return sorted(_collect().values(), key=lambda k: (k.order, k.name))
