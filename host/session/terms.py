"""The Session's words, shared by its parts: who sent an event (`Origin`), what came of it
(`Outcome`), and what a Session is given to publish and to draw questions from.

Kept apart from host/session/core.py so that the Session's parts (host/session_*.py) can
name them without importing the Session; host.session.core re-exports every name here.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from concurrent.futures import Future
from dataclasses import dataclass, field
from typing import Any, Protocol

from host import messages
from host.games.contract import Event
from host.store.journal import GameRecord


class Publish(Protocol):
    """Sends a payload to an audience's room; `skip`: audiences whose members it skips."""

    def __call__(self, game_id: str, audience: str, payload: dict[str, Any],
                 skip: tuple[str, ...] = ()) -> None: ...


# (game_id, audience, payload); None for a headless game nobody watches.
Publisher = Publish | None


class QuestionSource(Protocol):
    def draw(self, kind: str, used_in_game: Sequence[str], rng_state: int,
             narrow: dict[str, Any] | None = None) -> dict[str, Any]:
        """A question of this kind; `used_in_game` oldest first; `narrow`: QuestionRequest's."""
        ...

    def remember(self, question_ids: list[str]) -> None: ...


@dataclass(frozen=True)
class Origin:
    """Who sent an event. `seat` is the seat a phone is bound to (never taken from the payload)."""

    role: str  # seat | host | device | bot | timer | session | screen (a projector)
    seat: int | None = None
    client: str = ""
    token: str = ""  # a phone's token hash: which phone of a team (never journaled)
    member: str = ""  # in a team game, the phone's short id (journaled: who answered)

    def as_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"role": self.role}
        if self.seat is not None:
            out["seat"] = self.seat
        if self.member:
            out["member"] = self.member
        return out


TIMER = Origin("timer")
SESSION = Origin("session")
HOST = Origin("host")
SCREEN = Origin("screen")  # a projector: only its kind's `screen_actions`
PHONES = "phones"  # the audience of every phone of a game (its public part)


# What a phone is told when the game does not answer in time (a busy Session, an owner
# process that does not answer a worker): the same words in both places.
BUSY_REASON = "the game did not answer in time; try again"


@dataclass
class Outcome:
    ok: bool
    code: str = "ok"
    reason: str = ""
    seq: int | None = None
    data: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def refuse(cls, code: str, reason: str) -> Outcome:
        return cls(False, code, reason)

    def as_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"ok": self.ok}
        if not self.ok:
            # `text`: the reason in both languages, for people (host/messages/__init__.py).
            out.update(code=self.code, reason=self.reason,
                       text=messages.text(self.code, self.reason))
        if self.seq is not None:
            out["seq"] = self.seq
        out.update(self.data)
        return out


# An event on a Session's queue: who sent it, the event, and who waits for its outcome.
Item = tuple[Origin, Event, "Future[Outcome] | None"]


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def internal() -> Outcome:
    return Outcome.refuse("internal", "the host could not handle that; nothing changed")


def missing(game_id: str) -> GameRecord:
    raise LookupError(f"game {game_id} is not in the journal")
