"""What each audience may not see, from the rules (docs/rules/challengers.md).

Hidden cards: the level piles and the robot's reserve from everyone; a side's
deck, deck-phase hand and removed cards from all but its owner (the robot has
no audience). Cards turned up in a match are public. The host sees everything.

Trophy fan values at 3-8 players are secret too until the final, but they are
numbers, not strings: tests/cards/test_challengers_session.py checks them.
"""

from __future__ import annotations

from host.cards.challengers.state import State
from host.cards.common.audiences import seat_of


def secrets(state: State, audience: str) -> set[str]:
    """The card codes this audience ("screen", "host", "seat:<n>") may not see."""
    if audience == "host":
        return set()
    own = seat_of(audience)
    hidden = {card for pile in state.levels.values() for card in pile}
    for side in state.sides:
        hidden |= set(side.reserve)
        if side.seat != own:
            hidden |= set(side.deck) | set(side.hand) | set(side.removed)
    return hidden
