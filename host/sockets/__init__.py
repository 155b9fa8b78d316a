"""Socket.IO namespaces, one per audience: thin edges that parse, submit and answer.

No handler holds rules: they turn messages into events for the Session. One
module per namespace: /seat (host/sockets/seat.py), /host (host/sockets/host_page.py),
/device (host/sockets/device.py) and /screen (below); what they share (rooms,
acknowledgements, the guard, the base namespace) is host/sockets/base.py.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask_socketio import SocketIO

from host.room.hub import Hub
from host.schema import check_field, parse_action, require_dict
from host.session.core import Session
from host.session.terms import SCREEN
from host.sockets.base import (ROOMS, Base, Guarded, Rooms, answer, current_sid, key_matches,
                               record_sync, refused)
from host.sockets.device import DEVICE_PREFIX, DeviceNamespace
from host.sockets.host_page import HostNamespace
from host.sockets.seat import SeatNamespace, sync_sent_ns

# Re-exported: the names the app, the routes and tests import from host.sockets.
__all__ = ["DEVICE_PREFIX", "ROOMS", "Base", "DeviceNamespace", "Guarded", "HostNamespace",
           "Rooms", "ScreenNamespace", "SeatNamespace", "answer", "current_sid", "key_matches",
           "record_sync", "refused", "register_namespaces", "sync_sent_ns"]


class ScreenNamespace(Base):
    """The projector: watches a game (the newest by default) and gets the room's view; says
    whether its browser plays sound or waits for a click first (`sound`), and what the kind
    lets it tell its game (`action`: a question's clip plays)."""

    def __init__(self, namespace: str, hub: Hub) -> None:
        super().__init__(namespace, hub)
        self.blocked: dict[str, bool] = {}  # projectors' sids: True while their sound is blocked

    def needs_click(self) -> bool:
        return any(self.blocked.values())

    def sound(self) -> dict[str, bool]:
        """What the host page reads: a projector waits for a click; a projector said it plays
        sound (and none waits)."""
        return {"needs_click": self.needs_click(),
                "sound_on": bool(self.blocked) and not self.needs_click()}

    def on_action(self, payload: Any = None) -> dict[str, Any]:
        """{"game": id, "type": "clip_heard", "step": n}: only the kind's `screen_actions`,
        submitted as the `screen` role (journaled; a quiz round's clip question's time
        starts when its clip plays on the projector)."""
        message = require_dict(payload, "action")
        session = self.session_for(message)
        kind = session.kind
        body = {k: v for k, v in message.items() if k != "game"}
        event = parse_action(body, {name: kind.fields[name] for name in kind.screen_actions}, {})
        return answer(session.submit(SCREEN, event))

    def on_watch(self, payload: Any = None) -> dict[str, Any]:
        message = require_dict(payload if payload is not None else {}, "watch")
        session = self.session_for(message)
        self.watch(session, ROOMS.room(session.id, "screen")[1], "screen")
        return {"ok": True, "game": session.id}

    def on_sound(self, payload: Any = None) -> dict[str, Any]:
        """{"needs_click": true}: this projector's browser refuses to play sound until
        someone clicks on it; false once it plays (sent from the page's start). Every host
        page is told (PROTOCOL.md)."""
        message = require_dict(payload, "sound")
        check_field("needs_click", message.get("needs_click"), (bool,))
        self._mark(current_sid(), bool(message["needs_click"]))
        return {"ok": True}

    def on_disconnect(self, *args: Any) -> None:
        super().on_disconnect(*args)
        self._mark(current_sid(), None)

    def _mark(self, sid: str, waiting: bool | None) -> None:
        before = self.sound()
        if waiting is None:
            self.blocked.pop(sid, None)
        else:
            self.blocked[sid] = waiting
        if self.sound() != before:
            self.socketio.emit("projector_sound", self.sound(), namespace="/host")


def register_namespaces(socketio: SocketIO, hub: Hub, key: Callable[[], str]) -> SeatNamespace:
    seat = SeatNamespace("/seat", hub)
    screen = ScreenNamespace("/screen", hub)
    socketio.on_namespace(screen)
    socketio.on_namespace(seat)
    socketio.on_namespace(HostNamespace("/host", hub, key, screen.sound))
    socketio.on_namespace(DeviceNamespace("/device", hub, key))

    def announce(session: Session) -> None:
        socketio.emit("game_created", {"game": session.id, "kind": session.kind.name},
                      namespace="/screen")

    def room_moved() -> None:
        """Phones of a game the room left join again and follow it (host/room/following.py)."""
        current = hub.latest()
        payload = {"game": current.id if current is not None else None}
        for namespace in ("/seat", "/screen"):
            socketio.emit("room", payload, namespace=namespace)

    hub.on_created.append(announce)
    hub.on_room.append(room_moved)
    hub.on_let_go.append(seat.let_go)
    return seat
