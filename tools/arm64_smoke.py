"""The arm64 lab's served smoke test (tools/arm64-lab.sh): the installed `tourelle serve` on a
free port, its /healthz, then real Socket.IO clients: a host creates a buzzer board, a phone
joins, syncs its clock and presses, a device client sends a GPIO press, the host sees both.
Prints how long the server took to answer; exits non-zero on any failure."""

from __future__ import annotations

import os
import platform
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.live import LiveServer, Peer, free_port  # noqa: E402

MS = 1_000_000


def wait_healthz(url: str, process: subprocess.Popen[bytes], timeout: float) -> float:
    """Seconds from now until /healthz answers 200."""
    started = time.monotonic()
    while time.monotonic() - started < timeout:
        if process.poll() is not None:
            raise RuntimeError(f"tourelle serve exited with {process.returncode}")
        try:
            with urllib.request.urlopen(url + "/healthz", timeout=2) as answer:
                if answer.status == 200:
                    return time.monotonic() - started
        except OSError:
            pass
        time.sleep(0.1)
    raise RuntimeError(f"no /healthz within {timeout} s")


def play(server: LiveServer) -> None:
    host = Peer(server, "/host", auth={"key": server.key})
    created = host.call("create", {"kind": "buzzer", "seats": [{"name": "Ana"}, {"name": "Bob"}],
                                   "start": True})
    assert created["ok"], created
    game = created["game"]
    screen = Peer(server, "/screen")
    assert screen.call("watch", {"game": game})["ok"]
    phone = Peer(server, "/seat")
    assert phone.call("join", {"game": game, "seat": 0, "token": "arm64-lab-phone-0001"})["ok"]
    for _ in range(4):
        c0 = time.monotonic_ns() / MS
        h = phone.call("ping", {"c": c0})["h"]
        synced = phone.call("sync", {"c0": c0, "h": h, "c1": time.monotonic_ns() / MS})
        assert synced["ok"], synced
    assert synced["synced"], synced
    device = Peer(server, "/device", auth={"key": server.key})
    for _ in range(3):
        c0 = time.monotonic_ns()
        h = device.call("ping", {"c": c0})["h"]
        assert device.call("sync", {"c0": c0, "h": h, "c1": time.monotonic_ns()})["ok"]
    assert host.call("command", {"game": game, "type": "open", "mode": "ranking"})["ok"]
    time.sleep(0.05)
    tap = phone.call("buzz", {"t_client": time.monotonic_ns() / MS})
    assert tap["ok"], tap
    time.sleep(0.01)
    pressed = device.call("press", {"game": game, "seat": 1, "t_ns": time.monotonic_ns(),
                                    "source": "gpio"})
    assert pressed["ok"] and pressed["synced"], pressed
    view = host.wait_for(lambda s: len((s.get("view") or {}).get("entries") or []) == 2,
                         timeout=20)["view"]
    sources = [entry["source"] for entry in view["entries"]]
    assert sources == ["phone", "gpio"], view["entries"]
    screen.wait_for(lambda s: s is not None, timeout=10)
    assert host.call("command", {"game": game, "type": "close"})["ok"]
    for peer in (phone, device, screen, host):
        peer.close()
    print(f"arm64 smoke: a host, a screen, a phone and a device on {game}: "
          f"the phone's tap and the GPIO press ranked {sources}")


def gpio_without_lgpio() -> None:
    """No lgpio here (PyPI has no ARM wheel; a Pi gets Debian's python3-lgpio): the default
    factory must fail with a readable error, as on a laptop, and the mock factory work."""
    from buzzers.cli import pin_factory_from_env
    from buzzers.source import BuzzerError

    os.environ.pop("GPIOZERO_PIN_FACTORY", None)
    try:
        pin_factory_from_env().close()
        print("arm64 smoke: the lgpio pin factory started (lgpio is installed)")
    except BuzzerError as err:
        assert "lgpio" in str(err), err
        print(f"arm64 smoke: without lgpio, as on a laptop: {err}")
    os.environ["GPIOZERO_PIN_FACTORY"] = "mock"
    factory = pin_factory_from_env()
    print(f"arm64 smoke: GPIOZERO_PIN_FACTORY=mock gives {type(factory).__name__}")
    factory.close()
    del os.environ["GPIOZERO_PIN_FACTORY"]


def main() -> int:
    gpio_without_lgpio()
    tourelle = shutil.which("tourelle") or str(Path(sys.executable).parent / "tourelle")
    data = Path(tempfile.mkdtemp(prefix="arm64-smoke-"))
    port = free_port()
    log = open(data / "serve.log", "wb")  # noqa: SIM115 - the server writes it
    started = time.monotonic()
    process = subprocess.Popen(
        [tourelle, "serve", "--bind", "127.0.0.1", "--port", str(port), "--data", str(data),
         "--no-mdns"], stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"})
    try:
        server = LiveServer(data=data, packs=data, port=port)
        waited = wait_healthz(server.url, process, timeout=120)
        health = server.get("/healthz")
        print(f"arm64 smoke: {platform.machine()}, Python {platform.python_version()}: "
              f"`tourelle serve` answered /healthz {time.monotonic() - started:.1f} s after its "
              f"start ({waited:.1f} s of polling): version {health['version']}, "
              f"{health['async_mode']}")
        play(server)
        process.send_signal(signal.SIGTERM)
        code = process.wait(30)
        assert code == 0, f"tourelle serve exited with {code} on SIGTERM"
        print(f"arm64 smoke passed in {time.monotonic() - started:.1f} s")
        return 0
    except BaseException:
        log.flush()
        sys.stderr.write((data / "serve.log").read_text(errors="replace")[-4000:])
        raise
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
        shutil.rmtree(data, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
