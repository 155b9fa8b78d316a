"""`TerritoryGame`: the territory quiz behind the common Game contract.

The game object holds the map (and an index built from it); states hold only
the map id, so states stay small and cheap to copy.
"""

from __future__ import annotations

from typing import Any

from host.games.contract import Event, QuestionRequest, TimerRequest, View
from host.territory import rules, views
from host.territory.board import Board
from host.territory.setup import new_game
from host.territory.gamemap import GameMap
from host.territory.settings import parse_settings
from host.territory.state import TerritoryState, from_json, to_json

_UNDOABLE = frozenset({"pick", "attack", "continue", "override", "end"})


class TerritoryGame:
    name = "territory"

    def __init__(self, game_map: GameMap) -> None:
        self.game_map = game_map
        self.board = Board.of(game_map)

    def setup(self, settings: dict[str, Any], seats: list[dict[str, Any]], seed: int) -> Any:
        return new_game(self.board, parse_settings(settings), seats, seed)

    def apply(self, state: TerritoryState, event: Event) -> TerritoryState:
        return rules.apply_event(self.board, state, event)

    def legal_actions(self, state: TerritoryState, seat: int) -> list[Event]:
        """Picks/attacks this seat may send, or answer templates for an open question.

        Answers: one event per option for a choice question; for a numeric one a
        single template whose value is None. The sender adds the value (numeric)
        and "t_ns", the host-clock time of the lock-in.
        """
        if state.stage in ("pick", "attack"):
            return [
                {"type": state.stage, "seat": seat, "territory": tid}
                for tid in rules.legal_targets(self.board, state, seat)
            ]
        q = state.question
        if state.stage != "answering" or q is None:
            return []
        if seat not in q.seats or q.answer_of(seat) is not None:
            return []
        if q.kind == "choice":
            return [
                {"type": "answer", "seat": seat, "value": i}
                for i in range(q.option_count())
            ]
        return [{"type": "answer", "seat": seat, "value": None}]

    def view(self, state: TerritoryState, audience: str) -> View:
        return views.view(state, audience)

    def needs(self, state: TerritoryState) -> QuestionRequest | None:
        return rules.needs(state)

    def timer(self, state: TerritoryState) -> TimerRequest | None:
        return rules.timer(state)

    def is_over(self, state: TerritoryState) -> bool:
        return state.stage == "over"

    def headline(self, state: TerritoryState) -> tuple[Any, ...]:
        """What the room waits for: each new step (a question shown, a reveal, a turn) and
        each lock-in (the projector ticks who has answered)."""
        question = state.question
        return (state.seq, state.stage, 0 if question is None else len(question.answers),
                0 if question is None else len(question.overrides))

    def result(self, state: TerritoryState) -> dict[str, Any]:
        """Players with their place: mid-game equal scores share a place; once over, places
        are unique, but for a tie the host's `end` left unbroken (a block of `standing`)."""
        order = rules.ranking(state)
        over = self.is_over(state)
        ranks = rules.places(state)
        players = []
        for p in state.players:
            held = [
                {"id": tid, "name_en": self.game_map.territories[tid].name_en, "value": value}
                for tid, owner, value in zip(
                    state.territory_ids, state.owners, state.values, strict=True
                )
                if owner == p.seat
            ]
            players.append({
                "seat": p.seat,
                "name": p.name,
                "score": p.score,
                "bonus": p.bonus,
                "territories": held,
                "place": ranks[p.seat],
                "eliminated": not p.active,
            })
        return {
            "over": over,
            "players": players,
            "winner": order[0],
            "phase": state.phase,
            "round": state.round,
        }

    def to_json(self, state: TerritoryState) -> dict[str, Any]:
        return to_json(state)

    def from_json(self, data: dict[str, Any]) -> TerritoryState:
        return from_json(data)

    def undoable(self, event: Event) -> bool:
        """Decisions (pick, attack, continue, override, end) may be undone; a question,
        an answer or a timeout may not: the room has seen it or it is the clock's word."""
        return event.get("type") in _UNDOABLE

    def pause_reason(self, state: TerritoryState) -> str | None:
        """The game stalled itself: expansion questions nobody answered (host `resume`)."""
        return rules.STALL_REASON if state.stage == "stalled" else None

    def undo_barrier(self, event: Event) -> bool:
        """A question shown is drawn afresh on undo: nothing secret is ever revealed."""
        return False

    def undo_context(self, state: TerritoryState) -> tuple[str, int]:
        """A player's move is about one step of the game (its stage and count): undo keeps
        the moves made after the undone decision in the same step where they still apply
        (host/store/replay.py)."""
        return state.stage, state.seq
