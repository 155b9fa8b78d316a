"""Challengers! through the Session, in-process on virtual time.

Bot games at 1, 3 and 8 players reach the end and equal their replay; in the
deck phase every seat is asked at once (each bot planned, the phone free to
act); a refused move changes nothing; undo never takes back a reveal; a new
Hub on the same journal resumes; no published view shows a hidden card or a
hidden trophy value.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from host.cards.challengers import ROBOT, State, bot_move, secrets
from host.cards.common.adapter import CardGameAdapter, inner
from host.games import registry
from host.games.contract import GameError
from host.store.replay import rebuild
from host.schema import BadMessage, parse_action
from host.session.core import HOST, Origin, Session
from tests.cards.test_cards_session import audience_secrets, Night, create, state_json, strings_in

KIND = "challengers"


class LeakCheckedNight(Night):
    """A Night whose every published payload is checked with Challengers!' own secrets."""

    def __init__(self, path: Path) -> None:
        super().__init__(path)
        self.views_checked = 0

    def _publish(self, game: str, audience: str, payload: dict[str, Any],
                 skip: tuple[str, ...] = ()) -> None:
        session = self.hub.sessions.get(game)
        if session is None or session.state is None or audience == "host":
            return
        state = session.state
        assert isinstance(state, State)
        shown = strings_in(payload)
        secret = audience_secrets(secrets, session, audience)
        assert not shown & secret, f"{audience} sees {sorted(shown & secret)}"
        check_trophies(state, audience, payload["view"])
        self.views_checked += 1


def check_trophies(state: State, audience: str, view: dict[str, Any]) -> None:
    """At 3-8 players trophy values stay secret until the final (a seat sees its own)."""
    if len(state.sides) == 2 or state.phase in ("final_deck", "final", "over"):
        return
    own = int(audience[5:]) if audience.startswith("seat:") else None
    for side in view.get("sides", []):  # a phones' public part has none
        if side["seat"] == own:
            continue
        assert side["fans"] is None, f"{audience} sees seat {side['seat']}'s fans"
        assert all(t["fans"] is None for t in side["trophies"]), f"{audience} sees a trophy"
    for row in view.get("players", []):
        assert row.get("score") is None, f"{audience} sees a score mid-game"


def state_of(session: Session) -> State:
    state = session.state
    assert isinstance(state, State), "the game has not started"
    return state


def run_until(night: Night, session: Session, done: Any, limit: int = 5000) -> None:
    for _ in range(limit):
        if done():
            return
        assert night.scheduler.run_next(), "nothing left to run"
    raise AssertionError("the condition never came up")


def human_move(session: Session, seat: int, salt: int) -> dict[str, Any] | None:
    event, _ = bot_move(inner(session.game), state_of(session), seat, 3, salt)
    return None if event is None else {k: v for k, v in event.items() if k != "seat"}


# -- the registry entry --------------------------------------------------------------------


def test_challengers_is_registered_with_its_field_table() -> None:
    kind = registry.kind(KIND)
    assert KIND in registry.names()
    assert kind.seat_actions | {"end"} == frozenset(kind.fields)
    assert (kind.min_seats, kind.max_seats) == (1, 8)
    assert isinstance(kind.make({"settings": {"turn_seconds": 0}}), CardGameAdapter)
    with pytest.raises(GameError):
        kind.make({"settings": {"robot_level": 9}})
    pick = {"type": "pick", "card": "CIT-A1#1"}
    assert parse_action(pick, kind.fields, {}) == pick
    with pytest.raises(BadMessage):
        parse_action({"type": "choose", "offer": "0"}, kind.fields, {})


# -- whole games ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "settings"),
    [(1, {"solo_challenge": True}), (3, {"robot_level": 4}),
     pytest.param(8, {"turn_seconds": 20}, marks=pytest.mark.slow)],  # 7 s: make test only
)
def test_a_bot_game_ends_hides_every_secret_and_equals_its_replay(
    tmp_path: Path, players: int, settings: dict[str, Any]
) -> None:
    night = LeakCheckedNight(tmp_path / "j.sqlite")
    seats = [{"bot": 1 + i % 5} for i in range(players)]
    session = create(night, KIND, seats, seed=31, settings=settings)
    night.run(session)
    assert session.status == "over"
    assert night.views_checked > 20 * (players + 1)
    rebuilt = rebuild(session.game, session.config, night.journal.rows(session.id))
    assert session.game.to_json(rebuilt.state) == state_json(session)
    record = night.journal.game(session.id)
    assert record is not None and record.result is not None and record.result["over"]
    if players >= 3:
        assert record.result["end"] == "final"


def test_the_deck_phase_asks_every_bot_and_the_phone_at_once(tmp_path: Path) -> None:
    night = LeakCheckedNight(tmp_path / "j.sqlite")
    session = create(night, KIND, [{"name": "Ana"}, {"bot": 2}, {"bot": 5}], seed=4)
    state = state_of(session)
    assert state.phase == "deck"
    for seat in (0, 1, 2):
        assert session.game.legal_actions(state, seat), f"seat {seat} is not asked"
    planned = {key for key in night.scheduler._live if key.startswith("bot:")}
    assert planned == {"bot:1", "bot:2"}
    # The bots finish their deck phase while the phone has not moved; then the game waits.
    run_until(night, session, lambda: all(state_of(session).side(s).done for s in (1, 2)))
    assert state_of(session).phase == "deck" and not state_of(session).side(0).done
    assert not night.scheduler.run_next()
    for salt in range(200):  # the phone drafts and finishes: the matches start
        if state_of(session).phase != "deck":
            break
        move = human_move(session, 0, salt)
        assert move is not None
        assert session.submit(Origin("seat", 0), move).ok
    assert state_of(session).phase == "match"


def test_a_phone_with_a_bot_and_the_robot_plays_to_the_end(tmp_path: Path) -> None:
    night = LeakCheckedNight(tmp_path / "j.sqlite")
    session = create(night, KIND, [{"name": "Ana"}, {"bot": 3}, {"bot": 4}], seed=9)
    assert any(side.seat == ROBOT for side in state_of(session).sides)
    for salt in range(20_000):
        if session.status == "over":
            break
        move = human_move(session, 0, salt)
        if move is not None:
            assert session.submit(Origin("seat", 0), move).ok
        else:
            assert night.scheduler.run_next()
    assert session.status == "over"


# -- refusals and undo ---------------------------------------------------------------------


def test_an_illegal_move_is_refused_with_the_engines_message(tmp_path: Path) -> None:
    night = Night(tmp_path / "j.sqlite")
    session = create(night, KIND, [{"name": "Ana"}, {"bot": 3}], seed=8)
    for event in ({"type": "reveal"}, {"type": "pick", "card": "OCE-C1#1"}, {"type": "done"}):
        try:
            session.game.apply(session.state, {**event, "seat": 0})
        except GameError as err:
            expected = str(err)
        else:
            raise AssertionError(f"{event} was accepted")
        rows, before = night.journal.count(session.id), state_json(session)
        outcome = session.submit(Origin("seat", 0), dict(event))
        assert not outcome.ok and outcome.reason == expected
        assert night.journal.count(session.id) == rows and state_json(session) == before
    assert not session.submit(Origin("seat", 1), {"type": "done"}).ok  # seat 1 is a bot


def _two_phones(tmp_path: Path, seed: int) -> tuple[Night, Session]:
    night = Night(tmp_path / "j.sqlite")
    return night, create(night, KIND, [{"name": "Ana"}, {"name": "Bob"}], seed=seed)


def test_undo_takes_back_a_kept_card(tmp_path: Path) -> None:
    _, session = _two_phones(tmp_path, 3)
    before = state_json(session)
    pick = next(a for a in session.game.legal_actions(session.state, 0) if a["type"] == "pick")
    assert session.submit(Origin("seat", 0), {"type": "pick", "card": pick["card"]}).ok
    assert state_json(session) != before
    outcome = session.submit(HOST, {"type": "undo"})
    assert outcome.ok, outcome.reason
    assert state_json(session) == before


def test_undo_never_takes_back_a_redraw_or_a_reveal(tmp_path: Path) -> None:
    night, session = _two_phones(tmp_path, 13)
    assert session.submit(Origin("seat", 0), {"type": "redraw"}).ok  # new cards seen
    after = state_json(session)
    outcome = session.submit(HOST, {"type": "undo"})
    assert not outcome.ok and outcome.code == "nothing_to_undo"
    assert state_json(session) == after
    for salt in range(400):  # both phones draft and finish: the matches start
        if state_of(session).phase == "match":
            break
        for seat in (0, 1):
            move = human_move(session, seat, salt)
            if move is not None and move["type"] != "redraw":
                assert session.submit(Origin("seat", seat), move).ok
    match = state_of(session).matches[0]
    assert session.submit(Origin("seat", match.actor), {"type": "reveal"}).ok
    revealed = night.journal.effective_rows(session.id)[-1]
    session.submit(HOST, {"type": "undo"})
    kept = [row.seq for row in night.journal.effective_rows(session.id)]
    assert revealed.seq in kept, f"undo took back a reveal: {revealed.body}"


# -- restart -------------------------------------------------------------------------------


def test_a_new_hub_on_the_same_journal_resumes_the_same_game(tmp_path: Path) -> None:
    night = Night(tmp_path / "j.sqlite")
    session = create(night, KIND, [{"name": "Ana"}, {"bot": 4}, {"bot": 2}], seed=17,
                     settings={"turn_seconds": 30})
    for salt in range(2):  # the phone keeps its two cards; its deck phase is still open
        move = human_move(session, 0, salt)
        assert move is not None and session.submit(Origin("seat", 0), move).ok
    night.scheduler.run_next()
    assert session.status == "running"
    again = Night(tmp_path / "j.sqlite")
    resumed = again.hub.resume_all()
    assert [s.id for s in resumed] == [session.id]
    assert state_json(resumed[0]) == state_json(session)
    assert resumed[0].kind.name == KIND
    before = resumed[0].last_seq
    for salt in range(50):  # the resumed game carries on: the phone's moves are accepted
        move = human_move(resumed[0], 0, salt)
        if move is not None:
            assert resumed[0].submit(Origin("seat", 0), move).ok
            break
        assert again.scheduler.run_next()
    assert resumed[0].last_seq > before


def test_the_host_form_offers_the_engines_settings_with_accepted_defaults() -> None:
    from dataclasses import fields

    from host.cards.challengers import Settings
    from host.games.forms import describe

    form = describe(registry.kind(KIND))
    assert form["bots"] and not form["map"] and not form["questions"]
    names = {f.name for f in fields(Settings)}
    defaults = {s["key"]: s["default"] for s in form["settings"]}
    assert set(defaults) <= names
    assert Settings.from_dict(defaults).turn_seconds is None  # the form's 0 is "no limit"
    for setting in form["settings"]:
        if setting["type"] == "int":  # both ends of the form's range are accepted
            for value in (setting["min"], setting["max"]):
                Settings.from_dict({setting["key"]: value})
