"""`tourelle serve --buzzers FILE`: GPIO buttons read inside the host process."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

from gpiozero.pins.mock import MockFactory

from buzzers.embedded import start_embedded
from tests.buzzer_board.test_live import host_view, new_board
from tests.live import ROOT, LiveServer, free_port

CONFIG = """
seats:
  - {seat: 0, name: Red, pin: 17, led: 27}
  - {seat: 1, name: Blue, pin: 22, led: 23}
"""


def test_embedded_buzzers_reach_the_game_and_light_the_floor(server: LiveServer,
                                                             tmp_path: Path) -> None:
    config = tmp_path / "buzzers.yaml"
    config.write_text(CONFIG)
    host, game = new_board(server, 2)
    factory = MockFactory()
    thread = start_embedded(config, server.url, server.key, pin_factory=factory)
    thread.join(timeout=20)
    assert not thread.is_alive()
    assert host.call("command", {"game": game, "type": "open", "mode": "first"})["ok"]
    time.sleep(0.05)
    factory.pin(17).drive_low()  # Red presses
    view = host_view(host, lambda v: v.get("floor") == 0)
    assert view["floor"] == 0
    deadline = time.monotonic() + 10
    while not factory.pin(27).state and time.monotonic() < deadline:
        time.sleep(0.02)
    assert factory.pin(27).state and not factory.pin(23).state  # Red's LED only
    factory.close()


def test_serve_refuses_a_bad_buzzer_config_before_starting(tmp_path: Path) -> None:
    bad = tmp_path / "buzzers.yaml"
    bad.write_text("seats:\n  - {seat: 0, pin: 99}\n")
    out = subprocess.run(
        [sys.executable, "-m", "host", "serve", "--port", str(free_port()), "--data",
         str(tmp_path / "data"), "--buzzers", str(bad)],
        cwd=ROOT, capture_output=True, text=True, timeout=60,
    )
    assert out.returncode != 0
    assert "buzzers:" in out.stderr and "99" in out.stderr
    assert "Tourelle is serving" not in out.stdout
