"""Views: what the room, a phone and the host may see; no correct answer before the reveal."""

from __future__ import annotations

import json

import pytest

from host.games.contract import GameError


def room_audiences(state):
    return ["screen"] + [f"seat:{p.seat}" for p in state.players]


def test_no_correct_answer_leaves_before_the_reveal(kit):
    game = kit.TerritoryGame(kit.maps["grid12"]())
    seen = {"hidden": 0, "revealed": 0}

    def visit(before, event, state):
        q = state.question
        for audience in room_audiences(state):
            view = game.view(state, audience)
            text = json.dumps(view)
            shown = view["question"]
            if q is None:
                assert shown is None
                continue
            if state.stage == "reveal":
                assert shown["content"] == q.content
                assert len(shown["answers"]) == len(q.answers)
                seen["revealed"] += 1
                continue
            assert "answers" not in shown and "outcome" not in shown
            if q.content is not None:
                assert set(shown["content"]) <= {"id", "kind", "prompt", "options"}
                note = q.content.get("note")
                assert note is None or note not in text
                seen["hidden"] += 1
            assert shown["answered"] == [a.seat for a in q.answers]
            assert "your_answer" not in shown  # beside the question, for a seat only
            if audience.startswith("seat:"):
                seat = int(audience[5:])
                own = q.answer_of(seat)
                assert view["your_answer"] == (
                    None if own is None else {"value": own.value, "t_ns": own.t_ns}
                )
            else:
                assert "your_answer" not in view
        host = game.view(state, "host")
        if q is not None and q.content is not None:
            assert host["question"]["content"] == q.content
            assert len(host["question"]["answers"]) == len(q.answers)

    for seed in range(8):
        kit.play_bot_game(game, 2 + seed % 3, seed, visit=visit)
    assert seen["hidden"] > 100 and seen["revealed"] > 50


def test_view_shows_the_board_and_the_fight(kit, grid_game):
    state = kit.position(grid_game, {0: "a1", 1: "c1", 2: "b3"}, {"b1": (1, 200)}, rest=2)
    d = kit.Driver(grid_game, state)
    d.attack(0, "b1")
    view = grid_game.view(d.state, "screen")
    assert view["phase"] == "combat" and view["round"] == 1
    assert view["stage"] == "awaiting_question"
    assert view["attack"] == {"attacker": 0, "defender": 1, "target": "b1", "towers": 0}
    assert view["order"] == [0, 1, 2]
    terr = {t["id"]: t for t in view["territories"]}
    assert terr["c1"] == {"id": "c1", "owner": 1, "value": 1000, "towers": 3, "castle": True}
    assert {p["seat"]: p["score"] for p in view["players"]} == {
        p.seat: p.score for p in d.state.players
    }
    d.ask(2)
    timer = grid_game.timer(d.state)
    assert grid_game.view(d.state, "screen")["timer"] == timer.timer_id


def test_reveal_outcome_ranks_numeric_answers_with_margins(kit, grid_game):
    d = kit.Driver(grid_game, grid_game.setup({}, kit.seats(3), 5))
    d.ask(100)
    d.answer(0, 100, 2_000_000)
    d.answer(1, 100, 1_000_000)
    d.timeout()
    outcome = grid_game.view(d.state, "screen")["question"]["outcome"]
    rows = {row["seat"]: row for row in outcome["answers"]}
    assert (rows[1]["rank"], rows[0]["rank"], rows[2]["rank"]) == (1, 2, None)
    assert rows[0]["margin_ms"] == 1.0 and rows[1]["margin_ms"] is None
    assert outcome["pickers"] == [1, 0]


def test_override_shows_in_the_recomputed_outcome(kit, grid_game):
    state = kit.position(grid_game, {0: "a1", 1: "c1", 2: "b3"}, {"b1": (1, 200)}, rest=2)
    d = kit.Driver(grid_game, state)
    d.attack(0, "b1")
    d.ask(1)
    d.answer(0, 2, 5)
    d.answer(1, 3, 6)
    assert grid_game.view(d.state, "screen")["question"]["outcome"]["result"] == "hold"
    d.do({"type": "override", "seat": 0, "correct": True})
    assert grid_game.view(d.state, "screen")["question"]["outcome"]["result"] == "attacker_wins"


def test_unknown_audience_refused(kit, grid_game):
    state = grid_game.setup({}, kit.seats(2), 1)
    with pytest.raises(GameError):
        grid_game.view(state, "projector")
