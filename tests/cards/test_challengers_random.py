"""Seeded bot games at 1 to 8 players: card conservation, no leaks, legal bots, an end.

TOURELLE_RANDOM_GAMES sets how many games per player count (default 60, so
480 in all; see docs/rules/challengers.md for the timing). Every game ends
without a move limit: a deck phase is finite and every reveal takes a card
off a deck that nothing refills before the match is over.
"""

from __future__ import annotations

import json
import os
import re
from collections import Counter
from typing import Any

import pytest

from host import rng
from host.cards.challengers import GAME, ROBOT, State, all_cards, bot_move, simulate, zones

GAMES = int(os.environ.get("TOURELLE_RANDOM_GAMES", "60"))
FULL_VIEW_GAMES = 3  # games per player count checking every audience after every action
CODE = re.compile(r'"([A-Za-z0-9:-]+#\d+)"')
game = GAME()


def hidden_cards(state: State, own_seat: int | None) -> set[str]:
    """Cards this audience must not see."""
    hidden = {c for pile in state.levels.values() for c in pile}
    for side in state.sides:
        hidden.update(side.reserve)
        if side.seat != own_seat or side.seat == ROBOT:
            hidden.update(side.deck, side.hand, side.removed)
    return hidden


def cards_in(view: Any) -> set[str]:
    return set(CODE.findall(json.dumps(view)))


def check_view(state: State, seat: int | None) -> None:
    audience = "screen" if seat is None else f"seat:{seat}"
    leaked = cards_in(game.view(state, audience)) & hidden_cards(state, seat)
    assert not leaked, f"{audience} sees hidden cards {leaked}"


def check_invariants(state: State, full: list[str], every_view: bool) -> None:
    """Conservation always; every view, or one audience in turn (screen, seat 0, seat 1...)."""
    every = sorted(c for cards in zones(state).values() for c in cards)
    assert every == full, "a card is missing or in two places"
    audiences: list[int | None] = [None, *(p.seat for p in state.players())]
    if every_view:
        for seat in audiences:
            check_view(state, seat)
    else:
        check_view(state, audiences[state.step % len(audiences)])


def settings_for(players: int, seed: int) -> dict[str, Any]:
    settings: dict[str, Any] = {"robot_level": 1 + seed % 5}
    if players == 1 and seed % 2:
        settings["solo_challenge"] = True
    if seed % 3 == 0:
        settings["turn_seconds"] = 30
    return settings


def play_checked(players: int, index: int) -> State:
    seed = rng.derive(77, f"challengers:{players}:{index}")
    levels = [1 + (seed >> (4 * i)) % 5 for i in range(players)]
    seats = [{"seat": i, "name": f"P{i}", "bot": lv} for i, lv in enumerate(levels)]
    state = game.setup(settings_for(players, seed), seats, seed)
    full = sorted(all_cards(state))
    driver = rng.derive(seed, "driver")
    every_view = index < FULL_VIEW_GAMES
    check_invariants(state, full, every_view)
    while not game.is_over(state):
        roll, driver = rng.randbelow(driver, 20)
        timer = game.timer(state)
        if timer is not None and roll == 0:
            state = game.apply(state, {"type": "timeout", "timer": timer.timer_id})
        else:
            waiting = [p.seat for p in state.players() if game.legal_actions(state, p.seat)]
            assert waiting, "a running game must wait for some seat"
            seat, driver = rng.choice(driver, waiting)
            event, driver = bot_move(game, state, seat, levels[seat], driver)
            assert event is not None and event in game.legal_actions(state, seat)
            state = game.apply(state, event)
        check_invariants(state, full, every_view)
    return state


@pytest.mark.parametrize("players", range(1, 9))
def test_random_games_keep_every_card_hide_secrets_and_end(players: int) -> None:
    ends: Counter[str] = Counter()
    for index in range(GAMES):
        state = play_checked(players, index)
        ends[str(state.end)] += 1
        result = game.result(state)
        assert result["over"] and result["moves"] == state.step
        if players >= 3:
            assert state.end == "final" and state.winner in state.finalists
        again = game.from_json(json.loads(json.dumps(game.to_json(state))))
        assert game.to_json(again) == game.to_json(state)
    assert sum(ends.values()) == GAMES


def test_simulate_counts_add_up() -> None:
    report = simulate(10, seed=4, players=3)
    assert sum(report["wins"]) + report["draws"] + report["robot_wins"] == 10
    assert report["average_moves"] > 0 and len(report["average_score"]) == 3


def test_greedy_bot_beats_near_random_bot() -> None:
    report = simulate(60, seed=9, players=2, levels=[5, 1])
    assert report["wins"][0] > 2 * report["wins"][1]


def test_bot_refuses_bad_levels_and_passes_when_it_cannot_act() -> None:
    seats = [{"seat": i, "name": "", "bot": 1} for i in range(2)]
    state = game.setup({}, seats, 3)
    with pytest.raises(ValueError):
        bot_move(game, state, 0, 6, 99)
    assert bot_move(game, state, 7, 3, 99) == (None, 99)
