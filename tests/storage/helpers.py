"""A real tiny file system for the journal: tmpfs mounts, filling, read-only remounts."""

from __future__ import annotations

import errno
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from host.games import registry
from host.store.journal import Journal
from host.store.replay import rebuild
from tests.live import LiveServer


def run(*command: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(command, capture_output=True, text=True, check=False)


@contextmanager
def tiny_fs(folder: Path, size: str = "600k") -> Iterator[Path]:
    """A tmpfs of `size` at `folder`, always unmounted afterwards."""
    folder.mkdir(parents=True, exist_ok=True)
    mounted = run("mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(folder))
    if mounted.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs (root needed): {mounted.stderr.strip()}")
    try:
        yield folder
    finally:
        run("mount", "-o", "remount,rw", str(folder))
        for _ in range(50):
            if run("umount", str(folder)).returncode == 0:
                break
            time.sleep(0.1)
        else:
            run("umount", "-l", str(folder))


def fill(folder: Path) -> Path:
    """Write a filler file until the file system says it is full."""
    filler = folder / "filler"
    chunk = b"\0" * 4096
    with open(filler, "wb", buffering=0) as out:
        try:
            while True:
                out.write(chunk)
        except OSError as err:
            assert err.errno == errno.ENOSPC, err
    return filler


def remount(folder: Path, mode: str, timeout: float = 20.0) -> None:
    """`mount -o remount,ro|rw`; read-only is refused while a file there is open for
    writing (the journal closes its connection on a storage fault), so retry a while."""
    deadline = time.monotonic() + timeout
    while True:
        done = run("mount", "-o", f"remount,{mode}", str(folder))
        if done.returncode == 0:
            return
        if time.monotonic() > deadline:
            raise AssertionError(f"remount,{mode} {folder}: {done.stderr.strip()}")
        time.sleep(0.1)


class TinyServer(LiveServer):
    """A live server whose data folder is the tiny file system; its log lives elsewhere
    (LiveServer keeps it in the data folder, which would fill with the journal)."""

    log_dir: Path

    def log_folder(self) -> Path:
        return self.log_dir


def tiny_server(data: Path, packs: Path, logs: Path) -> TinyServer:
    server = TinyServer(data=data, packs=packs)
    server.log_dir = logs
    return server


def replay_view(journal_path: Path, game_id: str, upto: int | None = None) -> Any:
    """The host view the journal's rows (up to `upto`) rebuild, as JSON."""
    journal = Journal(journal_path)
    try:
        record = journal.game(game_id)
        assert record is not None
        rows = [r for r in journal.rows(game_id) if upto is None or r.seq <= upto]
        game = registry.kind(record.kind).make(record.config)
        rebuilt = rebuild(game, record.config, rows)
        return game.view(rebuilt.state, "host"), game.is_over(rebuilt.state), record.status
    finally:
        journal.close()
