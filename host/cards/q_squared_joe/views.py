"""What each audience sees: hidden cards appear only as counts or as null.

Hidden cards are the hands, the face-down field cards and the draw pile
(unless the open-cards variant is on). "host" sees everything; "seat:<n>" sees
the table plus its own hand (not its own face-down field cards: nobody
knows those until a battle turns them up).
"""

from __future__ import annotations

from typing import Any

from host.cards.common import audiences
from host.cards.q_squared_joe.secrets import secrets
from host.cards.q_squared_joe.state import Player, Slot, State
from host.games.contract import View


def build_view(state: State, audience: str) -> View:
    kind, own = audiences.parse_audience(audience, state.player)
    see_all = kind == "host" or state.settings.open_cards
    players = [_player_view(p, see_all, shown=see_all or p.seat == own) for p in state.players]
    view: View = {
        "game": "q-squared-joe",
        "audience": audience,
        "open_cards": state.settings.open_cards,
        "players": players,
        "draw_count": len(state.draw),
        "discard": list(state.discard),
        "turn": state.turn,
        "move_no": state.move_no,
        "move_limit": state.settings.move_limit,
        # A card taken from the resource pile was public a moment ago, but once in a hand
        # it is a secret like any other: the screen says "took a card", not which.
        **audiences.outcome_fields(state, secrets(state, audience)),
    }
    if see_all:
        view["draw"] = list(state.draw)
    if kind == "seat":
        view["you"] = own
    return view


def _player_view(p: Player, see_all: bool, shown: bool) -> dict[str, Any]:
    """A player as this audience sees them: the hand only when `shown` (to the host, with open
    cards, to the player's own seat); the face-down field bases only when `see_all`."""
    entry: dict[str, Any] = {
        "seat": p.seat,
        "name": p.name,
        "bot": p.bot,
        "alive": p.alive,
        "out_at": p.out_at,
        "hand_count": len(p.hand),
        "field": [_slot_view(s, see_all) for s in p.field],
        "resource": list(p.resource),
    }
    if shown:
        entry["hand"] = list(p.hand)
    return entry


def _slot_view(slot: Slot | None, see_all: bool) -> dict[str, Any] | None:
    if slot is None:
        return None
    return {
        "base": slot.base if slot.base_up or see_all else None,
        "base_up": slot.base_up,
        "defence": list(slot.defence),
    }
