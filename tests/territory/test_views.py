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
                assert set(shown["content"]) <= {"id", "kind", "prompt", "options", "image",
                                                 "image_on_phones"}
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


# ---------------------------------------------------------------- battle order


def test_battle_order_marks_done_current_and_next(kit, grid_game):
    castles = {0: "a1", 1: "c1", 2: "b3"}
    state = kit.position(grid_game, castles, rest=2, round=2, order=(2, 0, 1), turn=1)
    order = grid_game.view(state, "screen")["battle_order"]
    assert order["round"] == 2 and order["rounds_total"] == 4
    assert order["current"] == 0 and order["next"] == [1]
    assert order["rounds"] == [
        {"round": 2, "by": "random", "seats": [
            {"seat": 2, "status": "done"},
            {"seat": 0, "status": "current"},
            {"seat": 1, "status": "next"},
        ]},
        # Later rounds are drawn (or ranked by score) only when they begin.
        {"round": 3, "by": "random", "seats": None},
        {"round": 4, "by": "score", "seats": None},
    ]


def test_battle_order_skips_a_knocked_out_seat(kit, grid_game):
    castles = {0: "a1", 1: "c1", 2: "b3"}
    state = kit.position(grid_game, castles, {"b1": (0, 200)}, rest=2, towers={"c1": 1},
                         order=(0, 1, 2))
    d = kit.Driver(grid_game, state)
    d.attack(0, "c1")
    d.choice_round({0: True, 1: False})  # the last tower falls: seat 1 is out
    assert not d.state.player(1).active
    order = grid_game.view(d.state, "screen")["battle_order"]
    assert order["current"] == 2 and order["next"] == []
    assert order["rounds"][0]["seats"] == [
        {"seat": 0, "status": "done"},
        {"seat": 1, "status": "out"},
        {"seat": 2, "status": "current"},
    ]


def test_no_battle_order_outside_the_combat(kit, grid_game):
    state = grid_game.setup({}, kit.seats(3), 5)
    assert state.phase != "combat"
    assert grid_game.view(state, "screen")["battle_order"] is None


def play_and_check_the_strip(kit, game, seeds, settings=None):
    """Seeded bot games: every attack is made by the seat shown as attacking; the seat
    shown next attacks next; each round is played in the order shown when it began; a
    round's seats never show before it begins; every audience sees the same strip.
    Returns counts of what was checked, and the rounds total the strip named."""
    totals = {"attacks": 0, "handovers": 0, "rounds": 0, "score_rounds": 0}
    named: set[int] = set()

    def strip(state):
        views = [game.view(state, a)["battle_order"] for a in room_audiences(state)]
        views.append(game.view(state, "host")["battle_order"])
        assert all(v == views[0] for v in views), "the strip differs between audiences"
        return views[0]

    for seed in seeds:
        shown: dict[int, list[int]] = {}  # round -> its seats as shown when it began
        played: dict[int, list[int]] = {}  # round -> the attackers, as the attacks came

        def visit(before, event, after, shown=shown, played=played):
            order = strip(after)
            if after.phase != "combat":
                assert order is None
                return
            number, total = after.round, order["rounds_total"]
            named.add(total)
            assert order["round"] == number
            assert [r["round"] for r in order["rounds"]] == list(range(number, total + 1))
            assert all(r["seats"] is None for r in order["rounds"][1:])
            assert [r["by"] for r in order["rounds"]] == [
                "random" if n < total else "score" for n in range(number, total + 1)]
            seats = [row["seat"] for row in order["rounds"][0]["seats"]]
            if number not in shown:
                shown[number] = seats
                totals["rounds"] += 1
                if order["rounds"][0]["by"] == "score":
                    # Ranked by score when the round began, highest first.
                    scores = [after.player(s).score for s in seats if after.player(s).active]
                    assert scores == sorted(scores, reverse=True)
                    totals["score_rounds"] += 1
            assert seats == shown[number], "a round's order changed while it was played"
            # The attacker now is the one marked, and it is still in the game.
            assert after.player(order["current"]).active
            before_order = strip(before)
            if before.stage == "attack" and after.attack is not None and before.attack is None:
                assert before_order["current"] == after.attack.attacker
                played.setdefault(before.round, []).append(after.attack.attacker)
                totals["attacks"] += 1
            if (before_order is not None and before.round == number
                    and before_order["current"] != order["current"]):
                # The turn passed on: to the first seat shown next that is still in the game.
                still_in = [s for s in before_order["next"] if after.player(s).active]
                assert order["current"] == still_in[0]
                totals["handovers"] += 1

        final, _ = kit.play_bot_game(game, 2 + seed % 3, seed, settings=settings, visit=visit)
        last_round = max(shown, default=0)
        for number, attackers in played.items():
            expected = iter(shown[number])
            assert all(seat in expected for seat in attackers), (
                f"round {number}: {attackers} not in the order shown {shown[number]}")
            for seat in set(shown[number]) - set(attackers):
                # A seat shown that never attacked was knocked out, or the combat ended.
                assert not final.player(seat).active or number == last_round
    return totals, named


def test_battle_order_matches_what_the_rules_play(kit):
    game = kit.TerritoryGame(kit.maps["grid12"]())
    totals, named = play_and_check_the_strip(kit, game, range(10))
    assert named == {4}
    assert totals["attacks"] > 60 and totals["handovers"] > 40
    assert totals["rounds"] >= 20 and totals["score_rounds"] >= 3


def test_battle_order_in_a_campaign_names_its_six_rounds(kit):
    game = kit.TerritoryGame(kit.maps["grid12"]())
    totals, named = play_and_check_the_strip(kit, game, range(4), {"mode": "campaign"})
    assert named == {6}
    assert totals["attacks"] > 20 and totals["rounds"] >= 8 and totals["score_rounds"] >= 1
