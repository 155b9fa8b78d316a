"""Waiting for what a test waits for (never a fixed sleep): a condition, polled."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")


def wait_until(predicate: Callable[[], T], what: str, timeout: float = 30.0) -> T:
    """The predicate's first true value; fails naming `what` after `timeout` seconds (long:
    a loaded machine is slow, a stuck one still fails)."""
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.005)
