"""Combat rulings: swings, castle towers, capture, round order, adjacency, defence bonus.

Map grid12 (see conftest):   a0 a1 a2 a3
                             b0 b1 b2 b3
                             c0 c1 c2 c3   (+ a sea link c3-a0)
Castles used here: seat 0 at a1, seat 1 at c1, seat 2 at b3.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from host.games.contract import BadEvent, OutOfTurn
from host.territory import rules

CASTLES = {0: "a1", 1: "c1", 2: "b3"}


def score(state, seat):
    return state.player(seat).score


def held(state, seat):
    return [t for t, o in zip(state.territory_ids, state.owners, strict=True) if o == seat]


def at(state, tid):
    i = state.territory_ids.index(tid)
    return state.owners[i], state.values[i], state.towers[i]


@pytest.mark.parametrize("value, swing", [(200, 600), (400, 800)])
def test_taking_a_territory_swings_value_plus_400(kit, grid_game, value, swing):
    start = kit.position(grid_game, CASTLES, {"b1": (1, value)}, rest=2)
    d = kit.Driver(grid_game, start)
    d.attack(0, "b1")
    d.choice_round({0: True, 1: False})
    after = d.state
    gained = score(after, 0) - score(start, 0)
    lost = score(start, 1) - score(after, 1)
    assert (gained, lost) == (400, value)
    assert gained + lost == swing
    assert at(after, "b1") == (0, 400, 0)


def test_attacker_wrong_or_silent_defender_holds(kit, grid_game):
    for attacker_answer in (False, None):
        start = kit.position(grid_game, CASTLES, {"b1": (1, 200)}, rest=2)
        d = kit.Driver(grid_game, start)
        d.attack(0, "b1")
        d.choice_round({0: attacker_answer, 1: True})
        assert at(d.state, "b1") == (1, 200, 0)
        assert [score(d.state, s) for s in (0, 1)] == [score(start, s) for s in (0, 1)]
        assert d.state.order[d.state.turn] == 1  # next attacker's turn


def test_castle_towers_fall_across_turns_and_attackers_then_capture(kit, grid_game):
    # Seat 0 holds b1 and seat 2 holds c2: both touch seat 1's castle c1.
    land = {"b1": (0, 200), "c0": (1, 200)}
    start = kit.position(grid_game, CASTLES, land, rest=2, bonus={1: 100}, order=(0, 2, 1))
    d = kit.Driver(grid_game, start)
    d.attack(0, "c1")
    d.choice_round({0: True, 1: False})  # tower 3 -> 2, seat 0 goes on at once
    assert at(d.state, "c1") == (1, 1000, 2)
    assert d.state.stage == "awaiting_question" and d.state.attack.attacker == 0
    d.choice_round({0: False, 1: True})  # lost: the attack stops, towers stay down
    assert at(d.state, "c1") == (1, 1000, 2)
    assert d.state.order[d.state.turn] == 2
    d.attack(2, "c1")
    d.choice_round({2: True, 1: None})  # another attacker: tower 2 -> 1
    assert at(d.state, "c1") == (1, 1000, 1)
    d.choice_round({2: False, 1: False})
    assert at(d.state, "c1") == (1, 1000, 1)
    # Seat 1 attacks (and fails), then round 2 begins in a seeded order.
    d.attack(1, grid_game.legal_actions(d.state, 1)[0]["territory"])
    d.choice_round({1: False, d.state.attack.defender: True})
    assert d.state.round == 2
    while d.state.order[d.state.turn] != 0:
        attacker = d.state.order[d.state.turn]
        target = next(
            a["territory"] for a in grid_game.legal_actions(d.state, attacker)
            if a["territory"] != "c1"
        )
        d.attack(attacker, target)
        defender = d.state.attack.defender
        d.choice_round({attacker: False, defender: True})
    before = d.state
    loser = before.player(1)
    d.attack(0, "c1")
    d.choice_round({0: True, 1: False})  # last tower down: capture
    after = d.state
    assert set(held(after, 0)) == set(held(before, 0)) | set(held(before, 1))
    assert held(after, 1) == []
    assert at(after, "c1") == (0, 1000, 0)
    assert score(after, 0) == score(before, 0) + loser.score
    assert after.player(0).bonus == before.player(0).bonus + 100
    assert after.player(1).score == 0 and not after.player(1).active
    assert 1 not in rules.ranking(after)[:2]


def test_taken_castle_worth_1000_and_retaking_swings_2000(kit, grid_game):
    land = {"b1": (0, 200), "c0": (1, 200)}  # seat 2 holds c2, next to c1
    start = kit.position(grid_game, CASTLES, land, rest=2, towers={"c1": 1}, order=(0, 2, 1))
    d = kit.Driver(grid_game, start)
    d.attack(0, "c1")
    d.choice_round({0: True, 1: False})  # the last tower: seat 1 is out
    assert at(d.state, "c1") == (0, 1000, 0)
    assert not d.state.player(1).active
    before = d.state
    assert before.order[before.turn] == 2
    d.attack(2, "c1")
    d.choice_round({2: True, 0: False})
    after = d.state
    assert at(after, "c1") == (2, 1000, 0)
    assert score(after, 2) - score(before, 2) == 1000
    assert score(before, 0) - score(after, 0) == 1000


def test_capturing_the_last_rival_ends_the_game(kit):
    game = kit.TerritoryGame(kit.maps["grid12"]())
    start = kit.position(game, {0: "a1", 1: "c1"}, {"b1": (0, 200)}, rest=1, towers={"c1": 1})
    d = kit.Driver(game, start)
    d.attack(0, "c1")
    d.choice_round({0: True, 1: False})
    assert game.is_over(d.state)
    result = game.result(d.state)
    assert result["winner"] == 0
    assert [p["place"] for p in result["players"]] == [1, 2]
    assert result["players"][0]["score"] == sum(d.state.values)


def test_round_four_order_by_score_ties_keep_round_three_order(kit, grid_game):
    land = {"c0": (1, 200), "c3": (2, 200)}  # seats 1 and 2 tie at 1200; seat 0 holds the rest
    start = kit.position(grid_game, CASTLES, land, rest=0, round=3, order=(2, 0, 1), turn=2)
    assert score(start, 1) == score(start, 2) < score(start, 0)
    d = kit.Driver(grid_game, start)
    d.attack(1, grid_game.legal_actions(start, 1)[0]["territory"])
    d.choice_round({1: False, d.state.attack.defender: True})
    assert d.state.round == 4
    assert d.state.order == (0, 2, 1)


def test_combat_ends_after_round_four(kit, grid_game):
    start = kit.position(grid_game, CASTLES, {"c0": (1, 200)}, rest=2, round=4, turn=2)
    d = kit.Driver(grid_game, start)
    d.attack(2, grid_game.legal_actions(start, 2)[0]["territory"])
    d.choice_round({2: False, d.state.attack.defender: False})
    assert grid_game.is_over(d.state)  # no tie: seat 2 leads, then 0 vs 1 differ
    assert rules.ranking(d.state)[0] == 2


def targets(game, state, seat):
    return sorted(a["territory"] for a in game.legal_actions(state, seat))


@pytest.mark.parametrize(
    "rule, round_, adjacent_only",
    [
        ("rounds_1_3", 1, True),
        ("rounds_1_3", 3, True),
        ("rounds_1_3", 4, False),
        ("always", 4, True),
        ("never", 1, False),
    ],
)
def test_attack_adjacency_setting(kit, grid_game, rule, round_, adjacent_only):
    state = kit.position(
        grid_game, CASTLES, rest=2, settings={"attack_adjacency": rule}, round=round_
    )
    # Seat 0 holds only a1: its neighbours a0, a2, b1 are seat 2's.
    enemy = sorted(held(state, 1) + held(state, 2))
    expected = ["a0", "a2", "b1"] if adjacent_only else enemy
    assert targets(grid_game, state, 0) == expected


def test_attack_falls_back_to_any_enemy_when_none_touches(kit):
    game_map = kit.make_map("apart", ["x1", "x2", "y1", "y2"], [("x1", "x2"), ("y1", "y2")],
                            ("x1", "y1"))
    game = kit.TerritoryGame(game_map)
    state = kit.position(
        game, {0: "x1", 1: "y1"}, {"y2": (1, 200)}, settings={"attack_adjacency": "always"}
    )
    assert targets(game, state, 0) == ["y1", "y2"]
    with pytest.raises(BadEvent):
        game.apply(state, {"type": "attack", "seat": 0, "territory": "x2"})


def test_illegal_and_out_of_turn_attacks_refused(kit, grid_game):
    state = kit.position(grid_game, CASTLES, rest=2)
    with pytest.raises(BadEvent, match="does not touch"):
        grid_game.apply(state, {"type": "attack", "seat": 0, "territory": "c1"})
    with pytest.raises(OutOfTurn):
        grid_game.apply(state, {"type": "attack", "seat": 1, "territory": "b1"})
    with pytest.raises(BadEvent, match="no territory"):
        grid_game.apply(state, {"type": "attack", "seat": 0, "territory": "zz"})


def test_attack_timeout_picks_a_legal_target(kit, grid_game):
    seen = set()
    for seed in range(40):
        state = replace(kit.position(grid_game, CASTLES, rest=2), rng=seed)
        legal = targets(grid_game, state, 0)
        d = kit.Driver(grid_game, state)
        d.timeout()
        assert d.state.attack.target in legal
        seen.add(d.state.attack.target)
    assert len(seen) > 1  # the choice is random, not always the first


def speed_duel(kit, game, settings, a_answer, d_answer):
    start = kit.position(game, CASTLES, {"b1": (1, 200)}, rest=2, settings=settings)
    d = kit.Driver(game, start)
    d.attack(0, "b1")
    d.choice_round({0: True, 1: True})
    assert d.state.question.purpose == "speed" and d.state.question.seats == (0, 1)
    d.numeric_round({0: a_answer, 1: d_answer}, truth=100)
    return start, d.state


@pytest.mark.parametrize(
    "a_answer, d_answer, attacker_wins",
    [
        ((101, 500), (103, 100), True),  # closer wins although slower
        ((103, 100), (101, 500), False),
        ((98, 100), (102, 200), True),  # equal distance: earlier lock-in wins
        ((98, 300), (102, 200), False),
        ((100, 100), None, True),  # silent ranks last
        (None, None, False),  # both silent: the defender holds
    ],
)
def test_speed_tiebreak_decides_the_duel(kit, grid_game, a_answer, d_answer, attacker_wins):
    start, after = speed_duel(kit, grid_game, {}, a_answer, d_answer)
    assert (at(after, "b1")[0] == 0) is attacker_wins


@pytest.mark.parametrize(
    "rule, via_speed, bonus",
    [
        ("tiebreak", True, 100),
        ("tiebreak", False, 0),
        ("any_hold", True, 100),
        ("any_hold", False, 100),
        ("off", True, 0),
        ("off", False, 0),
    ],
)
def test_defence_bonus_setting(kit, grid_game, rule, via_speed, bonus):
    settings = {"defence_bonus": rule}
    if via_speed:
        start, after = speed_duel(kit, grid_game, settings, (90, 100), (100, 200))
    else:
        start = kit.position(grid_game, CASTLES, {"b1": (1, 200)}, rest=2, settings=settings)
        d = kit.Driver(grid_game, start)
        d.attack(0, "b1")
        after = d.choice_round({0: False, 1: True})
    assert at(after, "b1")[0] == 1
    assert after.player(1).bonus - start.player(1).bonus == bonus
    assert score(after, 1) - score(start, 1) == bonus


def test_tiebreak_bonus_needs_an_answer(kit, grid_game):
    start, after = speed_duel(kit, grid_game, {}, None, None)
    assert after.player(1).bonus == start.player(1).bonus
