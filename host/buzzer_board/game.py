"""`BuzzerGame`: the buzzer board behind the common Game contract (rules in rules.py)."""

from __future__ import annotations

from typing import Any

from host.buzzer_board import rules, views
from host.buzzer_board.state import (
    MAX_SEATS,
    MIN_SEATS,
    BuzzerState,
    from_json,
    parse_settings,
    to_json,
)
from host.games.contract import BadEvent, Event, QuestionRequest, TimerRequest, View
from host.games.ranking import scored_result

SEAT_ACTIONS = frozenset({"buzz"})
HOST_ACTIONS = frozenset({"open", "close", "right", "wrong", "end"})
_UNDOABLE = frozenset({"open", "close", "right", "wrong", "end"})


class BuzzerGame:
    name = "buzzer"

    def __init__(self) -> None:
        # The Session asks for one view per audience after every change (2 + seats, up to
        # 258); the room's part is the same for all of them, so it is built once per state.
        self._room: tuple[BuzzerState, View, dict[int, int]] | None = None

    def setup(self, settings: dict[str, Any], seats: list[dict[str, Any]], seed: int) -> Any:
        if not MIN_SEATS <= len(seats) <= MAX_SEATS:
            raise BadEvent(f"the buzzer board takes {MIN_SEATS} to {MAX_SEATS} seats")
        return rules.new_state(parse_settings(settings), seats, seed)

    def apply(self, state: BuzzerState, event: Event) -> BuzzerState:
        return rules.apply_event(state, event)

    def legal_actions(self, state: BuzzerState, seat: int) -> list[Event]:
        """A buzz while the window is live for this seat (presses at other times are
        refused or earn an early lockout, so they are not offered)."""
        board = state.board
        if state.over or board.phase != "armed" or seat in board.out:
            return []
        if seat in board.entered:
            return []
        return [{"type": "buzz", "seat": seat}]

    def view(self, state: BuzzerState, audience: str) -> View:
        cached = self._room
        if cached is None or cached[0] is not state:
            room = views.room_view(state)
            cached = self._room = (state, room, views.places_of(room))
        return views.view(state, audience, room=cached[1], places=cached[2])

    def needs(self, state: BuzzerState) -> QuestionRequest | None:
        return None  # the host reads the questions aloud

    def timer(self, state: BuzzerState) -> TimerRequest | None:
        return rules.timer(state)

    def is_over(self, state: BuzzerState) -> bool:
        return state.over

    def headline(self, state: BuzzerState) -> tuple[Any, ...]:
        """What the room waits for: a window opening or closing, who has the floor, its
        marks. A press that changes none of it (a later press in a burst) is coalesced."""
        board = state.board
        decision = board.decision
        floor = None if decision is None or decision.winner is None else decision.winner.seat
        return (state.window, state.rearm, board.phase, floor,
                decision is not None and decision.final, state.last_result, state.over)

    def result(self, state: BuzzerState) -> dict[str, Any]:
        return {
            **scored_result(bool(state.over), state.names, state.scores),
            "windows": state.window,
        }

    def to_json(self, state: BuzzerState) -> dict[str, Any]:
        return to_json(state)

    def from_json(self, data: dict[str, Any]) -> BuzzerState:
        return from_json(data)

    def undoable(self, event: Event) -> bool:
        """Host decisions may be undone (a mis-marked answer); presses and timeouts may not."""
        return event.get("type") in _UNDOABLE

    def undo_barrier(self, event: Event) -> bool:
        """Nothing on a buzzer board is secret."""
        return False

    def undo_context(self, state: BuzzerState) -> int:
        """A press is about its window: undo keeps the presses made after the undone
        decision in the same window where they still apply (host/store/replay.py)."""
        return state.window
