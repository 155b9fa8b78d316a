"""Settings, seats, castle draw, JSON round trip, purity, and the contract's small queries."""

from __future__ import annotations

import json

import pytest

from host.games.contract import BadEvent, GameError
from host.territory.board import Board
from host.territory.settings import TerritorySettings, parse_settings
from host.territory.state import FREE


def test_settings_defaults_are_the_rulings():
    s = parse_settings({})
    assert s == TerritorySettings()
    assert (s.numeric_seconds, s.choice_seconds, s.pick_seconds, s.reveal_seconds) == (
        20, 15, 10, 6
    )
    assert (s.attack_adjacency, s.defence_bonus) == ("rounds_1_3", "tiebreak")


@pytest.mark.parametrize(
    "raw, message",
    [
        ({"numeric_secs": 5}, "Unknown territory setting"),
        ({"pick_seconds": 0}, "between"),
        ({"pick_seconds": True}, "number of seconds"),
        ({"choice_seconds": "15"}, "number of seconds"),
        ({"attack_adjacency": "sometimes"}, "attack_adjacency must be one of"),
        ({"defence_bonus": 100}, "defence_bonus must be one of"),
    ],
)
def test_bad_settings_refused_clearly(raw, message):
    with pytest.raises(GameError, match=message):
        parse_settings(raw)


def test_settings_reach_the_timers(kit):
    game = kit.TerritoryGame(kit.maps["grid12"]())
    state = game.setup({"numeric_seconds": 30}, kit.seats(3), 1)
    d = kit.Driver(game, state)
    d.ask(10)
    assert game.timer(d.state).seconds == 30


@pytest.mark.parametrize(
    "seats, message",
    [
        ([{"seat": 0, "name": "A", "bot": None}], "2 to 4"),
        ([{"seat": i, "name": "A", "bot": None} for i in range(5)], "2 to 4"),
        ([{"seat": 0, "name": "A", "bot": None}, {"seat": 0, "name": "B", "bot": None}], "same"),
        ([{"seat": 0, "name": "A", "bot": 6}, {"seat": 1, "name": "B", "bot": None}], "level"),
        ([{"seat": 0, "name": "", "bot": None}, {"seat": 1, "name": "B", "bot": None}], "name"),
    ],
)
def test_bad_seats_refused(kit, seats, message):
    game = kit.TerritoryGame(kit.maps["grid12"]())
    with pytest.raises(GameError, match=message):
        game.setup({}, seats, 1)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_castles_are_drawn_apart_on_allowed_sites(kit, players):
    for name in ("grid12", "ring8"):
        game_map = kit.maps[name]()
        game = kit.TerritoryGame(game_map)
        draws = set()
        for seed in range(60):
            state = game.setup({}, kit.seats(players), seed)
            castles = [p.castle for p in state.players]
            draws.add(tuple(castles))
            assert len(set(castles)) == players
            for a in castles:
                assert a in game_map.sites()
                assert not game_map.neighbours(a) & set(castles)
            for p in state.players:
                i = state.territory_ids.index(p.castle)
                assert (state.owners[i], state.values[i], state.towers[i]) == (p.seat, 1000, 3)
                assert p.score == 1000
            assert state.owners.count(FREE) == len(game_map.territories) - players
        assert len(draws) > 3


def test_impossible_castle_draw_is_an_error(kit):
    triangle = kit.make_map("tri", ["x", "y", "z", "w"], [("x", "y"), ("y", "z"), ("x", "z")])
    game = kit.TerritoryGame(triangle)
    game.setup({}, kit.seats(2), 1)  # w stands apart: two castles fit
    with pytest.raises(GameError, match="castle sites"):
        game.setup({}, kit.seats(3), 1)


def test_board_orders_territories_like_the_state(kit):
    game_map = kit.maps["grid12"]()
    board = Board.of(game_map)
    state = kit.TerritoryGame(game_map).setup({}, kit.seats(2), 4)
    assert board.ids == state.territory_ids == tuple(sorted(game_map.territories))


def test_json_round_trip_and_purity_through_whole_games(kit):
    game = kit.TerritoryGame(kit.maps["grid12"]())
    last: list = [None, ""]  # the latest state made, and its JSON text when made
    checked = 0

    def visit(before, event, after):
        nonlocal checked
        # The state the event was applied to is unchanged since it was made.
        if last[0] is before:
            assert json.dumps(game.to_json(before), sort_keys=True) == last[1]
            checked += 1
        data = game.to_json(after)
        text = json.dumps(data, sort_keys=True)
        assert game.from_json(json.loads(text)) == after
        last[:] = [after, text]
        # A refused event leaves the state as it was.
        with pytest.raises(GameError):
            game.apply(after, {"type": "answer", "seat": 99, "value": 1, "t_ns": 1})
        assert json.dumps(game.to_json(after), sort_keys=True) == text

    for seed in range(6):
        kit.play_bot_game(game, 2 + seed % 3, seed, visit=visit)
    assert checked > 300


def test_undoable_events():
    from host.territory.game import TerritoryGame

    game = TerritoryGame.__new__(TerritoryGame)
    yes = ["pick", "attack", "continue", "override", "end"]
    no = ["question", "answer", "timeout", "skip"]
    assert [game.undoable({"type": t}) for t in yes] == [True] * len(yes)
    assert [game.undoable({"type": t}) for t in no] == [False] * len(no)


def test_legal_actions_per_stage(kit):
    game = kit.TerritoryGame(kit.maps["grid12"]())
    d = kit.Driver(game, game.setup({}, kit.seats(3), 2))
    assert game.legal_actions(d.state, 0) == []  # waiting for a question
    d.ask(50)
    assert game.legal_actions(d.state, 1) == [{"type": "answer", "seat": 1, "value": None}]
    d.answer(1, 50, 3)
    assert game.legal_actions(d.state, 1) == []  # answered already
    d.answer(0, 40, 3)
    d.answer(2, 10, 3)
    d.cont()
    picks = game.legal_actions(d.state, 1)
    assert picks and all(a["type"] == "pick" and a["seat"] == 1 for a in picks)
    assert game.legal_actions(d.state, 0) == []
    for action in picks:  # every listed action is accepted
        game.apply(d.state, action)


def test_choice_answers_listed_as_four_options(kit, grid_game):
    state = kit.position(grid_game, {0: "a1", 1: "c1", 2: "b3"}, {"b1": (1, 200)}, rest=2)
    d = kit.Driver(grid_game, state)
    d.attack(0, "b1")
    d.ask(3)
    assert [a["value"] for a in grid_game.legal_actions(d.state, 1)] == [0, 1, 2, 3]
    assert grid_game.legal_actions(d.state, 2) == []  # the third player watches


@pytest.mark.parametrize("options", [["Vrai", "Faux"], ["A", "B", "C"], list("ABCDEF")])
def test_choice_questions_have_two_to_six_options(kit, grid_game, options):
    """True/false as two options, and banks with 3, 5 or 6 (issue 18: imports whole)."""
    state = kit.position(grid_game, {0: "a1", 1: "c1", 2: "b3"}, {"b1": (1, 200)}, rest=2)
    d = kit.Driver(grid_game, state)
    d.attack(0, "b1")
    d.ask(1, options=options)
    assert [a["value"] for a in grid_game.legal_actions(d.state, 1)] == list(range(len(options)))
    with pytest.raises(BadEvent, match=f"index 0-{len(options) - 1}"):
        d.answer(1, len(options), 10)
    d.answer(1, len(options) - 1, 10)


@pytest.mark.parametrize("options", [["Seul"], list("ABCDEFG")])
def test_choice_questions_with_one_or_seven_options_are_refused(kit, grid_game, options):
    state = kit.position(grid_game, {0: "a1", 1: "c1", 2: "b3"}, {"b1": (1, 200)}, rest=2)
    d = kit.Driver(grid_game, state)
    d.attack(0, "b1")
    with pytest.raises(BadEvent, match="2 to 6 text options"):
        d.ask(0, options=options)
