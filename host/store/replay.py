"""Rebuild a game from its journal rows: used at restart, by host undo and by `tourelle replay`."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from host.games.contract import Game
from host.store.journal import JournalRow, effective

# Events the Session handles itself; everything else goes to the engine.
# `rename` (host/people/names.py): a seat's new name after the start; the engine keeps the name it
# was set up with and the Session shows the new one (`engine_names` below).
SESSION_EVENTS = frozenset({"claim", "rename", "start", "pause", "resume", "undo", "hand"})


@dataclass
class Rebuilt:
    state: Any | None  # None while the game is in its lobby
    seats: list[dict[str, Any]]
    paused: bool = False
    used_questions: dict[str, None] = field(default_factory=dict)  # oldest first
    last_seq: int = 0
    engine_names: dict[int, str] = field(default_factory=dict)  # seat -> its name at the start


def initial_seats(config: dict[str, Any]) -> list[dict[str, Any]]:
    return [dict(seat) for seat in config["seats"]]


def rebuild(game: Game, config: dict[str, Any], rows: list[JournalRow]) -> Rebuilt:
    """Fold the effective rows (undo applied) into the state they produce."""
    out = Rebuilt(state=None, seats=initial_seats(config))
    out.last_seq = rows[-1].seq if rows else 0
    for row in effective(rows):
        body = row.body
        kind = body.get("type")
        if kind in ("claim", "rename"):
            out.seats[int(body["seat"])]["name"] = body["name"]
        elif kind == "start":
            out.seats = [dict(seat) for seat in body["seats"]]
            out.engine_names = {int(seat["seat"]): seat["name"] for seat in out.seats}
            out.state = game.setup(config.get("settings", {}), out.seats, int(config["seed"]))
        elif kind == "hand":  # the host gave the seat to a bot (a level) or back to people
            out.seats[int(body["seat"])]["bot"] = body["bot"]
        elif kind == "pause":
            out.paused = True
        elif kind == "resume":
            out.paused = False
        else:
            if kind == "question":
                asked = str(body["question"]["id"])
                out.used_questions.pop(asked, None)
                out.used_questions[asked] = None
            out.state = game.apply(out.state, body)
    return out


def undo_target(game: Game, rows: list[JournalRow]) -> JournalRow | None:
    """The row a host undo cuts from, among the effective rows: the last decision the game
    calls undoable, or a seat handed over (a host decision too); never past an undo
    barrier (a card the room has seen)."""
    for row in reversed(rows):
        if row.body.get("type") == "hand":
            return row
        if row.body.get("type") in SESSION_EVENTS:
            continue
        if game.undo_barrier(row.body):
            return None
        if game.undoable(row.body):
            return row
    return None
