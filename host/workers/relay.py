"""Requests from workers to the owner, and the owner's answers, over Redis lists.

A worker pushes each request (a connection's connect, event or disconnect) on the
house's request list and waits for the answer on its own reply list; the owner takes
requests from the list, runs each on a pool thread, and pushes the answer back. A
worker handles one message of a connection at a time (Flask-SocketIO's threading mode
waits for a handler's answer before it reads the connection's next message), so a
connection's messages reach the owner in the order it sent them.

Lists, not pub/sub: a request waits in Redis until the owner takes it, so an owner that
is busy, or restarting, loses none; a worker whose owner does not answer in time answers
the phone "busy" (the same refusal as a Session that does not answer in time).
"""

from __future__ import annotations

import itertools
import logging
import secrets
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from typing import Any

import redis

from host.wire import jsonwire

log = logging.getLogger(__name__)

POLL_SECONDS = 1.0  # a blocking pop's longest wait, so a stopped loop ends soon
RETRY_SECONDS = 0.5  # after a Redis error
ANSWER_SECONDS = 15.0  # a worker's longest wait for the owner's answer
REPLIES_TTL_SECONDS = 600
OWNER_THREADS = 256  # requests the owner runs at once (a burst of presses waits on commits)

Request = dict[str, Any]
Handler = Callable[[Request], Any]


def requests_key(house: str) -> str:
    return f"tourelle:{house}:requests"


def replies_key(house: str, worker: str, instance: str) -> str:
    """One reply list per worker process: a worker being replaced may still be reading its
    list for a moment, and must not take the answers meant for the one replacing it."""
    return f"tourelle:{house}:replies:{worker}:{instance}"


def popped(client: redis.Redis, key: str, stopped: threading.Event) -> Iterator[Any]:
    """Each message pushed on `key`, decoded, until `stopped`; Redis away: try again."""
    while not stopped.is_set():
        try:
            item = client.brpop([key], timeout=POLL_SECONDS)
        except redis.RedisError:
            time.sleep(RETRY_SECONDS)
            continue
        if item is not None:
            yield jsonwire.loads(item[1])


class NoAnswer(RuntimeError):
    """The owner did not answer in time."""


class RelayClient:
    """A worker's side: `call(request)` returns the owner's answer."""

    def __init__(self, url: str, house: str, worker: str) -> None:
        self._redis = redis.Redis.from_url(url)
        self._house = house
        self.worker = worker
        # Request ids unique to this client: a reply list outlives a worker, and an answer
        # meant for the worker this one replaced must never resolve one of its requests.
        self._prefix = secrets.token_hex(4)
        self._ids = itertools.count(1)
        self._replies = replies_key(house, worker, self._prefix)
        self._waiting: dict[str, Future[Any]] = {}
        self._lock = threading.Lock()
        self._stopped = threading.Event()
        self._thread = threading.Thread(target=self._answers, name="relay-answers", daemon=True)
        self._thread.start()

    def call(self, request: Request, timeout: float = ANSWER_SECONDS) -> Any:
        number = f"{self._prefix}:{next(self._ids)}"
        future: Future[Any] = Future()
        with self._lock:
            self._waiting[number] = future
        try:
            self._redis.lpush(requests_key(self._house), jsonwire.dumps(
                {**request, "id": number, "worker": self.worker, "reply_to": self._replies}))
            return future.result(timeout)
        except (FutureTimeout, redis.RedisError) as err:
            raise NoAnswer(str(err) or "no answer") from None
        finally:
            with self._lock:
                self._waiting.pop(number, None)

    def send(self, request: Request) -> None:
        """A request that needs no answer (a disconnect)."""
        try:
            self._redis.lpush(requests_key(self._house),
                              jsonwire.dumps({**request, "id": 0, "worker": self.worker}))
        except redis.RedisError as err:
            log.warning("relay: could not tell the owner (%s)", err)

    def stop(self) -> None:
        self._stopped.set()

    def _answers(self) -> None:
        for answer in popped(self._redis, self._replies, self._stopped):
            with self._lock:
                future = self._waiting.get(answer.get("id"))
            if future is not None and not future.done():
                future.set_result(answer.get("result"))


class RelayServer:
    """The owner's side: takes requests and answers each with `handle(request)`."""

    def __init__(self, url: str, house: str, handle: Handler) -> None:
        self._redis = redis.Redis.from_url(url)
        self._house = house
        self._handle = handle
        self._pool = ThreadPoolExecutor(OWNER_THREADS, thread_name_prefix="relayed")
        self._stopped = threading.Event()
        self._thread = threading.Thread(target=self._requests, name="relay-requests",
                                        daemon=True)

    def start(self) -> RelayServer:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stopped.set()

    def _requests(self) -> None:
        for request in popped(self._redis, requests_key(self._house), self._stopped):
            try:
                self._pool.submit(self._run, request)
            except RuntimeError:  # the interpreter is shutting down: the owner stops
                return

    def _run(self, request: Request) -> None:
        try:
            result = self._handle(request)
        except Exception:  # a relayed message must never stop the owner's loop
            log.exception("relayed %s failed", request.get("kind"))
            result = None
        if not request.get("id"):
            return
        try:
            reply_to = str(request.get("reply_to"))
            if not reply_to.startswith(f"tourelle:{self._house}:replies:"):
                return  # not one of this house's workers
            self._redis.lpush(reply_to, jsonwire.dumps({"id": request["id"], "result": result}))
            self._redis.expire(reply_to, REPLIES_TTL_SECONDS)  # a dead worker's list goes
        except redis.RedisError as err:
            log.warning("relay: could not answer worker %s (%s)", request.get("worker"), err)
