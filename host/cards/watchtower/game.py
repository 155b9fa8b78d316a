"""The `Game` protocol object for Watchtower (see host/games/contract.py)."""

from __future__ import annotations

from typing import Any

from host.cards.watchtower import rules, views
from host.cards.watchtower.state import State, state_from_json, state_to_json
from host.games.contract import Event, QuestionRequest, TimerRequest, View
from host.games.ranking import places

# Decisions that turn no hidden card up. A draw, a burn (it draws), a pick (the
# last pick of a challenge turns the soldiers up) and the showdown reveal cards.
_UNDOABLE = {"place", "ready", "challenge", "seize", "end"}


class Watchtower:
    """Watchtower: forts, armies, blind challenges and watchtowers, then a showdown."""

    name = "watchtower"

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
        if state.pending and state.pending.queue:
            label = f"seat {state.pending.queue[0][0]} to pick"
        else:
            label = f"seat {state.turn} to play"
        return TimerRequest(rules.timer_id(state), float(seconds), label)

    def is_over(self, state: State) -> bool:
        return state.over

    def waiting_for(self, state: State) -> int | None:
        """The seat whose decision the game waits for (a picker, or the player to move)."""
        if state.over:
            return None
        if state.pending and state.pending.queue:
            return state.pending.queue[0][0]
        return state.turn

    def result(self, state: State) -> dict[str, Any]:
        """Places: the winner first, then by tricks, then by army size; the eliminated last."""

        def standing(seat: int) -> tuple[int, int, int, int]:
            p = state.player(seat)
            return (int(p.out), 0 if state.winner == seat else 1, -len(p.tricks), -len(p.army))

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
                    "out": p.out,
                    "campaign": p.campaign,
                    "score": len(p.tricks) if state.end == "showdown" else len(p.army),
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
        return event.get("type") in _UNDOABLE

    def undo_barrier(self, event: Event) -> bool:
        """A move that is not undoable (a seat's or a timeout's) may have shown a hidden card."""
        return not self.undoable(event)
