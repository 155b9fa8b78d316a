"""What the Session's parts may read and call of their Session: its shape, as protocols.

The parts (publication, recovery, seats, timers) each hold their Session and work on
it from its worker; they name it by this shape, not by host/session/core.py's class,
so the Session imports its parts and no part imports the Session. The Session fits
the shape by its members alone (a Protocol: mypy checks it where each part is made).
A part's members that another part uses are named here too, by the small protocols
below: a part reaches a sibling only through them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from host.clock import Clock, Scheduler
from host.games.contract import Event, Game, GameKind
from host.people.names import NameFilter
from host.people.teams import SeatPhones, TeamRules
from host.session.batches import Batches
from host.session.in_flight import InFlight
from host.session.terms import Origin, Outcome
from host.store.journal import Journal, Op


class TimersPart(Protocol):
    """The Session's clockwork (host/session/timers.py), as its siblings use it."""

    timer_id: str | None
    due_ns: int
    paused_left: float | None
    resume_left: float | None
    bot_keys: dict[int, str]

    def as_meta(self) -> dict[str, Any] | None: ...

    def due_soon(self, within: float = 0.1) -> float | None: ...

    def stage_key(self) -> str: ...

    def checkpoint(self) -> tuple[str | None, float | None]: ...

    def carry_on(self) -> None: ...

    def reset(self) -> None: ...

    def forget_bot(self, seat: int) -> None: ...

    def arm(self, seconds_left: float | None = None) -> None: ...


class SeatingPart(Protocol):
    """The Session's seats (host/session/seats.py), as its siblings use them."""

    engine_names: dict[int, str]

    def entry(self, seat: dict[str, Any]) -> dict[str, Any]: ...

    def renames(self) -> dict[int, str]: ...

    def keep_names(self, origin: Origin, names: dict[int, str]) -> None: ...

    def load(self) -> None: ...

    def joinable_seats(self) -> list[int]: ...

    def release(self, seat: int, scope: str | None = None, let_go: bool = True) -> Outcome: ...

    def team_command(self, event: Event) -> Outcome: ...

    def waiting(self) -> list[int]: ...

    def seats_out(self) -> set[int]: ...


class RecoveryPart(Protocol):
    """The Session's way back to its journal (host/session/recovery.py), as siblings use it."""

    def low_space(self) -> float | None: ...


class SessionShape(Protocol):
    """A Session as its parts see it (host/session/core.py's Session fits it)."""

    id: str
    kind: GameKind
    config: dict[str, Any]
    seed: int
    pace: float
    game: Game
    journal: Journal
    clock: Clock
    scheduler: Scheduler
    status: str
    state: Any | None
    seats: list[dict[str, Any]]
    paused: bool
    used_questions: dict[str, None]
    last_seq: int
    teams: TeamRules
    night_summary: Callable[[], dict[str, Any] | None] | None
    name_filter: NameFilter | None
    names_changed: Callable[[], None] | None
    night_team_name: Callable[[str], str | None] | None
    night_captain: Callable[[str], int | None] | None
    let_go: Callable[[str, str | None], None] | None  # a freed phone's connections
    paused_ns: int  # the pauses so far (not answer time)
    paused_at: int | None
    undone_moves: dict[int, tuple[Any, str]]  # seat -> (its move an undo dropped, why)
    batches: Batches
    in_flight: InFlight

    @property
    def timers(self) -> TimersPart: ...

    @property
    def seating(self) -> SeatingPart: ...

    @property
    def recovery(self) -> RecoveryPart: ...

    @property
    def storage(self) -> str | None: ...

    @property
    def phones(self) -> SeatPhones: ...

    @property
    def names_version(self) -> int: ...

    def stage_key(self) -> str: ...

    def submit_nowait(self, origin: Origin, event: Event) -> None: ...

    def append(self, origin: Origin, event: Event) -> int: ...

    def stage(self, op: Op) -> None: ...

    def defer(self, call: Callable[[], None]) -> None: ...

    def changed(self) -> None: ...

    def after_change(self, publish_only: bool = False) -> None: ...

    def publish(self) -> None: ...

    def kept_out(self, token: str) -> Outcome | None: ...
