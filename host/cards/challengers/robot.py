"""The robot opponent: its own deck, levels 1-5, the solo challenge.

The robot takes no part in the deck phase. Its deck starts from the robot
base cards; at level L it exchanges L-1 random base cards for random
strong robot cards (the exchanged cards leave the game). Outside solo play it
gains the top card of its face-down reserve at the start of some rounds from
round 2, more of them the higher its level (ruling 16); in solo it gains
nothing, and the solo challenge adds the SOLO cards at setup.
"""

from __future__ import annotations

from host import rng
from host.cards.challengers.cards import ROBOT_BASE, ROBOT_STRONG, SOLO_CARDS, copies
from host.cards.challengers.effects import empty_bench
from host.cards.challengers.state import ROBOT, Side


def robot_codes(solo_challenge: bool) -> list[str]:
    """Every robot card in a game (for the conservation check)."""
    codes = copies(ROBOT_BASE) + copies(ROBOT_STRONG)
    return codes + copies(SOLO_CARDS) if solo_challenge else codes


def swaps_at(level: int) -> int:
    """How many base cards the robot exchanges for strong ones at this level (ruling 15)."""
    return level - 1


# Rounds whose deck phase starts with the robot's gain at 3-7 players, by level (ruling 16).
GAIN_ROUNDS: dict[int, frozenset[int]] = {
    1: frozenset({4, 7}),
    2: frozenset({4, 7}),
    3: frozenset({3, 5, 7}),
    4: frozenset({3, 5, 6, 7}),
    5: frozenset({2, 3, 4, 5, 6, 7}),
}


def gains_at(level: int, round_no: int) -> bool:
    """Whether the robot of this level gains a card as round `round_no` starts (multiplayer)."""
    return round_no in GAIN_ROUNDS[level]


def build_robot(level: int, solo_challenge: bool, state: int) -> tuple[Side, int]:
    """The robot's side at setup, and the generator's next state."""
    base, state = rng.shuffled(state, copies(ROBOT_BASE))
    strong, state = rng.shuffled(state, copies(ROBOT_STRONG))
    swaps = swaps_at(level)
    deck = base[swaps:] + strong[:swaps]
    if solo_challenge:
        deck += copies(SOLO_CARDS)
    side = Side(ROBOT, "Robot", level, deck=sorted(deck), bench=empty_bench())
    side.removed = base[:swaps]
    side.reserve = strong[swaps:]
    return side, state


def gain_card(robot: Side) -> str | None:
    """Multiplayer only: the robot adds the top card of its reserve to its deck."""
    if not robot.reserve:
        return None
    card = robot.reserve.pop()
    robot.deck.append(card)
    return card
