"""What each audience may not see, from the rules (docs/rules/russian-bank.md).

Both hands are face down, to their owners too; a reserve and a waste show
only their top card. The host sees everything. A seat sees no more than the
projector.
"""

from __future__ import annotations

from host.cards.russian_bank.state import State


def secrets(state: State, audience: str) -> set[str]:
    """The card codes this audience ("screen", "host", "seat:<n>") may not see."""
    if audience == "host":
        return set()
    hidden = {card for hand in state.hands for card in hand}
    hidden |= {card for reserve in state.reserves for card in reserve[:-1]}
    hidden |= {card for waste in state.wastes for card in waste[:-1]}
    return hidden
