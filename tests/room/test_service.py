"""`tourelle service`: the systemd unit and the projector kiosk files, as texts and as written."""

from __future__ import annotations

import http.server
import os
import shutil
import stat
import subprocess
import threading
import time
import uuid
from pathlib import Path

import pytest

from host.serve import service
from host.serve.cli import main
from host.serve.service import KIOSK_FLAGS, ServiceError, UnitOptions, unit_text


def entries(text: str) -> list[tuple[str, str]]:
    """(key, value) of every setting line, in order (comments and sections left out)."""
    found = []
    for line in text.splitlines():
        if line and not line.startswith(("#", "[")):
            key, _, value = line.partition("=")
            found.append((key, value))
    return found


def value(text: str, key: str) -> str:
    values = [v for k, v in entries(text) if k == key]
    assert len(values) == 1, (key, values)
    return values[0]


def test_unit_has_the_settings_the_pi_needs() -> None:
    text = unit_text(UnitOptions(exec_path="/usr/local/bin/tourelle", groups=("gpio", "input")))
    assert "[Unit]" in text and "[Service]" in text and "[Install]" in text
    assert value(text, "User") == "tourelle" and value(text, "Group") == "tourelle"
    assert value(text, "StateDirectory") == "tourelle"
    assert value(text, "WorkingDirectory") == "/var/lib/tourelle"  # lgpio's .lgd-nfy* pipes
    environment = [v for k, v in entries(text) if k == "Environment"]
    assert "TOURELLE_DATA=/var/lib/tourelle" in environment
    assert value(text, "Restart") == "always" and value(text, "RestartSec") == "2"
    assert value(text, "After") == "network-online.target"
    assert value(text, "Wants") == "network-online.target"
    assert value(text, "SupplementaryGroups") == "gpio input"
    for key, setting in (("NoNewPrivileges", "yes"), ("ProtectSystem", "full"),
                         ("ProtectHome", "yes"), ("PrivateTmp", "yes")):
        assert value(text, key) == setting
    assert "PrivateDevices" not in text  # it would hide /dev/gpiochip*
    assert value(text, "ExecStart") == ("/usr/local/bin/tourelle serve --port 8340 "
                                        "--data /var/lib/tourelle")
    assert value(text, "WantedBy") == "multi-user.target"


def test_unit_options_reach_the_command_line() -> None:
    text = unit_text(UnitOptions(exec_path="/opt/t/bin/tourelle", user="quiz",
                                 data="/var/lib/quiz/night", port=8080,
                                 buzzers="/etc/tourelle/buzzers.yaml"))
    assert value(text, "ExecStart") == ("/opt/t/bin/tourelle serve --port 8080 --data "
                                        "/var/lib/quiz/night --buzzers "
                                        "/etc/tourelle/buzzers.yaml")
    assert value(text, "User") == "quiz"
    assert value(text, "StateDirectory") == "quiz/night"
    assert value(text, "WorkingDirectory") == "/var/lib/quiz/night"


def test_missing_groups_are_left_as_a_comment_not_a_failing_setting() -> None:
    text = unit_text(UnitOptions(exec_path="/usr/local/bin/tourelle", groups=()))
    assert "SupplementaryGroups" not in dict(entries(text))
    assert "# SupplementaryGroups=gpio input" in text


def test_data_outside_var_lib_has_no_state_directory() -> None:
    text = unit_text(UnitOptions(exec_path="/usr/local/bin/tourelle", data="/srv/tourelle"))
    assert "StateDirectory" not in dict(entries(text))
    assert value(text, "WorkingDirectory") == "/srv/tourelle"


def test_exec_path_with_a_space_and_a_percent_is_quoted_for_systemd() -> None:
    text = unit_text(UnitOptions(exec_path="/opt/my tools/100%/tourelle"))
    assert value(text, "ExecStart").startswith('"/opt/my tools/100%%/tourelle" serve ')


@pytest.mark.parametrize("options, message", [
    (UnitOptions(exec_path="bin/tourelle"), "absolute"),
    (UnitOptions(exec_path="/home/pi/.local/bin/tourelle"), "ProtectHome"),
    (UnitOptions(exec_path="/usr/local/bin/tourelle", buzzers="/root/b.yaml"), "/home or /root"),
    (UnitOptions(exec_path="/opt/$HOME/tourelle"), "$"),
    (UnitOptions(exec_path='/opt/a"b/tourelle'), "quote"),
    (UnitOptions(exec_path="/usr/local/bin/tourelle", data="var/lib/tourelle"), "absolute"),
    (UnitOptions(exec_path="/usr/local/bin/tourelle", user="Not A User"), "user"),
    (UnitOptions(exec_path="/usr/local/bin/tourelle", port=0), "port"),
])
def test_refusals_say_why(options: UnitOptions, message: str) -> None:
    with pytest.raises(ServiceError, match=message.replace("$", r"\$")):
        unit_text(options)


def test_print_writes_nothing(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["service", "install", "--print", "--exec", "/usr/local/bin/tourelle"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("# Written by `tourelle service install`")
    assert "ExecStart=/usr/local/bin/tourelle serve" in out


def test_install_path_writes_the_unit(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    ran: list[list[str]] = []
    monkeypatch.setattr(service, "_run", ran.append)
    target = tmp_path / "units" / "tourelle.service"
    code = main(["service", "install", "--path", str(target), "--exec", "/usr/local/bin/tourelle",
                 "--port", "5050", "--buzzers", "/etc/tourelle/buzzers.toml"])
    assert code == 0, capsys.readouterr().err
    text = target.read_text()
    assert value(text, "ExecStart") == ("/usr/local/bin/tourelle serve --port 5050 --data "
                                        "/var/lib/tourelle --buzzers /etc/tourelle/buzzers.toml")
    assert stat.S_IMODE(target.stat().st_mode) == 0o644
    assert not list(target.parent.glob("*.new"))
    assert ran == []  # systemctl only with --enable


def test_default_exec_is_an_absolute_tourelle(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["service", "install", "--print"]) == 0
    exec_path = value(capsys.readouterr().out, "ExecStart").split(" ")[0].strip('"')
    assert os.path.isabs(exec_path) and os.path.basename(exec_path) == "tourelle"


def test_writing_etc_without_root_is_refused_with_the_sudo_command(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    target = Path(f"/etc/tourelle-test-{uuid.uuid4().hex}/tourelle.service")
    monkeypatch.setattr(service, "_is_root", lambda: False)
    monkeypatch.setattr(service, "UNIT_PATH", target)
    try:
        assert main(["service", "install", "--exec", "/usr/local/bin/tourelle"]) == 2
        err = capsys.readouterr().err
        assert f"writing {target} needs root" in err and "sudo " in err and "--print" in err
        assert not target.parent.exists()
        with pytest.raises(ServiceError, match="needs root"):
            service.write_file(Path("/usr/lib/systemd/system/x.service"), "")
    finally:
        shutil.rmtree(target.parent, ignore_errors=True)


def test_enable_runs_systemctl_only_when_asked(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    ran: list[list[str]] = []
    monkeypatch.setattr(service, "_run", ran.append)
    monkeypatch.setattr(service, "UNIT_PATH", tmp_path / "tourelle.service")
    assert main(["service", "install", "--exec", "/usr/local/bin/tourelle", "--enable"]) == 0
    assert ran == [["systemctl", "daemon-reload"], ["systemctl", "enable", "--now", "tourelle"]]
    assert main(["service", "install", "--exec", "/usr/local/bin/tourelle", "--enable",
                 "--path", str(tmp_path / "elsewhere.service")]) == 2
    assert "--enable needs the unit at" in capsys.readouterr().err
    assert len(ran) == 2


def test_create_user_is_a_system_user_in_the_groups_that_exist(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    ran: list[list[str]] = []
    monkeypatch.setattr(service, "_run", ran.append)
    monkeypatch.setattr(service, "_is_root", lambda: True)
    monkeypatch.setattr(service, "_user_exists", lambda user: False)
    monkeypatch.setattr(service, "existing_groups", lambda names=("gpio", "input"): ("gpio",))
    assert main(["service", "install", "--exec", "/usr/local/bin/tourelle", "--create-user",
                 "--user", "quiz", "--path", str(tmp_path / "tourelle.service")]) == 0
    assert ran == [["useradd", "--system", "--user-group", "--home", "/var/lib/tourelle",
                    "--no-create-home", "--shell", "/usr/sbin/nologin", "quiz"],
                   ["usermod", "--append", "--groups", "gpio", "quiz"]]
    monkeypatch.setattr(service, "_is_root", lambda: False)
    with pytest.raises(ServiceError, match="needs root"):
        service.create_user("quiz", "/var/lib/tourelle")


@pytest.mark.skipif(shutil.which("systemd-analyze") is None,
                    reason="systemd-analyze is not installed (Debian: apt-get install systemd)")
def test_systemd_analyze_verify_accepts_the_written_unit(tmp_path: Path) -> None:
    # An executable whose path needs quoting and a %% escape: verify resolves it or fails.
    folder = tmp_path / "my tools" / "100%"
    folder.mkdir(parents=True)
    exe = folder / "tourelle"
    exe.write_text("#!/bin/sh\nexit 0\n")
    exe.chmod(0o755)
    unit = tmp_path / "units" / "tourelle.service"
    assert main(["service", "install", "--path", str(unit), "--exec", str(exe),
                 "--buzzers", "/etc/tourelle/buzzers.yaml"]) == 0
    verified = subprocess.run(["systemd-analyze", "verify", str(unit)], capture_output=True,
                              text=True, timeout=60)
    assert verified.returncode == 0, verified.stdout + verified.stderr
    assert "tourelle.service" not in verified.stderr  # no warning about our unit at all
    exe.unlink()  # the check is real: a missing executable fails it
    missing = subprocess.run(["systemd-analyze", "verify", str(unit)], capture_output=True,
                             text=True, timeout=60)
    assert missing.returncode != 0 and "is not executable" in missing.stderr


# ---------------------------------------------------------------- kiosk


def test_labwc_block_is_appended_once_and_keeps_the_rest() -> None:
    existing = "/usr/bin/lwrespawn /usr/bin/wf-panel-pi &"  # no final newline
    once = service.merge_labwc(existing, "/home/pi/.local/bin/tourelle-kiosk")
    assert once.startswith(existing + "\n")
    assert "/home/pi/.local/bin/tourelle-kiosk &\n" in once
    twice = service.merge_labwc(once, "/home/pi/.local/bin/tourelle-kiosk")
    assert twice == once
    moved = service.merge_labwc(once, "/home/quiz/.local/bin/tourelle-kiosk")
    assert moved.count(service.LABWC_BEGIN) == 1 and "/home/pi/" not in moved


def test_desktop_entry_quotes_exec_per_the_desktop_entry_spec() -> None:
    plain = service.desktop_entry("/home/pi/.local/bin/tourelle-kiosk")
    assert "Exec=/home/pi/.local/bin/tourelle-kiosk\n" in plain
    assert plain.startswith("[Desktop Entry]\nType=Application\n")
    spaced = service.desktop_entry("/home/the host/.local/bin/tourelle-kiosk")
    assert 'Exec="/home/the host/.local/bin/tourelle-kiosk"\n' in spaced
    odd = service.desktop_entry('/home/a$b"c/k')
    assert 'Exec="/home/a\\\\$b\\\\"c/k"\n' in odd


def test_kiosk_writes_the_launcher_and_the_autostart(tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    labwc = tmp_path / ".config" / "labwc" / "autostart"
    labwc.parent.mkdir(parents=True)
    labwc.write_text("kanshi &\n")
    assert main(["service", "kiosk", "--home", str(tmp_path),
                 "--browser", "/usr/bin/chromium"]) == 0
    launcher = tmp_path / ".local" / "bin" / "tourelle-kiosk"
    assert launcher.stat().st_mode & 0o111
    assert "url=http://localhost:8340/screen" in launcher.read_text()
    assert labwc.read_text() == "kanshi &\n" + service.labwc_block(str(launcher))
    assert main(["service", "kiosk", "--home", str(tmp_path), "--session", "xdg",
                 "--port", "5050"]) == 0
    desktop = tmp_path / ".config" / "autostart" / "tourelle-kiosk.desktop"
    assert f"Exec={launcher}\n" in desktop.read_text()
    assert "url=http://localhost:5050/screen" in launcher.read_text()
    capsys.readouterr()
    assert main(["service", "kiosk", "--home", str(tmp_path / "other"), "--session", "wayfire",
                 "--print"]) == 0
    printed = capsys.readouterr().out
    assert "[autostart]\ntourelle_kiosk = " in printed and "--kiosk" in printed
    assert not (tmp_path / "other").exists()


@pytest.mark.skipif(shutil.which("python3") is None, reason="the launcher probes with python3")
def test_launcher_waits_for_the_host_then_starts_the_browser_in_kiosk_mode(
        tmp_path: Path) -> None:
    record = tmp_path / "argv"
    browser = tmp_path / "fake-chromium"
    browser.write_text(f'#!/bin/sh\nprintf "%s\\n" "$@" > {record}\n')
    browser.chmod(0o755)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), http.server.SimpleHTTPRequestHandler)
    port = server.server_address[1]
    server.server_close()  # the port is free: the host is "not up yet"
    url = f"http://127.0.0.1:{port}/"
    script = tmp_path / "tourelle-kiosk"
    script.write_text(service.launcher_text(str(browser), url, wait_seconds=30))
    script.chmod(0o755)
    started = time.monotonic()
    proc = subprocess.Popen([str(script)], cwd=tmp_path)
    time.sleep(2.5)
    assert proc.poll() is None and not record.exists()  # still waiting for the host
    late = http.server.ThreadingHTTPServer(("127.0.0.1", port),
                                           http.server.SimpleHTTPRequestHandler)
    threading.Thread(target=late.serve_forever, daemon=True).start()
    try:
        assert proc.wait(timeout=30) == 0
    finally:
        late.shutdown()
        late.server_close()
    assert time.monotonic() - started >= 2.5
    assert record.read_text().splitlines() == [*KIOSK_FLAGS, url]


def test_the_kiosk_plays_clips_with_no_one_to_click() -> None:
    text = service.launcher_text("chromium", "http://localhost:8340/screen")
    exec_line = text.splitlines()[-1]
    assert exec_line.startswith("exec chromium ")
    assert "--autoplay-policy=no-user-gesture-required" in exec_line.split()
