from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from buzzers.config import parse_config
from buzzers.gpio import GpioBuzzers
from buzzers.press import Press
from host.buzzer_board.arbiter import ArbiterSettings, decide, new_board, open_window, submit

CONFIG = parse_config(
    {
        "holdoff_ms": 50,
        "seats": [
            {"seat": 1, "name": "Red", "pin": 17, "led": 27},
            {"seat": 2, "name": "Blue", "pin": 22, "led": 23},
        ],
    }
)


@pytest.fixture
def rig(clocked_factory: Any) -> Iterator[tuple[Any, GpioBuzzers, list[Press]]]:
    factory = clocked_factory
    presses: list[Press] = []
    buzzers = GpioBuzzers(CONFIG, presses.append, pin_factory=factory)
    buzzers.start()
    yield factory, buzzers, presses
    buzzers.close()


def test_presses_ordered_by_tick_not_by_callback(
    rig: tuple[Any, GpioBuzzers, list[Press]],
) -> None:
    factory, _, presses = rig
    factory.now = 1000.010  # both callbacks run late, after both edges
    factory.stamped_pin(22).edge(low=True, at=1000.001)  # Blue's callback first...
    factory.stamped_pin(17).edge(low=True, at=1000.000)  # ...Red pressed 1 ms earlier
    assert [p.seat for p in presses] == [2, 1]
    assert presses[1].t_ns == 1_000_000_000_000
    assert presses[0].t_ns - presses[1].t_ns == 1_000_000

    board = open_window(new_board(ArbiterSettings(mode="ranking")), 999_000_000_000)
    for press in presses:
        board, _ = submit(board, press)
    _, decision = decide(board, 1_000_020_000_000)
    assert decision is not None
    assert [entry.seat for entry in decision.ranking] == [1, 2]
    assert decision.ranking[1].margin_ns == 1_000_000
    assert not decision.ranking[1].tie


def test_bouncing_switch_is_stamped_at_first_edge(
    rig: tuple[Any, GpioBuzzers, list[Press]],
) -> None:
    factory, _, presses = rig
    pin = factory.stamped_pin(17)
    factory.now = 1000.020
    first = 1000.000
    for i, low in enumerate([True, False, True, False, True]):  # 2 ms bounce train
        pin.edge(low=low, at=first + i * 0.0005)
    assert [(p.seat, p.t_ns, p.source) for p in presses] == [(1, 1_000_000_000_000, "gpio")]
    pin.edge(low=False, at=1000.030)
    factory.now = 1000.100
    pin.edge(low=True, at=1000.080)  # a real second press, after the hold-off
    assert [p.t_ns for p in presses] == [1_000_000_000_000, 1_000_080_000_000]


def test_floor_led_lights_only_the_seat_with_the_floor(
    rig: tuple[Any, GpioBuzzers, list[Press]],
) -> None:
    factory, buzzers, _ = rig
    buzzers.set_floor(2)
    assert (factory.stamped_pin(23).state, factory.stamped_pin(27).state) == (1, 0)
    buzzers.set_floor(1)
    assert (factory.stamped_pin(23).state, factory.stamped_pin(27).state) == (0, 1)
    buzzers.set_floor(None)
    assert (factory.stamped_pin(23).state, factory.stamped_pin(27).state) == (0, 0)
    with pytest.raises(ValueError, match="unknown seat 9"):
        buzzers.set_floor(9)


def test_plain_mock_factory_press_is_stamped_near_now() -> None:
    from gpiozero.pins.mock import MockFactory
    import time

    factory = MockFactory()
    presses: list[Press] = []
    buzzers = GpioBuzzers(CONFIG, presses.append, pin_factory=factory)
    buzzers.start()
    try:
        before = time.monotonic_ns()
        factory.pin("GPIO22").drive_low()
        after = time.monotonic_ns()
    finally:
        buzzers.close()
        factory.close()
    assert len(presses) == 1 and presses[0].seat == 2
    assert before - 1_000_000 <= presses[0].t_ns <= after
