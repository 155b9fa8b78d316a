"""A buzzer event's timing fields, read one way for every kind with buzzers (the buzzer
board and the quiz round's buzz round). The socket layer stamps a press with its host time
`t_ns` and its `source`, the phone clock's uncertainty `u_ns`, the wait `settle_ns` and
when it heard the press, `rx_ns`."""

from __future__ import annotations

from dataclasses import replace

from host.buzzer_board.arbiter import Board
from host.games.contract import BadEvent, Event, TimerRequest


def whole_ns(event: Event, name: str, default: int) -> int:
    """The event's `name` in nanoseconds, `default` when it has none; refused unless a whole
    number >= 0."""
    value = event.get(name, default)
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise BadEvent(f"{name!r} must be an integer >= 0")
    return value


def press_stamp(event: Event) -> tuple[int, str]:
    """A press's host time `t_ns` (required) and its `source` ("phone" unless given)."""
    t_ns = event.get("t_ns")
    if isinstance(t_ns, bool) or not isinstance(t_ns, int):
        raise BadEvent("a buzz needs its host time 't_ns' (an integer)")
    source = event.get("source", "phone")
    if not isinstance(source, str):
        raise BadEvent("'source' must be a string")
    return t_ns, source


def heard_first(board: Board, event: Event, t_ns: int) -> Board:
    """After an accepted press: the first of its window notes when the host heard it
    (`rx_ns`, the press's own time when the socket layer gave none)."""
    if len(board.entries) != 1:
        return board
    return replace(board, heard_at_ns=max(t_ns, whole_ns(event, "rx_ns", t_ns)))


def settle_timer(timer_id: str, board: Board) -> TimerRequest:
    """The settle wait still to run once the first press is in, counted from when the host
    heard it: the decision is due at the earliest press + `settle_ns`, and that press reached
    the host `heard_at_ns` - `t_ns` after it was made (a wired box's 1-2 ms, a phone's
    uplink), which is already waited."""
    first = min(e.t_ns for e in board.entries)
    heard = board.heard_at_ns if board.heard_at_ns is not None else first
    left_s = max(0, first + board.settings.settle_ns - heard) / 1e9
    return TimerRequest(timer_id, left_s, "settle", counted_from_ns=heard)
