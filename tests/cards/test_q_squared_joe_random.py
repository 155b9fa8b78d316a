"""Seeded bot games through the Game contract: card conservation, no leaks, an end.

TOURELLE_RANDOM_GAMES sets how many games (default 1000). Every game ends: each
attack discards at least one card, and the other moves are capped by the
`move_limit` ruling (a drawn game among the survivors).
"""

from __future__ import annotations

import json
import os
import re
from collections import Counter
from typing import Any

import pytest

from host import rng
from host.cards.q_squared_joe import GAME, State, bot_move, secrets, simulate, zones
from host.cards.q_squared_joe.state import DECK

pytestmark = pytest.mark.random_play  # `make soak` plays these at 1,000 games

GAMES = int(os.environ.get("TOURELLE_RANDOM_GAMES", "1000"))
CARDS = set(DECK)
QUOTED = re.compile(r'"(10[CDHS]|[2-9AJQK][CDHS])"')
VARIANTS: list[dict[str, Any]] = [
    {},
    {"field_attack": "stack"},
    {"open_cards": True},
    {"resource_take": "any", "max_defence": 1},
    {"open_cards": True, "choose_hand_target": True, "field_attack": "stack"},
    {"move_limit": 30},
]
game = GAME()


def cards_in(view: Any) -> set[str]:
    """Every card code written anywhere in a view (as a JSON string value or key)."""
    return set(QUOTED.findall(json.dumps(view))) & CARDS


def check_invariants(state: State) -> None:
    every = Counter(c for cards in zones(state).values() for c in cards)
    assert every == Counter(DECK), "a card is missing or in two places"
    leaked = cards_in(game.view(state, "screen")) & secrets(state, "screen")
    assert not leaked, f"screen shows hidden cards {leaked}"
    for p in state.players:
        view = game.view(state, f"seat:{p.seat}")
        leaked = cards_in(view) & secrets(state, f"seat:{p.seat}")
        assert not leaked, f"seat {p.seat} sees hidden cards {leaked}"


def play_checked(index: int) -> State:
    seed = rng.derive(2024, f"qsj-random:{index}")
    players = 2 + index % 3
    settings = VARIANTS[index % len(VARIANTS)]
    levels = [1 + (seed >> (4 * i)) % 5 for i in range(players)]
    seats = [{"seat": i, "name": "", "bot": level} for i, level in enumerate(levels)]
    state = game.setup(settings, seats, seed)
    bot_rng = rng.derive(seed, "bots")
    check_invariants(state)
    while not game.is_over(state):
        seat = state.turn
        assert game.legal_actions(state, seat), "a live seat must always have a move"
        event, bot_rng = bot_move(game, state, seat, levels[seat], bot_rng)
        assert event in game.legal_actions(state, seat)
        state = game.apply(state, event)
        check_invariants(state)
        assert state.move_no <= state.settings.move_limit
    return state


def test_random_games_keep_every_card_hide_secrets_and_end() -> None:
    ends: Counter[str] = Counter()
    for index in range(GAMES):
        state = play_checked(index)
        ends[str(state.end)] += 1
        result = game.result(state)
        assert result["over"] and result["moves"] == state.move_no
        assert (state.winner is None) == (state.end == "move_limit")
        again = game.from_json(json.loads(json.dumps(game.to_json(state))))
        assert game.to_json(again) == game.to_json(state)
    assert ends["last_standing"] > 0
    assert sum(ends.values()) == GAMES


def test_bot_returns_none_when_it_is_not_its_turn_and_refuses_bad_levels() -> None:
    state = game.setup({}, [{"seat": i, "name": "", "bot": 1} for i in range(2)], 3)
    other = 1 - state.turn
    assert bot_move(game, state, other, 3, 99) == (None, 99)
    with pytest.raises(ValueError):
        bot_move(game, state, state.turn, 6, 99)


def test_simulate_counts_add_up() -> None:
    report = simulate(30, seed=4, players=3)
    assert sum(report["wins"].values()) + report["draws"] == 30
    assert report["average_moves"] > 0 and len(report["average_score"]) == 3


def test_greedy_bot_beats_near_random_bot() -> None:
    report = simulate(200, seed=9, players=2, levels=[5, 1])
    assert report["wins"]["0"] > 2 * report["wins"]["1"]
