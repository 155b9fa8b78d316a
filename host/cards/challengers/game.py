"""The `Game` protocol object for Challengers! (see host/games/contract.py)."""

from __future__ import annotations

from typing import Any

from host.cards.challengers import rules, views
from host.cards.challengers.state import ROBOT, State, state_from_json, state_to_json
from host.games.contract import Event, QuestionRequest, TimerRequest, View
from host.games.ranking import places

# Keeping a card already in hand and removing a card reveal nothing. "done"
# may end the deck phase, which shuffles the decks and can let the robot
# reveal its first card, so it is not undoable; nor are draws and reveals.
_UNDOABLE = {"pick", "remove"}


class Challengers:
    """Challengers!: seven rounds of deck building and flag matches, 1 to 8 players."""

    name = "challengers"

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
        label = "reveal" if state.phase in ("match", "final") else "deck phase"
        return TimerRequest(rules.timer_id(state), float(seconds), label)

    def is_over(self, state: State) -> bool:
        return state.over

    def result(self, state: State) -> dict[str, Any]:
        """Places: the winner first, then by fans, trophies and the highest trophy.

        Mid-game at 3-8 players trophy values are secret: scores are None and places
        follow the number of trophies only.
        """
        players = state.players()
        public = views.trophies_public(state)

        def key(seat: int) -> tuple[int, ...]:
            side = state.side(seat)
            known = rules.standing(side) if public else (len(side.trophies),)
            return (1 if state.winner == seat else 0, *known)

        place = places(sorted((p.seat for p in players), key=key, reverse=True), key)
        robot = state.robot()
        return {
            "game": self.name,
            "over": bool(state.over),
            "winner": state.winner,
            "robot_won": state.winner == ROBOT,
            "draw": state.over and state.winner is None,
            "end": state.end,
            "round": state.round,
            "moves": state.step,
            "finalists": list(state.finalists),
            "players": [
                {"seat": p.seat, "name": p.name, "score": p.total_fans() if public else None,
                 "trophies": len(p.trophies), "place": place[p.seat]}
                for p in players
            ],
            "robot": None if robot is None else {
                "level": robot.bot,
                "score": robot.total_fans() if public else None,
                "trophies": len(robot.trophies),
            },
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
