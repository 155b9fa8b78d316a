"""A Redis server of the host's own: Debian's `redis-server` on a Unix socket in the data
folder, nothing on the network, nothing written to disk (the journal is the record; Redis
only carries messages between the host's processes)."""

from __future__ import annotations

import shutil
import subprocess
import threading
import time
from pathlib import Path

import redis

SOCKET_NAME = "redis.sock"
START_SECONDS = 10.0
WATCH_SECONDS = 0.5


class RedisMissing(RuntimeError):
    """No redis-server to start: the message says what to install."""


class LocalRedis:
    """`redis-server` started on `<folder>/redis.sock`; `url` for its clients."""

    def __init__(self, folder: Path, executable: str | None = None) -> None:
        self.folder = folder
        self.socket = folder / SOCKET_NAME
        self.executable = executable or shutil.which("redis-server")
        self.process: subprocess.Popen[bytes] | None = None
        self._stopping = threading.Event()

    @property
    def url(self) -> str:
        return f"unix://{self.socket}"

    def start(self) -> LocalRedis:
        if self.executable is None:
            raise RedisMissing("--workers above 1 needs Redis: install Debian's redis-server "
                               "(apt install redis-server) or give --redis URL")
        self.folder.mkdir(parents=True, exist_ok=True)
        self.socket.unlink(missing_ok=True)
        log = open(self.folder / "redis.log", "ab")  # noqa: SIM115 - the server's lifetime
        self.process = subprocess.Popen(
            [self.executable, "--port", "0", "--unixsocket", str(self.socket),
             "--unixsocketperm", "700", "--save", "", "--appendonly", "no",
             "--daemonize", "no", "--dir", str(self.folder)],
            stdout=log, stderr=subprocess.STDOUT)  # in the host's process group: a kill of
        # the host (kill -9 of its group, Ctrl-C) takes Redis with it
        deadline = time.monotonic() + START_SECONDS
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RedisMissing(f"redis-server stopped at once; see {self.folder / 'redis.log'}")
            if self.socket.exists() and self.ping():
                return self
            time.sleep(0.05)
        self.stop()
        raise RedisMissing(f"redis-server did not answer within {START_SECONDS:g} s")

    def watch(self) -> LocalRedis:
        """Start Redis again whenever it stops (a crash, a kill) until `stop()`."""
        threading.Thread(target=self._watch, name="redis-watch", daemon=True).start()
        return self

    def _watch(self) -> None:
        while not self._stopping.wait(WATCH_SECONDS):
            if self.process is not None and self.process.poll() is not None:
                try:
                    self.start()
                except RedisMissing as err:
                    print(f"Redis stopped and could not start again: {err}", flush=True)

    def ping(self) -> bool:
        try:
            return bool(redis.Redis.from_url(self.url, socket_timeout=1).ping())
        except redis.RedisError:
            return False

    def stop(self) -> None:
        self._stopping.set()
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.socket.unlink(missing_ok=True)
