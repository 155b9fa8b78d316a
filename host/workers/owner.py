"""The owner's side of a relayed connection: the same handlers as for its own connections.

A worker relays a connection's connect (with its auth and a few request headers), each
event and its disconnect. The owner runs the namespace's own handler for it, inside a
request context that names the connection's sid (as Flask-SocketIO does for a local
one), so `emit` to the sender, `join_room` and every room emit go through the Redis
message queue to the process that holds the connection. The owner keeps which worker
holds which sid: when a worker dies, its connections are disconnected here (the phones
reconnect, to any process).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import Any

import flask
from flask import Flask
from flask_socketio import SocketIO
from werkzeug.test import EnvironBuilder

from host.sockets.base import refused

log = logging.getLogger(__name__)

# The request headers a worker passes with a connect (nothing else of the request is read
# by the handlers: they know a connection by its sid).
PASSED_HEADERS = ("User-Agent", "Accept-Language", "Host", "X-Forwarded-For")


class Remote:
    """One relayed connection: the worker holding it and its request environ."""

    def __init__(self, worker: str, namespace: str, environ: dict[str, Any]) -> None:
        self.worker = worker
        self.namespace = namespace
        self.environ = environ


class Owner:
    """Runs relayed requests on the owner's namespaces (`handle`, for relay.RelayServer)."""

    def __init__(self, app: Flask, socketio: SocketIO) -> None:
        self.app = app
        self.socketio = socketio
        self._remote: dict[str, Remote] = {}  # sid -> its connection
        self._lock = threading.Lock()

    def handle(self, request: dict[str, Any]) -> Any:
        kind, sid, namespace = request.get("kind"), request.get("sid"), request.get("ns")
        if not isinstance(sid, str) or not isinstance(namespace, str):
            return None
        handler = self.socketio.server.namespace_handlers.get(namespace)
        if kind == "connect":
            return self._connect(handler, request, sid, namespace)
        with self._lock:
            remote = self._remote.get(sid)
        if remote is None:
            return {"ok": False, "code": "bad_message",
                    "reason": "this connection is not known here; reconnect"}
        if kind == "disconnect":
            self.disconnected(sid)
            if handler is not None and hasattr(handler, "on_disconnect"):
                self._in_context(remote, sid, "disconnect", (), handler.on_disconnect)
            return None
        event = request.get("event")
        args = request.get("args") or []
        if handler is None or not isinstance(event, str) or not isinstance(args, list):
            return None
        method = getattr(handler, "on_" + event, None) if event.isidentifier() else None
        guarded = handler._guard(event, method, len(args))
        return self._in_context(remote, sid, event, args, guarded)

    def _connect(self, handler: Any, request: dict[str, Any], sid: str,
                 namespace: str) -> dict[str, Any]:
        if handler is None:
            return {"ok": False}
        headers = request.get("headers") or {}
        environ = EnvironBuilder(
            path="/socket.io/", headers={k: v for k, v in headers.items() if k in PASSED_HEADERS},
            environ_base={"REMOTE_ADDR": str(request.get("remote_addr") or "")},
        ).get_environ()
        remote = Remote(str(request.get("worker")), namespace, environ)
        connect: Callable[..., Any] | None = getattr(handler, "on_connect", None)
        accepted = True
        if connect is not None:
            auth = request.get("auth")
            accepted = self._in_context(remote, sid, "connect", [auth], connect) is not False
        if accepted:
            with self._lock:
                self._remote[sid] = remote
        return {"ok": accepted}

    def _in_context(self, remote: Remote, sid: str, event: str, args: Any,
                    call: Callable[..., Any]) -> Any:
        with self.app.request_context(dict(remote.environ)):
            flask.request.sid = sid  # type: ignore[attr-defined]
            flask.request.namespace = remote.namespace  # type: ignore[attr-defined]
            flask.request.event = {"message": event, "args": args}  # type: ignore[attr-defined]
            try:
                return call(*args)
            except Exception:
                log.exception("relayed %s on %s failed", event, remote.namespace)
                return refused("internal", "the host could not handle that; nothing changed")

    def disconnected(self, sid: str) -> None:
        with self._lock:
            self._remote.pop(sid, None)

    def worker_gone(self, worker: str) -> int:
        """A worker died: its connections are gone; each one's disconnect runs here."""
        with self._lock:
            gone = [(sid, r) for sid, r in self._remote.items() if r.worker == worker]
        for sid, remote in gone:
            self.handle({"kind": "disconnect", "sid": sid, "ns": remote.namespace})
        return len(gone)
