"""Races forced in one process (issue 43, point 4): thread switches every microsecond
(`sys.setswitchinterval(1e-6)`), threads hammering joins, leaves, removals and reads of
real Sessions on a real SQLite journal, so an interleaving that a night meets once in a
while shows within seconds. Each test counts what went wrong over its trials and prints it:

    .venv/bin/pytest tests/room/test_forced_races.py -m slow -s

`TOURELLE_FORCED_TRIALS` sets the trials (300).
"""

from __future__ import annotations

import contextlib
import os
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from host.games.contract import GameError
from host.people.teams import member_id
from host.room import bans
from host.room.hub import Hub
from host.session.core import Origin, token_hash
from host.store.journal import Journal
from tests.synthetic import synthetic_bank

pytestmark = pytest.mark.slow

TRIALS = int(os.environ.get("TOURELLE_FORCED_TRIALS", "200"))
BANK = synthetic_bank(40)
ROOM_ROUNDS = 2_000  # joins and leaves of a room by each of 8 connections


@contextmanager
def switching_often() -> Iterator[None]:
    """Every thread gives up the interpreter after a microsecond (instead of 5 ms)."""
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        yield
    finally:
        sys.setswitchinterval(interval)


@contextmanager
def hammering(*loops: Callable[[], Any]) -> Iterator[list[BaseException]]:
    """Each call run over and over on its own thread until the block ends; what they raised."""
    stop = threading.Event()
    raised: list[BaseException] = []

    def run(call: Callable[[], Any]) -> None:
        while not stop.is_set():
            try:
                call()
            except BaseException as err:  # noqa: BLE001 - collected, the test says
                raised.append(err)
                return

    threads = [threading.Thread(target=run, args=(call,), daemon=True) for call in loops]
    for thread in threads:
        thread.start()
    try:
        yield raised
    finally:
        stop.set()
        for thread in threads:
            thread.join(timeout=30)


def together(*calls: Callable[[], Any]) -> list[Any]:
    """The calls on threads let go at once (a barrier); their results."""
    gate = threading.Barrier(len(calls))
    results: list[Any] = [None] * len(calls)

    def run(index: int, call: Callable[[], Any]) -> None:
        gate.wait()
        results[index] = call()

    threads = [threading.Thread(target=run, args=(i, call)) for i, call in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


class Thread(threading.Thread):
    """A call on its own thread, started at once; `result()` waits: what it raised."""

    def __init__(self, index: int, call: Callable[..., Any], *args: Any) -> None:
        super().__init__(name=f"forced-{index}", daemon=True)
        self.call, self.args, self.raised = call, args, list[BaseException]()
        self.start()

    def run(self) -> None:
        try:
            self.call(*self.args)
        except BaseException as err:  # noqa: BLE001 - collected, the test says
            self.raised.append(err)

    def result(self) -> list[BaseException]:
        self.join(timeout=60)
        return self.raised


def a_hub(tmp_path: Path) -> Hub:
    return Hub(Journal(tmp_path / "journal.sqlite"), BANK, publish=None)


def test_a_removal_meant_for_a_phone_that_left_never_frees_the_next(tmp_path: Path) -> None:
    """The host removes phone A from seat 0 (the id it saw) while A leaves the lobby and B
    claims seat 0: the removal is A's, never B's (the old removal freed the seat by number,
    whoever sat there by the time the worker took it)."""
    hub = a_hub(tmp_path)
    session = hub.create_game("buzzer", [{"name": "Rouge"}, {"name": "Bleu"}])
    first, second = token_hash("phone-a" * 3), token_hash("phone-b" * 3)

    def remove_first() -> None:
        with contextlib.suppress(GameError):  # A was not on the seat as the host saw it
            bans.remove_phone(session, 0, member_id(first), None)

    def read() -> None:
        seen = session.snapshot
        assert seen.status == "lobby"

    freed_wrong: list[int] = []
    b_seated = 0
    with switching_often(), hammering(read, read) as raised:
        for trial in range(TRIALS):
            claim_a = {"type": "claim", "token_hash": first, "seat": 0}
            assert session.submit(Origin("seat", client="a"), claim_a).ok

            def phones() -> Any:
                # A's leave and B's claim come on two connections at once: queued together.
                session.submit_nowait(Origin("seat", 0, "a", token=first), {"type": "_leave"})
                return session.submit(Origin("seat", client="b"),
                                      {"type": "claim", "token_hash": second, "seat": 0})

            _, claimed = together(remove_first, phones)
            if not claimed.ok:  # the removal came first: A is gone, A's leave refused...
                session.submit_leave(Origin("seat", 0, "a", token=first))
                continue  # ...or B's claim came before A's leave was handled
            b_seated += 1
            left = session.submit_leave(Origin("seat", 0, "b", token=second))
            if not left.ok:  # B was no longer on the seat: a removal freed it
                freed_wrong.append(trial)
    hub.close()
    print(f"\nB freed by A's removal in {len(freed_wrong)} of {b_seated} trials "
          f"({TRIALS} in all)")
    assert raised == []
    assert b_seated > TRIALS // 3  # the trials raced: B sat often
    assert freed_wrong == []


def test_phones_join_a_room_while_its_last_member_leaves(tmp_path: Path) -> None:
    """python-socketio's rooms are plain dicts: a phone's join_room (after its claim) found
    the game's room, the room's last member left and deleted it, and the join raised
    KeyError (answered `internal`, its claim committed), or two joins each made the room
    anew and one of them was lost (a phone never sent the public part). The host's manager
    (create_app's, the one the server uses) changes membership under one lock."""
    from host.app import create_app
    from host.config import HostConfig

    _app, socketio, hub = create_app(HostConfig(data_dir=tmp_path, resume=False,
                                                bundled_packs=False))
    manager = socketio.server.manager
    namespace, room = "/seat", "g:phones"
    sids = [manager.connect(f"eio-{n}", namespace) for n in range(8)]
    lost: list[str] = []

    def member(sid: str) -> None:
        for _ in range(ROOM_ROUNDS):
            manager.enter_room(sid, namespace, room)
            if sid not in dict(manager.get_participants(namespace, room)):
                lost.append(sid)
            manager.leave_room(sid, namespace, room)

    def publish() -> None:  # the publisher's read of a room it sends to
        for _ in manager.get_participants(namespace, room):
            pass

    with switching_often(), hammering(publish) as raised:
        members = [Thread(sids.index(sid), member, sid) for sid in sids]
        for thread in members:
            raised += thread.result()
    hub.close()
    print(f"\nrooms: {len(raised)} joins or reads raised, {len(lost)} joins lost")
    assert raised == [] and lost == []


def test_a_nights_table_read_while_it_ends_is_never_kept_stale(tmp_path: Path) -> None:
    """Readers build a night's table (the host page, a game's meta, /api/nights) while the
    host ends the night: once it is over, its table says so. The cache was two dicts
    written one after the other by every reader: a table built from the journal before the
    end, stored after the end had dropped the cache, stayed "open" (or a table was kept
    beside another's games' statuses)."""
    hub = a_hub(tmp_path)
    stale = 0
    with switching_often():
        for trial in range(TRIALS // 2):
            night = hub.open_night(f"Soirée {trial}")
            hub.create_game("buzzer", [{"name": "Rouge"}, {"name": "Bleu"}], night=night)

            def read(night: str = night) -> None:
                assert hub.night(night) is not None

            readers = [Thread(n, lambda read=read: [read() for _ in range(20)])
                       for n in range(3)]
            hub.end_night(night)
            raised = [err for thread in readers for err in thread.result()]
            assert raised == []
            found = hub.night(night)
            assert found is not None
            if found["status"] != "over":
                stale += 1
    hub.close()
    print(f"\nnight's table still open after its end in {stale} of {TRIALS // 2} trials")
    assert stale == 0
