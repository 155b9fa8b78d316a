"""What each audience may not see, from the rules (docs/rules/q-squared-joe.md).

Hidden: the draw pile, every hand but a seat's own, and the field cards still
face down (from their owner too: nobody knows them until a battle turns them
up). The open-cards variant hides nothing; the host sees everything.
"""

from __future__ import annotations

from host.cards.common.audiences import held_by_others, seat_of
from host.cards.q_squared_joe.state import State


def secrets(state: State, audience: str) -> set[str]:
    """The card codes this audience ("screen", "host", "seat:<n>") may not see."""
    if audience == "host" or state.settings.open_cards:
        return set()
    hands = held_by_others(state.players, seat_of(audience), lambda player: player.hand)
    face_down = {slot.base for p in state.players for slot in p.field if slot and not slot.base_up}
    return set(state.draw) | hands | face_down
