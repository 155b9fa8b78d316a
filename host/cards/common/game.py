"""The contract methods Challengers!, Q Squared Joe NG and Watchtower write alike.

Each of those games keeps its transitions in `rules.py` (setup_state,
apply_event, legal_actions, timer_id), its audiences' views in `views.py`
(build_view) and its JSON form in `state.py`. A subclass names those modules
and its undoable event types, and writes only what differs: the timer's label
and the result (after the fields all three results share, `result_fields`; Q Squared Joe NG
and Watchtower rank their players with `ranked_result`).
"""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType
from typing import Any

from host.games.contract import Event, QuestionRequest, TimerRequest, View
from host.games.ranking import places


class RulesGame:
    """A `Game` (host/games/contract.py) over a package's rules, views and state modules."""

    name: str
    rules: ModuleType
    views: ModuleType
    state: ModuleType  # state_to_json, state_from_json
    undoable_types: frozenset[str] = frozenset()

    def setup(self, settings: dict[str, Any], seats: list[dict[str, Any]], seed: int) -> Any:
        return self.rules.setup_state(settings, seats, seed)

    def apply(self, state: Any, event: Event) -> Any:
        return self.rules.apply_event(state, event)

    def legal_actions(self, state: Any, seat: int) -> list[Event]:
        actions: list[Event] = self.rules.legal_actions(state, seat)
        return actions

    def view(self, state: Any, audience: str) -> View:
        view: View = self.views.build_view(state, audience)
        return view

    def needs(self, state: Any) -> QuestionRequest | None:
        return None

    def timer_label(self, state: Any) -> str:
        return ""

    def timer(self, state: Any) -> TimerRequest | None:
        seconds = state.settings.turn_seconds
        if seconds is None or state.over:
            return None
        return TimerRequest(self.rules.timer_id(state), float(seconds), self.timer_label(state))

    def is_over(self, state: Any) -> bool:
        return bool(state.over)

    def result(self, state: Any) -> dict[str, Any]:
        """Each game's own (its places and scores), after `result_fields`."""
        raise NotImplementedError

    def mark_over(self, state: Any) -> None:
        """Put a state (a copy) in its game's "over" (a phase, or a flag: Q Squared Joe NG)."""
        state.phase = "over"

    def ended(self, state: Any) -> Any:
        """The host ended the game (its `end`, host/cards/common/adapter.py): over where it
        stands, its winner the one player first by the standing so far (none on a tie)."""
        new = state.copy()
        self.mark_over(new)
        new.winner, new.end = None, "host"
        firsts = [row["seat"] for row in self.result(new)["players"] if row["place"] == 1]
        new.winner = firsts[0] if len(firsts) == 1 else None
        return new

    def result_fields(self, state: Any, moves: int) -> dict[str, Any]:
        """The fields every result starts with: the game, whether and how it ended, the
        winner (None while playing, and in a draw) and the moves made."""
        return {
            "game": self.name,
            "over": bool(state.over),
            "winner": state.winner,
            "draw": state.over and state.winner is None,
            "end": state.end,
            "moves": moves,
        }

    def ranked_result(
        self, state: Any, standing: Callable[[int], Any], row: Callable[[Any], dict[str, Any]]
    ) -> dict[str, Any]:
        """A result whose players each get their seat, name, own fields (`row(player)`) and
        place: sorted by `standing(seat)`, lowest first, equal standings sharing a place."""
        place = places(sorted((p.seat for p in state.players), key=standing), standing)
        return {
            **self.result_fields(state, state.move_no),
            "players": [
                {"seat": p.seat, "name": p.name, **row(p), "place": place[p.seat]}
                for p in state.players
            ],
        }

    def to_json(self, state: Any) -> dict[str, Any]:
        data: dict[str, Any] = self.state.state_to_json(state)
        return data

    def from_json(self, data: dict[str, Any]) -> Any:
        return self.state.state_from_json(data)

    def undoable(self, event: Event) -> bool:
        return event.get("type") in self.undoable_types

    def undo_barrier(self, event: Event) -> bool:
        """A move that is not undoable (a seat's or a timeout's) may have shown a hidden card."""
        return not self.undoable(event)
