"""Host settings: where the data folder is, how to serve, the host key."""

from __future__ import annotations

import os
import secrets
from dataclasses import dataclass, field
from pathlib import Path


def default_data_dir() -> Path:
    """Per-user data folder (XDG), overridable with TOURELLE_DATA."""
    if os.environ.get("TOURELLE_DATA"):
        return Path(os.environ["TOURELLE_DATA"])
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "tourelle"


# 5000 was the default until macOS 12's AirPlay receiver took it (a Mac user's first
# `tourelle serve` failed or reached the wrong server); 8340 is held by no common service.
DEFAULT_PORT = 8340
SERVERS = ("auto", "gunicorn", "werkzeug")  # threading mode's server (host/serve/server.py)


@dataclass
class HostConfig:
    data_dir: Path = field(default_factory=default_data_dir)
    bind: str = "0.0.0.0"
    port: int = DEFAULT_PORT
    async_mode: str = "threading"  # threading | gevent | eventlet
    server: str = "auto"  # threading mode: gunicorn where it runs, else Werkzeug's threads
    language: str = "fr"
    # gunicorn gthread threads: one per connected websocket, made on demand (nothing while
    # idle): a full 500-seat buzzer board, its screens and page loads fit.
    threads: int = 640
    resume: bool = True
    packs: list[Path] = field(default_factory=list)  # extra question packs (files or folders)
    bundled_packs: bool = True
    buzzers: Path | None = None  # buzzer pin/key config, read in this process (threading mode)
    public_url: str | None = None  # the join address to show, overriding the interfaces' best
    mdns: bool = True  # advertise <mdns_name>.local and an _http._tcp service
    mdns_name: str = "tourelle"
    mdns_interfaces: list[str] | None = None  # addresses to advertise on (default: join's)
    # Several processes (host/workers/): how many in all, the Redis they share (None: one
    # of the host's own when workers > 1), and this run's name for its Redis keys.
    workers: int = 1
    redis_url: str | None = None
    house: str = "main"
    owner_port: int = 0  # the owner's address on 127.0.0.1 for the workers' HTTP

    @property
    def journal_path(self) -> Path:
        return self.data_dir / "journal.sqlite"


def new_key() -> str:
    """A fresh host key that starts with a letter or digit.

    A person types it after `--key` (`tourelle buzzers run --key KEY`): one that began
    with "-" was read by argparse as another option (1 key in 64 did).
    """
    while True:
        key = secrets.token_urlsafe(9)
        if key[0].isalnum():
            return key


def host_key(data_dir: Path, rotate: bool = False) -> str:
    """The install's host key: random, kept in the data folder (mode 0600), rotatable."""
    path = data_dir / "host_key"
    if path.exists() and not rotate:
        return path.read_text().strip()
    data_dir.mkdir(parents=True, exist_ok=True)
    key = new_key()
    fresh = path.with_suffix(".new")
    fresh.write_text(key + "\n")
    fresh.chmod(0o600)
    os.replace(fresh, path)  # atomic: a connecting host page never reads half a key
    return key
