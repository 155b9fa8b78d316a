"""What each audience sees of a Russian Bank game.

The projector and both seats see the same table: in Russian Bank a player's
own hand is face down to them too, so a seat's view only adds `you`. Hidden
cards (the hands, the reserves and wastes under their top card) appear as
counts; the host also gets the whole state.
"""

from __future__ import annotations

from typing import Any

from host.cards.russian_bank.cards import RANK
from host.cards.russian_bank.state import State, penalty
from host.games.contract import BadEvent, View

NAME = "russian_bank"


def build_view(state: State, audience: str, result: dict[str, Any]) -> View:
    """This audience's view; `result` is the game's result now (every view carries it)."""
    view = table_view(state, result)
    if audience == "screen":
        return view
    if audience == "host":
        view["state"] = state.to_json()
        view["stop_call"] = state.stop_call
        return view
    if audience.startswith("seat:") and audience[5:] in ("0", "1"):
        view["you"] = int(audience[5:])
        return view
    raise BadEvent(f"unknown audience {audience!r}")


def table_view(state: State, result: dict[str, Any]) -> View:
    """What the whole room sees."""
    seats = []
    for seat in (0, 1):
        reserve, waste = state.reserves[seat], state.wastes[seat]
        seats.append(
            {
                "seat": seat,  # so a seat renamed after the start shows its name (names.py)
                "name": state.names[seat],
                "reserve": {"count": len(reserve), "top": reserve[-1] if reserve else None},
                "hand": {"count": len(state.hands[seat])},
                "waste": {"count": len(waste), "top": waste[-1] if waste else None},
                "turned": state.turned if state.turn == seat else None,
                "penalty": penalty(state, seat),
            }
        )
    return {
        "game": NAME,
        "turn": state.turn,
        "turn_no": state.turn_no,
        # The cut cards went back into the shuffled decks: show their ranks only.
        "cut": [RANK[card] for card in state.cut],
        "seats": seats,
        "houses": [list(pile) for pile in state.houses],
        "foundations": [list(pile) for pile in state.foundations],
        "last": dict(state.last) if state.last else None,
        "result": result,
    }
