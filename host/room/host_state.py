"""The host page's state, kept on the host: the night it works in and the game it follows.

Reopened on any device (same host key), the host page gets it on connect (`host_state`)
and restores from it: the night's menu, the followed game's live controls. Both are
journal rows (`host_state`), so a restart keeps them; a followed game that is gone
(deleted) falls back to the room's current game (`Hub.latest`).
"""

from __future__ import annotations

from typing import Any, Protocol

from host.schema import BadMessage, check_field
from host.session.core import Session
from host.store.journal import Journal, own_table

KEYS = ("night", "game", "plan", "plan_step", "break")


class Room(Protocol):
    """What the host page's state reads of the room (host/room/hub.py's Hub)."""

    host_state: HostState

    def get(self, game_id: str) -> Session | None: ...

    def latest(self) -> Session | None: ...

    def night(self, night_id: str) -> dict[str, Any] | None: ...


class HostState:
    """Read and write the host's night and followed game (a cache over the journal)."""

    def __init__(self, journal: Journal) -> None:
        self.journal = journal
        self._values: dict[str, str | None] = {
            str(key): (None if value is None else str(value))
            for key, value in journal.select("SELECT key, value FROM host_state")
            if key in KEYS}

    def get(self, key: str) -> str | None:
        return self._values.get(key)

    def set(self, **values: str | None) -> bool:
        """Journal the changed values; True when something changed."""
        changed = {k: v for k, v in values.items() if k in KEYS and self._values.get(k) != v}
        if not changed:
            return False
        self.journal.write([own_table("host_state")] + [
            ("INSERT OR REPLACE INTO host_state(key, value) VALUES (?,?)", (key, value))
            for key, value in changed.items()])
        self._values.update(changed)
        return True

    def as_json(self, game: str | None, night: dict[str, Any] | None) -> dict[str, Any]:
        """What the host page restores from: the night (its id, name, status) and the game."""
        return {"night": None if night is None else {k: night[k] for k in ("id", "name", "status")},
                "game": game}


def snapshot(hub: Room) -> dict[str, Any]:
    """{"night": {"id", "name", "status"} | null, "game": id | null}: what a host page
    restores from (a followed game that is gone: the room's current game)."""
    state = hub.host_state
    game = state.get("game")
    if game is None or hub.get(game) is None:
        latest = hub.latest()
        game = latest.id if latest is not None else None
    night = state.get("night")
    return state.as_json(game, hub.night(night) if night else None)


def night_of(hub: Room, night: Any) -> str | None:
    """`host_state`'s "night", checked: an existing night's id, or None (no night)."""
    if night is None:
        return None
    check_field("night", night, (str,))
    if hub.night(night) is None:
        raise BadMessage(f"there is no night {night!r}")
    return str(night)
