"""What each audience may not see, from the rules (docs/rules/watchtower.md).

Hidden: the barracks, every army but a seat's own, and the soldiers held out
face down in a challenge or a for-all (their owner knows them). The contested
card of a for-all lies face up on the fort; the host sees everything.
"""

from __future__ import annotations

from host.cards.common.audiences import seat_of
from host.cards.watchtower.state import State


def secrets(state: State, audience: str) -> set[str]:
    """The card codes this audience ("screen", "host", "seat:<n>") may not see."""
    if audience == "host":
        return set()
    own = seat_of(audience)
    hidden = set(state.barracks)
    for player in state.players:
        if player.seat != own:
            hidden |= set(player.army)
    if state.pending:
        for owner, line in state.pending.lines.items():
            if owner != str(own):
                hidden |= set(line)
    return hidden
