"""A press: one seat's button, key or tap, stamped on the host clock."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, order=True)
class Press:
    """A buzzer press.

    `t_ns` is host `time.monotonic_ns()` at the moment the press happened (the
    kernel's edge time for GPIO, the mapped tap time for a phone), not when it
    reached Python. `uncertainty_ns` bounds how wrong `t_ns` may be: 0 for a
    wired button, the round-trip-derived bound for a phone.
    """

    t_ns: int
    seat: int
    source: str  # "gpio", "key", "phone", "device"
    uncertainty_ns: int = 0
