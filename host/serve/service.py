"""`tourelle service`: a systemd unit for the host and a kiosk autostart for the projector.

`service install` writes /etc/systemd/system/tourelle.service (or prints it,
or writes it elsewhere) and, only when asked, creates the system user and
enables the unit. `service kiosk` writes a launcher that waits for the host and
opens Chromium full screen on /screen, plus the desktop's autostart entry for
it (labwc, or an XDG .desktop file for X11 sessions; wayfire is printed).

The texts come from pure functions (`unit_text`, `launcher_text`,
`labwc_block`, `desktop_entry`, `wayfire_snippet`); docs/RASPBERRY-PI.md walks
through the whole set-up.
"""

from __future__ import annotations

import argparse
import grp
import os
import re
import shlex
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from host.config import DEFAULT_PORT

UNIT_PATH = Path("/etc/systemd/system/tourelle.service")
DEFAULT_USER = "tourelle"
DEFAULT_DATA = "/var/lib/tourelle"
OPTIONAL_GROUPS = ("gpio", "input")  # GPIO chips and /dev/input on Raspberry Pi OS
# --autoplay-policy: a question's sound or video clip plays with no one there to click on the
# projector (elsewhere the projector page asks for one click: quiz-round-clip.js).
KIOSK_FLAGS = ("--kiosk", "--noerrdialogs", "--disable-infobars", "--no-first-run",
               "--password-store=basic", "--autoplay-policy=no-user-gesture-required")
LABWC_BEGIN = "# >>> tourelle kiosk >>>"
LABWC_END = "# <<< tourelle kiosk <<<"
_BARE = re.compile(r"^[A-Za-z0-9_@%+=:,./-]+$")
_UNSAFE = re.compile(r"[$\\\"'\x00-\x1f\x7f]")
_UNIT_NAME = re.compile(r"^[a-z_][a-z0-9_-]*$")


class ServiceError(Exception):
    """A refusal with a message for the user (exit code 2)."""


@dataclass(frozen=True)
class UnitOptions:
    exec_path: str
    user: str = DEFAULT_USER
    data: str = DEFAULT_DATA
    port: int = DEFAULT_PORT
    buzzers: str | None = None
    groups: tuple[str, ...] = ()  # supplementary groups that exist on this machine


# ---------------------------------------------------------------- pure texts


def quote_arg(arg: str) -> str:
    """One ExecStart= word for systemd (systemd.service(5), "Command lines").

    `%` starts a specifier, so it is doubled; a word with anything but plain
    path characters (a space) is double-quoted. `$`, quotes, backslashes and
    control characters are refused earlier by `check_options`: systemd expands
    `$` and refuses quotes in the executable's name.
    """
    escaped = arg.replace("%", "%%")
    if escaped and _BARE.match(escaped):
        return escaped
    escaped = escaped.replace("\\", "\\\\").replace('"', '\\"')
    return f'"{escaped}"'


def exec_line(words: list[str]) -> str:
    return " ".join(quote_arg(word) for word in words)


def serve_words(options: UnitOptions) -> list[str]:
    words = [options.exec_path, "serve", "--port", str(options.port), "--data", options.data]
    if options.buzzers:
        words += ["--buzzers", options.buzzers]
    return words


def check_options(options: UnitOptions) -> None:
    """Refuse what the unit cannot run (ServiceError with the reason and the way out)."""
    if not os.path.isabs(options.exec_path):
        raise ServiceError(f"--exec must be an absolute path, got {options.exec_path!r}")
    if not os.path.isabs(options.data) or not _BARE.match(options.data):
        raise ServiceError(f"--data must be an absolute path of letters, digits and ._-/, "
                           f"got {options.data!r}")
    if not _UNIT_NAME.match(options.user):
        raise ServiceError(f"--user {options.user!r} is not a valid system user name")
    if not 1 <= options.port <= 65535:
        raise ServiceError(f"--port must be 1-65535, got {options.port}")
    if options.buzzers and not os.path.isabs(options.buzzers):
        raise ServiceError(f"--buzzers must be an absolute path, got {options.buzzers!r}")
    for what, path in (("--exec", options.exec_path), ("--data", options.data),
                       ("--buzzers", options.buzzers)):
        if path and _UNSAFE.search(path):
            raise ServiceError(f"{what} {path!r}: a path with $, a quote, a backslash or a "
                               "control character cannot go into a unit (systemd refuses "
                               "or rewrites them); use another path")
        if path and _under_home(path):
            raise ServiceError(
                f"{what} {path} is under /home or /root, which the unit hides (ProtectHome=yes) "
                f"and the {options.user} user cannot read: install tourelle system-wide "
                "(docs/RASPBERRY-PI.md: PIPX_HOME=/opt/pipx PIPX_BIN_DIR=/usr/local/bin) "
                "and keep the buzzer file in /etc/tourelle")


def _under_home(path: str) -> bool:
    parts = Path(path).parts
    return len(parts) > 1 and parts[1] in ("home", "root")


def state_directory(data: str) -> str | None:
    """StateDirectory= for a data folder under /var/lib (systemd creates and owns it)."""
    parts = Path(os.path.normpath(data)).parts
    if len(parts) > 3 and parts[:3] == ("/", "var", "lib"):
        return "/".join(parts[3:])
    return None


def unit_text(options: UnitOptions) -> str:
    """The tourelle.service unit (pure)."""
    check_options(options)
    state = state_directory(options.data)
    lines = [
        "# Written by `tourelle service install`; see docs/RASPBERRY-PI.md.",
        "[Unit]",
        "Description=Tourelle quiz host",
        "After=network-online.target",
        "Wants=network-online.target",
        "",
        "[Service]",
        "Type=simple",
        f"User={options.user}",
        f"Group={options.user}",
    ]
    if options.groups:
        lines.append("SupplementaryGroups=" + " ".join(options.groups))
    else:
        lines.append("# SupplementaryGroups=gpio input  (these groups did not exist where this "
                     "was written; on Raspberry Pi OS they do)")
    if state:
        lines.append(f"StateDirectory={state}")
    else:
        lines.append(f"# {options.data} is not under /var/lib: create it, owned by {options.user}")
    lines += [
        # lgpio makes its notification pipes (.lgd-nfy*) in the working directory.
        f"WorkingDirectory={options.data}",
        f"Environment=TOURELLE_DATA={options.data}",
        "Environment=GPIOZERO_PIN_FACTORY=lgpio",
        "Environment=PYTHONUNBUFFERED=1",
        f"ExecStart={exec_line(serve_words(options))}",
        "Restart=always",
        "RestartSec=2",
        "TimeoutStopSec=10",
        # Hardening that leaves /dev/gpiochip* and /dev/input alone (no PrivateDevices).
        "NoNewPrivileges=yes",
        "ProtectSystem=full",
        "ProtectHome=yes",
        "PrivateTmp=yes",
        "",
        "[Install]",
        "WantedBy=multi-user.target",
        "",
    ]
    return "\n".join(lines)


def browser_words(browser: str, url: str) -> list[str]:
    return [browser, *KIOSK_FLAGS, url]


def launcher_text(browser: str, url: str, wait_seconds: int = 120) -> str:
    """A sh script: wait until the host answers at `url`, then Chromium in kiosk mode (pure)."""
    probe = ("import sys, urllib.request; "
             "urllib.request.urlopen(sys.argv[1], timeout=2)")
    return "\n".join([
        "#!/bin/sh",
        "# Written by `tourelle service kiosk`: wait for the host, then show /screen full screen.",
        f"url={shlex.quote(url)}",
        "i=0",
        f"while [ \"$i\" -lt {int(wait_seconds)} ]; do",
        f"    python3 -c {shlex.quote(probe)} \"$url\" 2>/dev/null && break",
        "    i=$((i + 1))",
        "    sleep 1",
        "done",
        "exec " + " ".join(shlex.quote(w) for w in browser_words(browser, url)[:-1]) + ' "$url"',
        "",
    ])


def labwc_block(launcher: str) -> str:
    """The lines added to ~/.config/labwc/autostart (a sh script; `&` keeps labwc going)."""
    return f"{LABWC_BEGIN}\n{shlex.quote(launcher)} &\n{LABWC_END}\n"


def merge_labwc(existing: str, launcher: str) -> str:
    """`existing` autostart with the tourelle block replaced or appended (pure, idempotent)."""
    block = labwc_block(launcher)
    pattern = re.compile(re.escape(LABWC_BEGIN) + r".*?" + re.escape(LABWC_END) + r"\n?",
                         re.DOTALL)
    if pattern.search(existing):
        return pattern.sub(lambda _m: block, existing, count=1)
    if existing and not existing.endswith("\n"):
        existing += "\n"
    return existing + block


def desktop_entry(launcher: str) -> str:
    """An XDG autostart entry (~/.config/autostart/tourelle-kiosk.desktop) for X11 sessions."""
    # Exec= quoting (a reserved character means double quotes, where " ` $ \\ take a
    # backslash), then the string escape of every value (\\ for a backslash), %% for %.
    exec_value = launcher.replace("%", "%%")
    if not _BARE.match(launcher):
        quoted = re.sub(r'(["`$\\\\])', r"\\\1", exec_value)
        exec_value = '"' + quoted.replace("\\", "\\\\") + '"'
    return "\n".join([
        "[Desktop Entry]",
        "Type=Application",
        "Name=Tourelle projector",
        "Comment=Chromium full screen on the Tourelle projector page",
        f"Exec={exec_value}",
        "Terminal=false",
        "X-GNOME-Autostart-enabled=true",
        "",
    ])


def wayfire_snippet(launcher: str) -> str:
    return f"[autostart]\ntourelle_kiosk = {launcher}\n"


# ---------------------------------------------------------------- effects


def existing_groups(names: tuple[str, ...] = OPTIONAL_GROUPS) -> tuple[str, ...]:
    found = []
    for name in names:
        try:
            grp.getgrnam(name)
        except KeyError:
            continue
        found.append(name)
    return tuple(found)


def current_executable() -> str:
    """The absolute path of the running `tourelle` command (else the one on PATH)."""
    argv0 = sys.argv[0] if sys.argv else ""
    if argv0 and os.path.basename(argv0) == "tourelle" and os.path.exists(argv0):
        return os.path.abspath(argv0)
    found = shutil.which("tourelle")
    if found:
        return os.path.abspath(found)
    beside = Path(sys.executable).with_name("tourelle")
    return str(beside.absolute())


def _user_exists(user: str) -> bool:
    import pwd

    try:
        pwd.getpwnam(user)
    except KeyError:
        return False
    return True


def _is_root() -> bool:
    return os.geteuid() == 0


def _needs_root(path: Path) -> bool:
    """Writing there takes root: /etc, /usr, /lib (the system's folders)."""
    parts = path.absolute().parts
    return len(parts) > 1 and parts[1] in ("etc", "usr", "lib")


def write_file(path: Path, text: str, mode: int = 0o644) -> None:
    if _needs_root(path) and not _is_root():
        raise ServiceError(f"writing {path} needs root: run `sudo {shlex.join(_argv_for_sudo())}`"
                           ", or --print to see it, or --path FILE to write it elsewhere")
    path.parent.mkdir(parents=True, exist_ok=True)
    fresh = path.with_name(path.name + ".new")
    fresh.write_text(text, encoding="utf-8")
    fresh.chmod(mode)
    os.replace(fresh, path)


def _argv_for_sudo() -> list[str]:
    return [current_executable(), *sys.argv[1:]] if sys.argv else ["tourelle"]


def _run(command: list[str]) -> None:
    print("+ " + shlex.join(command))
    subprocess.run(command, check=True)


def create_user(user: str, data: str) -> None:
    """A system user with no login and no home of its own, in the gpio/input groups."""
    if not _is_root():
        raise ServiceError("--create-user needs root (sudo)")
    if _user_exists(user):
        print(f"user {user} exists")
    else:
        _run(["useradd", "--system", "--user-group", "--home", data, "--no-create-home",
              "--shell", "/usr/sbin/nologin", user])
    groups = existing_groups()
    if groups:
        _run(["usermod", "--append", "--groups", ",".join(groups), user])


def cmd_install(args: argparse.Namespace) -> int:
    options = UnitOptions(exec_path=args.exec_path or current_executable(), user=args.user,
                          data=args.data, port=args.port,
                          buzzers=str(args.buzzers) if args.buzzers else None,
                          groups=existing_groups())
    try:
        text = unit_text(options)
        if args.print:
            sys.stdout.write(text)
            return 0
        path = Path(args.path) if args.path else UNIT_PATH
        if args.create_user:
            create_user(options.user, options.data)
        write_file(path, text)
        print(f"wrote {path}")
        if not _user_exists(options.user):
            print(f"note: there is no user {options.user} here yet: add --create-user, or "
                  f"sudo useradd --system --home {options.data} --shell /usr/sbin/nologin "
                  f"{options.user}", file=sys.stderr)
        if args.enable:
            if path != UNIT_PATH:
                raise ServiceError(f"--enable needs the unit at {UNIT_PATH}, not {path}")
            _run(["systemctl", "daemon-reload"])
            _run(["systemctl", "enable", "--now", "tourelle"])
            print("status: systemctl status tourelle   log: journalctl -u tourelle -f")
        elif path == UNIT_PATH:
            print("start it with: sudo systemctl daemon-reload && "
                  "sudo systemctl enable --now tourelle")
    except ServiceError as err:
        print(f"tourelle service: {err}", file=sys.stderr)
        return 2
    except (OSError, subprocess.CalledProcessError) as err:
        print(f"tourelle service: {err}", file=sys.stderr)
        return 1
    return 0


def default_browser() -> str:
    for name in ("chromium", "chromium-browser"):
        found = shutil.which(name)
        if found:
            return found
    return "/usr/bin/chromium-browser"  # Raspberry Pi OS Bookworm's name


def cmd_kiosk(args: argparse.Namespace) -> int:
    home = Path(args.home).expanduser() if args.home else Path.home()
    launcher = home / ".local" / "bin" / "tourelle-kiosk"
    url = args.url or f"http://localhost:{args.port}/screen"
    script = launcher_text(args.browser or default_browser(), url, args.wait)
    session = args.session
    entries: list[tuple[Path, str]] = []
    if session == "labwc":
        autostart = home / ".config" / "labwc" / "autostart"
        existing = autostart.read_text(encoding="utf-8") if autostart.exists() else ""
        entries.append((autostart, merge_labwc(existing, str(launcher))))
    elif session == "xdg":
        entries.append((home / ".config" / "autostart" / "tourelle-kiosk.desktop",
                        desktop_entry(str(launcher))))
    if args.print:
        print(f"# {launcher}\n{script}")
        if session == "wayfire":
            print(f"# add to {home / '.config' / 'wayfire.ini'}\n{wayfire_snippet(str(launcher))}")
        for path, text in entries:
            print(f"# {path}\n{text}")
        return 0
    try:
        write_file(launcher, script, mode=0o755)
        print(f"wrote {launcher}")
        for path, text in entries:
            write_file(path, text)
            print(f"wrote {path}")
        if session == "wayfire":
            print(f"add to {home / '.config' / 'wayfire.ini'}:\n{wayfire_snippet(str(launcher))}")
    except (ServiceError, OSError) as err:
        print(f"tourelle service: {err}", file=sys.stderr)
        return 2
    if _is_root() and not args.home:
        print("note: written for root; run it as the desktop user, or pass --home /home/NAME "
              "and chown the files", file=sys.stderr)
    return 0


def register(sub: Any) -> None:
    service = sub.add_parser("service", help="systemd unit and projector kiosk (Raspberry Pi)")
    actions = service.add_subparsers(dest="service_command", required=True)

    install = actions.add_parser("install", help=f"write {UNIT_PATH} (sudo)")
    install.add_argument("--print", action="store_true", help="print the unit, write nothing")
    install.add_argument("--path", type=Path, default=None, help=f"write here, not {UNIT_PATH}")
    install.add_argument("--user", default=DEFAULT_USER, help="service user (default tourelle)")
    install.add_argument("--data", default=DEFAULT_DATA, help="data folder (journal, key)")
    install.add_argument("--port", type=int, default=DEFAULT_PORT)
    install.add_argument("--exec", dest="exec_path", default=None,
                         help="the tourelle executable (default: this one's absolute path)")
    install.add_argument("--buzzers", type=Path, default=None, help="buzzer pin/key config")
    install.add_argument("--create-user", action="store_true",
                         help="useradd --system the user, add it to gpio/input when they exist")
    install.add_argument("--enable", action="store_true",
                         help="then systemctl daemon-reload && systemctl enable --now tourelle")
    install.set_defaults(func=cmd_install)

    kiosk = actions.add_parser("kiosk", help="Chromium on /screen at login (the desktop user)")
    kiosk.add_argument("--session", choices=("labwc", "xdg", "wayfire"), default="labwc",
                       help="labwc (Bookworm's default), xdg (.desktop, X11), wayfire (printed)")
    kiosk.add_argument("--print", action="store_true", help="print the files, write nothing")
    kiosk.add_argument("--home", default=None, help="the desktop user's home (default: yours)")
    kiosk.add_argument("--port", type=int, default=DEFAULT_PORT)
    kiosk.add_argument("--url", default=None, help="default http://localhost:PORT/screen")
    kiosk.add_argument("--browser", default=None, help="default chromium or chromium-browser")
    kiosk.add_argument("--wait", type=int, default=120, help="seconds to wait for the host")
    kiosk.set_defaults(func=cmd_kiosk)
