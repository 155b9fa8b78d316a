"""Flask-SocketIO's Redis message queue, with a publication's skipped phones named by room.

A phone whose private part changed gets the public part inside it, and the room-wide
`public` emit skips that phone (docs/PROTOCOL.md: one message per phone and publication).
With one process the skipped phones are sids read from the rooms; with several, the owner
does not know who sits in another process's rooms, so it names the *rooms* to skip
(`skip_rooms`) and each process turns them into its own members when it delivers.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Iterator
from typing import Any

import socketio

from host.wire.rooms import LockedRooms

log = logging.getLogger(__name__)
RETRY_SECONDS = 0.5

SKIP_ROOM = "room:"  # a skip_sid entry naming a room, not a sid


def queue_channel(house: str) -> str:
    """The Redis channel the house's processes share publications on."""
    return f"tourelle:{house}:io"


def skip_rooms(rooms: list[str]) -> list[str]:
    """skip_sid entries that skip every member of these rooms, in every process."""
    return [SKIP_ROOM + room for room in rooms]


class RoomSkippingRedisManager(LockedRooms, socketio.RedisManager):
    """RedisManager whose deliveries expand `room:<name>` skip entries locally (its rooms
    under one lock, host/wire/rooms.py)."""

    def _redis_listen_with_retries(self) -> Iterator[Any]:
        """Listen, and after a lost connection subscribe again every `RETRY_SECONDS`: the
        library's own wait doubles up to a minute, and a worker that missed Redis's return
        by that long would leave its phones without publications."""
        while True:
            try:
                self._redis_connect()
                self.pubsub.subscribe(self.channel)
                yield from self.pubsub.listen()
            except Exception as err:  # noqa: BLE001 - any connection error: try again soon
                log.warning("Redis subscription lost (%s); retrying", err)
                time.sleep(RETRY_SECONDS)

    def _handle_emit(self, message: dict[str, Any]) -> None:
        skip = message.get("skip_sid")
        if isinstance(skip, list) and any(isinstance(s, str) and s.startswith(SKIP_ROOM)
                                          for s in skip):
            namespace = message.get("namespace") or "/"
            local: list[str] = []
            for entry in skip:
                if isinstance(entry, str) and entry.startswith(SKIP_ROOM):
                    local.extend(sid for sid, _ in self.get_participants(
                        namespace, entry[len(SKIP_ROOM):]))  # a copy, under the rooms' lock
                else:
                    local.append(entry)
            message = {**message, "skip_sid": local}
        super()._handle_emit(message)
