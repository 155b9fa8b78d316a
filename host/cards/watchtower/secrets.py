"""What each audience may not see, from the rules (docs/rules/watchtower.md).

Hidden: the barracks, every army but a seat's own, and the soldiers held out
face down in a challenge or a for-all (their owner knows them). The contested
card of a for-all lies face up on the fort; the host sees everything.

Once the picks are done the cards are turned up ("Les cartes sont ensuite
retournées"): the faces of the battle or for-all just resolved are public
until the next move, though they are back in an army (or the barracks) by then.
"""

from __future__ import annotations

from typing import Any

from host.cards.common.audiences import held_by_others, seat_of
from host.cards.watchtower.state import State


def turned_up(last: dict[str, Any] | None) -> set[str]:
    """The faces the last move turned up for everyone: a battle's soldiers, a for-all's cards."""
    if not last:
        return set()
    if last.get("type") == "battle":
        return set(last.get("attacker_cards", [])) | set(last.get("defender_cards", []))
    if last.get("type") == "forall":
        return set(last.get("exposed", {}).values())
    return set()


def secrets(state: State, audience: str) -> set[str]:
    """The card codes this audience ("screen", "host", "seat:<n>") may not see."""
    if audience == "host":
        return set()
    own = seat_of(audience)
    hidden = set(state.barracks) | held_by_others(state.players, own, lambda player: player.army)
    if state.pending:
        for owner, line in state.pending.lines.items():
            if owner != str(own):
                hidden |= set(line)
    return hidden - turned_up(state.last)
