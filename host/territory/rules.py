"""The territory game's rules as pure functions: state and event in, new state out.

Every transition builds a new `TerritoryState` with `state.evolve` (a fast
`dataclasses.replace`) and fresh small tuples; the input state is never
touched. Randomness (castle draw, attack order, timed-out picks) comes only
from the generator int in the state.
The rulings implemented here are written out in docs/rules/territory.md.
Combat and the game's end are host/territory/battle.py; the smallest steps
(a new stage, a question asked, a score) host/territory/steps.py.
"""

from collections.abc import Callable
from typing import Any, TypeGuard

from host import rng
from host.games.contract import (BadEvent, Event, GameError, OutOfTurn, QuestionRequest,
                                 StaleEvent, TimerRequest)
from host.territory.battle import FINAL_TRIES_MAX as FINAL_TRIES_MAX  # the tests read it here
from host.territory.battle import (do_attack, duel_won, hold, over, score_blocks, settle_block,
                                   start_round)
from host.territory.board import CASTLE_TOWERS, CASTLE_VALUE, CHOICE_OPTIONS, PICK_VALUE, Board
from host.territory.judging import (duel_result, expansion_order, is_correct_choice,
                                    speed_outcome)
from host.territory.modes import (CONQUEST_ROUNDS, CONQUEST_VALUE, EXPANSION_PICKS,
                                  LEFTOVER_VALUE, castle_options, combat_rounds, conquest_order,
                                  duel_picks, duel_round_sizes)
from host.territory.state import FREE, Answer, Question, TerritoryState, evolve
from host.territory.steps import add_score, ask, next_stage, set_territory, with_item


# Expansion questions in a row that nobody answers before the game stalls for the host.
SILENT_LIMIT = 3
STALL_REASON = "nobody_answered"

# ---------------------------------------------------------------- queries


def timer_id(state: TerritoryState) -> str | None:
    if state.stage in ("answering", "reveal", "pick", "attack"):
        return f"t{state.seq}"
    return None


def needs(state: TerritoryState) -> QuestionRequest | None:
    if state.stage == "awaiting_question" and state.question is not None:
        return QuestionRequest(state.question.kind, state.question.request_id)
    return None


def timer(state: TerritoryState) -> TimerRequest | None:
    tid = timer_id(state)
    if tid is None:
        return None
    s = state.settings
    if state.stage == "answering":
        assert state.question is not None
        numeric = state.question.kind == "numeric"
        seconds = s.numeric_seconds if numeric else s.choice_seconds
        return TimerRequest(tid, seconds, f"{state.question.purpose} answer")
    if state.stage == "reveal":
        return TimerRequest(tid, s.reveal_seconds, "reveal")
    return TimerRequest(tid, s.pick_seconds, state.stage)


def current_actor(state: TerritoryState) -> int | None:
    """The seat choosing a territory now (picker or attacker), if any."""
    if state.stage == "pick":
        return state.picks[0]
    if state.stage == "attack":
        return state.order[state.turn]
    return None


def legal_targets(board: Board, state: TerritoryState, seat: int) -> list[str]:
    """Territories `seat` may pick or attack now (empty when it is not its choice)."""
    if current_actor(state) != seat:
        return []
    if state.stage == "pick":
        return [board.ids[i] for i in _pick_options(board, state, seat)]
    return [board.ids[i] for i in _attack_options(board, state, seat)]


def _pick_options(board: Board, state: TerritoryState, seat: int) -> list[int]:
    """Free territories `seat` may take now: touching its land when any does.

    Campaign: a base (castles phase) or a territory to mark (conquest phase, not
    one another player marked this round).
    """
    if state.phase == "castles":
        return _castle_options(board, state)
    owners = state.owners
    free = [i for i, owner in enumerate(owners) if owner == FREE]
    if state.marks:
        marked = {board.index[tid] for _, tid in state.marks}
        free = [i for i in free if i not in marked]
    touching = [i for i in free if any(owners[n] == seat for n in board.neighbours[i])]
    return touching or free


def _castle_options(board: Board, state: TerritoryState) -> list[int]:
    placed = [i for i, castle in enumerate(state.castles) if castle]
    return castle_options(board.neighbours, board.sites, placed, len(state.picks) - 1)


def _attack_options(board: Board, state: TerritoryState, seat: int) -> list[int]:
    owners = state.owners
    enemy = [i for i, owner in enumerate(owners) if owner not in (FREE, seat)]
    rule = state.settings.attack_adjacency
    mode = state.settings.mode
    if rule == "rounds_1_3" and mode == "campaign":
        rule = "always"  # the long campaign's help page: only neighbours may be attacked
    if rule == "always" or (rule == "rounds_1_3" and state.round < combat_rounds(mode)):
        touching = [i for i in enemy if any(owners[n] == seat for n in board.neighbours[i])]
        if touching:
            return touching
    return enemy


# ---------------------------------------------------------------- judging


# ---------------------------------------------------------------- events


def apply_event(board: Board, state: TerritoryState, event: Event) -> TerritoryState:
    """The state after `event`; raises a GameError subclass (state untouched) if refused."""
    if not isinstance(event, dict):
        raise BadEvent("An event must be an object with a type.")
    kind = event.get("type")
    handler = _HANDLERS.get(kind) if isinstance(kind, str) else None
    if handler is None:
        raise BadEvent(f"Unknown event type {kind!r}.")
    if state.stage == "over":
        raise StaleEvent("The game is over.")
    if state.map_id != board.map_id:
        raise GameError(f"This state belongs to map {state.map_id!r}, not {board.map_id!r}.")
    return handler(board, state, event)


def _on_question(board: Board, state: TerritoryState, event: Event) -> TerritoryState:
    q = state.question
    if state.stage != "awaiting_question" or q is None:
        raise StaleEvent("No question is awaited now.")
    if event.get("request_id") != q.request_id:
        raise StaleEvent(f"This question answers request {event.get('request_id')!r}, "
                         f"not the current one ({q.request_id}).")
    content = event.get("question")
    _check_question(content, q.kind)
    assert isinstance(content, dict)
    reused = state.reused_questions + (1 if content.get("reused_in_game") else 0)
    return next_stage(state, "answering", question=evolve(q, content=content),
                       reused_questions=reused)


def _check_question(content: Any, kind: str) -> None:
    if not isinstance(content, dict):
        raise BadEvent("The question must be an object.")
    if content.get("kind") != kind:
        raise BadEvent(f"A {kind} question is needed, not {content.get('kind')!r}.")
    if not isinstance(content.get("id"), str) or not isinstance(content.get("prompt"), str):
        raise BadEvent("A question needs a string id and prompt.")
    answer = content.get("answer")
    if not is_int(answer):
        raise BadEvent("A question's answer must be an integer.")
    if kind == "numeric" and answer <= 0:
        raise BadEvent("A numeric question's answer must be a positive integer.")
    if kind == "choice":
        options = content.get("options")
        low, high = CHOICE_OPTIONS
        if (
            not isinstance(options, (list, tuple))
            or not low <= len(options) <= high
            or not all(isinstance(o, str) for o in options)
        ):
            raise BadEvent(f"A choice question needs {low} to {high} text options.")
        if not 0 <= answer < len(options):
            raise BadEvent(f"A choice question's answer must be an option index 0-"
                           f"{len(options) - 1}.")


def _on_answer(board: Board, state: TerritoryState, event: Event) -> TerritoryState:
    seat = _seat_of(event)
    q = state.question
    if state.stage == "reveal":
        raise StaleEvent("Answers are closed for this question.")
    if state.stage != "answering" or q is None:
        raise OutOfTurn("No question is open for answers now.")
    if seat not in q.seats:
        raise OutOfTurn(f"Seat {seat} does not answer this question.")
    if q.answer_of(seat) is not None:
        raise StaleEvent(f"Seat {seat} has already answered this question.")
    value, t_ns = event.get("value"), event.get("t_ns")
    if not is_int(value):
        raise BadEvent("An answer's value must be an integer.")
    if q.kind == "choice" and not 0 <= value < (count := q.option_count()):
        raise BadEvent(f"A choice answer must be an option index 0-{count - 1}.")
    if not is_int(t_ns):
        raise BadEvent("An answer needs its lock-in time t_ns (integer).")
    answered = evolve(q, answers=q.answers + (Answer(seat, value, t_ns),))
    if len(answered.answers) == len(q.seats):
        return next_stage(state, "reveal", question=answered)
    return evolve(state, question=answered)


def _on_timeout(board: Board, state: TerritoryState, event: Event) -> TerritoryState:
    current = timer_id(state)
    if current is None or event.get("timer") != current:
        raise StaleEvent(f"Timer {event.get('timer')!r} is not running now.")
    if state.stage == "answering":
        return next_stage(state, "reveal")
    if state.stage == "reveal":
        return _resolve(board, state)
    seat = current_actor(state)
    assert seat is not None
    options = (_pick_options if state.stage == "pick" else _attack_options)(board, state, seat)
    target, state_rng = rng.choice(state.rng, options)
    state = evolve(state, rng=state_rng)
    if state.stage == "pick":
        return _do_pick(board, state, seat, target)
    return do_attack(state, seat, target)


def _on_override(board: Board, state: TerritoryState, event: Event) -> TerritoryState:
    q = state.question
    if state.stage != "reveal" or q is None:
        raise OutOfTurn("A judgement can be changed only while answers are revealed.")
    seat = _seat_of(event)
    correct = event.get("correct")
    if seat not in q.seats:
        raise BadEvent(f"Seat {seat} did not take part in this question.")
    if not isinstance(correct, bool):
        raise BadEvent("An override needs correct: true or false.")
    kept = tuple(o for o in q.overrides if o[0] != seat)
    return evolve(state, question=evolve(q, overrides=kept + ((seat, correct),)))


def _on_continue(board: Board, state: TerritoryState, event: Event) -> TerritoryState:
    if state.stage == "stalled":  # the host goes on after "nobody answered"
        return next_pick(board, evolve(state, silent_questions=0))
    if state.stage != "reveal":
        raise OutOfTurn("There is no revealed outcome to apply now.")
    return _resolve(board, state)


def _on_pick(board: Board, state: TerritoryState, event: Event) -> TerritoryState:
    seat = _seat_of(event)
    if state.stage != "pick":
        raise OutOfTurn("No territory is being picked now.")
    if seat != state.picks[0]:
        raise OutOfTurn(f"{state.player(state.picks[0]).name} is picking now, not seat {seat}.")
    target = _territory_of(board, event)
    if target not in _pick_options(board, state, seat):
        if state.owners[target] != FREE:
            raise BadEvent(f"{board.ids[target]} is already taken.")
        if state.phase == "castles":
            raise BadEvent(f"{board.ids[target]} cannot hold your base: bases may not touch, "
                           "and every player must still find room for one.")
        if any(tid == board.ids[target] for _, tid in state.marks):
            raise BadEvent(f"{board.ids[target]} is already marked this round.")
        raise BadEvent(f"{board.ids[target]} does not touch your land; pick a free neighbour.")
    return _do_pick(board, state, seat, target)


def _on_attack(board: Board, state: TerritoryState, event: Event) -> TerritoryState:
    seat = _seat_of(event)
    if state.stage != "attack":
        raise OutOfTurn("No attack is being chosen now.")
    attacker = state.order[state.turn]
    if seat != attacker:
        raise OutOfTurn(f"{state.player(attacker).name} attacks now, not seat {seat}.")
    target = _territory_of(board, event)
    if target not in _attack_options(board, state, seat):
        owner = state.owners[target]
        if owner in (FREE, seat):
            raise BadEvent(f"{board.ids[target]} is not an enemy territory.")
        raise BadEvent(f"{board.ids[target]} does not touch your land this round.")
    return do_attack(state, seat, target)


def _on_skip(board: Board, state: TerritoryState, event: Event) -> TerritoryState:
    q = state.question
    if state.stage not in ("answering", "reveal") or q is None:
        raise StaleEvent("There is no open question to skip.")
    return ask(state, q.purpose, q.kind, q.seats)


def _on_end(board: Board, state: TerritoryState, event: Event) -> TerritoryState:
    """The host ends the game: rank by score; ties the final broke keep their order, any
    other tie stays a block: its seats share a place (no tie-break was played)."""
    if state.phase != "final":
        state = evolve(state, standing=score_blocks(state))
    return over(evolve(state, stopped=True))


_Handler = Callable[[Board, TerritoryState, Event], TerritoryState]
_HANDLERS: dict[str, _Handler] = {
    "question": _on_question,
    "answer": _on_answer,
    "timeout": _on_timeout,
    "override": _on_override,
    "continue": _on_continue,
    "pick": _on_pick,
    "attack": _on_attack,
    "skip": _on_skip,
    "end": _on_end,
}


def _seat_of(event: Event) -> int:
    seat = event.get("seat")
    if not is_int(seat):
        raise BadEvent("This event needs a seat number.")
    return seat


def _territory_of(board: Board, event: Event) -> int:
    tid = event.get("territory")
    if not isinstance(tid, str) or tid not in board.index:
        raise BadEvent(f"There is no territory {tid!r} on this map.")
    return board.index[tid]


def is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


# ---------------------------------------------------------------- transitions


def _resolve(board: Board, state: TerritoryState) -> TerritoryState:
    """Apply the revealed outcome of the current question."""
    q = state.question
    assert q is not None
    state = evolve(state, question=None)
    if q.purpose == "expansion":
        order = expansion_order(q)
        silent = 0 if order else state.silent_questions + 1
        state = evolve(state, silent_questions=silent)
        if silent >= SILENT_LIMIT:
            return next_stage(state, "stalled")
        if state.settings.mode == "duel":
            return next_pick(board, _duel_block(board, state, order))
        picks: list[int] = []
        for seat, count in zip(order, EXPANSION_PICKS[state.settings.mode], strict=False):
            picks += [seat] * count
        return next_pick(board, evolve(state, picks=tuple(picks)))
    if q.purpose == "conquest":
        return _resolve_conquest(board, state, q)
    if q.purpose == "final":
        return settle_block(state, q)
    attack = state.attack
    assert attack is not None
    if q.purpose == "duel":
        result = duel_result(q, attack)
        if result == "hold":
            return hold(board, state, won_speed=False)
        if result == "attacker_wins":
            return duel_won(board, state)
        return ask(state, "speed", "numeric", (attack.attacker, attack.defender))
    attacker_wins, defender_won = speed_outcome(q, attack)
    if attacker_wins:
        return duel_won(board, state)
    return hold(board, state, won_speed=defender_won)


def next_pick(board: Board, state: TerritoryState) -> TerritoryState:
    """The next step of the expansion: a question for the picks, a pick, or the combat."""
    if FREE not in state.owners:
        return start_round(board, evolve(state, picks=(), phase="combat"), 1)
    if not state.picks:
        return ask(state, "expansion", "numeric", state.active_seats())
    return next_stage(state, "pick")


def _do_pick(board: Board, state: TerritoryState, seat: int, target: int) -> TerritoryState:
    if state.phase == "castles":
        return _do_castle(board, state, seat, target)
    if state.phase == "conquest":
        marks = state.marks + ((seat, board.ids[target]),)
        return _next_mark(board, evolve(state, marks=marks, picks=state.picks[1:]))
    value = LEFTOVER_VALUE if state.settings.mode == "campaign" else PICK_VALUE
    state = set_territory(state, target, seat, value)
    state = add_score(state, seat, value)
    return next_pick(board, evolve(state, picks=state.picks[1:]))


# ---------------------------------------------------------------- duel and campaign


def _duel_block(board: Board, state: TerritoryState, order: list[int]) -> TerritoryState:
    """Duel: the next block of alternating picks for the ranked answers (modes.duel_picks).

    A question nobody answered hands out nothing and does not count as a block.
    """
    if not order:
        return state
    number = state.expansion_round + 1
    sizes = duel_round_sizes(len(board.ids) - len(state.players))
    size = sizes[number - 1] if number <= len(sizes) else state.owners.count(FREE)
    return evolve(state, picks=duel_picks(order, size), expansion_round=number)


def start_campaign(board: Board, state: TerritoryState) -> TerritoryState:
    """Campaign setup: the bases are chosen in a seeded random order (the colours' draw)."""
    order, state_rng = rng.shuffled(state.rng, state.active_seats())
    state = evolve(state, rng=state_rng, phase="castles", order=tuple(order), picks=tuple(order))
    return next_stage(state, "pick")


def _do_castle(board: Board, state: TerritoryState, seat: int, target: int) -> TerritoryState:
    state = set_territory(state, target, seat, CASTLE_VALUE)
    state = add_score(state, seat, CASTLE_VALUE)
    players = tuple(evolve(p, castle=board.ids[target]) if p.seat == seat else p
                    for p in state.players)
    state = evolve(
        state,
        players=players,
        towers=with_item(state.towers, target, CASTLE_TOWERS),
        castles=with_item(state.castles, target, True),
        picks=state.picks[1:],
    )
    if state.picks:
        return next_stage(state, "pick")
    return _start_conquest(board, evolve(state, phase="conquest"), 1)


def _start_conquest(board: Board, state: TerritoryState, number: int) -> TerritoryState:
    """Conquest round `number`: each player in turn marks a free territory, then one
    multiple-choice question to those who marked. After the last round, the leftovers."""
    if number > CONQUEST_ROUNDS or FREE not in state.owners:
        return next_pick(board, evolve(state, phase="expansion", picks=(), marks=()))
    base_order = tuple(p for p in state.order if p in state.active_seats())
    picks = conquest_order(base_order, number)
    return _next_mark(board, evolve(state, picks=picks, marks=(), expansion_round=number))


def _next_mark(board: Board, state: TerritoryState) -> TerritoryState:
    """The next player to mark (a player with nothing left to mark is passed over), or the
    round's question once everyone has marked."""
    picks = state.picks
    while picks and not _pick_options(board, evolve(state, picks=picks), picks[0]):
        picks = picks[1:]
    state = evolve(state, picks=picks)
    if picks:
        return next_stage(state, "pick")
    if not state.marks:
        return _start_conquest(board, state, state.expansion_round + 1)
    seats = tuple(seat for seat, _ in state.marks)
    return ask(state, "conquest", "choice", seats)


def _resolve_conquest(board: Board, state: TerritoryState, q: Question) -> TerritoryState:
    """A right answer takes the territory its player marked; a wrong one leaves it free."""
    for seat, tid in state.marks:
        if is_correct_choice(q, seat):
            state = set_territory(state, board.index[tid], seat, CONQUEST_VALUE)
            state = add_score(state, seat, CONQUEST_VALUE)
    return _start_conquest(board, evolve(state, marks=()), state.expansion_round + 1)


# ---------------------------------------------------------------- ranking


def ranking(state: TerritoryState) -> list[int]:
    """Seats best first: survivors by standing (or score, then seat), then the knocked out.

    A player knocked out later ranks above one knocked out earlier.
    """
    if state.standing:
        survivors = [seat for block in state.standing for seat in sorted(block)]
    else:
        survivors = [seat for block in score_blocks(state) for seat in block]
    out = sorted((p for p in state.players if not p.active), key=lambda p: -p.out)
    return survivors + [p.seat for p in out]


def places(state: TerritoryState) -> dict[int, int]:
    """Each seat's place. Mid-game, active seats with equal scores share one; once over,
    places are unique but for a tie the host's `end` left unbroken (a block of `standing`),
    whose seats share the better place (1, 1, 3)."""
    order = ranking(state)
    over = state.stage == "over"
    block_of = {seat: i for i, block in enumerate(state.standing) for seat in block}
    ranks: dict[int, int] = {}
    for position, seat in enumerate(order, start=1):
        if position > 1:
            before = order[position - 2]
            if over and state.stopped:
                if block_of.get(seat, -1 - seat) == block_of.get(before, -1 - before):
                    ranks[seat] = ranks[before]
                    continue
            elif not over:
                a, b = state.player(before), state.player(seat)
                if a.active and b.active and a.score == b.score:
                    ranks[seat] = ranks[before]
                    continue
        ranks[seat] = position
    return ranks
