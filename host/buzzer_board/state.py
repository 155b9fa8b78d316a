"""The buzzer board's state: settings, scores, the arbiter's board, and their JSON form."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, get_args

from host.buzzer_board.arbiter import (
    DEFAULT_EARLY_LOCKOUT_NS,
    ArbiterSettings,
    Board,
    Decision,
    Entry,
    Ranked,
    TieRule,
)
from host.games.contract import BadEvent

MIN_SEATS = 1
MAX_SEATS = 500


@dataclass(frozen=True)
class BuzzerSettings:
    """What the host may set when creating the game (all optional).

    `settle_ms` is the wait used for presses that do not say how long to wait
    (the host acting for a seat); presses from phones and buzzer boxes carry
    the wait the socket layer measured.
    """

    right_points: int = 1
    wrong_penalty: int = 0  # points taken away for a wrong answer
    early_lockout_ms: int = DEFAULT_EARLY_LOCKOUT_NS // 1_000_000
    settle_ms: int = 0
    tie_rule: TieRule = "earliest_stamp"

    @property
    def early_lockout_ns(self) -> int:
        return self.early_lockout_ms * 1_000_000


_INT_SETTINGS = ("right_points", "wrong_penalty", "early_lockout_ms", "settle_ms")


def parse_settings(raw: dict[str, Any]) -> BuzzerSettings:
    """Settings from the game config; refuses unknown names and out-of-range values."""
    unknown = set(raw) - {*_INT_SETTINGS, "tie_rule"}
    if unknown:
        raise BadEvent(f"unknown buzzer settings {sorted(unknown)}")
    values: dict[str, Any] = {}
    for name in _INT_SETTINGS:
        if name in raw:
            value = raw[name]
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 60_000:
                raise BadEvent(f"setting {name!r} must be an integer from 0 to 60000")
            values[name] = value
    if "tie_rule" in raw:
        if raw["tie_rule"] not in get_args(TieRule):
            raise BadEvent(f"tie_rule must be one of {get_args(TieRule)}")
        values["tie_rule"] = raw["tie_rule"]
    return BuzzerSettings(**values)


@dataclass(frozen=True)
class BuzzerState:
    settings: BuzzerSettings
    names: tuple[str, ...]  # by seat number
    scores: tuple[int, ...]
    board: Board
    window: int = 0  # windows opened so far (timer ids use it)
    rearm: int = 0  # re-arms of this window after wrong answers
    horizon_ns: int = 0  # the latest host time any event has told us
    marked: frozenset[int] = frozenset()  # seats already scored this window
    last_result: tuple[tuple[int, bool], ...] = ()  # (seat, right) marks of this window
    over: bool = False

    @property
    def seats(self) -> int:
        return len(self.names)

    def with_score(self, seat: int, delta: int) -> BuzzerState:
        scores = list(self.scores)
        scores[seat] += delta
        return replace(self, scores=tuple(scores))


# -- JSON ------------------------------------------------------------------------------------

def to_json(state: BuzzerState) -> dict[str, Any]:
    s = state.settings
    return {
        "settings": {"right_points": s.right_points, "wrong_penalty": s.wrong_penalty,
                     "early_lockout_ms": s.early_lockout_ms, "settle_ms": s.settle_ms,
                     "tie_rule": s.tie_rule},
        "names": list(state.names),
        "scores": list(state.scores),
        "board": board_to_json(state.board),
        "window": state.window,
        "rearm": state.rearm,
        "horizon_ns": state.horizon_ns,
        "marked": sorted(state.marked),
        "last_result": [[seat, right] for seat, right in state.last_result],
        "over": state.over,
    }


def from_json(data: dict[str, Any]) -> BuzzerState:
    return BuzzerState(
        settings=parse_settings(data["settings"]),
        names=tuple(data["names"]),
        scores=tuple(int(x) for x in data["scores"]),
        board=board_from_json(data["board"]),
        window=int(data["window"]),
        rearm=int(data["rearm"]),
        horizon_ns=int(data["horizon_ns"]),
        marked=frozenset(int(x) for x in data["marked"]),
        last_result=tuple((int(seat), bool(right)) for seat, right in data["last_result"]),
        over=bool(data["over"]),
    )


def board_to_json(board: Board) -> dict[str, Any]:
    s = board.settings
    return {
        "settings": {"mode": s.mode, "settle_ns": s.settle_ns,
                     "early_lockout_ns": s.early_lockout_ns, "tie_rule": s.tie_rule},
        "rng": board.rng,
        "phase": board.phase,
        "opens_at_ns": board.opens_at_ns,
        "closes_at_ns": board.closes_at_ns,
        "entries": [[e.seat, e.t_ns, e.source, e.uncertainty_ns] for e in board.entries],
        "early_lockouts": [list(pair) for pair in board.early_lockouts],
        "out": sorted(board.out),
        "heard_at_ns": board.heard_at_ns,
        "rearmed": board.rearmed,
        "decision": None if board.decision is None else {
            "final": board.decision.final,
            "ranking": [[r.seat, r.t_ns, r.margin_ns, r.tie, r.uncertainty_ns, r.source]
                        for r in board.decision.ranking],
        },
    }


def board_from_json(data: dict[str, Any]) -> Board:
    decision = data["decision"]
    return Board(
        settings=ArbiterSettings(**data["settings"]),
        rng=int(data["rng"]),
        phase=data["phase"],
        opens_at_ns=data["opens_at_ns"],
        closes_at_ns=data["closes_at_ns"],
        entries=tuple(Entry(seat, t, source, u) for seat, t, source, u in data["entries"]),
        early_lockouts=tuple((int(seat), int(until)) for seat, until in data["early_lockouts"]),
        out=frozenset(data["out"]),
        heard_at_ns=data.get("heard_at_ns"),  # absent from journals before 2026-11-26
        rearmed=bool(data.get("rearmed", False)),
        decision=None if decision is None else Decision(
            ranking=tuple(
                Ranked(seat=seat, t_ns=t, source=source, uncertainty_ns=u,
                       margin_ns=margin, tie=tie)
                for seat, t, margin, tie, u, source in decision["ranking"]
            ),
            final=bool(decision["final"]),
        ),
    )
