"""Socket.IO rooms changed under one lock: a join never meets a room's last leave.

python-socketio keeps rooms as plain dicts (namespace -> room -> members) and changes them
from whichever thread asks: a phone's `join` handler (after its claim is committed), another
phone's `leave` or disconnect, the game's worker letting a removed phone go, the publisher
reading a room it sends to. A join that found the game's room while its last member left
and deleted it raised KeyError (the phone answered `internal`, its claim committed); two
joins that each found no room made it twice, and one member was lost (a phone that never
got the public part). Here every change of membership, and every read of a room's members,
holds one lock (reentrant: a disconnect leaves each of its rooms), for the single-process
manager and for the Redis one (host/workers/manager.py) alike. Eventlet patches `threading`
before the app is made: the lock is then a green one.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import Any

import socketio


class LockedRooms:
    """A mixin for a python-socketio manager: membership changed and read under one lock."""

    rooms: dict[str, dict[Any, Any]]
    _rooms_lock: threading.RLock

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._rooms_lock = threading.RLock()

    def basic_enter_room(self, sid: str, namespace: str, room: Any,
                         eio_sid: str | None = None) -> None:
        with self._rooms_lock:
            super().basic_enter_room(sid, namespace, room, eio_sid=eio_sid)  # type: ignore[misc]

    def basic_leave_room(self, sid: str, namespace: str, room: Any) -> None:
        with self._rooms_lock:
            super().basic_leave_room(sid, namespace, room)  # type: ignore[misc]

    def basic_close_room(self, room: Any, namespace: str) -> None:
        with self._rooms_lock:
            super().basic_close_room(room, namespace)  # type: ignore[misc]

    def basic_disconnect(self, sid: str, namespace: str, **kwargs: Any) -> None:
        with self._rooms_lock:
            super().basic_disconnect(sid, namespace, **kwargs)  # type: ignore[misc]

    def get_participants(self, namespace: str, room: Any) -> Iterator[tuple[str, str]]:
        """The room's members as they are now (a copy taken under the lock)."""
        with self._rooms_lock:
            members = list(super().get_participants(namespace, room))  # type: ignore[misc]
        yield from members


class Manager(LockedRooms, socketio.Manager):
    """The single-process manager (threading or eventlet), rooms under one lock."""
