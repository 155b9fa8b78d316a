"""The Russian Bank `Game`: the contract adapter over its rules (see host/games/contract.py).

Events a seat sends:
- {"type": "move", "seat": s, "from": src, "to": dst, "count": k}  (count optional, default 1)
- {"type": "draw", "seat": s}   turn the top hand card face up (refilling the hand from the waste)
- {"type": "pass", "seat": s}   only with hand and waste empty
- {"type": "stop", "seat": s}   Stop! mode: a claim that the opponent skipped a compulsory move
  (open to the player not moving, and to the player on turn before their first action)
and the Session's {"type": "timeout", "timer": id} when a turn time limit is set.
"""

from __future__ import annotations

from typing import Any

from host.cards.russian_bank.rules import (
    Duty,
    Move,
    candidate_moves,
    draw_duty,
    end_turn,
    finish_by_penalty,
    foundation_duty,
    play_draw,
    play_move,
    play_pass,
)
from host.cards.russian_bank.state import Settings, State, deal, penalty, zones
from host.cards.russian_bank.views import NAME, build_view
from host.games.contract import (
    BadEvent,
    Event,
    GameError,
    OutOfTurn,
    QuestionRequest,
    StaleEvent,
    TimerRequest,
    View,
)
from host.games.ranking import places

WIN_BONUS = 30
STOP_FINE = 2  # ruling 14: the price of a reserve card, the seed's dearest penalty
SEAT_TYPES = ("move", "draw", "pass", "stop")


def _seat(event: Event) -> int:
    seat = event.get("seat")
    if not isinstance(seat, int) or isinstance(seat, bool) or seat not in (0, 1):
        raise BadEvent("Russian Bank events need a seat, 0 or 1")
    return seat


def parse_move(event: Event) -> Move:
    src, dst, count = event.get("from"), event.get("to"), event.get("count", 1)
    if not isinstance(src, str) or not isinstance(dst, str):
        raise BadEvent('a move needs "from" and "to" zone names')
    if not isinstance(count, int) or isinstance(count, bool):
        raise BadEvent('"count" must be an integer')
    return Move(src, dst, count)


def move_event(seat: int, move: Move) -> Event:
    event: Event = {"type": "move", "seat": seat, "from": move.src, "to": move.dst}
    if move.count != 1:
        event["count"] = move.count
    return event


def turn_timer_id(table: State) -> str:
    return f"russian-bank-turn-{table.turn_no}"


def scores(table: State) -> list[int]:
    """The points each seat has won so far (only the winner scores)."""
    out = [0, 0]
    if table.winner is None:
        return out
    loser = 1 - table.winner
    if table.over == "out":
        out[table.winner] = max(0, penalty(table, loser) + WIN_BONUS - table.fines[table.winner])
    else:
        out[table.winner] = penalty(table, loser) - penalty(table, table.winner)
    return out


class RussianBank:
    """Russian Bank (Crapette) for two seats; the state is a `State`."""

    name = NAME

    def setup(self, settings: dict[str, Any], seats: list[dict[str, Any]], seed: int) -> State:
        if len(seats) != 2:
            raise BadEvent("Russian Bank is played by exactly two seats")
        names = [str(seat.get("name", f"Seat {index}")) for index, seat in enumerate(seats)]
        return deal(Settings.parse(dict(settings)), names, seed)

    # -- applying events -------------------------------------------------

    def apply(self, state: State, event: Event) -> State:
        if not isinstance(event, dict):
            raise BadEvent("an event is a JSON object")
        if state.over:
            raise GameError("the game is over")
        kind = event.get("type")
        if kind == "timeout":
            return self._timeout(state, event)
        if kind not in SEAT_TYPES:
            raise BadEvent(f"unknown Russian Bank event type {kind!r}")
        seat = _seat(event)
        if kind == "stop":
            return self._stop(state, seat)
        if seat != state.turn:
            raise OutOfTurn("it is not your turn")
        table = state.clone()
        # The player moved on: the chance to stop the last skip has passed.
        table.stop_call, table.stop_seat, table.stop_open = None, None, False
        last: dict[str, Any] = {"type": kind, "seat": seat}
        if kind == "move":
            move = parse_move(event)
            duty = foundation_duty(state)
            last.update(
                {"from": move.src, "to": move.dst, "count": move.count, "card": _card(state, move)}
            )
            play_move(table, move)
            missed = duty if duty and not duty.allows(move) else None
        elif kind == "draw":
            missed = draw_duty(state)
            refill = not state.hands[seat]
            play_draw(table)
            last["refilled"] = refill
        else:
            missed = draw_duty(state)
            play_pass(table)
        self._check_missed(table, seat, missed)
        table.last = last
        return self._count(table)

    def ended(self, state: State) -> State:
        """The host ended the game: the fewer penalty points wins (none on a tie)."""
        table = state.clone()
        finish_by_penalty(table, "host")
        return table

    def _check_missed(self, table: State, seat: int, missed: Duty | None) -> None:
        if missed is None:
            return
        if not table.settings.stop_mode:
            raise GameError(missed.message)
        if not table.over:  # also when the skip ended the turn: it can still be stopped
            table.stop_call = missed.message
            table.stop_seat = 1 - seat

    def _stop(self, state: State, seat: int) -> State:
        """A Stop! call (ruling 14). Right: the offender pays; wrong: the caller is fined."""
        if not state.settings.stop_mode:
            raise GameError("Stop! is not played in this game")
        if seat == state.turn and not state.stop_open:
            raise GameError("you cannot stop yourself")
        table = state.clone()
        offender = 1 - seat
        if state.stop_call is not None and state.stop_seat == seat:
            missed = state.stop_call
            if table.turn == offender:
                end_turn(table)  # the offender's turn ends; their turned card goes to the waste
            else:
                table.fines[offender] += STOP_FINE  # the skip ended the turn: a fine instead
            table.last = {"type": "stop", "seat": seat, "missed": missed}
        else:
            table.fines[seat] += STOP_FINE
            table.last = {"type": "stop", "seat": seat, "missed": None, "fine": STOP_FINE}
        table.stop_call, table.stop_seat, table.stop_open = None, None, False
        return self._count(table)

    def _timeout(self, state: State, event: Event) -> State:
        if state.settings.turn_seconds is None or event.get("timer") != turn_timer_id(state):
            raise StaleEvent("this timer is no longer running")
        table = state.clone()
        seat = table.turn
        end_turn(table)
        table.last = {"type": "timeout", "seat": seat}
        return self._count(table)

    def _count(self, table: State) -> State:
        table.moves += 1
        if not table.over and table.moves >= table.settings.move_cap:
            finish_by_penalty(table, "move_cap")
        return table

    # -- questions about a state -----------------------------------------

    def legal_actions(self, state: State, seat: int) -> list[Event]:
        if state.over:
            return []
        # Stop! is always offered to the player not moving (and to the player on turn before
        # their first action), so the list never tells whether a compulsory move was skipped.
        stop: list[Event] = [{"type": "stop", "seat": seat}] if state.settings.stop_mode else []
        if seat != state.turn:
            return stop
        actions = [event for event, _ in self.actions_with_duties(state)]
        return actions + stop if state.stop_open else actions

    def actions_with_duties(self, state: State) -> list[tuple[Event, bool]]:
        """The turn player's legal actions, each flagged True when it makes every compulsory move.

        In the default mode all are compliant; in Stop! mode the skipping ones are listed too.
        """
        seat, stop_mode = state.turn, state.settings.stop_mode
        out: list[tuple[Event, bool]] = []
        duty = foundation_duty(state)
        for move in candidate_moves(state):
            ok = duty is None or duty.allows(move)
            if ok or stop_mode:
                out.append((move_event(seat, move), ok))
        if state.turned is None:
            ok = draw_duty(state, duty) is None
            if ok or stop_mode:
                empty = not state.hands[seat] and not state.wastes[seat]
                out.append(({"type": "pass" if empty else "draw", "seat": seat}, ok))
        return out

    def view(self, state: State, audience: str) -> View:
        return build_view(state, audience, self.result(state))

    def needs(self, state: State) -> QuestionRequest | None:
        return None

    def timer(self, state: State) -> TimerRequest | None:
        seconds = state.settings.turn_seconds
        if seconds is None or state.over:
            return None
        label = f"{state.names[state.turn]}'s turn"
        return TimerRequest(turn_timer_id(state), float(seconds), label)

    def is_over(self, state: State) -> bool:
        return state.over is not None

    def result(self, state: State) -> dict[str, Any]:
        points = scores(state)

        def standing(seat: int) -> tuple[int, int]:
            return (0 if state.winner == seat else 1, -points[seat])

        place = places(sorted((0, 1), key=standing), standing)
        return {
            "over": state.over is not None,
            "reason": state.over,
            "winner": state.winner,
            "players": [{"seat": seat, "name": state.names[seat], "score": points[seat],
                         "place": place[seat]} for seat in (0, 1)],
            "scores": points,
            "penalties": [penalty(state, 0), penalty(state, 1)],
            "moves": state.moves,
        }

    def to_json(self, state: State) -> dict[str, Any]:
        return state.to_json()

    def from_json(self, data: dict[str, Any]) -> State:
        return State.from_json(data)

    def undoable(self, event: Event) -> bool:
        """Turning a hand card and playing from the reserve (which turns the next) reveal cards."""
        if event.get("type") == "draw":
            return False
        return not (event.get("type") == "move" and event.get("from") == "reserve")

    def undo_barrier(self, event: Event) -> bool:
        """A move that is not undoable (a seat's or a timeout's) may have shown a hidden card."""
        return not self.undoable(event)

    def zones(self, state: State) -> dict[str, list[str]]:
        return zones(state)


def _card(state: State, move: Move) -> str | None:
    """The card a move carries (its base card for a run), for the 'last move' display."""
    if move.src == "reserve":
        reserve = state.reserves[state.turn]
        return reserve[-1] if reserve else None
    if move.src == "hand":
        return state.turned
    try:
        pile = state.houses[int(move.src.split(":")[1])]
    except (IndexError, ValueError):
        return None
    return pile[-move.count] if 0 < move.count <= len(pile) else None
