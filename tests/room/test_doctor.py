"""`tourelle doctor`: passes on this machine, fails clearly on a read-only data folder."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from host.doctor import check_data, check_gpio, check_journal, check_threads
from tests.live import ROOT, free_port


def doctor(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "host.cli", "doctor", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)


def test_doctor_passes_here_with_no_server_running(tmp_path: Path) -> None:
    port = str(free_port())
    done = doctor("--data", str(tmp_path / "data"), "--port", port)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "ready." in done.stdout
    as_json = doctor("--data", str(tmp_path / "data"), "--port", port, "--json")
    assert as_json.returncode == 0
    checks = {c["check"]: c for c in json.loads(as_json.stdout)["checks"]}
    assert checks["data folder"]["status"] == "ok"
    assert checks["mDNS"]["status"] == "absent"  # no server: nothing to advertise
    assert checks["GPIO buzzers"]["status"] == "absent"  # not configured: never "fail"
    assert checks["join address"]["status"] == "ok"
    assert "127.0.0.1" not in checks["join address"]["detail"]
    assert {c["status"] for c in checks.values()} <= {"ok", "warn", "absent"}


@pytest.fixture
def read_only_folder(tmp_path: Path) -> Path:
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


def test_doctor_fails_clearly_on_a_read_only_data_folder(read_only_folder: Path) -> None:
    done = doctor("--data", str(read_only_folder), "--port", str(free_port()))
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
