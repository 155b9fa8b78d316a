"""Seeded bot games: every game ends, cards are conserved, views never leak, bots stay legal."""

from __future__ import annotations

import os
from collections import Counter
from typing import Any

import pytest

from host import rng
from host.cards.russian_bank import GAME, SIMULATOR, State, bot_move, secrets, zones
from host.cards.russian_bank.cards import ALL_CODES, deck_codes

pytestmark = pytest.mark.random_play  # `make soak` plays these at 1,000 games

game = GAME()
FULL = Counter(deck_codes(0) + deck_codes(1))
VARIANTS: list[dict[str, Any]] = [
    {},
    {"stop_mode": True},
    {"stack_moves": "doubling", "starter": "seat0"},
    {"reserve_size": 8, "stack_moves": "off"},
]


def card_strings(data: Any, found: set[str] | None = None) -> set[str]:
    """Every string in a JSON value that is a card code."""
    found = set() if found is None else found
    if isinstance(data, str):
        if data in ALL_CODES:
            found.add(data)
    elif isinstance(data, dict):
        for value in data.values():
            card_strings(value, found)
    elif isinstance(data, list):
        for value in data:
            card_strings(value, found)
    return found


def walk(seed: int, levels: tuple[int, int], settings: dict[str, Any]) -> list[State]:
    """Every state of one bot game, the first one included."""
    state = game.setup(settings, [{"seat": 0}, {"seat": 1}], seed)
    states = [state]
    generators = [rng.derive(seed, "a"), rng.derive(seed, "b")]
    while not game.is_over(state):
        event = None
        for seat in (1 - state.turn, state.turn):
            event, generators[seat] = bot_move(game, state, seat, levels[seat], generators[seat])
            if event is not None:
                break
        assert event is not None
        assert event in game.legal_actions(state, event["seat"])
        state = game.apply(state, event)
        states.append(state)
    return states


def test_many_seeded_bot_games_all_end() -> None:
    count = int(os.environ.get("TOURELLE_RANDOM_GAMES", "1000"))
    endings: Counter[str] = Counter()
    for index in range(count):
        levels = (1 + index % 5, 1 + (index // 5) % 5)
        final = SIMULATOR.play(VARIANTS[index % len(VARIANTS)], levels, 1000 + index, game)
        assert game.is_over(final)
        assert final.moves <= final.settings.move_cap
        assert Counter(c for cards in zones(final).values() for c in cards) == FULL
        result = game.result(final)
        if final.over == "out":
            winner = final.winner
            assert winner is not None and result["scores"][winner] >= 30
        endings[str(final.over)] += 1
    assert endings["out"] > count // 2  # most games are played out, not capped


def test_every_action_keeps_each_card_in_exactly_one_place() -> None:
    for index in range(12):
        for state in walk(50 + index, (1 + index % 5, 5 - index % 5), VARIANTS[index % 4]):
            assert Counter(c for cards in zones(state).values() for c in cards) == FULL


def test_views_never_show_a_hidden_card() -> None:
    for index in range(8):
        for step, state in enumerate(walk(80 + index, (2, 4), VARIANTS[index % 4])):
            hidden = secrets(state, "screen")  # the seats see no more than the screen
            for audience in ("screen", "seat:0", "seat:1"):
                leaked = card_strings(game.view(state, audience)) & hidden
                assert not leaked, (audience, leaked)
            if step % 25 == 0:  # the host sees everything
                assert card_strings(game.view(state, "host")) >= hidden


def test_every_listed_action_is_accepted() -> None:
    for index, state in enumerate(walk(7, (3, 3), {"stop_mode": True})):
        if index % 7:
            continue
        for seat in (0, 1):
            for event in game.legal_actions(state, seat):
                game.apply(state, event)  # raises if a listed action were refused


def test_stronger_bots_win_more_often() -> None:
    wins = Counter[int]()
    for index in range(30):
        strong = index % 2
        levels = (5, 1) if strong == 0 else (1, 5)
        final = SIMULATOR.play({}, levels, 500 + index, game)
        wins[int(final.winner == strong)] += 1
    assert wins[1] > wins[0]
