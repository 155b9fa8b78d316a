"""End to end on a real server: phones with skewed clocks, a device client, `buzzers run`."""

from __future__ import annotations

import time
from typing import Any

from gpiozero.pins.mock import MockFactory

from buzzers.config import parse_config
from buzzers.gpio import GpioBuzzers
from buzzers.run import BuzzerLink, floor_lights
from tests.live import LiveServer, Peer

MS = 1_000_000
PHONE_OFFSET_MS = 10_000.0  # the fake phone's clock is 10 s ahead of the host's


def phone_clock_ms() -> float:
    return time.monotonic_ns() / MS + PHONE_OFFSET_MS


def new_board(server: LiveServer, seats: int) -> tuple[Peer, str]:
    host = Peer(server, "/host", auth={"key": server.key})
    reply = host.call("create", {"kind": "buzzer", "seats": [{"name": f"P{i}"}
                                                             for i in range(seats)],
                                 "start": True})
    assert reply["ok"], reply
    return host, reply["game"]


def join_phone(server: LiveServer, game: str, seat: int, rounds: int = 4) -> Peer:
    phone = Peer(server, "/seat")
    assert phone.call("join", {"game": game, "seat": seat, "token": f"phone-token-{seat:04d}"})[
        "ok"]
    for _ in range(rounds):
        c0 = phone_clock_ms()
        h = phone.call("ping", {"c": c0})["h"]
        answer = phone.call("sync", {"c0": c0, "h": h, "c1": phone_clock_ms()})
        assert answer["ok"], answer
    assert answer["synced"]
    return phone


def host_view(host: Peer, predicate: Any) -> dict[str, Any]:
    return host.wait_for(lambda s: s.get("view") is not None and predicate(s["view"]),
                         timeout=10)["view"]


def test_a_skewed_phone_tap_and_a_device_press_are_ordered_by_host_time(
    server: LiveServer,
) -> None:
    host, game = new_board(server, 3)
    screen = Peer(server, "/screen")
    assert screen.call("watch", {"game": game})["ok"]
    phone = join_phone(server, game, 0)
    device = Peer(server, "/device", auth={"key": server.key})
    for _ in range(3):
        c0 = time.monotonic_ns()
        h = device.call("ping", {"c": c0})["h"]
        assert device.call("sync", {"c0": c0, "h": h, "c1": time.monotonic_ns()})["ok"]
    # A ranking window: the order is by host time whatever the arrival order, and it does not
    # hang on the settle wait (a "first" window decides once the settle wait is over, which an
    # overloaded test machine can outlast between the two presses).
    assert host.call("command", {"game": game, "type": "open", "mode": "ranking"})["ok"]
    time.sleep(0.05)
    device_press = time.monotonic_ns()
    time.sleep(0.01)
    tap_host_ns = time.monotonic_ns()  # the phone's tap, 10 ms after the device's press
    tap = phone.call("buzz", {"t_client": tap_host_ns / MS + PHONE_OFFSET_MS})
    assert tap["ok"], tap
    entry = host_view(host, lambda v: v.get("entries"))["entries"][0]
    assert entry["source"] == "phone"
    # The 10 s are gone; what is left is the mapping's bound, or the clamp when this loaded
    # machine delivered the tap slower than any sync round trip it had measured.
    assert abs(entry["t_ns"] - tap_host_ns) <= entry["u_ns"] + 100 * MS
    pressed = device.call("press", {"game": game, "seat": 1, "t_ns": device_press,
                                    "source": "gpio"})
    assert pressed["ok"] and pressed["synced"], pressed
    assert host.call("command", {"game": game, "type": "close"})["ok"]
    decided = screen.wait_for(lambda s: (s.get("view") or {}).get("final"), timeout=10)["view"]
    assert decided["ranking"][0]["seat"] == 1  # the earlier press, though it arrived later
    assert [r["seat"] for r in decided["ranking"]] == [1, 0]
    assert 5 <= decided["ranking"][1]["margin_ms"] <= 150
    refused = phone.call("action", {"type": "open", "mode": "first"})
    assert not refused["ok"]
    for peer in (phone, device, screen, host):
        peer.close()


def test_buzzers_run_link_sends_a_gpio_press_and_lights_the_floor_led(
    server: LiveServer,
) -> None:
    host, game = new_board(server, 2)
    config = parse_config({"seats": [{"seat": 0, "name": "Red", "pin": 17, "led": 27},
                                     {"seat": 1, "name": "Blue", "pin": 22, "led": 23}]})
    factory = MockFactory()
    link = BuzzerLink(server.url, server.key, game=game, sync_every=0.5)
    gpio = GpioBuzzers(config, link.send, pin_factory=factory)
    gpio.start()
    link.on_floor = floor_lights(gpio, {0, 1})
    try:
        link.start(sync_rounds=3)
        assert host.call("command", {"game": game, "type": "open", "mode": "first"})["ok"]
        time.sleep(0.05)
        factory.pin(22).drive_low()  # Blue presses
        deadline = time.monotonic() + 10
        while link.floor != 1 and time.monotonic() < deadline:
            time.sleep(0.02)
        assert link.floor == 1
        while not factory.pin(23).state and time.monotonic() < deadline:  # lit on its thread
            time.sleep(0.02)
        assert factory.pin(23).state and not factory.pin(27).state  # Blue's LED only
        while not link.sent and time.monotonic() < deadline:  # the ack may trail the floor
            time.sleep(0.02)
        assert link.sent and link.sent[-1]["ok"]
        assert host.call("command", {"game": game, "type": "right"})["ok"]
        deadline = time.monotonic() + 10
        while (link.floor is not None or factory.pin(23).state) and time.monotonic() < deadline:
            time.sleep(0.02)
        assert not factory.pin(23).state
        view = host_view(host, lambda v: v["scores"][1]["score"] == 1)
        assert view["phase"] == "idle"
    finally:
        link.close()
        gpio.close()
        factory.close()
        host.close()


def test_the_box_reads_every_state_without_checking_utf8_in_python(server: LiveServer) -> None:
    """The box's client leaves UTF-8 to the decoder (websocket-client's own check is pure
    Python, 2-3 ms per 200-seat state): names with accents and emoji still read right."""
    host = Peer(server, "/host", auth={"key": server.key})
    reply = host.call("create", {"kind": "buzzer", "start": True,
                                 "seats": [{"name": "Zoé"}, {"name": "Çağrı 🎺"}]})
    assert reply["ok"], reply
    link = BuzzerLink(server.url, server.key, game=reply["game"])
    seen: list[Any] = []
    keep = link._on_state  # the box's own handler still runs: this one only looks

    def look(payload: Any) -> None:
        seen.append(payload)
        keep(payload)

    link.client.on("state", look, namespace="/screen")
    try:
        link.start(sync_rounds=1)
        websocket = link.client.eio.ws
        assert websocket is not None and websocket.frame_buffer.skip_utf8_validation
        deadline = time.monotonic() + 10
        while not seen and time.monotonic() < deadline:
            time.sleep(0.02)
        names = [s["name"] for s in seen[-1]["view"]["scores"]]
        assert names == ["Zoé", "Çağrı 🎺"]
    finally:
        link.close()
        host.close()


def test_buzzers_run_command_connects_with_the_key_and_refuses_a_wrong_one(
    server: LiveServer, tmp_path: Any,
) -> None:
    import os
    import subprocess
    import sys

    from tests.live import ROOT

    config = tmp_path / "buzzers.yaml"
    config.write_text("seats:\n  - {seat: 0, name: Red, pin: 17, led: 27}\n")
    env = {**os.environ, "GPIOZERO_PIN_FACTORY": "mock", "PYTHONUNBUFFERED": "1"}
    command = [sys.executable, "-m", "host", "buzzers", "run", "--host", server.url,
               "--config", str(config), "--no-keys", "--key"]
    wrong = subprocess.run([*command, "not-the-key"], cwd=ROOT, env=env, capture_output=True,
                           text=True, timeout=60)
    assert wrong.returncode == 1 and "cannot reach the host" in wrong.stdout
    running = subprocess.Popen([*command, server.key], cwd=ROOT, env=env,
                               stdout=subprocess.PIPE, text=True)
    try:
        assert running.stdout is not None
        assert "connected to" in running.stdout.readline()
    finally:
        running.terminate()
        running.wait(10)
