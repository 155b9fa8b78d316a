"""Seeded bot games through the Game contract: every card in one place, no leaks, an end.

TOURELLE_RANDOM_GAMES sets how many games per player count (default 1000).
Every game ends: the `move_limit` ruling caps it (a stalemate draw); these
runs use a short limit so 3,000 games stay fast, and some games run uncapped
(the default limit) to reach showdowns. Zones are checked after every action
of every game; the views of every audience after every action of one game in
twenty-five (a view costs far more than a zone count).
"""

from __future__ import annotations

import json
import os
import re
from collections import Counter
from typing import Any

import pytest

from host import rng
from host.cards.watchtower import GAME, State, bot_move, secrets, simulate, zones
from host.cards.watchtower.state import DECK

pytestmark = pytest.mark.random_play  # `make soak` plays these at 1,000 games

GAMES = int(os.environ.get("TOURELLE_RANDOM_GAMES", "1000"))
CARDS = set(DECK)
QUOTED = re.compile(r'"(10[CDHS]|[2-9AJQK][CDHS])"')
VARIANTS: list[dict[str, Any]] = [
    {"move_limit": 100},
    {"move_limit": 100, "limit_scope": "attacker", "setup_burn": "always"},
    {"move_limit": 100, "assassins": False, "showdown_even": "keep"},
    {"move_limit": 100, "challenges_per_turn": 2, "setup_burn": "never"},
]
game = GAME()
FULL = Counter(DECK)


def cards_in(view: Any) -> set[str]:
    """Every card code written anywhere in a view."""
    return set(QUOTED.findall(json.dumps(view))) & CARDS


def check_views(state: State) -> None:
    leaked = cards_in(game.view(state, "screen")) & secrets(state, "screen")
    assert not leaked, f"screen shows hidden cards {leaked}"
    for p in state.players:
        view = game.view(state, f"seat:{p.seat}")
        leaked = cards_in(view) & secrets(state, f"seat:{p.seat}")
        assert not leaked, f"seat {p.seat} sees hidden cards {leaked}"
        assert all("army" not in e for e in view["players"] if e["seat"] != p.seat)


def play_checked(index: int, players: int, uncapped: bool = False) -> State:
    seed = rng.derive(2025, f"watchtower-random:{players}:{index}")
    settings = {} if uncapped else VARIANTS[index % len(VARIANTS)]
    levels = [1 + (seed >> (4 * i)) % 5 for i in range(players)]
    seats = [{"seat": i, "name": "", "bot": level} for i, level in enumerate(levels)]
    state = game.setup(settings, seats, seed)
    bot_rng = rng.derive(seed, "bots")
    with_views = index % 25 == 0
    while not game.is_over(state):
        seat = game.waiting_for(state)
        assert seat is not None
        legal = game.legal_actions(state, seat)
        assert legal, "the seat waited for must always have a move"
        event, bot_rng = bot_move(game, state, seat, levels[seat], bot_rng)
        assert event in legal
        state = game.apply(state, event)
        assert Counter(c for cards in zones(state).values() for c in cards) == FULL
        if with_views:
            check_views(state)
        assert state.move_no <= state.settings.move_limit
    return state


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_keep_every_card_hide_secrets_and_end(players: int) -> None:
    ends: Counter[str] = Counter()
    for index in range(GAMES):
        state = play_checked(index, players)
        ends[str(state.end)] += 1
        result = game.result(state)
        assert result["over"] and result["moves"] == state.move_no
        assert (state.winner is None) == (state.end in ("move_limit",) or result["draw"])
        if index % 50 == 0:
            again = game.from_json(json.loads(json.dumps(game.to_json(state))))
            assert game.to_json(again) == game.to_json(state)
    assert sum(ends.values()) == GAMES


@pytest.mark.parametrize("players", [2, 3, 4])
def test_uncapped_games_end_by_the_rules(players: int) -> None:
    ends = Counter(str(play_checked(index, players, uncapped=True).end) for index in range(4))
    assert set(ends) <= {"showdown", "last_standing", "move_limit"}
    if players == 2:  # two bots reach the showdown well before the default limit
        assert ends["showdown"] + ends["last_standing"] >= 3


def test_bot_returns_none_when_not_waited_for_and_refuses_bad_levels() -> None:
    state = game.setup({}, [{"seat": i, "name": "", "bot": 1} for i in range(2)], 3)
    other = 1 - state.turn
    assert bot_move(game, state, other, 3, 99) == (None, 99)
    with pytest.raises(ValueError):
        bot_move(game, state, state.turn, 6, 99)


def test_simulate_counts_add_up() -> None:
    report = simulate(5, seed=4, players=3, settings={"move_limit": 200})
    assert sum(report["wins"].values()) + report["draws"] == 5
    assert sum(report["ends"].values()) == 5
    assert report["average_moves"] > 0 and len(report["average_score"]) == 3
