"""The `Game` protocol object for Watchtower (see host/games/contract.py)."""

from __future__ import annotations

from typing import Any

from host.cards.common.game import RulesGame
from host.cards.watchtower import rules, views
from host.cards.watchtower import state as state_module
from host.cards.watchtower.state import Player, State

# Decisions that turn no hidden card up. A draw, a burn (it draws), a pick (the
# last pick of a challenge turns the soldiers up) and the showdown reveal cards.
_UNDOABLE = frozenset({"place", "ready", "challenge", "seize", "end"})


class Watchtower(RulesGame):
    """Watchtower: forts, armies, blind challenges and watchtowers, then a showdown."""

    name = "watchtower"
    rules = rules
    views = views
    state = state_module
    undoable_types = _UNDOABLE

    def timer_label(self, state: State) -> str:
        if state.pending and state.pending.queue:
            return f"seat {state.pending.queue[0][0]} to pick"
        return f"seat {state.turn} to play"

    def waiting_for(self, state: State) -> int | None:
        """The seat whose decision the game waits for (a picker, or the player to move)."""
        if state.over:
            return None
        if state.pending and state.pending.queue:
            return state.pending.queue[0][0]
        return state.turn

    def seats_out(self, state: State) -> list[int]:
        return [p.seat for p in state.players if p.out]

    def result(self, state: State) -> dict[str, Any]:
        """Places: the winner first, then by tricks, then by army size; the eliminated last."""

        def standing(seat: int) -> tuple[int, int, int, int]:
            p = state.player(seat)
            return (int(p.out), 0 if state.winner == seat else 1, -len(p.tricks), -len(p.army))

        def row(p: Player) -> dict[str, Any]:
            score = len(p.tricks) if state.end == "showdown" else len(p.army)
            return {"out": p.out, "campaign": p.campaign, "score": score}

        return self.ranked_result(state, standing, row)

