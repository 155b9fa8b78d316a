"""What other threads may read of a game: one frozen value, published after each commit.

The game's worker is its only writer (issue 43). After every batch is committed (and once
at start-up, after the restore) it builds a `Snapshot` from what it just committed and
publishes it with one assignment (`Session.snapshot`); a socket handler, the following of
the room, the host's commands, the game list and a night's table read only that value, so
what they read is committed and consistent (the status, the seats and the phones of one
moment), and a decision they take from it is carried in its event and checked again by the
worker (a removal names the phone's token, host/session/removal.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Any

from host.people.teams import member_id
from host.session.shape import SessionShape


@dataclass(frozen=True)
class Snapshot:
    """One committed moment of a game (never changed: the worker publishes a new one)."""

    status: str  # lobby | running | over | deleted
    stage: str  # the step the game is at (Session.stage_key)
    paused: bool
    seats: tuple[Mapping[str, Any], ...]  # each seat: seat, name, bot
    phones: Mapping[int, tuple[str, ...]]  # seat -> its phones' token hashes, captain first
    seat_of: Mapping[str, int]  # token hash -> its seat
    joinable: tuple[int, ...]  # the seats a new phone may take
    out: tuple[int, ...]  # the seats the game's rules put out (a late phone is not offered them)
    names_version: int
    state: Any  # the engine's state (an immutable value), None in the lobby
    seq: int  # the journal's last row of the game
    renames: Mapping[int, str]  # seats named otherwise than the engine's (host/people/names.py)
    undone: Mapping[int, tuple[Any, str]]  # seat -> its move the host's last undo dropped
    # The game's meta (host/session/publication.py) as the worker last built it, once a batch
    # that changed what the audiences see was committed (or a page started watching): what
    # the screens were sent.
    meta: Mapping[str, Any]
    due_ns: int | None  # when the running timer fires (host ns); None: none runs, or paused

    def meta_at(self, now_ns: int) -> dict[str, Any]:
        """The meta with the timer's time left as of `now_ns` (any thread reads the clock)."""
        meta = dict(self.meta)
        timer = meta.get("timer")
        if timer and self.due_ns is not None:
            meta["timer"] = {**timer, "left": round(max(0.0, (self.due_ns - now_ns) / 1e9), 2)}
        return meta

    def captain(self, seat: int) -> str | None:
        phones = self.phones.get(seat)
        return phones[0] if phones else None

    def taken(self, seat: int) -> bool:
        return bool(self.phones.get(seat))

    def find(self, seat: int, ident: str) -> str | None:
        """A phone of the seat by its short id (what the host page shows)."""
        return next((token for token in self.phones.get(seat, ())
                     if member_id(token) == ident), None)

    def names(self) -> dict[int, str]:
        return {int(seat["seat"]): str(seat["name"]) for seat in self.seats}


def build(session: SessionShape, meta: Mapping[str, Any]) -> Snapshot:
    """The worker's: the Session as committed now, with the meta last built."""
    s = session
    phones = {seat: tuple(phone.token_hash for phone in held)
              for seat, held in s.phones.seats.items() if held}
    return Snapshot(
        status=s.status, stage=s.stage_key(), paused=s.paused,
        seats=tuple(MappingProxyType(dict(seat)) for seat in s.seats),
        phones=MappingProxyType(phones),
        seat_of=MappingProxyType({token: seat for seat, held in phones.items()
                                  for token in held}),
        joinable=tuple(s.seating.joinable_seats()), out=tuple(sorted(s.seating.seats_out())),
        names_version=s.names_version,
        state=s.state, seq=s.last_seq,
        renames=MappingProxyType(dict(s.seating.renames())),
        undone=MappingProxyType(dict(s.undone_moves)),
        meta=MappingProxyType(dict(meta)),
        due_ns=(s.timers.due_ns if s.timers.timer_id is not None and not s.paused else None))


def with_meta(seen: Snapshot, meta: Mapping[str, Any]) -> Snapshot:
    """The worker's: the same snapshot with the meta it just built (to publish)."""
    return replace(seen, meta=MappingProxyType(dict(meta)))
