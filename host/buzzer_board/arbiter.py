"""Who pressed first: a pure buzz-window arbiter (no clock, no I/O).

The board is an immutable value; every function takes the host time it needs
(`at_ns`, `now_ns`, host `time.monotonic_ns()`) and returns a new board. The
Session keeps the board and calls, in order:

    board = new_board(ArbiterSettings(mode="first", settle_ns=settle_delay_ns(delays)), seed)
    board = open_window(board, at_ns)               # the buzzers go live
    board, verdict = submit(board, press)           # for every press, as it arrives
    board, decision = decide(board, now_ns)         # poll: None until settled
    board = wrong_answer(board, seat, now_ns)       # "first": lock that seat, re-arm the rest
    board = close_window(board, at_ns)              # right answer, time up, host closes

Presses are ordered by their host time (`Press.t_ns`), never by arrival. A
decision waits `settle_ns` after the earliest press (after the close for the
ranking modes), long enough for the slowest phone's press to arrive; it is 0
with wired buttons only. Two presses closer than their combined uncertainty
are a tie: both are kept in the ranking with the margin and the tie flag, and
the host's `tie_rule` orders them ("earliest_stamp", "wired_first" or
"random", the latter drawn from the board's `host.rng` integer).

Modes: "first" (first press takes the floor; a wrong answer locks that seat out
and re-arms the rest), "ranking" (everyone ranked until the host closes),
"lockin" (each seat locks in one answer value, ranked by time).

Early presses: a press stamped before the window opens (or while it is not
open) locks that seat out until `early_lockout_ns` after the press (250 ms by
default, as on Jeopardy); a press during that lockout is refused as
"early_lockout" (the seat is live again when it ends, not out of the question)
and, if it is itself before the opening, earns a fresh lockout. A seat's second
press in a window is a duplicate and ignored.

A re-arm after a wrong answer is not a question being shown: a press stamped
before it (in the moment the host marked the answer wrong, or by a phone whose
clock mapping lands a little early) but heard after it is no anticipation, so
it earns no lockout: it counts as pressed at the re-arm (`rearmed`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any, Literal, get_args

from buzzers.press import Press
from host import rng

Mode = Literal["first", "ranking", "lockin"]
TieRule = Literal["earliest_stamp", "wired_first", "random"]
Phase = Literal["idle", "armed", "floor", "closed"]
Verdict = Literal["accepted", "early", "early_lockout", "locked_out", "duplicate", "ignored"]

WIRED_SOURCES = frozenset({"gpio", "key"})
DEFAULT_EARLY_LOCKOUT_NS = 250_000_000


class ArbiterError(ValueError):
    """A call the arbiter refuses (bad settings, wrong phase, missing lock-in value)."""


@dataclass(frozen=True)
class ArbiterSettings:
    mode: Mode = "first"
    settle_ns: int = 0
    early_lockout_ns: int = DEFAULT_EARLY_LOCKOUT_NS
    tie_rule: TieRule = "earliest_stamp"

    def __post_init__(self) -> None:
        if self.mode not in get_args(Mode):
            raise ArbiterError(f"unknown mode {self.mode!r}; expected one of {get_args(Mode)}")
        if self.tie_rule not in get_args(TieRule):
            raise ArbiterError(
                f"unknown tie rule {self.tie_rule!r}; expected one of {get_args(TieRule)}"
            )
        if self.settle_ns < 0 or self.early_lockout_ns < 0:
            raise ArbiterError("settle_ns and early_lockout_ns must be >= 0")


@dataclass(frozen=True)
class Entry:
    """An accepted press, with its lock-in value in "lockin" mode."""

    seat: int
    t_ns: int
    source: str
    uncertainty_ns: int
    value: Any = None


@dataclass(frozen=True, kw_only=True)
class Ranked(Entry):
    """One place in a decision: the accepted press, and how it came after the place before.

    `margin_ns` is the distance in host time to the previous place (0 for the
    first); `tie` says it was within the two presses' combined uncertainty of
    the previous place, so the order between them came from the tie rule.
    """

    margin_ns: int
    tie: bool


@dataclass(frozen=True)
class Decision:
    ranking: tuple[Ranked, ...]
    final: bool

    @property
    def winner(self) -> Ranked | None:
        return self.ranking[0] if self.ranking else None


@dataclass(frozen=True)
class Board:
    settings: ArbiterSettings
    rng: int
    phase: Phase = "idle"
    opens_at_ns: int | None = None
    closes_at_ns: int | None = None
    entries: tuple[Entry, ...] = ()
    # (seat, locked until host ns) for early presses
    early_lockouts: tuple[tuple[int, int], ...] = ()
    out: frozenset[int] = field(default_factory=frozenset)  # wrong answers this question
    decision: Decision | None = None
    # When the host heard the window's first press (host ns; None: not known): the settle
    # wait runs from that press's own time, so what it spent on the way is already waited.
    heard_at_ns: int | None = None
    # The window was re-armed after a wrong answer ("first"): `opens_at_ns` is the re-arm's
    # time, and a press stamped before it counts from it (no early lockout).
    rearmed: bool = False

    def locked_until(self, seat: int) -> int | None:
        return self._lockouts.get(seat)

    # Read once per board, not once per seat: a publication to 500 phones asks every seat,
    # and a scan per seat made it grow with the square of the presses (80 ms at 250).
    @cached_property
    def entered(self) -> frozenset[int]:
        """The seats with a press in this window."""
        return frozenset(entry.seat for entry in self.entries)

    @cached_property
    def _lockouts(self) -> dict[int, int]:
        return dict(self.early_lockouts)


def new_board(settings: ArbiterSettings, seed: int = 0) -> Board:
    """A closed board; the seed feeds the "random" tie rule."""
    return Board(settings=settings, rng=rng.seed_state(seed))


def open_window(board: Board, at_ns: int) -> Board:
    """Open a new buzz window (a new question) at host time `at_ns`."""
    return replace(
        board,
        phase="armed",
        opens_at_ns=at_ns,
        closes_at_ns=None,
        entries=(),
        heard_at_ns=None,
        out=frozenset(),
        decision=None,
        rearmed=False,
    )


def submit(board: Board, press: Press, value: Any = None) -> tuple[Board, Verdict]:
    """Record a press (with its answer `value` in "lockin" mode); says what became of it."""
    if board.settings.mode == "lockin" and value is None:
        raise ArbiterError(f"seat {press.seat}: a lock-in press needs an answer value")
    lock = board.locked_until(press.seat)
    before_opening = board.phase == "idle" or (
        board.opens_at_ns is not None and press.t_ns < board.opens_at_ns
    )
    if board.phase == "floor" or (board.phase == "closed" and board.settings.mode == "first"):
        return board, "ignored"
    if before_opening and board.rearmed and board.phase == "armed":
        assert board.opens_at_ns is not None
        press = replace(press, t_ns=board.opens_at_ns)  # counted from the re-arm
        before_opening = False
    if before_opening:
        until = press.t_ns + board.settings.early_lockout_ns
        lockouts = dict(board.early_lockouts)
        lockouts[press.seat] = max(until, lockouts.get(press.seat, until))
        return replace(board, early_lockouts=tuple(sorted(lockouts.items()))), "early"
    if board.phase == "closed" and (
        board.decision is not None
        or (board.closes_at_ns is not None and press.t_ns >= board.closes_at_ns)
    ):
        return board, "ignored"
    if press.seat in board.out:
        return board, "locked_out"
    if lock is not None and press.t_ns < lock:
        return board, "early_lockout"
    if press.seat in board.entered:
        return board, "duplicate"
    entry = Entry(press.seat, press.t_ns, press.source, press.uncertainty_ns, value)
    added = replace(board, entries=(*board.entries, entry))
    # The seats pressed, carried over rather than read again from every entry: a burst of
    # 200 presses asked it 200 times over a growing list (bench/burst.py --profile).
    added.__dict__["entered"] = board.entered | {press.seat}
    return added, "accepted"


def decide(board: Board, now_ns: int) -> tuple[Board, Decision | None]:
    """The decision, once settled at host time `now_ns`.

    "first": None until `settle_ns` after the earliest press; then the winner
    takes the floor (the board moves to phase "floor"). "ranking"/"lockin": a
    provisional ranking (final=False, stamp order) while open, the final one
    once `settle_ns` has passed after the close.
    """
    if board.decision is not None:
        return board, board.decision
    if not board.entries:
        return board, None
    settle = board.settings.settle_ns
    if board.settings.mode == "first":
        if board.phase != "armed" or now_ns < min(e.t_ns for e in board.entries) + settle:
            return board, None
        ranking, state = rank(board.entries, board.settings.tie_rule, board.rng)
        decision = Decision(ranking, final=True)
        return replace(board, phase="floor", rng=state, decision=decision), decision
    closes = board.closes_at_ns
    if board.phase == "closed" and closes is not None and now_ns >= closes + settle:
        ranking, state = rank(board.entries, board.settings.tie_rule, board.rng)
        decision = Decision(ranking, final=True)
        return replace(board, rng=state, decision=decision), decision
    provisional, _ = rank(board.entries, "earliest_stamp", board.rng)
    return board, Decision(provisional, final=False)


def wrong_answer(board: Board, seat: int, now_ns: int) -> Board:
    """In "first" mode the seat with the floor answered wrong: lock it out, re-arm the rest."""
    if board.settings.mode != "first":
        raise ArbiterError("wrong_answer only applies to the 'first' mode")
    winner = board.decision.winner if board.decision else None
    if board.phase != "floor" or winner is None or winner.seat != seat:
        raise ArbiterError(f"seat {seat} does not have the floor")
    return replace(
        board,
        phase="armed",
        opens_at_ns=now_ns,
        entries=(),
        heard_at_ns=None,
        out=board.out | {seat},
        decision=None,
        rearmed=True,
    )


def close_window(board: Board, at_ns: int) -> Board:
    """Close the window at host time `at_ns` (presses stamped later are ignored)."""
    if board.phase == "idle":
        raise ArbiterError("the buzz window is not open")
    return replace(board, phase="closed", closes_at_ns=at_ns)


def rank(
    entries: Iterable[Entry], tie_rule: TieRule, rng_state: int
) -> tuple[tuple[Ranked, ...], int]:
    """Order entries by host time; ties (within combined uncertainty) by `tie_rule`.

    Returns the ranking and the generator state after any random draw.
    """
    ordered = sorted(entries, key=lambda e: (e.t_ns, e.uncertainty_ns, e.seat))
    groups: list[list[Entry]] = []
    for entry in ordered:
        if groups and _tied(groups[-1][-1], entry):
            groups[-1].append(entry)
        else:
            groups.append([entry])
    ranking: list[Ranked] = []
    previous: Entry | None = None
    for group in groups:
        if len(group) > 1:
            group, rng_state = _break_tie(group, tie_rule, rng_state)
        for index, entry in enumerate(group):
            margin = 0 if previous is None else abs(entry.t_ns - previous.t_ns)
            ranking.append(
                Ranked(
                    seat=entry.seat,
                    t_ns=entry.t_ns,
                    margin_ns=margin,
                    tie=index > 0,
                    uncertainty_ns=entry.uncertainty_ns,
                    source=entry.source,
                    value=entry.value,
                )
            )
            previous = entry
    return tuple(ranking), rng_state


def _tied(earlier: Entry, later: Entry) -> bool:
    margin = later.t_ns - earlier.t_ns
    return margin == 0 or margin < earlier.uncertainty_ns + later.uncertainty_ns


def _break_tie(group: list[Entry], rule: TieRule, state: int) -> tuple[list[Entry], int]:
    if rule == "random":
        return rng.shuffled(state, group)
    if rule == "wired_first":
        return sorted(group, key=lambda e: (e.source not in WIRED_SOURCES, e.t_ns, e.seat)), state
    return group, state


# The settle wait's margin on top of the phones' worst recent uplink: for a press slower
# than every recent ping. It was 5 ms while it also covered a stamped press's way into the
# Session; host/session/in_flight.py makes the decision wait for that now. bench/fairness.py
# --network lan counts the earlier taps each margin loses (0.005% at 0 ms, 0 from 1 ms).
SLACK_NS = 1_000_000


def settle_delay_ns(
    phone_delays_ns: Iterable[int], slack_ns: int = SLACK_NS, cap_ns: int = 1_500_000_000
) -> int:
    """How long a decision waits after the earliest press.

    `phone_delays_ns` holds, for each connected phone, the longest one-way
    delay its clock sync finds plausible (`ClockEstimator.max_delay_ns`). With
    wired buttons only (no phones) nothing can arrive late: 0.
    """
    delays = list(phone_delays_ns)
    if not delays:
        return 0
    if min(delays) < 0:
        raise ArbiterError("a phone's delay cannot be negative")
    return min(cap_ns, max(delays) + slack_ns)


def describe_lead(decision: Decision, names: Mapping[int, str]) -> str:
    """The first place's lead for the screen: "Red by 3 ms ± 4 ms" (or "tie ... Red by rule")."""
    if not decision.ranking:
        return "no press"
    first = decision.ranking[0]
    name = names.get(first.seat, f"seat {first.seat}")
    if len(decision.ranking) == 1:
        return f"{name} alone"
    second = decision.ranking[1]
    bound = first.uncertainty_ns + second.uncertainty_ns
    text = f"{name} by {_ms(second.margin_ns)} ms"
    if bound:
        text += f" ± {_ms(bound)} ms"
    if second.tie:
        text += " (tie)"
    return text


def _ms(ns: int) -> str:
    return f"{ns / 1_000_000:.3g}"
