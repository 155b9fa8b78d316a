"""`QuizRoundGame`: the quiz round behind the common Game contract (rules in rules.py)."""

from __future__ import annotations

from typing import Any

from host.games.contract import BadEvent, Event, QuestionRequest, TimerRequest, View
from host.games.ranking import scored_result
from host.quiz_round import (
    buzz, knockout, ordering, rules, several, typed, views, wager, wipeout)
from host.quiz_round.state import (
    MAX_SEATS,
    MIN_SEATS,
    QuizState,
    from_json,
    new_state,
    parse_settings,
    to_json,
)

SEAT_ACTIONS = frozenset({"answer", "joker", "buzz", "stake", "double"})
_UNDOABLE = frozenset({"next", "close", "skip", "adjust", "end", "right", "wrong",
                       "accept", "reject", "correct", "void", "paper"})
# A question's sound on the projector: not a decision to undo (undo skips over them); nor
# the start of its time, by the host's "no sound" or the projector's `clip_heard`.
HOST_ACTIONS = _UNDOABLE | {"clip_play", "clip_pause", "clip_replay", "clip_no_sound"}
SCREEN_ACTIONS = frozenset({"clip_heard"})


class QuizRoundGame:
    name = "quiz-round"

    def __init__(self) -> None:
        # One view per audience after every change (2 + up to 200 seats): the room's part
        # is the same for all of them, so it is built once per state.
        self._room: tuple[QuizState, View, View, dict[int, int]] | None = None

    def setup(self, settings: dict[str, Any], seats: list[dict[str, Any]], seed: int) -> Any:
        if not MIN_SEATS <= len(seats) <= MAX_SEATS:
            raise BadEvent(f"a quiz round takes {MIN_SEATS} to {MAX_SEATS} teams")
        paper = tuple(i for i, s in enumerate(seats) if s.get("paper"))  # paper.py
        return new_state(parse_settings(settings), [str(s["name"]) for s in seats], paper,
                         seed)

    def apply(self, state: QuizState, event: Event) -> QuizState:
        return rules.apply_event(state, event)

    def legal_actions(self, state: QuizState, seat: int) -> list[Event]:
        """An answer template per option (choice), sample texts (text), sample orders (order,
        made from the shown order alone) or one with value None (numeric) while the team has
        not locked in; its joker on a round's title card while unplayed."""
        if seat in state.paper:  # no phone: the host enters its answers (paper.py)
            return []
        # double or nothing, offered beside the team's other moves until the last question
        double = [{"type": "double", "seat": seat}] if wipeout.double_open(state, seat) else []
        if rules.joker_open(state, seat):
            return [{"type": "joker", "seat": seat}, *double]
        if wager.is_wager_stage(state):  # a stake before the question: none, half, all
            if wager.stake_of(state.stakes, seat) is not None:
                return []
            return [{"type": "stake", "seat": seat, "points": points}
                    for points in wager.sample_stakes(state, seat)]
        asked = state.asked
        if buzz.is_buzz(state):
            live = buzz.status(state, seat) == "live"
            return [{"type": "buzz", "seat": seat}] if live else []
        if (state.stage != "answering" or asked is None or asked.answer_of(seat) is not None
                or (state.plan.knockout and knockout.is_out(state, seat))):
            return double
        return double + self._answers(asked, seat)

    @staticmethod
    def _answers(asked: Any, seat: int) -> list[Event]:
        if several.is_several(asked):  # tick lists made from the option count alone
            return [{"type": "answer", "seat": seat, "value": ticks}
                    for ticks in several.sample_ticks(len(asked.content["options"]))]
        if asked.content["kind"] == "choice":
            return [{"type": "answer", "seat": seat, "value": i}
                    for i in range(len(asked.content["options"]))]
        if ordering.is_order(asked):
            return [{"type": "answer", "seat": seat, "value": order}
                    for order in ordering.sample_orders(len(asked.content["options"]))]
        if typed.is_text(asked):  # any text: a few samples, right, a typo and a miss
            return [{"type": "answer", "seat": seat, "value": text}
                    for text in typed.sample_answers(asked.content)]
        return [{"type": "answer", "seat": seat, "value": None}]

    def view(self, state: QuizState, audience: str) -> View:
        cached = self._room
        if cached is None or cached[0] is not state:
            room = views.room_view(state)
            cached = self._room = (state, room, views.phone_room(room), views.places_of(room))
        return views.view(state, audience, room=cached[1], phones=cached[2], places=cached[3])

    def needs(self, state: QuizState) -> QuestionRequest | None:
        return rules.needs(state)

    def timer(self, state: QuizState) -> TimerRequest | None:
        return rules.timer(state)

    def is_over(self, state: QuizState) -> bool:
        return state.stage == "over"

    def headline(self, state: QuizState) -> tuple[Any, ...]:
        """What the room waits for: the stage moving (the bets closed, a question shown, the
        answers closed and revealed, the board) and, in a buzz question, who has the floor. A
        lock-in or a stake that moves none of it (one of 200 in a burst) stays coalesced; a
        state whose headline moved goes to the projector at once, even between two phones
        of a round of the phones' views (host/wire/broadcast.py): without it, the reveal
        waited for the 200 phones' round a lock-in had started (bench/quiz_round.py, the
        reveal 120-240 ms after the close on a loaded machine)."""
        board = state.buzz
        return (state.step, buzz.floor(state), None if board is None else board.phase)

    def result(self, state: QuizState) -> dict[str, Any]:
        return {
            **scored_result(state.stage == "over", state.names, state.scores),
            "questions": state.questions_asked,
        }

    def scored(self, state: QuizState) -> list[dict[str, Any]] | None:
        """The open question's verdicts once revealed, for its results (host/room/results.py):
        each seat that answered (or was marked, in a buzz round), `right` and `points` (the
        speed bonus and a joker in them); None before the reveal."""
        if state.outcome is None or state.asked is None:
            return None
        return [{"seat": r["seat"], "right": r["right"], "points": r["points"]}
                for r in state.outcome["rows"]]

    def to_json(self, state: QuizState) -> dict[str, Any]:
        return to_json(state)

    def from_json(self, data: dict[str, Any]) -> QuizState:
        return from_json(data)

    def undoable(self, event: Event) -> bool:
        """Host decisions may be undone; answers, jokers, questions and timeouts may not
        (a team's own move is not the host's to take back: undo keeps them, `undo_context`)."""
        return event.get("type") in _UNDOABLE

    def undo_barrier(self, event: Event) -> bool:
        """A question shown is drawn afresh on undo; nothing secret is revealed by a move."""
        return False

    def undo_context(self, state: QuizState) -> tuple[int, str | None]:
        """What a team's move is about (host/store/replay.py): the round (a joker on its title
        card), the open question (an answer, a buzz) or the question a wager stage is for (a
        stake). Undo keeps a team's move made after the undone decision when it still applies
        to the same one."""
        if wager.is_wager_stage(state):
            return state.round, f"wager{state.number}"
        return state.round, state.asked.request_id if state.asked is not None else None
