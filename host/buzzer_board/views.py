"""What the projector, the host page and each phone see of the buzzer board.

The screen shows who has the floor and the others' gaps to the first in ms; in "first"
mode nothing is shown while a decision is settling (the order may still
change). The host page adds raw host times; a phone adds its own status.
"""

from __future__ import annotations

from typing import Any

from host.buzzer_board import arbiter
from host.buzzer_board.arbiter import Decision
from host.buzzer_board.state import BuzzerState
from host.games.contract import View


def _ms(ns: int) -> float:
    return round(ns / 1_000_000, 3)


def shown_decision(state: BuzzerState) -> Decision | None:
    """The decision the room may see: final ones, or a ranking window's live order."""
    board = state.board
    if board.decision is not None:
        return board.decision
    if board.settings.mode == "ranking" and board.entries:
        _, provisional = arbiter.decide(board, 0)
        return provisional
    return None


def room_view(state: BuzzerState) -> View:
    board = state.board
    decision = shown_decision(state)
    floor = None
    if board.phase == "floor" and decision is not None and decision.winner is not None:
        floor = decision.winner.seat
    names = dict(enumerate(state.names))
    first_ns = decision.ranking[0].t_ns if decision is not None and decision.ranking else 0
    # `behind_ms`: the gap to the first, the figure every page shows (a gap to the previous
    # place, `margin_ms`, makes a later player look faster than an earlier one)
    ranking = [] if decision is None else [
        {"seat": r.seat, "name": state.names[r.seat], "margin_ms": _ms(r.margin_ns),
         "behind_ms": _ms(max(0, r.t_ns - first_ns)),
         "tie": r.tie, "source": r.source, "u_ms": _ms(r.uncertainty_ns)}
        for r in decision.ranking
    ]
    return {
        "phase": board.phase,
        "mode": board.settings.mode,
        "window": state.window,
        "floor": floor,
        "floor_name": None if floor is None else state.names[floor],
        "settling": decision is None and bool(board.entries),
        "final": bool(decision and decision.final),
        "ranking": ranking,
        "lead": arbiter.describe_lead(decision, names) if decision else "",
        "out": sorted(board.out),
        "scores": [{"seat": i, "name": name, "score": state.scores[i]}
                   for i, name in enumerate(state.names)],
        "marks": [{"seat": seat, "right": right} for seat, right in state.last_result],
        "settle_ms": _ms(board.settings.settle_ns),
        "over": state.over,
    }


# What a phone draws (kinds/buzzer.js, phone.js): who has the floor, the window's phase
# and its own status, place and score (`you`). The projector's scoreboard, ranking and
# marks stay off the phones: with 500 seats the scoreboard alone was 19 KB per phone and
# publication (2.8 KB compressed): 1.4 MB on the air and 9 MB of JSON for the room to read.
PHONE_KEYS = ("phase", "mode", "window", "floor", "floor_name", "settling", "final", "over")


def places_of(room: View) -> dict[int, int]:
    """Each ranked seat's place in the room's ranking (0 is first)."""
    return {row["seat"]: place for place, row in enumerate(room["ranking"])}


def view(state: BuzzerState, audience: str, room: View | None = None,
         places: dict[int, int] | None = None) -> View:
    """`room` is `room_view(state)` and `places` its `places_of` when the caller already has
    them (they are not changed): a publication asks every seat of the same state."""
    out = dict(room_view(state) if room is None else room)
    if audience.startswith("seat:"):
        seat = int(audience.split(":", 1)[1])
        you = seat_status(state, seat, out, places_of(out) if places is None else places)
        return {**{key: out[key] for key in PHONE_KEYS}, "you": you}
    if audience == "host":
        board = state.board
        out["entries"] = [{"seat": e.seat, "t_ns": e.t_ns, "source": e.source,
                           "u_ns": e.uncertainty_ns} for e in board.entries]
        out["opens_at_ns"] = board.opens_at_ns
        out["horizon_ns"] = state.horizon_ns
        out["early_lockouts"] = [{"seat": s, "until_ns": t} for s, t in board.early_lockouts]
    return out


def seat_status(state: BuzzerState, seat: int, room: dict[str, Any],
                places: dict[int, int]) -> dict[str, Any]:
    board = state.board
    place = places.get(seat)
    if room["floor"] == seat:
        status = "floor"
    elif seat in board.out:
        status = "out"
    elif seat in board.entered:
        status = "buzzed"
    elif board.phase == "armed":
        status = "live"
    else:
        status = "waiting"
    until = board.locked_until(seat)
    early = until is not None and until > state.horizon_ns
    you = {"seat": seat, "status": status, "place": place, "early_lockout": early,
           "score": state.scores[seat]}
    if place:  # a later place: its gap to the first, as the projector shows it
        you["behind_ms"] = room["ranking"][place]["behind_ms"]
    if state.over:  # the final standing, tied scores sharing a place (1, 1, 3)
        you["rank"] = 1 + sum(score > state.scores[seat] for score in state.scores)
    return you
