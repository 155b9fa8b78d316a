"""GPIO buzzers: one gpiozero Button per seat, stamped with the kernel's edge time.

Why the edge time: the Python callback may run milliseconds after the edge
(GIL, a busy thread), and two buttons' callbacks may even run in the reverse
order of their edges. gpiozero's lgpio factory passes the kernel's timestamp of
the edge into the device, which keeps it as the moment it became active; inside
the `when_pressed` callback `pin_factory.ticks() - button.active_time` gives it
back. For the lgpio, RPi.GPIO, native and mock factories ticks are
`time.monotonic()` seconds, so the edge converts straight to host monotonic ns.
For other factories (pigpio: wrapping microseconds of its daemon) we keep only
the edge's age and subtract it from the host clock.

Why no gpiozero `bounce_time`: lgpio's debounce reports the *last* bounce plus
the debounce time, which delays and blurs the stamp. We take the first edge and
ignore that seat in software for a hold-off instead (see `HoldOff`).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from functools import partial
from typing import Any

from gpiozero import LED, Button
from gpiozero.pins.local import LocalPiFactory
from gpiozero.pins.mock import MockFactory

from buzzers.config import BuzzerConfig
from buzzers.press import Press
from buzzers.source import BuzzerError, HoldOff, PressCallback

HostClock = Callable[[], int]


def ticks_are_monotonic(pin_factory: Any) -> bool:
    """Whether this factory's ticks are `time.monotonic()` seconds (our host clock)."""
    return isinstance(pin_factory, LocalPiFactory | MockFactory)


def edge_time_ns(
    pin_factory: Any,
    button: Any,
    host_clock_ns: HostClock = time.monotonic_ns,
    monotonic_ticks: bool | None = None,
) -> int:
    """The host monotonic ns at which `button` became active (call it from `when_pressed`).

    `active_time` reads the factory's ticks itself, so we read ticks just
    before and after it and take the midpoint: the error is the few
    microseconds between those reads, not the callback's delay.
    """
    if monotonic_ticks is None:
        monotonic_ticks = ticks_are_monotonic(pin_factory)
    before = pin_factory.ticks()
    age = button.active_time
    after = pin_factory.ticks()
    if age is None:  # already released: the edge is no later than now
        age = 0.0
    if monotonic_ticks:
        now_s = before + pin_factory.ticks_diff(after, before) / 2
        return round((now_s - age) * 1_000_000_000)
    return host_clock_ns() - round(age * 1_000_000_000)


class GpioBuzzers:
    """Buttons (to GND, internal pull-up) and a floor LED per seat, from the config.

    `pin_factory` is required: pass `MockFactory()` in tests, the factory
    gpiozero chooses (GPIOZERO_PIN_FACTORY) in the command line tool.
    """

    source_name = "gpio"

    def __init__(
        self,
        config: BuzzerConfig,
        on_press: PressCallback,
        pin_factory: Any,
        holdoff_ns: int | None = None,
        host_clock_ns: HostClock = time.monotonic_ns,
    ) -> None:
        if pin_factory is None:
            raise BuzzerError("GpioBuzzers needs a pin factory (e.g. MockFactory() in tests)")
        self.config = config
        self.on_press = on_press
        self.pin_factory = pin_factory
        self.holdoff = HoldOff(config.holdoff_ns if holdoff_ns is None else holdoff_ns)
        self._host_clock_ns = host_clock_ns
        self._monotonic_ticks = ticks_are_monotonic(pin_factory)
        self.buttons: dict[int, Button] = {}
        self.leds: dict[int, LED] = {}
        self._floor: int | None = None

    def start(self) -> None:
        """Claim the pins and begin reporting presses."""
        if self.buttons or self.leds:
            return
        try:
            for seat in self.config.seats:
                if seat.pin is not None:
                    button = Button(
                        seat.pin, pull_up=True, bounce_time=None, pin_factory=self.pin_factory
                    )
                    self.buttons[seat.seat] = button
                    button.when_pressed = partial(self._on_edge, seat.seat, button)
                if seat.led is not None:
                    self.leds[seat.seat] = LED(seat.led, pin_factory=self.pin_factory)
        except Exception as exc:
            self.close()
            raise BuzzerError(f"cannot claim GPIO pins: {exc}") from exc

    def _on_edge(self, seat: int, button: Button) -> None:
        t_ns = edge_time_ns(
            self.pin_factory, button, self._host_clock_ns, monotonic_ticks=self._monotonic_ticks
        )
        if self.holdoff.accept(seat, t_ns):
            self.on_press(Press(t_ns=t_ns, seat=seat, source=self.source_name))

    @property
    def floor(self) -> int | None:
        return self._floor

    def set_floor(self, seat: int | None) -> None:
        """Light the LED of the seat that has the floor (None: all off)."""
        if seat is not None and seat not in {s.seat for s in self.config.seats}:
            raise ValueError(f"unknown seat {seat}")
        self._floor = seat
        for led_seat, led in self.leds.items():
            if led_seat == seat:
                led.on()
            else:
                led.off()

    def close(self) -> None:
        """Release every pin (LEDs off)."""
        for led in self.leds.values():
            led.close()
        for button in self.buttons.values():
            button.when_pressed = None
            button.close()
        self.leds.clear()
        self.buttons.clear()
        self._floor = None
