"""The owner's watch on Redis: a house of several processes stands on it.

While Redis is away, workers can relay nothing (their phones get "busy") and receive no
publication, so a timer running out would end a question nobody could answer. The
owner pings Redis every `PING_SECONDS`; after `DOWN_AFTER` failures in a row it pauses
every running game (the host's own pause, journaled) and tells the host pages it holds
(`link` event, both languages); when Redis answers again it resumes the games it paused
(not one the host had paused) and publishes every game again, so phones on workers
catch up with what they missed. Each worker watches too and tells its own host pages
(the owner's word cannot reach them while Redis is away).

A worker subscribes to the message queue again on its own, up to `RETRY_SECONDS`
(manager.py) after Redis is back: what the owner published before that is lost for it.
So the owner also counts the queue's subscribers at each ping and publishes every game
again whenever the count rises (a process that subscribed again).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import Any

import redis

from host.room.hub import Hub
from host.session.core import HOST

log = logging.getLogger(__name__)

PING_SECONDS = 0.5
DOWN_AFTER = 2

DOWN_TEXT = {"fr": "Liaison entre les processus du serveur perdue (Redis) : parties en pause.",
             "en": "The link between the host's processes is lost (Redis): games paused."}
UP_TEXT = {"fr": "Liaison rétablie : les parties reprennent.",
           "en": "The link is back: the games carry on."}


class LinkWatch:
    """Pings Redis; pauses and resumes the games around an outage."""

    def __init__(self, url: str, hub: Hub | None,
                 tell: Callable[[dict[str, Any]], None], channel: str | None = None) -> None:
        """`hub` None: a worker's watch, which only tells its own host pages. `channel`:
        the message queue's, whose subscribers the owner counts."""
        self._redis = redis.Redis.from_url(url, socket_timeout=PING_SECONDS,
                                           socket_connect_timeout=PING_SECONDS)
        self.hub = hub
        self.tell = tell  # emits a `link` event to the host pages
        self.up = True
        self.paused_by_us: set[str] = set()
        self.channel = channel
        self.subscribers = 0  # the message queue's, at the last ping (0 after an outage)
        self._stopped = threading.Event()

    def start(self) -> LinkWatch:
        threading.Thread(target=self._run, name="link-watch", daemon=True).start()
        return self

    def stop(self) -> None:
        self._stopped.set()

    def _run(self) -> None:
        failures = 0
        while not self._stopped.wait(PING_SECONDS):
            try:
                self._redis.ping()
                ok = True
            except redis.RedisError:
                ok = False
            failures = 0 if ok else failures + 1
            if self.up and failures >= DOWN_AFTER:
                self.lost()
            elif not self.up and ok:
                self.back()
            if ok:
                self._count_subscribers()
            else:
                self.subscribers = 0  # a Redis that comes back has forgotten every one

    def _count_subscribers(self) -> None:
        """More processes listen than at the last ping: they missed what was published
        while they were away, so every game goes out again."""
        if self.hub is None or self.channel is None:
            return
        try:
            ((_channel, count),) = self._redis.pubsub_numsub(self.channel)
        except (redis.RedisError, ValueError):
            return
        if count > self.subscribers and self.up:
            self.republish()
        self.subscribers = int(count)

    def republish(self) -> None:
        for session in list(self.hub.sessions.values()) if self.hub is not None else []:
            session.republish()

    def lost(self) -> None:
        self.up = False
        log.warning("Redis is not answering: pausing the games until it is back")
        for session in list(self.hub.sessions.values()) if self.hub is not None else []:
            if session.snapshot.status == "running" and not session.snapshot.paused \
                    and session.submit(HOST, {"type": "pause"}).ok:
                self.paused_by_us.add(session.id)
        self.tell({"up": False, "text": DOWN_TEXT})

    def back(self) -> None:
        self.up = True
        log.warning("Redis answers again: resuming the games it paused")
        paused, self.paused_by_us = self.paused_by_us, set()
        for session in list(self.hub.sessions.values()) if self.hub is not None else []:
            seen = session.snapshot
            if session.id in paused and seen.paused and seen.status == "running":
                session.submit(HOST, {"type": "resume"})
            else:
                session.republish()  # phones on workers missed what changed meanwhile
        self.tell({"up": True, "text": UP_TEXT})
