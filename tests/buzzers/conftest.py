"""A gpiozero mock factory whose ticks the test controls, and pins that report
edges with a chosen (kernel-like) timestamp, as the lgpio factory does."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from gpiozero.pins.mock import MockFactory, MockPin


class StampedPin(MockPin):
    """A mock pin that reports an edge stamped at a chosen tick, like lgpio's alerts."""

    def edge(self, low: bool, at: float) -> None:
        """Deliver a level change that happened at tick `at` (the callback runs now)."""
        self._state = not low
        self._last_change = at
        if self._when_changed is not None:
            self._call_when_changed()


class ClockedMockFactory(MockFactory):
    """MockFactory's ticks are `time.monotonic()`; here the test sets them."""

    def __init__(self, now: float = 1000.0) -> None:
        super().__init__(pin_class=StampedPin)
        self.now = now

    def ticks(self) -> float:
        return self.now

    def stamped_pin(self, number: int) -> StampedPin:
        pin: Any = self.pin(f"GPIO{number}")
        assert isinstance(pin, StampedPin)
        return pin


@pytest.fixture
def clocked_factory() -> Iterator[ClockedMockFactory]:
    factory = ClockedMockFactory(now=1000.0)
    yield factory
    factory.close()
