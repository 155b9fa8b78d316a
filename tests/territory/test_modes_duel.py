"""The duel mode (two players, alternating picks): docs/rules/territory.md, "Modes".

Map grid12 (see conftest): 12 territories, 2 castles, so 10 free territories,
handed out in blocks of 3, 3 and 4.
"""

from __future__ import annotations

import pytest

from host.games.contract import GameError
from host.territory.kind import make
from host.territory.modes import duel_picks, duel_round_sizes
from host.territory.state import FREE

DUEL = {"mode": "duel"}


def start(kit, seed=3):
    game = kit.TerritoryGame(kit.maps["grid12"]())
    return kit.Driver(game, game.setup(DUEL, kit.seats(2), seed))


def pick_all(d):
    """Each picker in turn takes its first legal territory; returns who picked what."""
    taken = []
    while d.state.stage == "pick":
        seat = d.state.picks[0]
        tid = d.game.legal_actions(d.state, seat)[0]["territory"]
        d.pick(seat, tid)
        taken.append((seat, tid))
    return taken


def test_round_sizes_are_the_online_games_table_and_cover_any_map():
    assert duel_round_sizes(17) == (7, 5, 5)  # its 19-territory maps
    assert duel_round_sizes(13) == (5, 5, 3)  # its 15-territory maps
    assert duel_round_sizes(10) == (3, 3, 4)
    assert duel_round_sizes(11) == (5, 3, 3)  # France's 13 regions
    for free in range(1, 60):
        sizes = duel_round_sizes(free)
        assert sum(sizes) == free and len(sizes) <= 3
        assert all(size % 2 == 1 for size in sizes[:-1])
        assert list(sizes[:-1]) == sorted(sizes[:-1], reverse=True)
    assert duel_round_sizes(0) == ()


def test_block_alternates_better_then_worse_and_drops_a_silent_seats_turns():
    assert duel_picks([1, 0], 5) == (1, 0, 1, 0, 1)
    assert duel_picks([0, 1], 4) == (0, 1, 0, 1)
    assert duel_picks([1], 5) == (1, 1, 1)
    assert duel_picks([], 5) == ()


@pytest.mark.parametrize("count", [3, 4])
def test_duel_refuses_other_than_two_players(kit, count):
    game = kit.TerritoryGame(kit.maps["grid12"]())
    with pytest.raises(GameError, match=f"duel mode is for 2 players, not {count}"):
        game.setup(DUEL, kit.seats(count), 1)
    config = {"settings": DUEL, "seats": kit.seats(count), "map": "france-regions"}
    with pytest.raises(GameError, match="2 players"):
        make(config)


def test_unknown_mode_is_refused(kit):
    game = kit.TerritoryGame(kit.maps["grid12"]())
    with pytest.raises(GameError, match="mode must be one of classic, duel, campaign"):
        game.setup({"mode": "blitz"}, kit.seats(2), 1)


def test_expansion_blocks_follow_the_ranking_and_alternate(kit):
    d = start(kit)
    assert d.state.phase == "expansion" and d.game.needs(d.state).kind == "numeric"
    # Seat 1 is closer: block 1 (3 territories) goes 1, 0, 1.
    d.numeric_round({0: (80, 10), 1: (95, 50)})
    assert d.state.picks == (1, 0, 1)
    scores = [d.state.player(s).score for s in (0, 1)]
    taken = pick_all(d)
    assert [seat for seat, _ in taken] == [1, 0, 1]
    assert [d.state.player(s).score for s in (0, 1)] == [scores[0] + 200, scores[1] + 400]
    # Equal distance: the earlier lock-in is "1".
    d.numeric_round({0: (90, 10), 1: (110, 20)})
    assert d.state.picks == (0, 1, 0)
    pick_all(d)
    # Block 3 holds the last 4 territories.
    assert d.state.owners.count(FREE) == 4
    d.numeric_round({0: (1, 10), 1: (100, 20)})
    assert d.state.picks == (1, 0, 1, 0)
    pick_all(d)
    assert d.state.phase == "combat" and d.state.round == 1


def test_a_silent_player_picks_nothing_and_the_rest_comes_later(kit):
    d = start(kit)
    d.numeric_round({0: None, 1: (5000, 10)})
    assert d.state.picks == (1, 1)  # 3 turns, seat 0's one dropped
    pick_all(d)
    d.numeric_round({0: (100, 10), 1: (100, 20)})
    assert d.state.picks == (0, 1, 0)
    pick_all(d)
    d.numeric_round({0: (100, 10), 1: (100, 20)})
    assert d.state.picks == (0, 1, 0, 1)
    pick_all(d)
    # One territory is still free (the dropped turn): a fourth question hands it out.
    assert d.state.owners.count(FREE) == 1 and d.state.phase == "expansion"
    d.numeric_round({0: (100, 30), 1: (100, 20)})
    assert d.state.picks == (1,)
    pick_all(d)
    assert d.state.phase == "combat"


def test_duel_combat_has_four_rounds_and_values_of_the_classic_game(kit, grid_game):
    start_state = kit.position(grid_game, {0: "a1", 1: "c1"}, {"b1": (1, 200)}, rest=0,
                               settings=DUEL, round=4, order=(0, 1))
    d = kit.Driver(grid_game, start_state)
    d.attack(0, "b1")
    d.choice_round({0: True, 1: False})
    i = d.state.territory_ids.index("b1")
    assert (d.state.owners[i], d.state.values[i]) == (0, 400)
    d.attack(1, d.game.legal_actions(d.state, 1)[0]["territory"])
    d.choice_round({1: False, 0: True})
    assert d.game.is_over(d.state) or d.state.phase == "final"


def test_duel_bot_games_end_with_consistent_scores(kit):
    game = kit.TerritoryGame(kit.maps["grid12"]())
    for seed in range(20):
        final, _ = kit.play_bot_game(game, 2, seed, settings=DUEL)
        assert game.is_over(final)
        players = game.result(final)["players"]
        assert sorted(p["place"] for p in players) == [1, 2]
