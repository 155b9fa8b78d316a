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


def test_an_unban_is_written_by_the_games_worker(tmp_path: Path) -> None:
    """The host lets a banned phone back in: the row is deleted in the game's batch, on its
    worker, in order with the claims and removals it decides (once written from the host's
    thread, beside the worker's batches); a night's ban the same way, from a game of it."""
    from host.people.teams import member_id
    from host.room import bans
    from host.session.core import Origin, token_hash

    journal = Journal(tmp_path / "journal.sqlite")
    hub = Hub(journal, BANK, publish=lambda *_args, **_kw: None)
    written: list[str] = []  # the threads that wrote a ban's deletion
    write = journal.write

    def spy(ops: Any) -> None:
        if any(str(op[0]).startswith("DELETE FROM bans") for op in ops):
            written.append(threading.current_thread().name)
        write(ops)

    journal.write = spy  # type: ignore[method-assign]
    try:
        night = hub.open_night("Quiz du jeudi")
        session = hub.create_game("buzzer", [{"name": "Ana"}, {"name": "Bob"}], night=night)
        for scope in ("game", "night"):
            phone = token_hash(f"phone-{scope}" * 3)
            claimed = session.submit(Origin("seat"), {"type": "claim", "token_hash": phone})
            assert claimed.ok, claimed
            removed = bans.remove_phone(session, int(claimed.data["seat"]), None, scope)
            assert removed.ok and removed.data["banned"] == scope, removed
            command = {"phone": member_id(phone), "scope": scope}
            back = bans.unban_command(session, command)
            assert back.ok and back.data["bans"] == [], back.as_json()
            again = bans.unban_command(session, command)
            assert again.code == "stale", again.as_json()
        assert written == [f"session-{session.id}"] * 2, written
    finally:
        hub.close()


def test_pages_and_game_lists_read_only_what_is_committed(tmp_path: Path) -> None:
    """A page that starts watching, `/api/games/<id>` and the game lists read the game's
    committed snapshot: while the worker waits on the disk for a host's command, they show
    the game as it was (the live values, read before, showed the command's state before its
    row was on the disk: lost, had the disk failed)."""
    from host.session.core import Origin, token_hash

    journal = Journal(tmp_path / "journal.sqlite")
    hub = Hub(journal, BANK, publish=lambda *_args, **_kw: None)
    write = journal.write
    on_disk, go_on = threading.Event(), threading.Event()

    def slow_disk(ops: Any) -> None:
        if any("events" in str(op[0]) for op in ops) and not go_on.is_set():
            on_disk.set()
            go_on.wait(10)
        write(ops)

    try:
        session = hub.create_game("buzzer", [{"name": "Ana"}, {"name": "Bob"}])
        for seat in (0, 1):
            claim = {"type": "claim", "token_hash": token_hash(f"phone-{seat}" * 3)}
            assert session.submit(Origin("seat"), claim).ok
        assert session.submit(HOST, {"type": "start"}).ok
        before = session.shown("screen")
        seq = session.snapshot.seq
        journal.write = slow_disk  # type: ignore[method-assign]
        opening = threading.Thread(target=session.submit,
                                   args=(HOST, {"type": "open", "mode": "ranking"}))
        opening.start()
        assert on_disk.wait(10), "the command's commit never began"
        live = session.view("screen")  # what the handlers read before: not committed yet
        assert live["view"] != before["view"]
        shown = session.shown("screen")
        assert shown["view"] == before["view"] and shown["meta"]["seq"] == seq
        assert session.snapshot.seq == seq and session.snapshot.meta["seq"] == seq
        go_on.set()
        opening.join(10)
        wait_until(lambda: session.snapshot.seq == seq + 1, "the command committed")
        assert session.shown("screen")["view"] == live["view"]
    finally:
        go_on.set()
        hub.close()


def test_a_phone_answered_reads_its_own_join_in_the_games_meta(tmp_path: Path) -> None:
    """Whoever hears back from the worker and then reads the game (`/api/games/<id>`, a page
    that starts watching) sees its event in the meta too: the meta was built again only
    after the batch's after-commit calls (a night's table), so a phone answered "captain"
    could read its seat without it for a while (CI, test_night_people)."""
    from host.session.core import Origin, token_hash

    hub = Hub(Journal(tmp_path / "journal.sqlite"), BANK, publish=lambda *_args, **_kw: None)
    go_on = threading.Event()
    try:
        night = hub.open_night("Quiz du jeudi")
        session = hub.create_game("buzzer", [{"name": "Rouge"}, {"name": "Bleu"}], night=night)
        names_changed = session.names_changed
        assert names_changed is not None  # a night's game: a phone's name goes to its table

        def slow_table() -> None:  # the night's table, after the commit and the answers
            go_on.wait(10)
            names_changed()

        session.names_changed = slow_table
        claim = {"type": "claim", "token_hash": token_hash("phone-zoe" * 3), "name": "Zoé"}
        answer = session.submit(Origin("seat"), claim)
        assert answer.ok and answer.data["seat"] == 0
        seat = session.shown("screen")["meta"]["seats"][0]
        assert (seat["name"], seat["empty"]) == ("Zoé", False)
    finally:
        go_on.set()
        hub.close()


def test_a_nights_ban_takes_the_phone_off_its_seat_in_the_nights_other_games(
        tmp_path: Path) -> None:
    """Banned from the night on game A while seated on game B (or its claim queued there
    before A's commit): B's own worker takes it off its seat and lets its connections go
    with the night's scope; a game of another night keeps it."""
    from host.room import bans
    from host.session.core import Origin, token_hash

    journal = Journal(tmp_path / "journal.sqlite")
    hub = Hub(journal, BANK, publish=lambda *_args, **_kw: None)
    let_go: list[tuple[str, str, str | None, str]] = []
    hub.on_let_go.append(lambda game, token, scope: let_go.append(
        (game, token, scope, threading.current_thread().name)))
    try:
        night = hub.open_night("Quiz du jeudi")
        games = [hub.create_game("buzzer", [{"name": "Ana"}, {"name": "Bob"}], night=night)
                 for _ in range(2)]
        elsewhere = hub.create_game("buzzer", [{"name": "Ana"}, {"name": "Bob"}])
        phone, friend = token_hash("phone-banned" * 3), token_hash("phone-kept" * 3)
        for session in (*games, elsewhere):
            for token in (friend, phone):
                assert session.submit(Origin("seat"), {"type": "claim", "token_hash": token}).ok
        a, b = games
        seat = next(n for n, token in journal.seat_bindings(a.id).items() if token == phone)
        removed = bans.remove_phone(a, seat, None, "night")
        assert removed.ok, removed
        wait_until(lambda: phone not in journal.seat_bindings(b.id).values(), "B frees the phone")
        assert friend in journal.seat_bindings(b.id).values()
        assert phone in journal.seat_bindings(elsewhere.id).values()
        wait_until(lambda: any(game == b.id for game, *_ in let_go), "B lets it go")
        assert {(game, scope, thread) for game, _token, scope, thread in let_go} == {
            (a.id, "night", f"session-{a.id}"), (b.id, "night", f"session-{b.id}")}
        again = b.submit(Origin("seat"), {"type": "claim", "token_hash": phone})
        assert again.code == "banned", again.as_json()
    finally:
        hub.close()
