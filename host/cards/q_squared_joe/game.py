"""The `Game` protocol object for Q Squared Joe NG (see host/games/contract.py)."""

from __future__ import annotations

from typing import Any

from host.cards.q_squared_joe import rules, views
from host.cards.q_squared_joe.state import State, state_from_json, state_to_json
from host.games.contract import Event, QuestionRequest, TimerRequest, View
from host.games.ranking import places

# Events that never turn a hidden card face up. A sacrifice may put a face-down
# field card into its owner's hand and a field attack may turn field cards up;
# the event alone cannot tell, so both count as reveals (see the rulings).
_UNDOABLE = {"take", "defend"}


class QSquaredJoe:
    """Q Squared Joe NG: attack the other players' cards until one field is left."""

    name = "q-squared-joe"

    def setup(self, settings: dict[str, Any], seats: list[dict[str, Any]], seed: int) -> State:
        return rules.setup_state(settings, seats, seed)

    def apply(self, state: State, event: Event) -> State:
        return rules.apply_event(state, event)

    def legal_actions(self, state: State, seat: int) -> list[Event]:
        return rules.legal_actions(state, seat)

    def view(self, state: State, audience: str) -> View:
        kind, seat = views.parse_audience(state, audience)
        actions = self.legal_actions(state, seat) if seat is not None else []
        return views.build_view(state, audience, actions)

    def needs(self, state: State) -> QuestionRequest | None:
        return None

    def timer(self, state: State) -> TimerRequest | None:
        seconds = state.settings.turn_seconds
        if seconds is None or state.over:
            return None
        return TimerRequest(rules.timer_id(state), float(seconds), f"seat {state.turn} to play")

    def is_over(self, state: State) -> bool:
        return state.over

    def result(self, state: State) -> dict[str, Any]:
        """Places: the winner first, then by cards left on the field, then later eliminations."""

        def standing(seat: int) -> tuple[int, int, int]:
            p = state.player(seat)
            field = sum(len(s.cards()) for s in p.field if s)
            return (0 if state.winner == seat else 1, -field, -(p.out_at or state.move_no + 1))

        place = places(sorted((p.seat for p in state.players), key=standing), standing)
        return {
            "game": self.name,
            "over": bool(state.over),
            "winner": state.winner,
            "draw": state.over and state.winner is None,
            "end": state.end,
            "moves": state.move_no,
            "players": [
                {
                    "seat": p.seat,
                    "name": p.name,
                    "alive": p.alive,
                    "score": sum(len(s.cards()) for s in p.field if s),
                    "place": place[p.seat],
                }
                for p in state.players
            ],
        }

    def to_json(self, state: State) -> dict[str, Any]:
        return state_to_json(state)

    def from_json(self, data: dict[str, Any]) -> State:
        return state_from_json(data)

    def undoable(self, event: Event) -> bool:
        if event.get("type") == "attack":
            return event.get("zone") == "resource"
        return event.get("type") in _UNDOABLE

    def undo_barrier(self, event: Event) -> bool:
        """A move that is not undoable (a seat's or a timeout's) may have shown a hidden card."""
        return not self.undoable(event)
