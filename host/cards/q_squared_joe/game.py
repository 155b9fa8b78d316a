"""The `Game` protocol object for Q Squared Joe NG (see host/games/contract.py)."""

from __future__ import annotations

from typing import Any

from host.cards.common.game import RulesGame
from host.cards.q_squared_joe import rules, views
from host.cards.q_squared_joe import state as state_module
from host.cards.q_squared_joe.state import Player, State
from host.games.contract import Event

# Events that never turn a hidden card face up. A sacrifice may put a face-down
# field card into its owner's hand and a field attack may turn field cards up;
# the event alone cannot tell, so both count as reveals (see the rulings).
_UNDOABLE = frozenset({"take", "defend"})


class QSquaredJoe(RulesGame):
    """Q Squared Joe NG: attack the other players' cards until one field is left."""

    name = "q-squared-joe"
    rules = rules
    views = views
    state = state_module
    undoable_types = _UNDOABLE

    def timer_label(self, state: State) -> str:
        return f"seat {state.turn} to play"

    def seats_out(self, state: State) -> list[int]:
        return [p.seat for p in state.players if not p.alive]

    def mark_over(self, state: State) -> None:
        state.over = True

    def result(self, state: State) -> dict[str, Any]:
        """Places: the winner first, then by cards left on the field, then later eliminations."""

        def standing(seat: int) -> tuple[int, int, int]:
            p = state.player(seat)
            field = sum(len(s.cards()) for s in p.field if s)
            return (0 if state.winner == seat else 1, -field, -(p.out_at or state.move_no + 1))

        def row(p: Player) -> dict[str, Any]:
            return {"alive": p.alive, "score": sum(len(s.cards()) for s in p.field if s)}

        return self.ranked_result(state, standing, row)

    def undoable(self, event: Event) -> bool:
        if event.get("type") == "attack":
            return event.get("zone") == "resource"
        return super().undoable(event)
