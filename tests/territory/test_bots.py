"""House bots: always legal, in time, better with level, sensible choices."""

from __future__ import annotations

import pytest

from host import rng
from host.territory.bots import bot_move


def test_thousands_of_bot_moves_are_all_legal(kit):
    game = kit.TerritoryGame(kit.maps["grid12"]())
    count = 0

    def visit(before, event, after):
        nonlocal count
        for seat in (p.seat for p in before.players):
            for level in (1, 3, 5):
                move, _ = bot_move(game, before, seat, level, rng.derive(count, "check"))
                if move is None:
                    continue
                count += 1
                legal = game.legal_actions(before, seat)
                event = move.event
                if event["type"] == "answer":
                    template = {k: v for k, v in event.items() if k != "t_ns"}
                    if before.question.kind == "numeric":
                        template["value"] = None
                    assert template in legal
                else:
                    assert event in legal
                game.apply(before, event)  # accepted as is
                timer = game.timer(before)
                assert 0 < move.delay_seconds < timer.seconds

    for seed in range(10):
        kit.play_bot_game(game, 2 + seed % 3, seed, visit=visit)
    assert count > 2000


def test_bots_do_nothing_when_it_is_not_their_turn(kit, grid_game):
    state = kit.position(grid_game, {0: "a1", 1: "c1", 2: "b3"}, rest=2)
    assert bot_move(grid_game, state, 1, 3, 7) == (None, 7)
    move, _ = bot_move(grid_game, state, 0, 3, 7)
    assert move is not None and move.event["type"] == "attack"
    with pytest.raises(ValueError):
        bot_move(grid_game, state, 0, 6, 7)


def accuracy(kit, level, kind, trials=400):
    game = kit.TerritoryGame(kit.maps["grid12"]())
    d = kit.Driver(game, game.setup({}, kit.seats(2), 1))
    if kind == "numeric":
        d.ask(1000)
    else:
        start = kit.position(game, {0: "a1", 1: "c1"}, rest=1)
        d = kit.Driver(game, start)
        d.attack(0, "b1")
        d.ask(2)
    r = rng.derive(level, kind)
    errors, delays = [], []
    for _ in range(trials):
        move, r = bot_move(game, d.state, 0, level, r)
        value = move.event["value"]
        errors.append(abs(value - 1000) / 1000 if kind == "numeric" else value != 2)
        delays.append(move.delay_seconds)
    return sum(errors) / trials, sum(delays) / trials


@pytest.mark.parametrize("kind", ["numeric", "choice"])
def test_higher_levels_answer_better_and_faster(kit, kind):
    figures = [accuracy(kit, level, kind) for level in range(1, 6)]
    errors = [e for e, _ in figures]
    delays = [t for _, t in figures]
    assert errors == sorted(errors, reverse=True) and errors[0] > errors[-1]
    assert delays == sorted(delays, reverse=True)


def test_choice_accuracy_spans_the_advertised_range(kit):
    wrong_1, _ = accuracy(kit, 1, "choice", trials=2000)
    wrong_5, _ = accuracy(kit, 5, "choice", trials=2000)
    assert 0.55 < wrong_1 < 0.75 and 0.05 < wrong_5 < 0.15


def test_strong_bot_picks_territory_with_room_to_grow(kit):
    # Castle h touches a (a dead end) and b (which opens onto c and d); z is the other castle.
    edges = [("h", "a"), ("h", "b"), ("b", "c"), ("b", "d"), ("c", "z")]
    game = kit.TerritoryGame(kit.make_map("hub", ["h", "a", "b", "c", "d", "z"], edges, ("h", "z")))
    d = kit.Driver(game, game.setup({}, kit.seats(2), 1))
    hub_seat = next(p.seat for p in d.state.players if p.castle == "h")
    d.numeric_round({hub_seat: (100, 1), 1 - hub_seat: (50, 1)})
    assert {a["territory"] for a in game.legal_actions(d.state, hub_seat)} == {"a", "b"}
    picks = {bot_move(game, d.state, hub_seat, 5, seed)[0].event["territory"] for seed in range(20)}
    assert picks == {"b"}


def test_strong_bot_finishes_a_damaged_castle(kit, grid_game):
    land = {"b1": (0, 200), "a2": (1, 200)}
    state = kit.position(grid_game, {0: "a1", 1: "c1", 2: "b3"}, land, rest=2,
                         towers={"c1": 1})
    targets = {a["territory"] for a in grid_game.legal_actions(state, 0)}
    assert "c1" in targets and len(targets) > 1
    picks = {bot_move(grid_game, state, 0, 5, seed)[0].event["territory"] for seed in range(20)}
    assert picks == {"c1"}
