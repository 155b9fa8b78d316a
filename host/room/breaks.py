"""The break: an interval the host shows between games or rounds (projector and phones).

Not a game's: a message ("Reprise à 21 h 15") and a countdown to the restart, kept in the
host's state (journal rows, host/room/host_state.py), so a restart keeps it. Its end is a
wall-clock time (a break outlives a restart, when the monotonic clock starts again); every
page is sent the seconds left when it is told, and counts down on its own clock. Its music
(host/room/break_sounds.py), when it has one, is kept with it, and sent to the projectors and
host pages only (`for_phones` leaves it out).
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any, Protocol

from host.schema import BadMessage, check_field

MAX_SECONDS = 3 * 3600


class Store(Protocol):
    """Where the break is kept (host/room/host_state.py's HostState)."""

    def get(self, key: str) -> str | None: ...

    def set(self, **values: str | None) -> bool: ...


def read_break(message: dict[str, Any]) -> tuple[str, int]:
    """`break`'s {"message": "Reprise à 21 h 15", "seconds": 900}, checked."""
    text, seconds = message.get("message", ""), message.get("seconds", 0)
    check_field("message", text, (str,))
    check_field("seconds", seconds, (int,))
    if not 0 <= seconds <= MAX_SECONDS:
        raise BadMessage(f"a break lasts 0 to {MAX_SECONDS // 60} minutes")
    if not text.strip() and not seconds:
        raise BadMessage("a break needs a message or a countdown")
    return text.strip(), seconds


class Breaks:
    def __init__(self, store: Store, now: Callable[[], float] = time.time) -> None:
        self.store = store
        self.now = now

    def start(self, message: str, seconds: int, night: str | None,
              music: dict[str, Any] | None = None) -> dict[str, Any]:
        kept = {"message": message, "total": seconds, "ends": self.now() + seconds,
                "night": night, "music": music}
        self.store.set(**{"break": json.dumps(kept)})
        current = self.current()
        assert current is not None
        return current

    def play(self, playing: bool) -> dict[str, Any] | None:
        """The break's music plays or stops (the projector fades it out); None when no break
        with music is shown."""
        try:
            kept = json.loads(self.store.get("break") or "null")
        except ValueError:
            return None
        if not isinstance(kept, dict) or not isinstance(kept.get("music"), dict):
            return None
        kept["music"]["playing"] = playing
        self.store.set(**{"break": json.dumps(kept)})
        return self.current()

    def end(self) -> bool:
        return self.store.set(**{"break": None})

    def current(self) -> dict[str, Any] | None:
        """{"message", "total", "left" (seconds, 0 once the time is up), "night", "music"}
        or None."""
        raw = self.store.get("break")
        if not raw:
            return None
        try:
            kept = json.loads(raw)
            left = max(0.0, float(kept["ends"]) - self.now())
            music = kept.get("music")
            return {"message": str(kept["message"]), "total": int(kept["total"]),
                    "left": round(left, 1), "night": kept.get("night"),
                    "music": music if isinstance(music, dict) else None}
        except (ValueError, KeyError, TypeError):
            return None


def for_phones(shown: dict[str, Any] | None) -> dict[str, Any] | None:
    """The break as a phone is told it: without its music (played on the projector only)."""
    return None if shown is None else {k: v for k, v in shown.items() if k != "music"}
