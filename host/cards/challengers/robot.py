"""The robot opponent: its own deck, levels 1-5, the solo challenge.

The robot takes no part in the deck phase. Its deck starts from the robot
base cards; at level L it exchanges L-1 random base cards for random
strong robot cards (the exchanged cards leave the game). Outside solo play it
gains the top card of its face-down reserve at every round from round 2; in
solo it gains nothing, and the solo challenge adds the SOLO cards at setup.
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
