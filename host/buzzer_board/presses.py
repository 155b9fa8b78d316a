"""A buzzer event's timing fields, read one way for every kind with buzzers (the buzzer
board and the quiz round's buzz round). The socket layer stamps a press with its host time
`t_ns` and its `source`, the phone clock's uncertainty `u_ns` and the wait `settle_ns`."""

from __future__ import annotations

from host.games.contract import BadEvent, Event


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
