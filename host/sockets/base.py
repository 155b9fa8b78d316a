"""What every Socket.IO namespace shares: rooms, acknowledgements, the guard, the base.

Every handler answers with an acknowledgement ({"ok": true, ...} or
{"ok": false, "code", "reason", "text"}); a refusal is also sent as an `error`
event, so a client that did not ask for an ack still learns why. `Guarded` answers
unknown events and never lets a handler's error escape; `Base` finds the game a
message is for and lets a page watch it.
"""

from __future__ import annotations

import hmac
import logging
import threading
import time
from typing import Any

from flask import request
from flask_socketio import Namespace, emit, join_room, leave_room

from buzzers.clocksync import ClockSyncError
from host import messages
from host.games.contract import GameError
from host.wire.heap import PAUSES
from host.wire.inbound import INBOUND
from host.room.hub import Hub
from host.sockets.phone_clocks import clocks_of
from host.schema import BadMessage, check_field, require_dict
from host.session.core import PHONES, Outcome, Session

log = logging.getLogger(__name__)

MS = 1_000_000


class Handling(threading.local):
    """The client a light event's handler is answering (`Guarded.LIGHT_EVENTS`), in the
    thread handling it; `sid` None while Flask-SocketIO's request context says instead."""

    sid: str | None = None
    namespace = ""
    socketio: Any = None


HANDLING = Handling()


def current_sid() -> str:
    """The Socket.IO session id of the client being handled."""
    if HANDLING.sid is not None:
        return HANDLING.sid
    return str(request.sid)  # type: ignore[attr-defined]  # Flask-SocketIO sets it


def emit_here(event: str, payload: Any) -> None:
    """`event` to the client being handled, in a light event's handler or a request's."""
    if HANDLING.sid is not None:
        HANDLING.socketio.emit(event, payload, to=HANDLING.sid, namespace=HANDLING.namespace)
    else:
        emit(event, payload)


class Rooms:
    """Which namespace, room and event an audience's views go to: a phone is in its seat's
    room (its private part) and in the game's room of phones (the public part)."""

    def room(self, game_id: str, audience: str) -> tuple[str, str]:
        if audience == "screen":
            return "/screen", f"{game_id}:screen"
        if audience == "host":
            return "/host", f"{game_id}:host"
        return "/seat", f"{game_id}:{audience}"

    def event(self, audience: str) -> str:
        if audience == PHONES:
            return "public"
        return "private" if audience.startswith("seat:") else "state"


ROOMS = Rooms()


def refused(code: str, reason: str) -> dict[str, Any]:
    payload = {"ok": False, "code": code, "reason": reason, "text": messages.text(code, reason)}
    emit_here("error", payload)
    return payload


def answer(outcome: Outcome) -> dict[str, Any]:
    payload = outcome.as_json()
    if not outcome.ok:
        emit_here("error", payload)
    return payload


class Guarded(Namespace):
    """A namespace that answers unknown events and never lets a handler's error escape."""

    # Events whose handlers need no Flask request context (only the sid, `emit_here`):
    # Flask-SocketIO builds one per event (a URL adapter, the environ's binding, a session
    # object), about a third of a press's handling (bench/burst.py --profile), and a Pi
    # pays it for every press and every phone's clock ping.
    LIGHT_EVENTS: frozenset[str] = frozenset({"ping"})

    def trigger_event(self, event: str, *args: Any) -> Any:
        if event in ("connect", "disconnect"):
            return super().trigger_event(event, *args)
        sid, payload = args[0], args[1:]
        handler = getattr(self, "on_" + event, None) if event.isidentifier() else None
        guarded = self._guard(event, handler, len(payload))
        if event in self.LIGHT_EVENTS and HANDLING.sid is None:
            HANDLING.sid, HANDLING.namespace, HANDLING.socketio = sid, self.namespace, self.socketio
            try:
                return guarded(*payload)
            finally:
                HANDLING.sid = None
        # Flask-SocketIO's dispatcher gives the handler its request context (sid, emit).
        return self.socketio._handle_event(guarded, event, self.namespace, sid, *payload)

    def _guard(self, event: str, handler: Any, count: int) -> Any:
        def guarded(*payload: Any) -> Any:
            if handler is None:
                return refused("unknown_event", f"unknown event {event[:40]!r}")
            if count > 1:
                return refused("bad_message", "send one JSON object per event")
            try:
                return handler(*payload)
            except BadMessage as err:
                return refused(err.code, str(err))
            except GameError as err:
                return refused(err.code, str(err))
            except Exception:
                log.exception("handler %s failed", event)
                return refused("internal", "the host could not handle that; nothing changed")

        return guarded


class Base(Guarded):
    def __init__(self, namespace: str, hub: Hub) -> None:
        super().__init__(namespace)
        self.hub = hub
        self.watching: dict[str, str] = {}  # sid -> game id

    def session_for(self, payload: dict[str, Any] | None) -> Session:
        game_id = (payload or {}).get("game")
        if game_id is not None:
            check_field("game", game_id, (str,))
            session = self.hub.get(game_id)
            if session is None:
                raise BadMessage(f"no game {game_id!r}")
            return session
        session = self.hub.latest()
        if session is None:
            raise BadMessage("there is no game yet")
        return session

    def watch(self, session: Session, room: str, audience: str) -> None:
        sid = current_sid()
        old = self.watching.get(sid)
        if old is not None:
            leave_room(ROOMS.room(old, audience)[1])
        self.watching[sid] = session.id
        join_room(room)
        emit("state", session.shown(audience))  # the committed snapshot, never live values
        session.rescreen()  # in case a publication overtook the view just sent

    def on_disconnect(self, *args: Any) -> None:
        self.watching.pop(current_sid(), None)

    def on_ping(self, payload: Any = None) -> dict[str, Any]:
        """Clock sync: when the ping reached the host (its monotonic time: the kernel's stamp,
        host/wire/inbound.py), for NTP-style offset estimates and the phone's uplink."""
        message = require_dict(payload if payload is not None else {}, "ping")
        client = message.get("c", 0)
        check_field("c", client, (int, float))
        arrived = INBOUND.arrived_ns()
        # When it answers too: the handling between is neither leg (buzzers/clocksync.py).
        clocks_of(self.hub).answered(current_sid(), arrived, time.monotonic_ns())
        return {"ok": True, "c": client, "h": arrived}


def record_sync(hub: Hub, client: str, game: str | None, payload: Any, unit_ns: int,
                device: bool, connection: str | None = None) -> dict[str, Any]:
    """Add one {c0, h, c1} sample to the client's clock estimate; says if it is usable.
    `connection`: the Socket.IO id its ping came on (when the host answered it is known)."""
    message = require_dict(payload, "sync")
    values = [message.get(name) for name in ("c0", "h", "c1")]
    for name, value in zip(("c0", "h", "c1"), values, strict=True):
        check_field(name, value, (int, float))
    c0, h, c1 = values
    assert isinstance(c0, int | float) and isinstance(h, int) and isinstance(c1, int | float)
    clocks = clocks_of(hub)
    rtt = round((c1 - c0) * unit_ns)
    if rtt >= 0 and PAUSES.held(h - rtt, h + rtt):  # it timed the host's collector, not the network
        return {"rtt_ms": round(rtt / MS, 3), "synced": clocks.usable(client, time.monotonic_ns()),
                "kept": False}
    try:
        rtt = clocks.add_sample(client, game, c0, h, c1, unit_ns=unit_ns, device=device,
                                host_reply_ns=None if connection is None
                                else clocks.answer_of(connection, h))
    except ClockSyncError as err:
        raise BadMessage(str(err)) from None
    return {"rtt_ms": round(rtt / MS, 3), "synced": clocks.usable(client, time.monotonic_ns()),
            "kept": True}


def key_matches(auth: Any, key: str) -> bool:
    given = auth.get("key") if isinstance(auth, dict) else None
    return isinstance(given, str) and hmac.compare_digest(given.encode(), key.encode())
