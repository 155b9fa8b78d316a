"""Starting and stopping several processes: Redis, the owner, the workers.

`tourelle serve --workers N` runs the owner (this process, as with one process, plus a
second address on 127.0.0.1 for the workers' HTTP) and N-1 workers (`tourelle
serve-worker`), all listening on the same port with SO_REUSEPORT. Without `--redis`, a
Redis server of the host's own runs on a Unix socket in the data folder for as long as
the host does. The owner watches its workers: one that dies has its connections
disconnected on the owner (its phones reconnect, to any process) and is started again.
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import logging
import os
import secrets
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from typing import Any

from host.config import HostConfig
from host.workers.redis_local import LocalRedis

log = logging.getLogger(__name__)

RESTART_SECONDS = 1.0  # a worker that died is started again after this


def free_local_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def refusal(config: HostConfig) -> str | None:
    """Why several processes cannot run with this configuration, or None."""
    if config.workers < 1:
        return "--workers must be at least 1"
    if config.async_mode != "threading":
        return "--workers above 1 runs in threading mode only"
    if config.buzzers is not None:
        return ("--workers above 1: run the buzzers in a process of their own "
                "(`tourelle buzzers run --host URL --key KEY`)")
    return None


@contextlib.contextmanager
def several(config: HostConfig) -> Iterator[HostConfig]:
    """The owner's configuration for N processes: Redis running, this run's keys named,
    the owner's address for the workers' HTTP chosen. Redis stops on the way out."""
    reason = refusal(config)
    if reason is not None:
        raise SystemExit(reason)
    local = None
    url = config.redis_url
    if url is None:
        local = LocalRedis(config.data_dir / "redis").start().watch()
        url = local.url
    try:
        yield dataclasses.replace(config, redis_url=url, house=secrets.token_hex(4),
                                  owner_port=free_local_port())
    finally:
        if local is not None:
            local.stop()


class Workers:
    """The owner's worker processes: started, watched, started again, stopped."""

    def __init__(self, config: HostConfig, owner: Any) -> None:
        self.config = config
        self.owner = owner  # host/workers/owner.py's Owner: told when a worker dies
        self.processes: dict[str, subprocess.Popen[bytes]] = {}
        # Each process's own address on 127.0.0.1 beside the shared port: tests and benches
        # reach one process by it (workers.json in the data folder lists them).
        self.private = {f"w{n}": free_local_port() for n in range(1, config.workers)}
        self._stopping = False

    def start(self) -> Workers:
        for number in range(1, self.config.workers):
            self._spawn(f"w{number}")
        threading.Thread(target=self._watch, name="workers", daemon=True).start()
        self._write_map()
        return self

    def _write_map(self) -> None:
        addresses = {"owner": {"port": self.config.owner_port, "pid": os.getpid()}}
        addresses.update({name: {"port": self.private[name], "pid": process.pid}
                          for name, process in self.processes.items()})
        path = self.config.data_dir / "workers.json"
        fresh = path.with_suffix(".new")
        fresh.write_text(json.dumps(addresses, indent=1))
        os.replace(fresh, path)

    def command(self, name: str) -> list[str]:
        c = self.config
        assert c.redis_url is not None
        return [sys.executable, "-m", "host", "serve-worker", "--bind", c.bind,
                "--port", str(c.port), "--threads", str(c.threads), "--redis", c.redis_url,
                "--house", c.house, "--owner", f"127.0.0.1:{c.owner_port}", "--name", name,
                "--parent", str(os.getpid()), "--private-port", str(self.private[name])]

    def _spawn(self, name: str) -> None:
        log_path = self.config.data_dir / f"worker-{name}.log"
        with open(log_path, "ab") as out:
            self.processes[name] = subprocess.Popen(self.command(name), stdout=out,
                                                    stderr=subprocess.STDOUT)

    def _watch(self) -> None:
        while not self._stopping:
            for name, process in list(self.processes.items()):
                if process.poll() is None or self._stopping:
                    continue
                gone = self.owner.worker_gone(name)
                log.warning("worker %s stopped (exit %s); %d connection(s) dropped; "
                            "starting it again", name, process.returncode, gone)
                time.sleep(RESTART_SECONDS)
                if not self._stopping:
                    self._spawn(name)
                    self._write_map()
            time.sleep(0.2)

    def stop(self) -> None:
        self._stopping = True
        for process in self.processes.values():
            if process.poll() is None:
                process.terminate()
        for process in self.processes.values():
            try:
                process.wait(5)
            except subprocess.TimeoutExpired:
                process.kill()
