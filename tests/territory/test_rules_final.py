"""End of the game: tie-break questions until no tie is left, host end, result."""

from __future__ import annotations

import pytest

from host.games.contract import StaleEvent
from host.territory import rules

CASTLES = {0: "a1", 1: "c1", 2: "b3"}
# Seats 1 and 2 tie at 1200; seat 0 holds the rest (round 4, seat 1 attacks last).
TIED = {"c0": (1, 200), "c3": (2, 200)}


def last_attack_fails(kit, game, land=TIED, castles=CASTLES, order=(0, 2, 1)):
    start = kit.position(game, castles, land, rest=0, round=4, order=order, turn=len(order) - 1)
    d = kit.Driver(game, start)
    attacker = order[-1]
    d.attack(attacker, game.legal_actions(start, attacker)[0]["territory"])
    d.choice_round({attacker: False, d.state.attack.defender: True})
    return d


def test_tied_players_play_numeric_questions_until_untied(kit, grid_game):
    d = last_attack_fails(kit, grid_game)
    assert d.state.phase == "final"
    assert d.state.standing == ((0,), (1, 2))
    need = grid_game.needs(d.state)
    assert need is not None and need.kind == "numeric"
    assert d.state.question.seats == (1, 2)
    d.numeric_round({1: (90, 7), 2: (110, 7)})  # same distance, same lock-in: still tied
    assert d.state.phase == "final" and d.state.question.seats == (1, 2)
    d.numeric_round({1: None, 2: None})  # nobody answers: still tied
    assert d.state.phase == "final"
    d.numeric_round({1: (130, 5), 2: (120, 9)})
    assert grid_game.is_over(d.state)
    assert rules.ranking(d.state) == [0, 2, 1]
    result = grid_game.result(d.state)
    assert result["winner"] == 0
    assert {p["seat"]: p["place"] for p in result["players"]} == {0: 1, 2: 2, 1: 3}
    assert [p["score"] for p in result["players"]] == [d.state.player(s).score for s in (0, 1, 2)]


def test_a_tie_nobody_answers_goes_by_seat_order_after_five_questions(kit, grid_game):
    d = last_attack_fails(kit, grid_game)
    assert d.state.standing == ((0,), (1, 2))
    for asked in range(1, rules.FINAL_TRIES_MAX):
        d.numeric_round({1: None, 2: None})  # their phones are gone
        assert d.state.phase == "final" and d.state.final_tries == asked
    d.numeric_round({1: (90, 7), 2: (110, 7)})  # an equal pair splits nobody either
    assert grid_game.is_over(d.state)
    assert d.state.standing == ((0,), (1,), (2,))


def test_an_answered_tie_break_resets_the_count(kit, grid_game):
    land = {"a0": (0, 200), "c0": (1, 200), "c3": (2, 200), "a2": (0, 200), "a3": (1, 200),
            "b0": (2, 200), "b1": (0, 200), "b2": (1, 200), "c2": (2, 200)}
    d = last_attack_fails(kit, grid_game, land=land)
    d.numeric_round({0: None, 1: None, 2: None})
    assert d.state.final_tries == 1
    d.numeric_round({0: (100, 9), 1: (100, 9), 2: (50, 1)})  # splits 2 off
    assert d.state.final_tries == 0 and d.state.standing == ((0, 1), (2,))


def test_three_way_tie_is_split_step_by_step(kit, grid_game):
    # Three castles, each with one 200 territory: 1200 each.
    land = {"a0": (0, 200), "c0": (1, 200), "c3": (2, 200), "a2": (0, 200), "a3": (1, 200),
            "b0": (2, 200), "b1": (0, 200), "b2": (1, 200), "c2": (2, 200)}
    d = last_attack_fails(kit, grid_game, land=land)
    assert d.state.standing == ((0, 1, 2),)
    d.numeric_round({0: (100, 9), 1: (100, 9), 2: (50, 1)})  # 0 and 1 still tied, 2 last
    assert d.state.standing == ((0, 1), (2,))
    assert d.state.question.seats == (0, 1)
    d.numeric_round({0: (100, 9), 1: (100, 8)})
    assert d.state.standing == ((1,), (0,), (2,))
    assert grid_game.is_over(d.state)


def test_no_final_without_ties(kit, grid_game):
    d = last_attack_fails(kit, grid_game, land={"c0": (1, 200)}, order=(0, 1, 2))
    assert grid_game.is_over(d.state)
    assert rules.ranking(d.state)[0] == 0


def places(game, state):
    return {p["seat"]: p["place"] for p in game.result(state)["players"]}


def test_host_end_ranks_by_score_ties_share_a_place(kit, grid_game):
    state = kit.position(grid_game, CASTLES, TIED, rest=0, order=(2, 1, 0))
    d = kit.Driver(grid_game, state)
    d.do({"type": "end"})
    assert grid_game.is_over(d.state)
    assert rules.ranking(d.state) == [0, 1, 2]  # 1 and 2 tie: listed in seat order
    assert places(grid_game, d.state) == {0: 1, 1: 2, 2: 2}  # no tie-break played: shared
    assert grid_game.result(d.state)["winner"] == 0


def test_host_end_with_everyone_level_shares_the_first_place(kit, grid_game):
    d = kit.Driver(grid_game, grid_game.setup({}, kit.seats(3), 9))
    d.do({"type": "end"})  # before anyone scored: three teams on the same score
    assert places(grid_game, d.state) == {0: 1, 1: 1, 2: 1}
    shown = grid_game.view(d.state, "screen")["players"]  # the projector's podium reads these
    assert [p["place"] for p in shown] == [1, 1, 1]
    restored = grid_game.from_json(grid_game.to_json(d.state))
    assert places(grid_game, restored) == {0: 1, 1: 1, 2: 1}


def test_host_end_during_final_keeps_tiebreaks_already_won(kit, grid_game):
    land = {"a0": (0, 200), "c0": (1, 200), "c3": (2, 200), "a2": (0, 200), "a3": (1, 200),
            "b0": (2, 200), "b1": (0, 200), "b2": (1, 200), "c2": (2, 200)}
    d = last_attack_fails(kit, grid_game, land=land)
    d.numeric_round({0: (101, 9), 1: (99, 9), 2: (100, 1)})  # 2 first; 0 and 1 still tied
    d.do({"type": "end"})
    assert rules.ranking(d.state) == [2, 0, 1]
    assert places(grid_game, d.state) == {2: 1, 0: 2, 1: 2}  # the tie left unbroken: shared


def test_knocked_out_players_rank_last_latest_first(kit):
    game = kit.TerritoryGame(kit.maps["grid12"]())
    castles = {0: "a0", 1: "a2", 2: "c1", 3: "b3"}
    state = kit.position(game, castles, rest=0, towers={"a2": 1, "c1": 1}, order=(0, 3, 2, 1))
    d = kit.Driver(game, state)
    plan = ["a2", "c1"]  # seat 0 knocks out seat 1, then seat 2 on its next turn
    while plan:
        attacker = d.state.order[d.state.turn]
        targets = [a["territory"] for a in game.legal_actions(d.state, attacker)]
        wins = attacker == 0 and plan[0] in targets
        target = plan.pop(0) if wins else targets[0]
        d.attack(attacker, target)
        d.choice_round({attacker: wins, d.state.attack.defender: not wins})
    assert [p.out for p in d.state.players] == [0, 1, 2, 0]
    assert rules.ranking(d.state)[-2:] == [2, 1]
    assert game.result(d.state)["players"][1]["eliminated"]


def test_host_end_during_expansion(kit, grid_game):
    d = kit.Driver(grid_game, grid_game.setup({}, kit.seats(3), 9))
    d.numeric_round({0: (100, 1), 1: (90, 1)})
    d.pick(0, grid_game.legal_actions(d.state, 0)[0]["territory"])
    d.do({"type": "end"})  # Driver checks the invariants of the ended game
    assert grid_game.is_over(d.state)
    assert rules.ranking(d.state) == [0, 1, 2]  # 0 has 1200; 1 and 2 tie: seat order
    with pytest.raises(StaleEvent):
        d.do({"type": "continue"})
