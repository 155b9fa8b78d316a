"""`tourelle doctor`: passes on a machine with a LAN, fails clearly on a read-only data folder.

Doctor probes the best LAN address (and browses mDNS there) itself, so it runs
inside a network namespace of the test's own (tests/netns.py), whose LAN is
an `eth0` with 10.231.n.2: never against this machine's real interfaces.
"""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from host.serve.doctor import check_data, check_gpio, check_journal, check_processes, check_threads
from tests.live import ROOT, LiveServer, free_port
from tests.netns import NetLab


def doctor(lab: NetLab, *args: str) -> subprocess.CompletedProcess[str]:
    """`tourelle doctor` run inside the lab's namespace."""
    return lab.run(sys.executable, "-m", "host", "doctor", *args, cwd=ROOT)


@pytest.mark.netns  # its lab adds an address here: run apart from Chromium
def test_doctor_passes_here_with_no_server_running(tmp_path: Path, lab: NetLab) -> None:
    port = str(free_port())
    done = doctor(lab, "--data", str(tmp_path / "data"), "--port", port)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "ready." in done.stdout
    as_json = doctor(lab, "--data", str(tmp_path / "data"), "--port", port, "--json")
    assert as_json.returncode == 0
    checks = {c["check"]: c for c in json.loads(as_json.stdout)["checks"]}
    assert checks["data folder"]["status"] == "ok"
    assert checks["mDNS"]["status"] == "absent"  # no server: nothing to advertise
    assert checks["GPIO buzzers"]["status"] == "absent"  # not configured: never "fail"
    assert checks["join address"]["status"] == "ok"
    assert checks["join address"]["detail"] == (f"phones will join at http://{lab.address}:{port}/"
                                                f" (no server running; port {port} is free)")
    assert {c["status"] for c in checks.values()} <= {"ok", "warn", "absent"}


def mdns_status(output: str) -> str:
    return str({c["check"]: c for c in json.loads(output)["checks"]}["mDNS"]["status"])


@pytest.mark.slow  # a server in a namespace with mDNS: in `make test`, not the `make unit` loop
def test_doctor_sees_a_running_server_over_the_lan_and_mdns(tmp_path: Path, packs: Path,
                                                            lab: NetLab) -> None:
    server = LiveServer(data=tmp_path / "data", packs=packs, bind="0.0.0.0", netns=lab.name,
                        host=lab.address, extra=("--mdns-name", "tourelle-doctor")).start()
    try:
        deadline = time.monotonic() + 10
        while server.get("/api/join")["mdns"] is None and time.monotonic() < deadline:
            time.sleep(0.2)
        for _ in range(2):  # doctor browses for 1.5 s: a loaded machine may answer late once
            done = doctor(lab, "--data", str(tmp_path / "data"), "--port", str(server.port),
                          "--json")
            if done.returncode == 0 and mdns_status(done.stdout) == "ok":
                break
    finally:
        server.stop()
    assert done.returncode == 0, done.stdout + done.stderr
    checks = {c["check"]: c for c in json.loads(done.stdout)["checks"]}
    assert checks["join address"] == {
        "check": "join address", "status": "ok", "fix": "", "must": False,
        "detail": f"http://{lab.address}:{server.port}/ answers /healthz over the LAN"}
    assert checks["mDNS"]["status"] == "ok", checks["mDNS"]
    assert checks["mDNS"]["detail"].endswith(
        f"on tourelle-doctor.local. port {server.port}; "
        f"phones may open http://tourelle-doctor.local:{server.port}/")
    assert checks["journal"]["status"] == "ok"


@pytest.fixture
def read_only_folder(tmp_path: Path) -> Iterator[Path]:
    """A tmpfs mounted read-only: root cannot write there either."""
    folder = tmp_path / "ro"
    folder.mkdir()
    if os.geteuid() != 0:
        pytest.skip("mounting a read-only tmpfs needs root")
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "ro,size=1m", "tmpfs", str(folder)],
                             capture_output=True, text=True)
    if mounted.returncode != 0:
        pytest.skip(f"cannot mount a read-only tmpfs here: {mounted.stderr.strip()}")
    try:
        yield folder
    finally:
        subprocess.run(["umount", str(folder)], check=False)


def test_doctor_fails_clearly_on_a_read_only_data_folder(read_only_folder: Path,
                                                         lab: NetLab) -> None:
    done = doctor(lab, "--data", str(read_only_folder), "--port", str(free_port()))
    assert done.returncode == 1
    assert "data folder" in done.stdout and "fail" in done.stdout
    assert "not writable: Read-only file system" in done.stdout
    assert "NOT ready" in done.stdout
    assert "fix: pass a writable folder with --data" in done.stdout
    assert "data folder failed" in done.stderr


def test_the_checks_themselves(tmp_path: Path) -> None:
    assert check_data(tmp_path).status == "ok"
    assert check_data(Path("/proc/self/doctor")).status == "fail"
    assert check_journal(tmp_path / "none.sqlite").status == "absent"
    good = tmp_path / "journal.sqlite"
    with sqlite3.connect(good) as db:
        db.execute("CREATE TABLE t (x)")
    assert check_journal(good).status == "ok"
    broken = tmp_path / "broken.sqlite"
    broken.write_bytes(b"this is not a database" * 100)
    assert check_journal(broken).status == "fail"
    assert check_gpio(None).status == "absent"
    assert check_threads(64, 60, "threading").status == "fail"
    assert check_threads(512, 60, "threading").status == "ok"


def test_five_hundred_phones_on_one_process_are_told_to_use_two() -> None:
    assert check_processes(60, 1, 4, redis=True).status == "ok"
    assert check_processes(200, 1, 4, redis=True).status == "ok"  # one process is better there
    assert check_processes(500, 2, 4, redis=True).status == "ok"
    assert check_processes(500, 1, 1, redis=True).status == "ok"  # one core: nothing to spread
    told = check_processes(500, 1, 4, redis=True)
    assert told.status == "warn" and not told.must and "--workers 2" in told.fix
    assert "redis-server" in check_processes(500, 1, 2, redis=False).fix
