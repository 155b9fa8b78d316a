"""The `Game` protocol object for Challengers! (see host/games/contract.py)."""

from __future__ import annotations

from typing import Any

from host.cards.common.game import RulesGame
from host.cards.challengers import rules, views
from host.cards.challengers import state as state_module
from host.cards.challengers.state import ROBOT, State
from host.games.ranking import places

# Keeping a card already in hand and removing a card reveal nothing. "done"
# may end the deck phase, which shuffles the decks and can let the robot
# reveal its first card, so it is not undoable; nor are draws and reveals.
_UNDOABLE = frozenset({"pick", "remove"})


class Challengers(RulesGame):
    """Challengers!: seven rounds of deck building and flag matches, 1 to 8 players."""

    name = "challengers"
    rules = rules
    views = views
    state = state_module
    undoable_types = _UNDOABLE

    def timer_label(self, state: State) -> str:
        return "reveal" if state.phase in ("match", "final") else "deck phase"

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
        if state.winner == ROBOT:  # solo only: the robot is first, every player after it
            place = {seat: n + 1 for seat, n in place.items()}
        robot = state.robot()
        return {
            **self.result_fields(state, state.step),
            "robot_won": state.winner == ROBOT,
            "round": state.round,
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

