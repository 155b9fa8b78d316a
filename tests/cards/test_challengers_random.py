"""Seeded bot games at 1 to 8 players: card conservation, no leaks, legal bots, an end.

TOURELLE_RANDOM_GAMES sets how many games per player count up to 4 (default 1,000);
5 to 8 players play a quarter of that (their rules are the same, their games the longest:
8,000 games took about 7 minutes of CPU, 5,000 take about 3.5). Every game ends
without a move limit: a deck phase is finite and every reveal takes a card
off a deck that nothing refills before the match is over.
"""

from __future__ import annotations

import json
import os
import re
from collections import Counter
from itertools import chain
from typing import Any

import pytest

from host import rng
from host.cards.challengers import GAME, State, all_cards, bot_move, secrets, simulate, zones
from host.cards.challengers.state import card_count

pytestmark = pytest.mark.random_play  # `make soak` plays these at 1,000 games

GAMES = int(os.environ.get("TOURELLE_RANDOM_GAMES", "1000"))
FULL_VIEW_GAMES = 3  # games per player count checking every audience after every action
# The other games check which cards are where, and one audience's view (in turn), every
# CHECK_EVERY steps and at the end; the card count after every step.
CHECK_EVERY = 10
CODE = re.compile(r'"([A-Za-z0-9:-]+#\d+)"')
game = GAME()


def cards_in(view: Any) -> set[str]:
    return set(CODE.findall(json.dumps(view)))


def check_view(state: State, seat: int | None) -> None:
    audience = "screen" if seat is None else f"seat:{seat}"
    leaked = cards_in(game.view(state, audience)) & secrets(state, audience)
    assert not leaked, f"{audience} sees hidden cards {leaked}"


def check_invariants(state: State, full: set[str], every_view: bool) -> None:
    """Conservation always; every view, or one audience in turn every VIEW_EVERY steps."""
    assert card_count(state) == len(full), "a card is missing or in two places"
    sampled = state.step % CHECK_EVERY == 0 or state.over
    if every_view or sampled:  # the count is exact each step; which cards, every few steps
        every = list(chain.from_iterable(zones(state).values()))
        assert len(every) == len(full) and set(every) == full, "a card was swapped for another"
    audiences: list[int | None] = [None, *(p.seat for p in state.players())]
    if every_view:
        for seat in audiences:
            check_view(state, seat)
    elif sampled:
        check_view(state, audiences[(state.step // CHECK_EVERY) % len(audiences)])


def settings_for(players: int, seed: int) -> dict[str, Any]:
    settings: dict[str, Any] = {"robot_level": 1 + seed % 5}
    if players == 1 and seed % 2:
        settings["solo_challenge"] = True
    if seed % 3 == 0:
        settings["turn_seconds"] = 30
    return settings


def rotated(count: int, start: int) -> list[int]:
    return [(start + i) % count for i in range(count)]


def play_checked(players: int, index: int) -> State:
    seed = rng.derive(77, f"challengers:{players}:{index}")
    levels = [1 + (seed >> (4 * i)) % 5 for i in range(players)]
    seats = [{"seat": i, "name": f"P{i}", "bot": lv} for i, lv in enumerate(levels)]
    state = game.setup(settings_for(players, seed), seats, seed)
    full = set(all_cards(state))
    assert len(full) == len(all_cards(state)), "two cards share a code"
    driver = rng.derive(seed, "driver")
    every_view = index < FULL_VIEW_GAMES
    check_invariants(state, full, every_view)
    while not game.is_over(state):
        roll, driver = rng.randbelow(driver, 20)
        timer = game.timer(state)
        if timer is not None and roll == 0:
            state = game.apply(state, {"type": "timeout", "timer": timer.timer_id})
        else:
            # The first seat that may act, from a random one on: seats act in any order.
            start, driver = rng.randbelow(driver, players)
            seat, legal = next(
                ((s, moves) for s in rotated(players, start)
                 if (moves := game.legal_actions(state, s))),
                (-1, []),
            )
            assert legal, "a running game must wait for some seat"
            event, driver = bot_move(game, state, seat, levels[seat], driver)
            assert event is not None and event in legal
            state = game.apply(state, event)
        check_invariants(state, full, every_view)
    return state


# 6 to 8 players: in `make test` and `make soak` only (the longest games; `make unit` stays
# under 90 s).
@pytest.mark.parametrize("players", [*range(1, 6),
                                     *(pytest.param(n, marks=pytest.mark.slow) for n in (6, 7, 8))])
def test_random_games_keep_every_card_hide_secrets_and_end(players: int) -> None:
    ends: Counter[str] = Counter()
    games = GAMES if players <= 4 else max(1, GAMES // 4)
    for index in range(games):
        state = play_checked(players, index)
        ends[str(state.end)] += 1
        result = game.result(state)
        assert result["over"] and result["moves"] == state.step
        if players >= 3:
            assert state.end == "final" and state.winner in state.finalists
        again = game.from_json(json.loads(json.dumps(game.to_json(state))))
        assert game.to_json(again) == game.to_json(state)
    assert sum(ends.values()) == games


def test_simulate_counts_add_up() -> None:
    report = simulate(10, seed=4, players=3)
    assert sum(report["wins"].values()) + report["draws"] == 10
    assert set(report["wins"]) == {"0", "1", "2", "robot"}
    assert report["average_moves"] > 0 and len(report["average_score"]) == 3


def test_greedy_bot_beats_near_random_bot() -> None:
    report = simulate(60, seed=9, players=2, levels=[5, 1])
    assert report["wins"]["0"] > 2 * report["wins"]["1"]


def test_bot_refuses_bad_levels_and_passes_when_it_cannot_act() -> None:
    seats = [{"seat": i, "name": "", "bot": 1} for i in range(2)]
    state = game.setup({}, seats, 3)
    with pytest.raises(ValueError):
        bot_move(game, state, 0, 6, 99)
    assert bot_move(game, state, 7, 3, 99) == (None, 99)
