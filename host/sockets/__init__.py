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
from host.schema import check_field, require_dict
from host.session.core import Session
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
    when its browser waits for a click before it plays sound (`sound`)."""

    def __init__(self, namespace: str, hub: Hub) -> None:
        super().__init__(namespace, hub)
        self.waiting_for_click: set[str] = set()  # projectors' sids whose sound is blocked

    def needs_click(self) -> bool:
        return bool(self.waiting_for_click)

    def on_watch(self, payload: Any = None) -> dict[str, Any]:
        message = require_dict(payload if payload is not None else {}, "watch")
        session = self.session_for(message)
        self.watch(session, ROOMS.room(session.id, "screen")[1], "screen")
        return {"ok": True, "game": session.id}

    def on_sound(self, payload: Any = None) -> dict[str, Any]:
        """{"needs_click": true}: this projector's browser refused to play a clip until
        someone clicks on it; false once it plays. Every host page is told (PROTOCOL.md)."""
        message = require_dict(payload, "sound")
        check_field("needs_click", message.get("needs_click"), (bool,))
        self._mark(current_sid(), bool(message["needs_click"]))
        return {"ok": True}

    def on_disconnect(self, *args: Any) -> None:
        super().on_disconnect(*args)
        self._mark(current_sid(), False)

    def _mark(self, sid: str, waiting: bool) -> None:
        before = self.needs_click()
        if waiting:
            self.waiting_for_click.add(sid)
        else:
            self.waiting_for_click.discard(sid)
        if self.needs_click() != before:
            self.socketio.emit("projector_sound", {"needs_click": self.needs_click()},
                               namespace="/host")


def register_namespaces(socketio: SocketIO, hub: Hub, key: Callable[[], str]) -> SeatNamespace:
    seat = SeatNamespace("/seat", hub)
    screen = ScreenNamespace("/screen", hub)
    socketio.on_namespace(screen)
    socketio.on_namespace(seat)
    socketio.on_namespace(HostNamespace("/host", hub, key, screen.needs_click))
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
