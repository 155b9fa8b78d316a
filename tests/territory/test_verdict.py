"""The reveal's facts (host/territory/verdict.py): right only when exact, closest otherwise,
speed only where it decided, times never negative, an overridden silence without sort keys."""

from __future__ import annotations

import json
from typing import Any


def reveal(kit: Any, game: Any, truth: int, answers: dict[int, tuple[int, int]], seats: int = 3,
           overrides: dict[int, bool] | None = None) -> dict[str, Any]:
    d = kit.Driver(game, game.setup({}, kit.seats(seats), 5))
    d.ask(truth)
    for seat, (value, t_ns) in answers.items():
        d.answer(seat, value, t_ns)
    if d.state.stage == "answering":
        d.timeout()
    for seat, correct in (overrides or {}).items():
        d.do({"type": "override", "seat": seat, "correct": correct})
    return game.view(d.state, "screen")["question"]["outcome"]


def by_seat(outcome: dict[str, Any]) -> dict[int, dict[str, Any]]:
    return {row["seat"]: row for row in outcome["answers"]}


def test_the_closest_answer_is_closest_not_right_and_times_are_never_negative(kit, grid_game):
    # Seat 0 is 191 off but slower; seat 1 is faster and further off.
    outcome = reveal(kit, grid_game, 1905, {0: (1714, 2_274_000_000), 1: (1500, 1_000_000_000)})
    rows = by_seat(outcome)
    assert rows[0]["rank"] == 1 and rows[0]["right"] is False and rows[0]["distance"] == 191
    assert rows[1]["rank"] == 2 and rows[1]["distance"] == 405
    assert rows[0]["after_ms"] == 1274.0 and rows[1]["after_ms"] == 0.0
    assert rows[0]["margin_ms"] is None and rows[1]["margin_ms"] is None  # speed decided nothing
    assert rows[2]["answered"] is False and rows[2]["after_ms"] is None
    assert outcome["decision"] == {"seat": 0, "by": "closest", "over": 1, "distance": 191}
    assert outcome["pickers"] == [0, 1]  # the runner-up still picks


def test_an_exact_answer_is_right(kit, grid_game):
    outcome = reveal(kit, grid_game, 100, {0: (100, 3_000_000), 1: (90, 1_000_000)})
    rows = by_seat(outcome)
    assert rows[0]["right"] is True and rows[1]["right"] is False
    assert outcome["decision"] == {"seat": 0, "by": "right", "over": 1}


def test_equally_close_answers_are_decided_by_speed(kit, grid_game):
    outcome = reveal(kit, grid_game, 100, {0: (95, 3_000_000), 1: (105, 1_000_000)})
    rows = by_seat(outcome)
    assert rows[1]["rank"] == 1 and rows[0]["rank"] == 2
    assert rows[0]["margin_ms"] == 2.0
    assert outcome["decision"] == {"seat": 1, "by": "faster", "over": 0, "ms": 2.0}


def test_the_only_answer_and_no_answer(kit, grid_game):
    alone = reveal(kit, grid_game, 100, {2: (40, 5)})
    assert alone["decision"] == {"seat": 2, "by": "alone"}
    nobody = reveal(kit, grid_game, 100, {})
    assert nobody["decision"] == {"seat": None, "by": "nobody"}


def test_an_overridden_silence_reads_like_any_row(kit, grid_game):
    outcome = reveal(kit, grid_game, 100, {0: (90, 1_000_000), 1: (80, 2_000_000)},
                     overrides={2: True, 1: False})
    rows = by_seat(outcome)
    assert rows[2] == {"seat": 2, "answered": True, "distance": None, "rank": 2, "right": True,
                       "overridden": True, "after_ms": None, "margin_ms": None}
    assert rows[1]["answered"] is False and rows[1]["overridden"] is False
    assert rows[1]["distance"] == 20 and rows[1]["after_ms"] == 1.0
    text = json.dumps(outcome)
    assert str(1 << 62) not in text and "e+18" not in text and "-" not in text.replace("_", "")


def test_the_speed_duel_and_the_choice_duel_name_who_decided(kit, grid_game):
    state = kit.position(grid_game, {0: "a1", 1: "c1", 2: "b3"}, {"b1": (1, 200)}, rest=2)
    d = kit.Driver(grid_game, state)
    d.attack(0, "b1")
    d.ask(1)
    d.answer(0, 1, 5)
    d.answer(1, 1, 6)
    both = grid_game.view(d.state, "screen")["question"]["outcome"]
    assert both["decision"] == {"seat": None, "by": "both_right"}
    d.cont()
    d.ask(50)
    d.answer(0, 48, 10)
    d.answer(1, 52, 10)  # the same distance at the same time: the defender holds
    speed = grid_game.view(d.state, "screen")["question"]["outcome"]
    assert speed["result"] == "hold"
    assert speed["decision"] == {"seat": 1, "by": "tie", "over": 0}


def test_a_missed_choice_duel_names_the_holder(kit, grid_game):
    state = kit.position(grid_game, {0: "a1", 1: "c1", 2: "b3"}, {"b1": (1, 200)}, rest=2)
    d = kit.Driver(grid_game, state)
    d.attack(0, "b1")
    d.ask(1)
    d.answer(0, 2, 5)
    d.answer(1, 1, 6)
    outcome = grid_game.view(d.state, "screen")["question"]["outcome"]
    assert outcome["decision"] == {"seat": 1, "by": "missed", "over": 0}


def test_a_campaign_conquest_names_who_takes_the_territory_aimed_at(kit):
    game = kit.TerritoryGame(kit.maps["grid12"]())
    d = kit.Driver(game, game.setup({"mode": "campaign"}, kit.seats(3), 5))
    bases = {0: "a0", 1: "c2", 2: "a3"}
    while d.state.phase == "castles":
        d.pick(d.state.picks[0], bases[d.state.picks[0]])
    aims = {0: "a1", 1: "c1", 2: "a2"}
    for seat in d.state.picks:
        d.pick(seat, aims[seat])
    first, second, _ = d.state.question.seats
    d.ask(1)
    d.answer(first, 1, 5)
    d.answer(second, 2, 6)
    d.timeout()
    outcome = game.view(d.state, "screen")["question"]["outcome"]
    assert outcome["decision"] == {"seat": None, "by": "conquest", "winners": [first],
                                   "taken": [{"seat": first, "territory": aims[first]}]}


def test_the_duel_mode_hands_both_players_picks_better_answer_first(kit):
    game = kit.TerritoryGame(kit.maps["grid12"]())
    d = kit.Driver(game, game.setup({"mode": "duel"}, kit.seats(2), 5))
    d.ask(50)
    d.answer(0, 70, 1)
    d.answer(1, 45, 2)
    outcome = game.view(d.state, "screen")["question"]["outcome"]
    assert outcome["pickers"] == [1, 0]
    assert outcome["decision"] == {"seat": 1, "by": "closest", "over": 0, "distance": 5}
