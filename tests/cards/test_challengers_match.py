"""Match-phase rules and every effect timing, on hand-built tables (decks given top first)."""

from __future__ import annotations

import pytest

from host.cards.challengers import GAME, Match, State
from host.cards.challengers.effects import attack_total, bench_power, defence
from host.cards.challengers.match import pairings
from host.games.contract import OutOfTurn

game = GAME()


def table(top_first_0: list[str], top_first_1: list[str], starter: int = 0) -> State:
    """A 2-player round-1 match with these decks; seat `starter` opens."""
    state = game.setup({"sets": ["space", "jungle", "ocean", "volcano", "circus"]},
                       [{"seat": 0, "name": "A"}, {"seat": 1, "name": "B"}], 5)
    state = state.copy()
    state.phase = "match"
    for side, deck in zip(state.sides, (top_first_0, top_first_1), strict=True):
        side.deck = list(reversed(deck))
        side.hand, side.done = [], True
    state.matches = [Match([0, 1], starter)]
    return state


def reveal(state: State, seat: int) -> State:
    return game.apply(state, {"type": "reveal", "seat": seat})


def test_opening_card_takes_the_flag_and_the_other_seat_attacks() -> None:
    state = reveal(table(["CIT-A3#1"], ["CIT-A2#1"]), 0)
    assert state.sides[0].pile == ["CIT-A3#1"]
    assert state.matches[0].holder == 0 and state.matches[0].actor == 1
    assert game.legal_actions(state, 1) == [{"type": "reveal", "seat": 1}]
    assert game.legal_actions(state, 0) == []
    with pytest.raises(OutOfTurn):
        reveal(state, 0)


def test_attack_adds_up_until_it_equals_the_defence_then_benches_the_defender() -> None:
    # Defence 3 (Bus Driver). Attack: Mascot 2 (not enough), then Rookie 1: 3 = 3 captures.
    state = table(["CIT-A3#1", "CIT-A3#2"], ["p1:S-MASCOT#1", "p1:S-ROOKIE#1", "CIT-A3#3"])
    state = reveal(reveal(state, 0), 1)
    assert state.sides[1].attack == ["p1:S-MASCOT#1"] and state.matches[0].actor == 1
    state = reveal(state, 1)
    a, b = state.sides
    assert a.bench[0] == ["CIT-A3#1"] and a.pile == []
    assert b.pile == ["p1:S-MASCOT#1", "p1:S-ROOKIE#1"] and b.attack == []
    assert defence(b) == 1  # only the top card defends
    assert state.matches[0].holder == 1 and state.matches[0].actor == 0


def test_a_card_of_the_same_name_joins_its_slot() -> None:
    state = table(["CIT-A3#1", "CIT-A3#2", "CIT-A3#3"], ["CIT-B2#1", "CIT-B2#2", "CIT-B2#3"])
    for seat in (0, 1, 0, 1):
        state = reveal(state, seat)
    # Seat 0 lost the flag twice with two Bus Drivers: one slot.
    assert state.sides[0].bench[0] == ["CIT-A3#1", "CIT-A3#2"]
    assert all(not slot for slot in state.sides[0].bench[1:])


def test_a_player_who_must_draw_from_an_empty_deck_loses_and_the_winner_takes_the_trophy() -> None:
    state = reveal(reveal(table(["CIT-C1#1"], ["CIT-A1#1"]), 0), 1)
    assert not state.matches[0].over  # 1 < 8: seat 1 must reveal again
    state = reveal(state, 1)
    m = state.matches[0]
    assert (m.loser, m.winner, m.end) == (1, 0, "no_draw")
    assert [r for r, _ in state.sides[0].trophies] == [1]
    assert state.sides[0].trophies[0][1] in (2, 3)


def test_a_card_that_finds_no_bench_slot_loses_the_match() -> None:
    state = table(["CIT-C1#1"], ["CIT-A3#1"])
    names = ["CIT-A1#1", "CIT-A2#1", "CIT-A4#1", "CIT-B1#1", "CIT-B2#1", "CIT-B3#1"]
    state.sides[0].bench = [[c] for c in names]  # six names, no room for a Skyscraper
    state.sides[1].deck = ["CIT-C2#1", "CIT-C1#2", "JUN-C1#1"][::-1] + state.sides[1].deck
    state = reveal(state, 0)
    while not state.matches[0].over:
        state = reveal(state, state.matches[0].actor)
    m = state.matches[0]
    assert (m.loser, m.end) == (0, "bench_full")


def test_reveal_bonus_is_kept_with_the_flag() -> None:
    # Metro: 5, +3 when revealed -> defends at 8.
    state = reveal(table(["CIT-C2#1"], ["CIT-A3#1"]), 0)
    assert defence(state.sides[0]) == 8
    assert state.last[-1]["timing"] == "reveal"


def test_during_the_attack_bonus_counts_only_in_the_attack() -> None:
    # Kraken 6, +3 during the attack, beats a Skyscraper (8) alone, then defends at 6.
    state = reveal(reveal(table(["CIT-C1#1", "CIT-A3#1"], ["OCE-C2#1"]), 0), 1)
    assert state.sides[1].pile == ["OCE-C2#1"]
    assert defence(state.sides[1]) == 6


def test_holding_the_flag_bonus_adds_to_the_defence_only() -> None:
    state = reveal(table(["JUN-C1#1"], ["CIT-A3#1"]), 0)
    assert defence(state.sides[0]) == 9  # Gorilla 7 + 2 while holding the flag
    state = table(["CIT-A3#1"], ["JUN-C1#1"])
    state = reveal(reveal(state, 0), 1)
    assert defence(state.sides[1]) == 9


def test_bench_bonus_is_multiplied_by_cards_of_the_same_name() -> None:
    state = table(["CIT-A3#1"], ["CIT-A3#2"])
    me = state.sides[0]
    me.bench[2] = ["CIT-B2#1", "CIT-B2#2"]  # Architect: +1 from the bench, twice
    assert bench_power(me) == 2
    state = reveal(state, 0)
    assert defence(state.sides[0]) == 5
    me = state.sides[1]
    me.attack = ["CIT-A2#1"]  # Cyclist 2 +1 during the attack
    assert attack_total(me) == 3


def test_losing_the_flag_effect_resolves_before_benching() -> None:
    # Octopus (lose the flag: discard 3 bench cards) frees a full bench in time.
    state = table(["OCE-B2#1", "CIT-A3#1"], ["CIT-C1#1", "CIT-A3#2"])
    names = ["CIT-A1#1", "CIT-A2#1", "CIT-A4#1", "CIT-B1#1", "CIT-B2#1", "CIT-B3#1"]
    state.sides[0].bench = [[c] for c in names]
    state = reveal(reveal(state, 0), 1)
    me = state.sides[0]
    assert not state.matches[0].over
    assert len(me.discard) == 3 and "OCE-B2#1" in [c for slot in me.bench for c in slot]
    assert any(e.get("timing") == "lose_flag" for e in state.last)


def test_losing_the_flag_gives_fans_only_to_a_card_that_held_it() -> None:
    state = table(["CIT-B3#1", "CIT-A3#1"], ["CIT-C1#1", "CIT-C1#2"])
    state = reveal(reveal(state, 0), 1)  # the Mayor held the flag and loses it
    assert state.sides[0].fans == 1
    state = table(["CIT-C1#1", "CIT-A3#1"], ["CIT-B3#1", "CIT-C1#2", "CIT-C1#3"])
    state = reveal(reveal(state, 0), 1)  # the Mayor attacks (never holds the flag)...
    state = reveal(state, 1)  # ...and is benched under the winning card
    assert state.sides[1].fans == 0


def test_reveal_effects_fans_bench_discard_and_mill() -> None:
    state = reveal(table(["CIT-A1#1"], ["CIT-A3#1"]), 0)
    assert state.sides[0].fans == 1
    state = table(["CIT-A3#1"], ["CIT-A4#1", "CIT-A3#2"])
    state.sides[1].bench[0] = ["CIT-B1#1", "CIT-B1#2"]
    state.sides[1].bench[1] = ["CIT-B2#1"]
    state = reveal(reveal(state, 0), 1)  # Street Sweeper: 2 bench cards, fullest slot first
    assert state.sides[1].discard == ["CIT-B1#2", "CIT-B1#1"]
    state = table(["CIT-A3#1", "CIT-A1#1", "CIT-A2#1"], ["SPA-C2#1"])
    state = reveal(reveal(state, 0), 1)  # Black Hole: the opponent's top 2 cards
    assert state.sides[0].discard == ["CIT-A1#1", "CIT-A2#1"] and state.sides[0].deck == []


def test_pairings_give_new_opponents_each_round() -> None:
    seen = set()
    for round_no in (1, 2, 3):
        for a, b in pairings([0, 1, 2, 3], round_no):
            seen.add(frozenset((a, b)))
    assert len(seen) == 6
    assert pairings([0, 1], 4) == [[0, 1]]
