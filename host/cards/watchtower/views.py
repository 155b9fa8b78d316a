"""What each audience sees: hidden cards appear only as counts or as null.

Hidden cards: the armies, the barracks and the soldiers picked face down
during a challenge or a for-all. "host" sees everything; "seat:<n>" sees the
table plus its own army and its own picked soldiers (it held them out, so it
knows them); the chooser of a blind pick sees only how many cards there are.
"""

from __future__ import annotations

from typing import Any

from host.cards.common import audiences
from host.cards.watchtower.secrets import secrets
from host.cards.watchtower.state import Player, State
from host.games.contract import View


def build_view(state: State, audience: str) -> View:
    kind, own = audiences.parse_audience(audience, state.player)
    see_all = kind == "host"
    players = [_player_view(p, shown=see_all or p.seat == own) for p in state.players]
    view: View = {
        "game": "watchtower",
        "audience": audience,
        "players": players,
        "barracks_count": len(state.barracks),
        "phase": state.phase,
        "turn": state.turn,
        "dealer": state.dealer,
        "move_no": state.move_no,
        "move_limit": state.settings.move_limit,
        "burnt": state.burnt,
        "challenges": state.challenges,
        "counts": dict(state.counts),
        "pending": _pending(state, own, see_all),
        # Soldiers turned up in a battle are public while that battle is the last move
        # (`secrets.turned_up`); after the next move they are secrets again in their armies.
        **audiences.outcome_fields(state, secrets(state, audience)),
    }
    if see_all:
        view["barracks"] = list(state.barracks)
        view["fresh"] = dict(state.fresh)
        view["spoils"] = {card: seat for card, seat in state.spoils.items()}
    if kind == "seat":
        view["you"] = own
    return view


def _player_view(p: Player, shown: bool) -> dict[str, Any]:
    """A player as this audience sees them: the army's cards only when `shown` (to the host and
    to the player's own seat); its size always."""
    entry: dict[str, Any] = {
        "seat": p.seat,
        "name": p.name,
        "bot": p.bot,
        "out": p.out,
        "campaign": p.campaign,
        "army_count": len(p.army),
        "fort": [list(stack) for stack in p.fort],
        "tower": list(p.tower),
        "tricks": list(p.tricks),
    }
    if shown:
        entry["army"] = list(p.army)
    return entry


def _pending(state: State, own: int | None, see_all: bool) -> dict[str, Any] | None:
    pending = state.pending
    if pending is None:
        return None
    lines: dict[str, Any] = {}
    for owner, line in pending.lines.items():
        known = see_all or owner == str(own)
        lines[owner] = {"count": len(line), "cards": list(line) if known else None}
    return {
        "kind": pending.kind,
        "attacker": pending.attacker,
        "defender": pending.defender,
        "target": pending.target,
        "size": pending.size,
        "contested": pending.contested,
        "next_pick": {"chooser": pending.queue[0][0], "owner": pending.queue[0][1]}
        if pending.queue
        else None,
        "lines": lines,
    }
