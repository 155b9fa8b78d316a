"""Who touches a game from which thread (threading mode): a game's state is published from
its own worker only, in order with its events (host/session.py, `republish`)."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

from host.hub import Hub
from host.journal import Journal
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
