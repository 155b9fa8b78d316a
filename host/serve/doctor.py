"""`tourelle doctor`: is this machine ready to host a room? One table of checks.

Each check gives a status (ok, warn, fail, absent), a detail and, for anything
not ok, the fix. The command exits 1 when a must-have fails (the data folder,
the journal, a port held by another program, a server phones cannot reach).
"""

from __future__ import annotations

import argparse
import glob
import json
import os
import shutil
import socket
import sqlite3
import sys
import urllib.request
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from host.config import DEFAULT_PORT, HostConfig
from host.netinfo import is_loopback_host, lan_addresses

OK, WARN, FAIL, ABSENT = "ok", "warn", "fail", "absent"
WARN_FREE_MB = 200
FAIL_FREE_MB = 20
SCREENS = 2  # the projector and the host page
SPARE_THREADS = 8


@dataclass
class Check:
    check: str
    status: str
    detail: str
    fix: str = ""
    must: bool = False  # a failure here makes the command fail


def _get_json(url: str, timeout: float = 2.0) -> Any:
    with urllib.request.urlopen(url, timeout=timeout) as answer:
        return json.loads(answer.read())


def server_running(port: int) -> bool:
    """Whether a Tourelle answers /healthz at `port` on loopback or the best LAN address."""
    for host in dict.fromkeys(["127.0.0.1", lan_addresses()[0]]):
        try:
            if _get_json(f"http://{host}:{port}/healthz", 1.5).get("ok"):
                return True
        except (OSError, ValueError, AttributeError):
            continue
    return False


def port_free(port: int) -> bool:
    with socket.socket() as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind(("0.0.0.0", port))
        except OSError:
            return False
        return True


def check_join(port: int, running: bool, addresses: list[str] | None = None) -> Check:
    addresses = addresses if addresses is not None else lan_addresses()
    lan = [a for a in addresses if not is_loopback_host(a)]
    if not lan:
        return Check("join address", WARN, "no LAN address: only loopback (127.0.0.1) is up",
                     "connect this machine to the room's Wi-Fi or Ethernet (or start a hotspot)")
    url = f"http://{lan[0]}:{port}/"
    if not running:
        if port_free(port):
            return Check("join address", OK, f"phones will join at {url} (no server running; "
                         f"port {port} is free)")
        return Check("join address", FAIL, f"port {port} is taken by a program that is not "
                     "Tourelle", "stop that program or serve on another port (--port)", must=True)
    try:
        _get_json(f"http://{lan[0]}:{port}/healthz")
    except (OSError, ValueError) as err:
        return Check("join address", FAIL, f"the server answers on 127.0.0.1 but not at {url} "
                     f"({err})", "serve with --bind 0.0.0.0 and allow the port in the firewall",
                     must=True)
    return Check("join address", OK, f"{url} answers /healthz over the LAN")


def check_mdns(port: int, running: bool, interfaces: list[str] | None = None,
               timeout: float = 1.5) -> Check:
    if not running:
        return Check("mDNS", ABSENT, "no server running: nothing to advertise",
                     "start `tourelle serve` and run doctor again")
    try:
        advertised = _get_json(f"http://127.0.0.1:{port}/api/join").get("mdns")
    except (OSError, ValueError):
        advertised = None
    try:
        from host.serve.mdns import browse

        found = [f for f in browse(interfaces or lan_addresses(), timeout) if f.port == port]
    except Exception as err:  # noqa: BLE001 - a broken mDNS stack is a finding, not a crash
        return Check("mDNS", WARN, f"cannot browse: {err}", "pip install zeroconf; "
                     "allow UDP 5353 (multicast 224.0.0.251)")
    if found:
        return Check("mDNS", OK, f"{found[0].name} on {found[0].server} port {port}"
                     + (f"; phones may open {advertised}" if advertised else ""))
    return Check("mDNS", WARN, "our _http._tcp service was not seen within "
                 f"{timeout:g} s" + ("" if advertised else " (the server says: not advertised)"),
                 "serve without --no-mdns; allow UDP 5353 multicast; phones can still join "
                 "by address")


def check_data(data_dir: Path) -> Check:
    probe = data_dir / f".doctor-{os.getpid()}"
    try:
        data_dir.mkdir(parents=True, exist_ok=True)
        fd = os.open(probe, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        try:
            os.write(fd, b"tourelle doctor\n")
            os.fsync(fd)
        finally:
            os.close(fd)
        probe.unlink()
    except OSError as err:
        return Check("data folder", FAIL, f"{data_dir} is not writable: {err.strerror or err}",
                     "pass a writable folder with --data (or TOURELLE_DATA), or fix its "
                     "permissions / remount it read-write", must=True)
    free_mb = shutil.disk_usage(data_dir).free // (1024 * 1024)
    detail = f"{data_dir} is writable, {free_mb} MB free"
    if free_mb < FAIL_FREE_MB:
        return Check("data folder", FAIL, detail, "free some space: the journal needs room",
                     must=True)
    if free_mb < WARN_FREE_MB:
        return Check("data folder", WARN, detail, f"free some space (under {WARN_FREE_MB} MB)")
    return Check("data folder", OK, detail)


def check_storage(data_dir: Path, port: int, running: bool) -> Check:
    """Can the journal be written, and does a running server have a game paused by its card?"""
    try:
        stat = os.statvfs(data_dir)
    except OSError as err:
        return Check("storage", FAIL, f"{data_dir}: {err.strerror or err}",
                     "check the card (dmesg), then serve again", must=True)
    if stat.f_flag & os.ST_RDONLY:
        return Check("storage", FAIL, f"{data_dir} is on a read-only file system",
                     "remount it read-write (mount -o remount,rw) or replace the card; "
                     "nothing in the journal is lost", must=True)
    if not running:
        return Check("storage", OK, "writable; no server running to ask about its games")
    try:
        games = _get_json(f"http://127.0.0.1:{port}/api/games").get("games", [])
        faults = {}
        for game in games:
            if game.get("status") == "over":
                continue
            meta = _get_json(f"http://127.0.0.1:{port}/api/games/{game['id']}")["meta"]
            if meta.get("storage"):
                faults[game["id"]] = meta["storage"]
    except (OSError, ValueError, KeyError, AttributeError) as err:
        return Check("storage", WARN, f"could not ask the server about its games: {err}")
    if faults:
        what = ", ".join(f"{game} ({reason})" for game, reason in faults.items())
        return Check("storage", FAIL, f"paused because the journal cannot be written: {what}",
                     "full: free space in the data folder; readonly: remount it read-write; "
                     "error: check the card; the game goes on by itself within seconds",
                     must=True)
    return Check("storage", OK, f"the server writes its journal ({len(games)} games)")


def check_journal(path: Path) -> Check:
    if not path.exists():
        return Check("journal", ABSENT, f"no journal yet at {path} (made on first serve)")
    try:
        db = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True, timeout=2)
        try:
            result = [row[0] for row in db.execute("PRAGMA integrity_check")]
        finally:
            db.close()
    except sqlite3.Error as err:
        return Check("journal", FAIL, f"{path} cannot be read: {err}",
                     "move it aside (games in it are lost) and serve again", must=True)
    if result != ["ok"]:
        return Check("journal", FAIL, f"{path}: integrity check says {'; '.join(result[:3])}",
                     "move it aside (games in it are lost) and serve again", must=True)
    return Check("journal", OK, f"{path} passes PRAGMA integrity_check")


def _buzzer_config(path: Path | None) -> tuple[Any, str | None]:
    if path is None:
        return None, None
    from buzzers.config import ConfigError, load_config

    try:
        return load_config(path), None
    except (ConfigError, OSError) as err:
        return None, str(err)


def check_gpio(buzzers: Path | None) -> Check:
    config, error = _buzzer_config(buzzers)
    if buzzers is None:
        return Check("GPIO buzzers", ABSENT, "not configured (no --buzzers)")
    if error:
        return Check("GPIO buzzers", FAIL, f"{buzzers}: {error}", "fix the buzzer file "
                     "(docs/HARDWARE.md)", must=True)
    if not any(seat.pin is not None for seat in config.seats):
        return Check("GPIO buzzers", ABSENT, "no pins in the buzzer file")
    chips = sorted(glob.glob("/dev/gpiochip*"))
    if not chips:
        return Check("GPIO buzzers", FAIL, "pins are configured but there is no /dev/gpiochip*",
                     "run on a Raspberry Pi (or a board with GPIO), or remove the pins",
                     must=True)
    denied = [c for c in chips if not os.access(c, os.R_OK | os.W_OK)]
    if denied:
        return Check("GPIO buzzers", FAIL, f"no read/write access to {', '.join(denied)}",
                     "add the user to the gpio group: sudo adduser $USER gpio (log in again)",
                     must=True)
    try:
        from gpiozero import Device

        factory = type(Device._default_pin_factory()).__name__
    except Exception as err:  # noqa: BLE001 - any failure is the finding
        return Check("GPIO buzzers", FAIL, f"no gpiozero pin factory: {err}",
                     "pip install 'tourelle[gpio]' (lgpio)", must=True)
    return Check("GPIO buzzers", OK, f"{', '.join(chips)} usable; pin factory {factory}")


def check_keys(buzzers: Path | None) -> Check:
    config, error = _buzzer_config(buzzers)
    if config is None or not any(seat.key is not None for seat in config.seats):
        return Check("USB keys", ABSENT, "not configured" + (f" ({error})" if error else ""))
    devices = sorted(glob.glob("/dev/input/event*"))
    if not devices:
        return Check("USB keys", FAIL, "keys are configured but there is no /dev/input/event*",
                     "plug the USB keyboard or encoder in", must=True)
    readable = [d for d in devices if os.access(d, os.R_OK)]
    if not readable:
        return Check("USB keys", FAIL, "no read access to /dev/input/event*",
                     "add the user to the input group: sudo adduser $USER input (log in again)",
                     must=True)
    return Check("USB keys", OK, f"{len(readable)} of {len(devices)} input devices readable")


def check_threads(threads: int, phones: int, async_mode: str) -> Check:
    need = phones + SCREENS + SPARE_THREADS
    if async_mode in ("gevent", "eventlet"):
        return Check("threads", OK, f"{async_mode}: greenlets, no thread limit")
    detail = f"{threads} threads for {phones} phones + {SCREENS} screens + {SPARE_THREADS} spares"
    if threads < need:
        return Check("threads", FAIL, detail + f" (need {need})", f"serve with --threads {need}",
                     must=True)
    return Check("threads", OK, detail)


# From this many phones a second process pays (docs/SCALING.md, "One process or two"). With
# one writer for every connection (host/wire/outbox.py), one process beats two at 200 phones on
# the median and about matches them on the p99 (this box and the Pi 4 model with two
# cores): every press through the relay costs more than the phones' writes now do. At 500
# phones one process on the Pi 4 model does not keep up (docs/SCALING.md, "short answer").
PROCESS_PHONES = 500


def check_processes(phones: int, workers: int, cores: int, redis: bool) -> Check:
    detail = f"{workers} process(es) for {phones} phones on {cores} core(s)"
    if phones < PROCESS_PHONES or workers > 1 or cores < 2:
        return Check("processes", OK, detail)
    fix = "serve with --workers 2: the phones' writes then leave the process that decides"
    if not redis:
        fix += " (it needs Debian's redis-server: apt install redis-server)"
    return Check("processes", WARN, detail + f"; from {PROCESS_PHONES} phones one process "
                 "does not keep up with their messages on a Pi 4 model",
                 fix + "; GPIO buttons then run with `tourelle buzzers run`")


def check_async(async_mode: str) -> Check:
    if async_mode == "eventlet":
        return Check("async mode", WARN, "eventlet is deprecated upstream",
                     "use the default threading mode, or gevent for a greenlet mode")
    if async_mode == "gevent":
        return Check("async mode", OK, "gevent (greenlets; GPIO buttons then run with "
                     "`tourelle buzzers run`)")
    return Check("async mode", OK, f"{async_mode} (gunicorn gthread)")


def run_checks(args: argparse.Namespace) -> list[Check]:
    from host.config import HostConfig, default_data_dir

    data_dir = args.data or default_data_dir()
    journal = HostConfig(data_dir=data_dir).journal_path
    running = server_running(args.port)
    return [
        check_join(args.port, running),
        check_mdns(args.port, running),
        check_data(data_dir),
        check_storage(data_dir, args.port, running),
        check_journal(journal),
        check_gpio(args.buzzers),
        check_keys(args.buzzers),
        check_threads(args.threads, args.phones, args.async_mode),
        check_processes(args.phones, args.workers, os.cpu_count() or 1,
                        shutil.which("redis-server") is not None),
        check_async(args.async_mode),
    ]


def table(checks: list[Check]) -> str:
    width = max(len(c.check) for c in checks)
    lines = [f"{'check':<{width}}  {'status':<6}  detail", "-" * (width + 40)]
    for c in checks:
        lines.append(f"{c.check:<{width}}  {c.status:<6}  {c.detail}")
        if c.status != OK and c.fix:
            lines.append(f"{'':<{width}}  {'':<6}  fix: {c.fix}")
    return "\n".join(lines)


def failed(checks: list[Check]) -> list[Check]:
    return [c for c in checks if c.status == FAIL and c.must]


def cmd_doctor(args: argparse.Namespace) -> int:
    checks = run_checks(args)
    bad = failed(checks)
    if args.json:
        print(json.dumps({"ok": not bad, "checks": [asdict(c) for c in checks]}, indent=2,
                         ensure_ascii=False))
    else:
        print(table(checks))
        print("\n" + ("ready." if not bad else
                      "NOT ready: " + "; ".join(f"{c.check}: {c.detail}" for c in bad)))
    if bad:
        print("tourelle doctor: " + "; ".join(f"{c.check} failed ({c.fix})" for c in bad),
              file=sys.stderr)
    return 1 if bad else 0


def register(sub: Any) -> None:
    doctor = sub.add_parser("doctor", help="check this machine can host a room (table of checks)")
    doctor.add_argument("--port", type=int, default=DEFAULT_PORT)
    doctor.add_argument("--data", type=Path, default=None, help="data folder (journal, key)")
    doctor.add_argument("--buzzers", type=Path, default=None, help="buzzer pin/key config")
    doctor.add_argument("--phones", type=int, default=60, help="phones expected (default 60)")
    doctor.add_argument("--threads", type=int, default=HostConfig.threads,
                        help="as given to tourelle serve")
    doctor.add_argument("--workers", type=int, default=1, help="as given to tourelle serve")
    doctor.add_argument("--async-mode", choices=("threading", "gevent", "eventlet"),
                        default="threading")
    doctor.add_argument("--json", action="store_true")
    doctor.set_defaults(func=cmd_doctor)
