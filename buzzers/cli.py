"""`tourelle buzzers test`: a live readout of every press, to check the wiring;
`tourelle buzzers run`: the same presses sent to a host (see buzzers/run.py).

Each line shows the seat, the source, the press's host time, and the gap to the
previous press *by host time* (a negative gap means the press happened before
the one printed just above it: its callback arrived later).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import queue
import time
from importlib.metadata import entry_points
from typing import Any

from buzzers.config import BuzzerConfig, ConfigError, load_config
from buzzers.gpio import GpioBuzzers
from buzzers.keys import EvdevKeys, TerminalKeys, evdev_available
from buzzers.press import Press
from buzzers.source import BuzzerError, BuzzerSource

DEFAULT_CONFIG = "buzzers.yaml"


def register(subparsers: Any) -> None:
    """Add the `buzzers` command (with `buzzers test`) to a parent CLI's subparsers."""
    buzzers = subparsers.add_parser("buzzers", help="buzzer hardware tools")
    actions = buzzers.add_subparsers(dest="buzzers_command", required=True)
    test = actions.add_parser("test", help="print every press, live (Ctrl-C to stop)")
    test.add_argument("--config", default=DEFAULT_CONFIG, help="pin/key config (YAML or TOML)")
    test.add_argument("--no-gpio", action="store_true", help="do not claim GPIO pins")
    test.add_argument("--no-keys", action="store_true", help="do not read keys")
    test.add_argument(
        "--terminal", action="store_true", help="read this terminal's keys even if evdev exists"
    )
    test.set_defaults(func=run_test)
    run = actions.add_parser("run", help="send presses to a host and light the floor LEDs")
    run.add_argument("--host", required=True, help="the host's address, e.g. http://10.0.0.2:8340")
    run.add_argument("--key", required=True, help="the host key (tourelle serve prints it)")
    run.add_argument("--config", default=DEFAULT_CONFIG, help="pin/key config (YAML or TOML)")
    run.add_argument("--game", default=None, help="game id (default: the host's newest game)")
    run.add_argument("--no-gpio", action="store_true", help="do not claim GPIO pins")
    run.add_argument("--no-keys", action="store_true", help="do not read keys")
    run.add_argument(
        "--terminal", action="store_true", help="read this terminal's keys even if evdev exists"
    )
    run.set_defaults(func=run_run)


def pin_factory_from_env() -> Any:
    """The factory GPIOZERO_PIN_FACTORY names (default lgpio); "mock" works on any laptop."""
    name = os.environ.get("GPIOZERO_PIN_FACTORY", "lgpio").lower()
    found = [e for e in entry_points(group="gpiozero_pin_factories") if e.name == name]
    if not found:
        raise BuzzerError(f"unknown GPIOZERO_PIN_FACTORY {name!r}")
    try:
        return found[0].load()()
    except Exception as exc:  # the factory's driver is missing or this is not a Pi
        raise BuzzerError(f"cannot start the {name} pin factory: {exc}") from exc


def format_press(press: Press, previous: Press | None, config: BuzzerConfig) -> str:
    gap = "" if previous is None else f"gap {(press.t_ns - previous.t_ns) / 1e6:+10.3f} ms"
    spread = f"±{press.uncertainty_ns / 1e6:.3f} ms" if press.uncertainty_ns else ""
    return (
        f"seat {press.seat:>2} {config.seat_name(press.seat):<12} {press.source:<5} "
        f"t={press.t_ns / 1e9:14.6f} s  {gap:<18} {spread}"
    ).rstrip()


def _sources(args: argparse.Namespace, config: BuzzerConfig, sink: Any) -> list[BuzzerSource]:
    sources: list[BuzzerSource] = []
    if not args.no_gpio and any(s.pin is not None for s in config.seats):
        sources.append(GpioBuzzers(config, sink, pin_factory=pin_factory_from_env()))
    if not args.no_keys:
        if evdev_available() and not args.terminal and any(s.key for s in config.seats):
            sources.append(EvdevKeys(config, sink))
        elif any(s.char for s in config.seats):
            sources.append(TerminalKeys(config, sink))
    return sources


def run_test(args: argparse.Namespace) -> int:
    try:
        config = load_config(args.config)
    except ConfigError as exc:
        print(f"error: {exc}")
        return 2
    presses: queue.Queue[Press] = queue.Queue()
    started: list[BuzzerSource] = []
    try:
        for source in _sources(args, config, presses.put):
            try:
                source.start()
            except BuzzerError as exc:
                print(f"skipped {type(source).__name__}: {exc}")
                continue
            started.append(source)
            print(f"listening: {type(source).__name__}")
        if not started:
            print("error: nothing to listen to (no pins, keys or chars in the config)")
            return 2
        print("press the buzzers (Ctrl-C to stop)")
        previous: Press | None = None
        with contextlib.suppress(KeyboardInterrupt):
            while True:
                press = presses.get()
                print(format_press(press, previous, config), flush=True)
                previous = press
    except BuzzerError as exc:
        print(f"error: {exc}")
        return 1
    finally:
        for source in reversed(started):
            source.close()
    return 0


def run_run(args: argparse.Namespace) -> int:
    """`buzzers run`: presses to the host as the device role, floor LEDs from its screen."""
    from buzzers.run import BuzzerLink, floor_lights

    try:
        config = load_config(args.config)
    except ConfigError as exc:
        print(f"error: {exc}")
        return 2
    link = BuzzerLink(args.host, args.key, game=args.game)
    started: list[BuzzerSource] = []
    try:
        for source in _sources(args, config, link.send):
            try:
                source.start()
            except BuzzerError as exc:
                print(f"skipped {type(source).__name__}: {exc}")
                continue
            started.append(source)
            if isinstance(source, GpioBuzzers):
                link.on_floor = floor_lights(source, {s.seat for s in config.seats})
        if not started:
            print("error: nothing to listen to (no pins, keys or chars in the config)")
            return 2
        try:
            link.start()
        except Exception as exc:  # refused key, host not there
            print(f"error: cannot reach the host at {args.host}: {exc}")
            return 1
        print(f"connected to {args.host}; press the buzzers (Ctrl-C to stop)", flush=True)
        with contextlib.suppress(KeyboardInterrupt):
            while True:
                time.sleep(1)
        link.close()
    except BuzzerError as exc:
        print(f"error: {exc}")
        return 1
    finally:
        for source in reversed(started):
            source.close()
    return 0
