"""Rebuild a game from its journal rows: used at restart, by host undo and by `tourelle replay`."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from host.games.contract import Game, GameError
from host.store.journal import JournalRow, effective
import contextlib

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
    # The host's pauses so far, in host nanoseconds, and when the pause now on began: the
    # Session stamps a timed move with the total so that a pause is not answer time.
    paused_ns: int = 0
    paused_at: int | None = None


def in_play(seats: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The seats the engine is dealt: those the host did not leave out at the start."""
    return [seat for seat in seats if not seat.get("out")]


def initial_seats(config: dict[str, Any]) -> list[dict[str, Any]]:
    return [dict(seat) for seat in config["seats"]]


def rebuild(game: Game, config: dict[str, Any], rows: list[JournalRow]) -> Rebuilt:
    """Fold the effective rows (undo applied) into the state they produce."""
    out = Rebuilt(state=None, seats=initial_seats(config))
    out.last_seq = rows[-1].seq if rows else 0
    for row in effective(rows):
        fold(game, config, out, row.body)
    return out


def fold(game: Game, config: dict[str, Any], out: Rebuilt, body: dict[str, Any]) -> None:
    """One row into `out` (the engine's refusal, a GameError, leaves `out` as it was)."""
    kind = body.get("type")
    if kind in ("claim", "rename"):
        out.seats[int(body["seat"])]["name"] = body["name"]
    elif kind == "start":
        out.seats = [dict(seat) for seat in body["seats"]]
        out.engine_names = {int(seat["seat"]): seat["name"] for seat in out.seats}
        out.state = game.setup(config.get("settings", {}), in_play(out.seats),
                               int(config["seed"]))
    elif kind == "hand":  # the host gave the seat to a bot (a level), to people (on phones
        # or, with "paper", on a printed sheet: host/session/seats.py)
        seat = out.seats[int(body["seat"])]
        seat["bot"] = body["bot"]
        if body.get("paper"):
            seat["paper"] = True
        else:
            seat.pop("paper", None)
    elif kind == "pause":
        out.paused = True
        out.paused_at = body.get("t_ns")
    elif kind == "resume":
        out.paused = False
        if out.paused_at is not None and isinstance(body.get("t_ns"), int):
            out.paused_ns += max(0, int(body["t_ns"]) - int(out.paused_at))
        out.paused_at = None
    else:
        state = game.apply(out.state, body)
        if kind == "question":
            asked = str(body["question"]["id"])
            out.used_questions.pop(asked, None)
            out.used_questions[asked] = None
        out.state = state


def undo_target(game: Game, rows: list[JournalRow]) -> JournalRow | None:
    """The row a host undo cuts from, among the effective rows: the last decision the game
    calls undoable, or a seat handed over (a host decision too); never past an undo
    barrier (a card the room has seen)."""
    for row in reversed(rows):
        if row.body.get("type") == "hand" and "paper" not in row.body:
            return row  # (a paper team, marked in the lobby, is no decision of the game's)
        if row.body.get("type") in SESSION_EVENTS:
            continue
        if game.undo_barrier(row.body):
            return None
        if game.undoable(row.body):
            return row
    return None


# Who makes a team's move: a phone, a buzzer, a bot playing the seat.
MOVERS = frozenset({"seat", "device", "bot"})


@dataclass
class UndoPlan:
    """What a host undo takes back: the decision `target`, and among the rows after it
    those kept (`keep`: seqs) and the teams' moves that no longer apply (`dropped`)."""

    target: JournalRow
    keep: list[int] = field(default_factory=list)
    dropped: list[dict[str, Any]] = field(default_factory=list)

    def row(self) -> dict[str, Any]:
        """The journal's `undo` row (without `keep`: the old cut of everything after)."""
        body: dict[str, Any] = {"type": "undo", "cut_from": self.target.seq}
        if self.keep or self.dropped:
            body["keep"] = self.keep
            body["dropped"] = self.dropped
        return body


def plan_undo(game: Game, config: dict[str, Any], rows: list[JournalRow]) -> UndoPlan | None:
    """The host's last decision and what becomes of the rows after it (effective rows).

    A game with `undo_context(state)` takes back the decision only: every later row is
    replayed on the state without it and kept where it still applies in the same context
    (a team's answer to the same question, a joker on the same title card); the Session's
    own rows (names, pause) are kept as they are. A team's move that no longer applies
    (its question was taken back) is listed in `dropped` with why, for its phone. A game
    without `undo_context` cuts every row from the decision on (a card game's turn)."""
    target = undo_target(game, rows)
    if target is None:
        return None
    plan = UndoPlan(target)
    context = getattr(game, "undo_context", None)
    if context is None:
        return plan
    before = [r for r in rows if r.seq < target.seq]
    new = rebuild(game, config, before)
    old = rebuild(game, config, before + [target])
    for row in rows:
        if row.seq <= target.seq:
            continue
        body = row.body
        if body.get("type") in SESSION_EVENTS:
            fold(game, config, old, body)
            fold(game, config, new, body)
            plan.keep.append(row.seq)
            continue
        same = (old.state is not None and new.state is not None
                and context(old.state) == context(new.state))
        why = "undone"
        with contextlib.suppress(GameError):
            fold(game, config, old, body)
        if same:
            try:
                fold(game, config, new, body)
                plan.keep.append(row.seq)
                continue
            except GameError as err:
                why = err.code
        if row.origin.get("role") in MOVERS and isinstance(body.get("seat"), int):
            plan.dropped.append({"seq": row.seq, "seat": body["seat"],
                                 "move": body.get("type"), "why": why})
    return plan


def undone_notices(game: Game, state: Any, dropped: list[dict[str, Any]]
                   ) -> dict[int, tuple[Any, str]]:
    """Seat -> (the context it holds in, the notice's code): what a phone whose move the
    undo could not keep is told while the game is still at that point."""
    context = getattr(game, "undo_context", None)
    if context is None or state is None:
        return {}
    here = context(state)
    return {int(d["seat"]): (here, f"{d['move']}:{'gone' if d['why'] == 'undone' else 'void'}")
            for d in dropped}
