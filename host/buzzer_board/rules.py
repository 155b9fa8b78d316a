"""The buzzer board's rules, as pure functions over `BuzzerState` (no clock, no I/O).

Host commands: `open` {mode: first|ranking}, `right`/`wrong` {seat?}, `close`,
`end`. A ranking window closes and is decided by itself once every seat has pressed.
Seat action: `buzz` {seat, t_ns, source, u_ns, settle_ns?, rx_ns?}, stamped by the
socket layer with the press's host time, its uncertainty, how long a decision must wait
for the game's slowest phone and when the host heard it. The Session's `timeout` of the
settle timer makes the decision, due `settle_ns` after the first press's own time (not
after the host heard it).

Why host commands may carry `t_ns` but need not: the arbiter wants the host
time of an opening (to spot presses made before it) and of a close. When the
sender gives none, the engine uses the benefit of the doubt for the players:
the latest host time it has seen for an opening (a lower bound, so no press is
wrongly called early) and "never" for a close (every press that arrives
before the decision counts).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from buzzers.press import Press
from host.buzzer_board import arbiter
from host.buzzer_board.arbiter import ArbiterSettings, Board
from host.buzzer_board.presses import heard_first, press_stamp, settle_timer, whole_ns
from host.buzzer_board.state import BuzzerSettings, BuzzerState
from host.games.contract import BadEvent, Event, GameError, OutOfTurn, StaleEvent, TimerRequest

MS = 1_000_000
NEVER_NS = 1 << 62  # a close time later than any real press
MODES = ("first", "ranking")

_VERDICT_REASONS = {
    "locked_out": "you are locked out of this question",
    "early_lockout": "too early: your buzzer is locked for a moment",
    "duplicate": "you already buzzed",
    "ignored": "the buzzers are not live",
}


def new_state(settings: BuzzerSettings, seats: list[dict[str, Any]], seed: int) -> BuzzerState:
    names = tuple(str(seat.get("name") or f"#{i + 1}") for i, seat in enumerate(seats))
    board = arbiter.new_board(
        ArbiterSettings(mode="first", settle_ns=settings.settle_ms * MS,
                        early_lockout_ns=settings.early_lockout_ns, tie_rule=settings.tie_rule),
        seed,
    )
    return BuzzerState(settings=settings, names=names, scores=(0,) * len(names), board=board)


def apply_event(state: BuzzerState, event: Event) -> BuzzerState:
    if state.over:
        raise GameError("the game is over")
    kind = event.get("type")
    handler = _HANDLERS.get(kind) if isinstance(kind, str) else None
    if handler is None:
        raise BadEvent(f"unknown buzzer event {kind!r}")
    state = replace(state, horizon_ns=max(state.horizon_ns, whole_ns(event, "t_ns", 0),
                                          whole_ns(event, "rx_ns", 0)))
    return handler(state, event)


def timer(state: BuzzerState) -> TimerRequest | None:
    """The settle wait, when a decision is pending and must wait for late phones."""
    board = state.board
    settle = board.settings.settle_ns
    if settle <= 0 or board.decision is not None or state.over:
        return None
    if board.settings.mode == "first" and board.phase == "armed" and board.entries:
        return settle_timer(f"settle:{state.window}:{state.rearm}", board)
    if board.settings.mode == "ranking" and board.phase == "closed":
        return TimerRequest(f"final:{state.window}", settle / 1e9, "settle")
    return None


# -- handlers --------------------------------------------------------------------------------

def _open(state: BuzzerState, event: Event) -> BuzzerState:
    mode = event.get("mode", "first")
    if mode not in MODES:
        raise BadEvent(f"mode must be one of {MODES}, not {mode!r}")
    board = state.board
    if board.phase in ("armed", "floor") or (board.phase == "closed" and board.decision is None):
        raise GameError("a buzz window is already open; close it first")
    at = whole_ns(event, "t_ns", state.horizon_ns)
    s = state.settings
    settings = ArbiterSettings(mode=mode, settle_ns=s.settle_ms * MS,
                               early_lockout_ns=s.early_lockout_ns, tie_rule=s.tie_rule)
    board = arbiter.open_window(replace(board, settings=settings), at)
    return replace(state, board=board, window=state.window + 1, rearm=0, marked=frozenset(),
                   last_result=())


def _buzz(state: BuzzerState, event: Event) -> BuzzerState:
    seat = _seat(state, event.get("seat"))
    t_ns, source = press_stamp(event)
    u_ns = whole_ns(event, "u_ns", 0)
    board = state.board
    settle = whole_ns(event, "settle_ns", state.settings.settle_ms * MS)
    if board.phase == "armed" and (board.settings.mode == "ranking" or not board.entries):
        # "first" fixes its wait at the first press (the timer runs from then);
        # "ranking" waits, at the close, for the slowest phone seen this window.
        if board.settings.mode == "ranking":
            settle = max(settle, board.settings.settle_ns)
        if settle != board.settings.settle_ns:  # (a new board forgets its seats pressed:
            # replaced at every press, a burst of 200 counted them 20,000 times)
            board = replace(board, settings=replace(board.settings, settle_ns=settle))
    board, verdict = arbiter.submit(board, Press(t_ns, seat, source, u_ns))
    if verdict == "early":
        return replace(state, board=board)
    if verdict != "accepted":
        raise StaleEvent(_VERDICT_REASONS.get(verdict, verdict))
    board = heard_first(board, event, t_ns)
    if board.settings.mode == "first" and board.settings.settle_ns == 0:
        board, _ = arbiter.decide(board, min(e.t_ns for e in board.entries))
    elif board.settings.mode == "ranking" and len(board.entered) >= state.seats:
        board = _everyone_pressed(board)
    return replace(state, board=board)


def _everyone_pressed(board: Board) -> Board:
    """A ranking window every seat pressed in is final at once: no press can come after
    (a seat's second one is a duplicate), so neither the host's close nor the settle wait
    for a late phone has anything left to wait for (issue 49: 8 phones pressed and the
    projector said "Buzzers open!" until the host closed)."""
    if board.phase == "armed":  # (closed already: its close time stays)
        board = arbiter.close_window(board, max(e.t_ns for e in board.entries) + 1)
    board, _ = arbiter.decide(board, (board.closes_at_ns or 0) + board.settings.settle_ns)
    return board


def _timeout(state: BuzzerState, event: Event) -> BuzzerState:
    wanted = timer(state)
    if wanted is None or event.get("timer") != wanted.timer_id:
        raise StaleEvent("that timer is no longer running")
    board = state.board
    settle = board.settings.settle_ns
    if board.settings.mode == "first":
        now = min(e.t_ns for e in board.entries) + settle
    else:
        now = (board.closes_at_ns or 0) + settle
    board, _ = arbiter.decide(board, now)
    return replace(state, board=board)


def _right(state: BuzzerState, event: Event) -> BuzzerState:
    seat = _marked_seat(state, event)
    state = state.with_score(seat, state.settings.right_points)
    state = _record(state, seat, True)
    if state.board.settings.mode == "first":
        state = replace(state, board=_idle(state.board))
    return state


def _wrong(state: BuzzerState, event: Event) -> BuzzerState:
    seat = _marked_seat(state, event)
    state = state.with_score(seat, -state.settings.wrong_penalty)
    state = _record(state, seat, False)
    board = state.board
    if board.settings.mode != "first":
        return state
    board = arbiter.wrong_answer(board, seat, whole_ns(event, "t_ns", state.horizon_ns))
    if len(board.out) >= state.seats:
        board = _idle(board)  # nobody left to answer
    return replace(state, board=board, rearm=state.rearm + 1)


def _close(state: BuzzerState, event: Event) -> BuzzerState:
    board = state.board
    if board.phase == "idle":
        raise GameError("no buzz window is open")
    if board.settings.mode == "first" or board.phase == "closed":
        return replace(state, board=_idle(board))
    board = arbiter.close_window(board, whole_ns(event, "t_ns", NEVER_NS))
    if board.settings.settle_ns == 0:
        board, _ = arbiter.decide(board, board.closes_at_ns or 0)
    return replace(state, board=board)


def _end(state: BuzzerState, event: Event) -> BuzzerState:
    return replace(state, board=_idle(state.board), over=True)


_HANDLERS = {
    "open": _open,
    "buzz": _buzz,
    "timeout": _timeout,
    "right": _right,
    "wrong": _wrong,
    "close": _close,
    "end": _end,
}


# -- helpers ---------------------------------------------------------------------------------

def _idle(board: Board) -> Board:
    """Between windows: presses now are early (locked out briefly); the last decision stays."""
    return replace(board, phase="idle", entries=(), out=frozenset(), closes_at_ns=None,
                   heard_at_ns=None)


def _seat(state: BuzzerState, seat: Any) -> int:
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < state.seats:
        raise BadEvent(f"there is no seat {seat!r} (seats 0 to {state.seats - 1})")
    return seat


def _marked_seat(state: BuzzerState, event: Event) -> int:
    """The seat a right/wrong mark is for: the one with the floor, or the one named."""
    board = state.board
    decision = board.decision
    if board.settings.mode == "first":
        winner = decision.winner if decision is not None else None
        if board.phase != "floor" or winner is None:
            raise GameError("nobody has the floor")
        if "seat" in event and event["seat"] != winner.seat:
            raise OutOfTurn(f"seat {event['seat']} does not have the floor")
        return winner.seat
    if board.phase != "closed" or decision is None:
        raise GameError("close the window first: marks come after the final ranking")
    ranked = [r.seat for r in decision.ranking if r.seat not in state.marked]
    if "seat" in event:
        seat = _seat(state, event["seat"])
        if seat not in ranked:
            raise GameError(f"seat {seat} is not in the ranking, or is already marked")
        return seat
    if not ranked:
        raise GameError("every ranked seat is already marked")
    return ranked[0]


def _record(state: BuzzerState, seat: int, right: bool) -> BuzzerState:
    return replace(state, marked=state.marked | {seat},
                   last_result=(*state.last_result, (seat, right)))
