"""Buzzers inside the host process (`tourelle serve --buzzers FILE`, threading mode).

The same code as `tourelle buzzers run`, started on a thread of the serving
process and talking to it over loopback as the device role: presses keep the
kernel's edge time, and the floor LEDs follow the projector's state. Eventlet
mode cannot do this (its green threads freeze on lgpio's callback thread): run
`tourelle buzzers run` in its own process there.
"""

from __future__ import annotations

import logging
import threading
import time
from pathlib import Path

from buzzers.config import load_config
from buzzers.gpio import GpioBuzzers
from buzzers.keys import EvdevKeys, evdev_available
from buzzers.run import BuzzerLink, floor_lights
from buzzers.source import BuzzerError, BuzzerSource

log = logging.getLogger(__name__)


def start_embedded(config_path: Path, url: str, key: str, *,
                   pin_factory: object | None = None, retry_seconds: float = 60.0,
                   ) -> threading.Thread:
    """Start the buzzer sources and their link to this host once it answers."""
    config = load_config(config_path)  # a bad file stops the start, with its message

    def run() -> None:
        link = BuzzerLink(url, key)
        sources: list[BuzzerSource] = []
        if any(seat.pin is not None for seat in config.seats):
            if pin_factory is None:
                from buzzers.cli import pin_factory_from_env

                factory = pin_factory_from_env()
            else:
                factory = pin_factory
            gpio = GpioBuzzers(config, link.send, pin_factory=factory)
            sources.append(gpio)
            link.on_floor = floor_lights(gpio, {seat.seat for seat in config.seats})
        if evdev_available() and any(seat.key for seat in config.seats):
            sources.append(EvdevKeys(config, link.send))
        for source in sources:
            try:
                source.start()
            except BuzzerError as err:
                log.error("buzzers: %s not started: %s", type(source).__name__, err)
        deadline = time.monotonic() + retry_seconds
        while True:
            try:
                link.start()
                log.info("buzzers: connected to %s", url)
                return
            except Exception as err:  # the server is still starting
                if time.monotonic() > deadline:
                    log.error("buzzers: cannot reach %s: %s", url, err)
                    return
                time.sleep(0.5)

    thread = threading.Thread(target=run, name="tourelle-buzzers", daemon=True)
    thread.start()
    return thread
