"""A real `tourelle serve` process and real Socket.IO clients, for end-to-end tests."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import socketio

from host.session.phone_parts import merge

ROOT = Path(__file__).resolve().parent.parent
# A folder whose `gunicorn` fails to import, as gunicorn does on Windows: a server started
# with it first on PYTHONPATH serves on its fallback (host/serve/server.py). TOURELLE_TEST_SERVER=
# fallback runs every LiveServer of a test run that way (make test runs the room tests so).
NO_GUNICORN = ROOT / "tests" / "fixtures" / "no_gunicorn"


def fallback_env(fallback: bool | None = None) -> dict[str, str]:
    """The environment of a server without gunicorn (None: as TOURELLE_TEST_SERVER says)."""
    if fallback is None:
        fallback = os.environ.get("TOURELLE_TEST_SERVER") == "fallback"
    if not fallback:
        return {}
    path = os.environ.get("PYTHONPATH")
    return {"PYTHONPATH": str(NO_GUNICORN) + (os.pathsep + path if path else "")}


# Servers' start timeouts times this: the arm64 lab (tools/arm64-lab.sh) runs them under
# emulation, where importing the host takes a minute on a loaded machine.
START_SCALE = float(os.environ.get("TOURELLE_TEST_START_SCALE", "1"))

# What gunicorn (and Werkzeug, eventlet) print when the port is already bound.
PORT_TAKEN = "in use"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


# TOURELLE_TEST_ASYNC=gevent (or eventlet) serves every LiveServer of a test run left at the
# default mode in that greenlet mode (make test runs the real-server protocol tests so).
DEFAULT_ASYNC_MODE = os.environ.get("TOURELLE_TEST_ASYNC", "threading")


@dataclass
class LiveServer:
    data: Path
    packs: Path
    async_mode: str = DEFAULT_ASYNC_MODE
    port: int = field(default_factory=free_port)
    command: tuple[str, ...] = ("serve",)
    process: subprocess.Popen[bytes] | None = None
    log_path: Path | None = None
    bind: str = "127.0.0.1"
    extra: tuple[str, ...] = ()  # more `serve` options (e.g. --no-mdns)
    netns: str | None = None  # run inside this network namespace (tests/netns.py)
    host: str = "127.0.0.1"  # where this test process reaches it (the namespace's address)
    fallback: bool | None = None  # True: gunicorn unavailable (None: TOURELLE_TEST_SERVER)
    env: dict[str, str] = field(default_factory=dict)  # more environment for the server

    @property
    def url(self) -> str:
        return f"http://{self.host}:{self.port}"

    @property
    def key(self) -> str:
        return (self.data / "host_key").read_text().strip()

    def start(self, timeout: float = 30.0) -> LiveServer:
        """Start the server and wait until it answers as itself. The port came free from
        `free_port`, but another process may take it before the server binds it (another
        test's server, a client's outgoing connection): then the server cannot bind, and
        whatever else answers there must not pass for it. It is started again on a new port."""
        timeout *= START_SCALE
        for _attempt in range(3):
            if self._spawn_and_wait(timeout):
                return self
            self.stop()
            self.port = free_port()
        raise RuntimeError(f"server found no port of its own:\n{self.log()}")

    def _spawn_and_wait(self, timeout: float) -> bool:
        """True once this server answers; False when its port is another process's."""
        self.data.mkdir(parents=True, exist_ok=True)
        self.log_path = self.log_folder() / f"server-{self.port}-{time.monotonic_ns()}.log"
        log = open(self.log_path, "wb")  # noqa: SIM115 - the server process keeps writing it
        inside = ("ip", "netns", "exec", self.netns) if self.netns else ()
        self.process = subprocess.Popen(
            [*inside, sys.executable, "-m", "host", *self.command, "--bind", self.bind,
             "--port", str(self.port), "--data", str(self.data), "--packs", str(self.packs),
             "--no-bundled-packs", "--async-mode", self.async_mode, "--threads", "64",
             *self.extra, *self.mdns_off()],
            cwd=ROOT, stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
            env={**os.environ, "PYTHONUNBUFFERED": "1", **fallback_env(self.fallback),
                 **self.env},
        )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                if PORT_TAKEN in self.log():
                    return False
                raise RuntimeError("server died on start:\n" + self.log())
            answer = self._answers_as_itself()
            if answer is not None:
                return answer
            time.sleep(0.1)
        raise RuntimeError("server did not start:\n" + self.log())

    def _answers_as_itself(self) -> bool | None:
        """None: nothing answers yet; True: this server (its data folder's host key opens
        its packs); False: another server holds the port."""
        key_file = self.data / "host_key"
        try:
            with urllib.request.urlopen(self.url + "/healthz", timeout=1) as answer:
                if answer.status != 200 or not key_file.exists():
                    return None
            asked = urllib.request.Request(self.url + "/api/packs",
                                           headers={"X-Tourelle-Key": self.key})
            with urllib.request.urlopen(asked, timeout=2) as answer:
                return answer.status == 200
        except urllib.error.HTTPError as err:
            return False if err.code == 403 else None
        except OSError:
            return None

    def log_folder(self) -> Path:
        return self.data

    def mdns_off(self) -> tuple[str, ...]:
        """No mDNS unless the test asks for it (--mdns-...): it only slows starts and stops."""
        wanted = any(option.startswith(("--mdns", "--no-mdns")) for option in self.extra)
        return () if wanted else ("--no-mdns",)

    def kill(self) -> None:
        """SIGKILL the whole process group: no clean shutdown, as in a power cut."""
        if self.process and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(10)

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()

    def alive(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def log(self) -> str:
        return self.log_path.read_text(errors="replace") if self.log_path else ""

    def get(self, path: str) -> Any:
        with urllib.request.urlopen(self.url + path, timeout=5) as answer:
            return json.loads(answer.read())


class Peer:
    """A Socket.IO client on one namespace that keeps every state and error it receives."""

    def __init__(self, server: LiveServer, namespace: str, auth: dict[str, Any] | None = None,
                 connect: bool = True) -> None:
        self.namespace = namespace
        self.client = socketio.Client(reconnection=False)
        self.states: list[dict[str, Any]] = []  # whole states (a phone's: merged parts)
        self.publics: list[dict[str, Any]] = []
        self.privates: list[dict[str, Any]] = []
        self.errors: list[dict[str, Any]] = []
        self.events: list[tuple[str, Any]] = []
        self._changed = threading.Condition()
        self.own: dict[str, Any] | None = None  # a phone's private part (session/phone_parts.py)
        self.client.on("state", self._on_state, namespace=namespace)
        self.client.on("private", self._on_private, namespace=namespace)
        self.client.on("public", self._on_public, namespace=namespace)
        self.client.on("error", self._on_error, namespace=namespace)
        self.client.on("*", self._on_any, namespace=namespace)
        if connect:
            self.client.connect(server.url, namespaces=[namespace], transports=["websocket"],
                                auth=auth, wait_timeout=10)

    def _on_state(self, payload: dict[str, Any]) -> None:
        with self._changed:
            self.states.append(payload)
            self._changed.notify_all()

    def _on_private(self, payload: dict[str, Any]) -> None:
        with self._changed:
            self.privates.append(payload)
            self.events.append(("private", (payload,)))
            self.own = payload
        if "public" in payload:  # a changed private part brings the public one along
            self._on_public(payload["public"])

    def _on_public(self, payload: dict[str, Any]) -> None:
        """A phone draws when the public part comes: its state is the merge of the two."""
        with self._changed:
            self.publics.append(payload)
            self.events.append(("public", (payload,)))
        self._on_state(merge(payload, self.own))

    def _on_error(self, payload: dict[str, Any]) -> None:
        with self._changed:
            self.errors.append(payload)
            self._changed.notify_all()

    def _on_any(self, event: str, *args: Any) -> None:
        self.events.append((event, args))

    def call(self, event: str, data: Any = None, timeout: float = 10) -> Any:
        return self.client.call(event, data, namespace=self.namespace, timeout=timeout)

    def last(self) -> dict[str, Any]:
        return self.states[-1]

    def wait_for(self, predicate: Any, timeout: float = 30) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        with self._changed:
            while True:
                for state in reversed(self.states):
                    if predicate(state):
                        return state
                left = deadline - time.monotonic()
                if left <= 0:
                    last = self.states[-1] if self.states else None
                    raise TimeoutError(f"no matching state; last: {json.dumps(last)[:800]}")
                self._changed.wait(left)

    def close(self) -> None:
        self.client.disconnect()


class RawEngineIO:
    """A websocket to a server's engine.io endpoint below Socket.IO, through wsproto: to read
    the transport itself (its extension answer, its pings). `offer` extensions, e.g. a
    browser's permessage-deflate."""

    def __init__(self, server: LiveServer, offer: list[Any] | None = None,
                 timeout: float = 15) -> None:
        from wsproto import ConnectionType, WSConnection
        from wsproto.events import Request

        port = int(server.url.rsplit(":", 1)[1])
        self.connection = WSConnection(ConnectionType.CLIENT)
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=timeout)
        self.accepted: list[Any] = []  # the AcceptConnection event
        self.texts: list[str] = []  # text messages, in order
        self.sock.sendall(self.connection.send(Request(
            host=f"127.0.0.1:{port}", target="/socket.io/?EIO=4&transport=websocket",
            extensions=offer or [])))

    def read_until(self, done: Any) -> None:
        from wsproto.events import AcceptConnection, TextMessage

        while not done():
            chunk = self.sock.recv(65536)
            assert chunk, "the server closed the connection"
            self.connection.receive_data(chunk)
            for event in self.connection.events():
                if isinstance(event, AcceptConnection):
                    self.accepted.append(event)
                elif isinstance(event, TextMessage):
                    self.texts.append(str(event.data))

    def send(self, text: str) -> None:
        from wsproto.events import TextMessage

        self.sock.sendall(self.connection.send(TextMessage(data=text)))

    def close(self) -> None:
        self.sock.close()
