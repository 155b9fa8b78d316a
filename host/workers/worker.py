"""A worker process: it holds connections and relays what they say to the owner.

Its Socket.IO namespaces are the owner's in name only: every connect, event and
disconnect goes to the owner (relay.py), which runs the real handler, and the
worker answers the acknowledgement with the owner's answer. What the owner emits
(publications, answers' `error` events, rooms entered) reaches this process's
connections through the Redis message queue. HTTP requests go to the owner
(proxy.py): pages, pictures and the API are the owner's.
"""

from __future__ import annotations

from typing import Any

from flask import Flask
from flask_socketio import Namespace, SocketIO

from host.wire import jsonwire
from host.wire import outbox
from host.wire import pinger
from host.wire import reader
from host.wire import wsdeflate
from host.session.terms import BUSY_REASON, Outcome
from host.workers.link import LinkWatch
from host.workers.manager import RoomSkippingRedisManager, queue_channel
from host.workers.owner import PASSED_HEADERS
from host.workers.proxy import Proxy
from host.workers.relay import NoAnswer, RelayClient

NAMESPACES = ("/seat", "/screen", "/host", "/device")


class RelayNamespace(Namespace):
    """Every message of this namespace, relayed to the owner."""

    def __init__(self, namespace: str, relay: RelayClient) -> None:
        super().__init__(namespace)
        self.relay = relay

    def trigger_event(self, event: str, *args: Any) -> Any:
        sid = args[0]
        if event == "connect":
            environ: dict[str, Any] = args[1] if len(args) > 1 else {}
            headers = {name: environ.get("HTTP_" + name.upper().replace("-", "_"))
                       for name in PASSED_HEADERS}
            try:
                answer = self.relay.call({
                    "kind": "connect", "ns": self.namespace, "sid": sid,
                    "auth": args[2] if len(args) > 2 else None,
                    "headers": {k: v for k, v in headers.items() if v is not None},
                    "remote_addr": environ.get("REMOTE_ADDR")})
            except NoAnswer:
                return False
            return bool(isinstance(answer, dict) and answer.get("ok"))
        if event == "disconnect":
            self.relay.send({"kind": "disconnect", "ns": self.namespace, "sid": sid})
            return None
        try:
            return self.relay.call({"kind": "event", "ns": self.namespace, "sid": sid,
                                    "event": event, "args": list(args[1:])})
        except NoAnswer:
            return Outcome.refuse("busy", BUSY_REASON).as_json()


def create_worker_app(redis_url: str, house: str, worker: str, owner_http: str,
                      async_mode: str = "threading") -> tuple[Flask, SocketIO, RelayClient]:
    app = Flask(__name__)
    app.wsgi_app = Proxy(owner_http)  # type: ignore[method-assign]
    wsdeflate.install(async_mode)
    if async_mode == "threading":
        pinger.install()
        outbox.install()
        reader.install()
    socketio = SocketIO(
        app, async_mode=async_mode, cors_allowed_origins=None,
        max_http_buffer_size=1_000_000, ping_interval=5, ping_timeout=10,
        logger=False, engineio_logger=False, json=jsonwire, serializer=jsonwire.Packet,
        async_handlers=async_mode != "threading",  # as the owner (host/app.py)
        client_manager=RoomSkippingRedisManager(redis_url, channel=queue_channel(house),
                                                json=jsonwire),
    )
    relay = RelayClient(redis_url, house, worker)
    for namespace in NAMESPACES:
        socketio.on_namespace(RelayNamespace(namespace, relay))
    # The host pages this worker holds hear of a lost Redis from it (the owner's word
    # cannot reach them then).
    app.extensions["tourelle_link"] = LinkWatch(
        redis_url, None, lambda message: socketio.emit("link", message, namespace="/host",
                                                       ignore_queue=True)).start()
    return app, socketio, relay
