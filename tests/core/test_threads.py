"""Who touches a game from which thread (threading mode): a game's state is published from
its own worker only, in order with its events (host/session/core.py, `republish`)."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

from host.room.hub import Hub
from host.store.journal import Journal
from host.session.core import HOST
from tests.core.test_session import MAP, Night
from tests.live import LiveServer, Peer
from tests.synthetic import synthetic_bank
from tests.waiting import wait_until

BANK = synthetic_bank(60)


def test_a_night_ended_or_a_game_created_publishes_from_the_games_worker(tmp_path: Path) -> None:
    """Published from the host's thread, a snapshot taken there could overtake a newer state
    the worker was publishing (the projector left on the older one) or show one not yet
    committed: the worker takes the snapshot, in order with its events."""
    hub = Hub(Journal(tmp_path / "journal.sqlite"), BANK, publish=lambda *_args, **_kw: None)
    try:
        night = hub.open_night("Quiz du jeudi")
        handed: list[str] = []  # the threads that handed a state to the game's publisher
        session = hub.create_game("buzzer", [{"name": "Ana"}, {"name": "Bob"}], night=night)
        broadcaster = session.publication._broadcaster
        assert broadcaster is not None
        changed = broadcaster.changed

        def spy(*args: Any, **kwargs: Any) -> None:
            handed.append(threading.current_thread().name)
            changed(*args, **kwargs)

        broadcaster.changed = spy  # type: ignore[method-assign]
        hub.end_night(night)
        wait_until(lambda: len(handed) >= 1, "the night's end to be published")
        assert set(handed) == {f"session-{session.id}"}, handed
    finally:
        hub.close()


def test_a_nights_table_read_before_a_result_is_stored_is_not_kept(tmp_path: Path) -> None:
    """A game's status is "over" in memory before its commit stores the result: a table
    read in between lacks the game's points, and must not be served again once the
    result is in (even when the cache was dropped before that read stored it)."""
    night = Night(tmp_path / "journal.sqlite")
    hub, journal = night.hub, night.journal
    night_id = hub.open_night("Quiz du jeudi")
    session = hub.create_game("territory", [{"bot": 2}, {"bot": 4}, {"bot": 5}],
                              game_map=MAP, seed=3, night=night_id)
    session.submit(HOST, {"type": "start"})
    night.run(session)
    record = journal.game(session.id)
    assert record is not None
    assert session.status == "over" and record.result is not None
    full = hub.night(night_id)
    assert full is not None and len(full["standings"]["played"]) == 1, full

    # The commit not yet made: over in memory, running in the journal; the table then read
    # counts no game.
    journal.set_status(session.id, "running")
    hub._night_moved(night_id)
    early = hub.night(night_id)
    assert early is not None and early["standings"]["played"] == [], early
    journal.set_status(session.id, "over", record.result)  # the commit lands
    assert hub.night(night_id) == full


def test_a_projector_that_starts_watching_gets_the_state_again_from_the_publisher(
        live: LiveServer) -> None:
    """`watch` answers with the view at once, from the handler's thread; a publication made
    meanwhile may reach the page first, and the older view would stay until the next change
    (a lobby can wait minutes): the game's publisher sends the screens its state again."""
    host = Peer(live, "/host", auth={"key": live.key})
    screen = Peer(live, "/screen")
    try:
        game = host.call("create", {"kind": "buzzer", "seats": [{"name": "Ana"}]})["game"]
        assert screen.call("watch", {"game": game})["ok"]
        wait_until(lambda: len([s for s in screen.states if s["meta"]["game"] == game]) >= 2,
                   "the publisher's state after the watch's own")
        mine = [s for s in screen.states if s["meta"]["game"] == game]
        assert mine[-1] == mine[0]  # nothing changed: the same state, again
    finally:
        screen.close()
        host.close()
