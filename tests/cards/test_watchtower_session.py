"""Watchtower through the Session, in-process on virtual time; and its bots' strength.

Bot games reach the end and equal their replay; blind picks ask the chooser
(bot or phone), not the player whose turn it is; an illegal move is refused
with the engine's message and changes nothing; undo never takes back a move
that turned a card up; a new Hub on the same journal resumes the same game;
no published view shows a card its audience may not see.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from host.cards.common.adapter import CardGameAdapter, inner
from host.cards.watchtower import GAME, bot_move, secrets, simulate
from host.games import registry
from host.games.contract import GameError
from host.store.replay import rebuild
from host.schema import BadMessage, parse_action
from host.session.core import HOST, Origin, Session
from tests.cards.test_cards_session import (
    Night,
    audience_secrets,
    create,
    state_json,
    state_of,
    strings_in,
)

KIND = "watchtower"


class WatchNight(Night):
    """Checks every published Watchtower view against the cards its audience may not see."""

    def _publish(self, game: str, audience: str, payload: dict[str, Any],
                 skip: tuple[str, ...] = ()) -> None:
        session = self.hub.sessions.get(game)
        if not self.check_leaks or session is None or session.state is None:
            return
        shown = strings_in(payload)
        secret = audience_secrets(secrets, session, audience)
        assert not shown & secret, f"{audience} sees {sorted(shown & secret)}"
        self.views_checked += 1


def phone_move(session: Session, seat: int, salt: int) -> dict[str, Any] | None:
    """A sensible legal move for a phone's seat (a level-3 bot chooses it)."""
    event, _ = bot_move(inner(session.game), state_of(session), seat, 3, salt)
    return event


def waiting_for(session: Session) -> int | None:
    return GAME().waiting_for(state_of(session))


# -- the registry entry -----------------------------------------------------------------


def test_watchtower_is_registered_with_its_seats_and_field_table() -> None:
    kind = registry.kind(KIND)
    assert KIND in registry.names()
    assert kind.seat_actions == frozenset(kind.fields)
    assert (kind.min_seats, kind.max_seats) == (2, 4)
    assert isinstance(kind.make({"settings": {"assassins": False}}), CardGameAdapter)
    with pytest.raises(GameError):
        kind.make({"settings": {"no_such_rule": True}})
    duel = {"type": "challenge", "target": 1, "card": None, "cards": 3}  # campaigners
    assert parse_action(duel, kind.fields, {})["card"] is None
    with pytest.raises(BadMessage):
        parse_action({"type": "pick", "position": "0"}, kind.fields, {})


def test_the_host_forms_defaults_are_settings_the_engine_takes() -> None:
    from host.games.forms import describe

    meta = describe(registry.kind(KIND))
    defaults = {field["key"]: field["default"] for field in meta["settings"]}
    assert meta["bots"] and defaults["turn_seconds"] == 0
    table = registry.kind(KIND).make({"settings": defaults})
    state = table.setup(defaults, [{"seat": 0, "name": "A"}, {"seat": 1, "name": "B"}], 1)
    assert table.timer(state) is None  # 0 seconds: no limit


# -- whole games ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("seats", "settings"),
    [
        ([{"bot": 2}, {"bot": 5}], {}),
        ([{"bot": 1}, {"bot": 4}, {"bot": 5}], {"limit_scope": "attacker", "move_limit": 700}),
    ],
)
def test_a_bot_game_ends_hides_every_secret_and_equals_its_replay(
    tmp_path: Path, seats: list[dict[str, Any]], settings: dict[str, Any]
) -> None:
    night = WatchNight(tmp_path / "j.sqlite", check_leaks=True)
    session = create(night, KIND, seats, seed=21, settings=settings)
    night.run(session)
    assert session.status == "over"
    assert night.views_checked > 50 * (len(seats) + 1)
    rebuilt = rebuild(session.game, session.config, night.journal.rows(session.id))
    assert session.game.to_json(rebuilt.state) == state_json(session)
    record = night.journal.game(session.id)
    assert record is not None and record.status == "over"
    assert record.result is not None and record.result["over"]


def test_a_phone_picks_blind_when_it_is_challenged_and_bots_pick_when_it_attacks(
    tmp_path: Path,
) -> None:
    """During picks the game waits for the chooser: the Session must ask the right seat."""
    night = WatchNight(tmp_path / "j.sqlite", check_leaks=True)
    session = create(night, KIND, [{"name": "Ana"}, {"bot": 5}, {"bot": 4}], seed=4)
    phone_picks = bot_picks_on_phone_turn = 0
    for salt in range(6000):
        if session.status == "over" or (phone_picks and bot_picks_on_phone_turn):
            break
        state = state_of(session)
        chooser = waiting_for(session)
        if chooser == 0:
            event = phone_move(session, 0, salt)
            assert event is not None, "the phone is waited for but has no legal move"
            phone_picks += event["type"] == "pick" and state.turn != 0
            outcome = session.submit(Origin("seat", 0), dict(event))
            assert outcome.ok, (event, outcome.reason)
        else:
            assert session.game.legal_actions(state, 0) == []
            bot_picks_on_phone_turn += state.phase == "picks" and state.turn == 0
            assert night.scheduler.run_next(), f"nobody asked seat {chooser} to move"
    assert phone_picks and bot_picks_on_phone_turn


# -- refusals and undo ------------------------------------------------------------------


def test_an_illegal_move_is_refused_with_the_engines_message(tmp_path: Path) -> None:
    night = WatchNight(tmp_path / "j.sqlite")
    session = create(night, KIND, [{"name": "Ana"}, {"bot": 3}], seed=8)
    while waiting_for(session) != 0:
        assert night.scheduler.run_next()
    legal = session.game.legal_actions(session.state, 0)
    others = {c for p in state_of(session).players if p.seat != 0 for c in p.army}
    event = {"type": "place", "card": sorted(others)[0]}  # a card of the bot's army
    assert {**event, "seat": 0} not in legal
    with pytest.raises(GameError) as refused:
        session.game.apply(session.state, {**event, "seat": 0})
    before_rows, before = night.journal.count(session.id), state_json(session)
    outcome = session.submit(Origin("seat", 0), dict(event))
    assert not outcome.ok and outcome.reason == str(refused.value)
    assert not session.submit(Origin("seat", 1), {"type": "end"}).ok  # seat 1 is a bot
    assert night.journal.count(session.id) == before_rows
    assert state_json(session) == before


def _turned_up(body: dict[str, Any]) -> bool:
    return body.get("type") in ("draw", "burn", "pick", "showdown")


def test_undo_never_takes_back_a_battle_or_a_draw(tmp_path: Path) -> None:
    night = WatchNight(tmp_path / "j.sqlite")
    session = create(night, KIND, [{"name": "Ana"}, {"name": "Bob"}], seed=13)
    for salt in range(3000):  # both phones play until a battle has been fought
        last = state_of(session).last or {}
        if last.get("type") == "battle":
            break
        seat = waiting_for(session)
        assert seat is not None
        event = phone_move(session, seat, salt)
        assert event is not None
        assert session.submit(Origin("seat", seat), dict(event)).ok
    else:
        raise AssertionError("no battle came up")
    rows = night.journal.effective_rows(session.id)
    reveals = [row.seq for row in rows if _turned_up(row.body)]
    after_battle = state_json(session)
    while session.submit(HOST, {"type": "undo"}).ok:
        pass
    kept = {row.seq for row in night.journal.effective_rows(session.id)}
    assert set(reveals) <= kept, "undo took back a move that turned a card up"
    assert state_json(session)["last"] == after_battle["last"]  # the battle stands


def test_undo_takes_back_a_quiet_placement(tmp_path: Path) -> None:
    night = WatchNight(tmp_path / "j.sqlite")
    session = create(night, KIND, [{"name": "Ana"}, {"name": "Bob"}], seed=3)
    seat = waiting_for(session)
    assert seat is not None
    place = next(a for a in session.game.legal_actions(session.state, seat)
                 if a["type"] == "place")
    before = state_json(session)
    assert session.submit(Origin("seat", seat), dict(place)).ok
    assert state_json(session) != before
    outcome = session.submit(HOST, {"type": "undo"})
    assert outcome.ok, outcome.reason
    assert state_json(session) == before


# -- restart and views ------------------------------------------------------------------


def test_a_new_hub_on_the_same_journal_resumes_the_same_game(tmp_path: Path) -> None:
    night = WatchNight(tmp_path / "j.sqlite")
    session = create(night, KIND, [{"name": "Ana"}, {"bot": 4}], seed=17)
    for salt in range(40):  # a few phone moves and bot replies
        if waiting_for(session) == 0:
            event = phone_move(session, 0, salt)
            assert event is not None
            assert session.submit(Origin("seat", 0), dict(event)).ok
        else:
            assert night.scheduler.run_next()
    assert session.status == "running"
    again = WatchNight(tmp_path / "j.sqlite")
    resumed = again.hub.resume_all()
    assert [s.id for s in resumed] == [session.id]
    assert json.dumps(state_json(resumed[0]), sort_keys=True) == json.dumps(
        state_json(session), sort_keys=True
    )
    for salt in range(200):  # the resumed game carries on: the phone is still seated
        if waiting_for(resumed[0]) == 0:
            event = phone_move(resumed[0], 0, salt)
            assert event is not None
            assert resumed[0].submit(Origin("seat", 0), dict(event)).ok
            break
        assert again.scheduler.run_next()
    assert resumed[0].last_seq > session.last_seq


def test_seat_views_show_only_their_own_army_and_list_their_actions(tmp_path: Path) -> None:
    night = WatchNight(tmp_path / "j.sqlite")
    session = create(night, KIND, [{"name": "Ana"}, {"name": "Bob"}, {"name": "Cy"}], seed=9)
    state = state_of(session)
    for p in state.players:
        view = session.view(f"seat:{p.seat}")["view"]
        shown = strings_in(view)
        assert set(p.army) <= shown
        assert not shown & secrets(state, f"seat:{p.seat}")
        assert view["legal"] == session.game.legal_actions(state, p.seat)
        assert [row["seat"] for row in view["players"]] == [0, 1, 2]
        assert all("score" in row for row in view["players"])
    screen = strings_in(session.game.view(state, "screen"))
    assert not screen & {c for p in state.players for c in p.army}


# -- bot strength -----------------------------------------------------------------------


def test_level_five_beats_level_one_clearly_over_a_seeded_sample() -> None:
    """60 two-player games, 30 with each bot moving first; not timed."""
    first = simulate(30, seed=11, players=2, levels=[5, 1])
    second = simulate(30, seed=12, players=2, levels=[1, 5])
    strong = first["wins"]["0"] + second["wins"]["1"]
    weak = first["wins"]["1"] + second["wins"]["0"]
    assert strong > 2 * weak, (strong, weak)
