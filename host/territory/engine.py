"""The territory game's rules as pure functions: state and event in, new state out.

Every transition builds a new `TerritoryState` with `state.evolve` (a fast
`dataclasses.replace`) and fresh small tuples; the input state is never
touched. Randomness (castle draw, attack order, timed-out picks) comes only
from the generator int in the state.
The rulings implemented here are written out in docs/rules/territory.md.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeGuard

from host import rng
from host.games.contract import (
    BadEvent,
    Event,
    GameError,
    OutOfTurn,
    QuestionRequest,
    StaleEvent,
    TimerRequest,
)
from host.territory.gamemap import GameMap
from host.territory.settings import TerritorySettings
from host.territory.state import (
    FREE,
    QUESTION_STAGES,
    Answer,
    Attack,
    Player,
    Question,
    TerritoryState,
    evolve,
)

CASTLE_VALUE = 1000
CASTLE_TOWERS = 3
PICK_VALUE = 200
TAKEN_VALUE = 400
DEFENCE_BONUS = 100
COMBAT_ROUNDS = 4
EXPANSION_PICKS = (2, 1)  # first place picks 2, second place 1
CHOICE_OPTIONS = 4
_LATE = 1 << 62  # lock-in time given to a silent seat the host judged right


@dataclass(frozen=True)
class Board:
    """The engine's index over a GameMap, built once per game and never put in state."""

    map_id: str
    ids: tuple[str, ...]  # sorted territory ids, the order of the state's tuples
    index: dict[str, int]
    neighbours: tuple[tuple[int, ...], ...]
    sites: tuple[int, ...]  # territories that may hold a castle

    @classmethod
    def of(cls, game_map: GameMap) -> Board:
        ids = tuple(sorted(game_map.territories))
        index = {tid: i for i, tid in enumerate(ids)}
        neighbours = tuple(
            tuple(sorted(index[n] for n in game_map.neighbours(tid) if n in index)) for tid in ids
        )
        sites = tuple(index[s] for s in game_map.sites() if s in index)
        return cls(game_map.id, ids, index, neighbours, sites)


# ---------------------------------------------------------------- setup


def new_game(
    board: Board, settings: TerritorySettings, seats: list[dict[str, Any]], seed: int
) -> TerritoryState:
    """Seat the players, draw the castles, and open the expansion phase."""
    seat_rows = _check_seats(seats)
    state_rng = rng.seed_state(seed)
    castles, state_rng = _draw_castles(board, len(seat_rows), state_rng)
    n = len(board.ids)
    owners = [FREE] * n
    values = [0] * n
    towers = [0] * n
    castle_flags = [False] * n
    players = []
    for (seat, name, bot), site in zip(seat_rows, castles, strict=True):
        owners[site] = seat
        values[site] = CASTLE_VALUE
        towers[site] = CASTLE_TOWERS
        castle_flags[site] = True
        players.append(Player(seat, name, bot, board.ids[site], CASTLE_VALUE))
    state = TerritoryState(
        map_id=board.map_id,
        territory_ids=board.ids,
        owners=tuple(owners),
        values=tuple(values),
        towers=tuple(towers),
        castles=tuple(castle_flags),
        players=tuple(players),
        settings=settings,
        rng=state_rng,
        phase="expansion",
    )
    return _next_pick(board, state)


def _check_seats(seats: list[dict[str, Any]]) -> list[tuple[int, str, int | None]]:
    if not isinstance(seats, list) or not 2 <= len(seats) <= 4:
        raise GameError("The territory game needs 2 to 4 seats.")
    rows = []
    for entry in seats:
        if not isinstance(entry, dict):
            raise GameError("Each seat must be an object with seat, name and bot.")
        seat, name, bot = entry.get("seat"), entry.get("name"), entry.get("bot")
        if not _is_int(seat) or seat < 0:
            raise GameError(f"Seat number must be a non-negative integer, not {seat!r}.")
        if not isinstance(name, str) or not name.strip():
            raise GameError(f"Seat {seat} needs a name.")
        if bot is not None and (not _is_int(bot) or not 1 <= bot <= 5):
            raise GameError(f"Seat {seat}: bot level must be 1 to 5 or null, not {bot!r}.")
        rows.append((seat, name, bot))
    if len({row[0] for row in rows}) != len(rows):
        raise GameError("Two seats have the same number.")
    return sorted(rows)


def _draw_castles(board: Board, count: int, state_rng: int) -> tuple[list[int], int]:
    """Pick `count` pairwise non-adjacent castle sites in a seeded random order."""
    order, state_rng = rng.shuffled(state_rng, board.sites)
    chosen: list[int] = []

    def search(start: int) -> bool:
        if len(chosen) == count:
            return True
        for pos in range(start, len(order)):
            site = order[pos]
            if all(site not in board.neighbours[c] and site != c for c in chosen):
                chosen.append(site)
                if search(pos + 1):
                    return True
                chosen.pop()
        return False

    if not search(0):
        raise GameError(
            f"Map {board.map_id!r} has no {count} castle sites that do not touch each other."
        )
    return chosen, state_rng


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
    owners = state.owners
    free = [i for i, owner in enumerate(owners) if owner == FREE]
    touching = [i for i in free if any(owners[n] == seat for n in board.neighbours[i])]
    return touching or free


def _attack_options(board: Board, state: TerritoryState, seat: int) -> list[int]:
    owners = state.owners
    enemy = [i for i, owner in enumerate(owners) if owner not in (FREE, seat)]
    rule = state.settings.attack_adjacency
    if rule == "always" or (rule == "rounds_1_3" and state.round <= 3):
        touching = [i for i in enemy if any(owners[n] == seat for n in board.neighbours[i])]
        if touching:
            return touching
    return enemy


# ---------------------------------------------------------------- judging


def is_correct_choice(question: Question, seat: int) -> bool:
    """A duel answer is right if it names the right option, unless the host ruled otherwise."""
    ruled = question.override_of(seat)
    if ruled is not None:
        return ruled
    answer = question.answer_of(seat)
    return (
        answer is not None
        and question.content is not None
        and answer.value == question.content["answer"]
    )


NumericKey = tuple[int, int, int]  # (silent?, distance, lock-in time); smaller ranks first
_SILENT: NumericKey = (1, 0, 0)


def numeric_key(question: Question, seat: int) -> NumericKey:
    """Closest first, then earliest lock-in; silent seats (or judged wrong) after everyone."""
    ruled = question.override_of(seat)
    answer = question.answer_of(seat)
    if ruled is False:
        return _SILENT
    if ruled is True:
        return (0, 0, answer.t_ns if answer is not None else _LATE)
    if answer is None or question.content is None:
        return _SILENT
    return (0, abs(answer.value - question.content["answer"]), answer.t_ns)


def numeric_blocks(question: Question) -> list[tuple[int, ...]]:
    """The question's seats ranked in blocks of equal key (an exact tie shares a block)."""
    keyed = sorted((numeric_key(question, seat), seat) for seat in question.seats)
    blocks: list[list[int]] = []
    last: NumericKey | None = None
    for key, seat in keyed:
        if key != last:
            blocks.append([])
            last = key
        blocks[-1].append(seat)
    return [tuple(block) for block in blocks]


def expansion_order(question: Question) -> list[int]:
    """Seats that answered, best first; an exact tie falls back to seat order."""
    return [
        seat
        for seat in sorted(question.seats, key=lambda s: (numeric_key(question, s), s))
        if numeric_key(question, seat) != _SILENT
    ]


def duel_result(question: Question, attack: Attack) -> str:
    """The outcome of a duel's choice question: "hold", "attacker_wins" or "speed_question"."""
    if not is_correct_choice(question, attack.attacker):
        return "hold"
    if not is_correct_choice(question, attack.defender):
        return "attacker_wins"
    return "speed_question"


def speed_outcome(question: Question, attack: Attack) -> tuple[bool, bool]:
    """(attacker wins the duel, defender earned the tie-break win) for a speed question.

    The attacker must rank strictly ahead to win; an exact tie or two silent
    seats leave the territory with the defender, who has not "won" the question.
    """
    a_key = numeric_key(question, attack.attacker)
    d_key = numeric_key(question, attack.defender)
    return a_key < d_key, d_key < a_key


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
    return _next_stage(state, "answering", question=evolve(q, content=content))


def _check_question(content: Any, kind: str) -> None:
    if not isinstance(content, dict):
        raise BadEvent("The question must be an object.")
    if content.get("kind") != kind:
        raise BadEvent(f"A {kind} question is needed, not {content.get('kind')!r}.")
    if not isinstance(content.get("id"), str) or not isinstance(content.get("prompt"), str):
        raise BadEvent("A question needs a string id and prompt.")
    answer = content.get("answer")
    if not _is_int(answer):
        raise BadEvent("A question's answer must be an integer.")
    if kind == "numeric" and answer <= 0:
        raise BadEvent("A numeric question's answer must be a positive integer.")
    if kind == "choice":
        options = content.get("options")
        if (
            not isinstance(options, (list, tuple))
            or len(options) != CHOICE_OPTIONS
            or not all(isinstance(o, str) for o in options)
        ):
            raise BadEvent("A choice question needs exactly 4 text options.")
        if not 0 <= answer < CHOICE_OPTIONS:
            raise BadEvent("A choice question's answer must be an option index 0-3.")


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
    if not _is_int(value):
        raise BadEvent("An answer's value must be an integer.")
    if q.kind == "choice" and not 0 <= value < CHOICE_OPTIONS:
        raise BadEvent("A choice answer must be an option index 0-3.")
    if not _is_int(t_ns):
        raise BadEvent("An answer needs its lock-in time t_ns (integer).")
    answered = evolve(q, answers=q.answers + (Answer(seat, value, t_ns),))
    if len(answered.answers) == len(q.seats):
        return _next_stage(state, "reveal", question=answered)
    return evolve(state, question=answered)


def _on_timeout(board: Board, state: TerritoryState, event: Event) -> TerritoryState:
    current = timer_id(state)
    if current is None or event.get("timer") != current:
        raise StaleEvent(f"Timer {event.get('timer')!r} is not running now.")
    if state.stage == "answering":
        return _next_stage(state, "reveal")
    if state.stage == "reveal":
        return _resolve(board, state)
    seat = current_actor(state)
    assert seat is not None
    options = (_pick_options if state.stage == "pick" else _attack_options)(board, state, seat)
    target, state_rng = rng.choice(state.rng, options)
    state = evolve(state, rng=state_rng)
    if state.stage == "pick":
        return _do_pick(board, state, seat, target)
    return _do_attack(state, seat, target)


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
    return _do_attack(state, seat, target)


def _on_skip(board: Board, state: TerritoryState, event: Event) -> TerritoryState:
    q = state.question
    if state.stage not in ("answering", "reveal") or q is None:
        raise StaleEvent("There is no open question to skip.")
    return _ask(state, q.purpose, q.kind, q.seats)


def _on_end(board: Board, state: TerritoryState, event: Event) -> TerritoryState:
    """The host ends the game: rank by score; unbroken ties go by seat order."""
    if state.phase != "final":
        state = evolve(state, standing=_score_blocks(state))
    singles = tuple((seat,) for block in state.standing for seat in sorted(block))
    return _over(evolve(state, standing=singles))


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
    if not _is_int(seat):
        raise BadEvent("This event needs a seat number.")
    return seat


def _territory_of(board: Board, event: Event) -> int:
    tid = event.get("territory")
    if not isinstance(tid, str) or tid not in board.index:
        raise BadEvent(f"There is no territory {tid!r} on this map.")
    return board.index[tid]


def _is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


# ---------------------------------------------------------------- transitions


def _next_stage(state: TerritoryState, stage: str, **changes: Any) -> TerritoryState:
    """A new stage with a new sequence number, hence a new timer id."""
    return evolve(state, stage=stage, seq=state.seq + 1, **changes)


def _ask(state: TerritoryState, purpose: str, kind: str, seats: tuple[int, ...]) -> TerritoryState:
    request = Question(purpose, kind, f"q{state.seq + 1}", seats)
    return _next_stage(state, "awaiting_question", question=request)


def _resolve(board: Board, state: TerritoryState) -> TerritoryState:
    """Apply the revealed outcome of the current question."""
    q = state.question
    assert q is not None
    state = evolve(state, question=None)
    if q.purpose == "expansion":
        order = expansion_order(q)
        picks: list[int] = []
        for seat, count in zip(order, EXPANSION_PICKS, strict=False):
            picks += [seat] * count
        return _next_pick(board, evolve(state, picks=tuple(picks)))
    if q.purpose == "final":
        return _settle_block(state, q)
    attack = state.attack
    assert attack is not None
    if q.purpose == "duel":
        result = duel_result(q, attack)
        if result == "hold":
            return _hold(board, state, won_speed=False)
        if result == "attacker_wins":
            return _duel_won(board, state)
        return _ask(state, "speed", "numeric", (attack.attacker, attack.defender))
    attacker_wins, defender_won = speed_outcome(q, attack)
    if attacker_wins:
        return _duel_won(board, state)
    return _hold(board, state, won_speed=defender_won)


def _next_pick(board: Board, state: TerritoryState) -> TerritoryState:
    if FREE not in state.owners:
        return _start_round(board, evolve(state, picks=(), phase="combat"), 1)
    if not state.picks:
        return _ask(state, "expansion", "numeric", state.active_seats())
    return _next_stage(state, "pick")


def _do_pick(board: Board, state: TerritoryState, seat: int, target: int) -> TerritoryState:
    state = _set_territory(state, target, seat, PICK_VALUE)
    state = _add_score(state, seat, PICK_VALUE)
    return _next_pick(board, evolve(state, picks=state.picks[1:]))


def _start_round(board: Board, state: TerritoryState, number: int) -> TerritoryState:
    active = state.active_seats()
    if number <= 3:
        order, state_rng = rng.shuffled(state.rng, active)
        state = evolve(state, rng=state_rng)
    else:
        # By score, highest first; sorted() is stable, so ties keep round-3 order.
        previous = [seat for seat in state.order if seat in active]
        order = sorted(previous, key=lambda seat: -state.player(seat).score)
    return _begin_turn(board, evolve(state, round=number, order=tuple(order), turn=0))


def _begin_turn(board: Board, state: TerritoryState) -> TerritoryState:
    active = state.active_seats()
    if len(active) <= 1:
        return _finish(state)
    turn = state.turn
    while turn < len(state.order) and state.order[turn] not in active:
        turn += 1
    if turn == len(state.order):
        if state.round < COMBAT_ROUNDS:
            return _start_round(board, state, state.round + 1)
        return _finish(state)
    return _next_stage(state, "attack", turn=turn, attack=None)


def _do_attack(state: TerritoryState, seat: int, target: int) -> TerritoryState:
    defender = state.owners[target]
    attack = Attack(seat, defender, state.territory_ids[target])
    return _ask(evolve(state, attack=attack), "duel", "choice", (seat, defender))


def _hold(board: Board, state: TerritoryState, won_speed: bool) -> TerritoryState:
    attack = state.attack
    assert attack is not None
    rule = state.settings.defence_bonus
    if rule == "any_hold" or (rule == "tiebreak" and won_speed):
        state = _add_score(state, attack.defender, DEFENCE_BONUS, bonus=True)
    return _end_attack(board, state)


def _duel_won(board: Board, state: TerritoryState) -> TerritoryState:
    attack = state.attack
    assert attack is not None
    target = board.index[attack.target]
    towers = state.towers[target]
    if towers == 0:
        return _end_attack(board, _take(state, attack, target))
    towers -= 1
    state = evolve(state, towers=_with(state.towers, target, towers))
    if towers == 0:
        return _end_attack(board, _take_castle(state, attack))
    # The attacker goes on at once against the next tower.
    return _ask(state, "duel", "choice", (attack.attacker, attack.defender))


def _take(state: TerritoryState, attack: Attack, target: int) -> TerritoryState:
    """An ordinary territory (or a fallen castle) changes hands."""
    new_value = CASTLE_VALUE if state.castles[target] else TAKEN_VALUE
    state = _add_score(state, attack.defender, -state.values[target])
    state = _add_score(state, attack.attacker, new_value)
    return _set_territory(state, target, attack.attacker, new_value)


def _take_castle(state: TerritoryState, attack: Attack) -> TerritoryState:
    """Third tower down: every territory, the whole score and the bonuses move over."""
    loser = state.player(attack.defender)
    owners = tuple(attack.attacker if o == loser.seat else o for o in state.owners)
    knocked_out = 1 + sum(1 for p in state.players if not p.active)
    players = tuple(
        evolve(p, score=p.score + loser.score, bonus=p.bonus + loser.bonus)
        if p.seat == attack.attacker
        else evolve(p, score=0, bonus=0, out=knocked_out)
        if p.seat == loser.seat
        else p
        for p in state.players
    )
    return evolve(state, owners=owners, players=players)


def _end_attack(board: Board, state: TerritoryState) -> TerritoryState:
    return _begin_turn(board, evolve(state, attack=None, question=None, turn=state.turn + 1))


def _score_blocks(state: TerritoryState) -> tuple[tuple[int, ...], ...]:
    """Active seats grouped by equal score, highest first (seat order inside a block)."""
    by_score: dict[int, list[int]] = {}
    for p in state.players:
        if p.active:
            by_score.setdefault(p.score, []).append(p.seat)
    return tuple(tuple(sorted(by_score[s])) for s in sorted(by_score, reverse=True))


def _finish(state: TerritoryState) -> TerritoryState:
    state = evolve(state, phase="final", standing=_score_blocks(state), attack=None)
    return _ask_final(state)


def _ask_final(state: TerritoryState) -> TerritoryState:
    for block in state.standing:
        if len(block) > 1:
            return _ask(state, "final", "numeric", block)
    return _over(state)


FINAL_TRIES_MAX = 5


def _settle_block(state: TerritoryState, q: Question) -> TerritoryState:
    """Split the tied block by the answers; seats still tied get another question.

    Ruling: after FINAL_TRIES_MAX questions in a row that split nobody (the tied
    players all silent: their phones are gone), the tie goes by seat order, so
    a game left alone still ends.
    """
    blocks = [tuple(block) for block in numeric_blocks(q)]
    tries = state.final_tries + 1 if len(blocks) == 1 else 0
    if tries >= FINAL_TRIES_MAX:
        blocks = [(seat,) for seat in sorted(q.seats)]
        tries = 0
    standing: list[tuple[int, ...]] = []
    for block in state.standing:
        if block == q.seats:
            standing += blocks
        else:
            standing.append(block)
    return _ask_final(evolve(state, standing=tuple(standing), final_tries=tries))


def _over(state: TerritoryState) -> TerritoryState:
    return _next_stage(
        state, "over", phase="over", question=None, attack=None, picks=()
    )


def _set_territory(state: TerritoryState, index: int, owner: int, value: int) -> TerritoryState:
    return evolve(
        state, owners=_with(state.owners, index, owner), values=_with(state.values, index, value)
    )


def _add_score(
    state: TerritoryState, seat: int, points: int, bonus: bool = False
) -> TerritoryState:
    players = tuple(
        evolve(p, score=p.score + points, bonus=p.bonus + (points if bonus else 0))
        if p.seat == seat
        else p
        for p in state.players
    )
    return evolve(state, players=players)


def _with(items: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return items[:index] + (value,) + items[index + 1 :]


# ---------------------------------------------------------------- ranking


def ranking(state: TerritoryState) -> list[int]:
    """Seats best first: survivors by standing (or score, then seat), then the knocked out.

    A player knocked out later ranks above one knocked out earlier.
    """
    if state.standing:
        survivors = [seat for block in state.standing for seat in sorted(block)]
    else:
        survivors = [seat for block in _score_blocks(state) for seat in block]
    out = sorted((p for p in state.players if not p.active), key=lambda p: -p.out)
    return survivors + [p.seat for p in out]


# ---------------------------------------------------------------- invariants


class InvariantError(AssertionError):
    """The state breaks a rule that must always hold (a bug, never a player's fault)."""


def check_invariants(state: TerritoryState, game_map: GameMap) -> None:
    """Raise InvariantError if the state is inconsistent with the rules or the map.

    Tests call this after every event, so it is written to be quick: checks are
    plain `if`s and messages are only formatted on failure.
    """
    ids = state.territory_ids
    if state.map_id != game_map.id or len(ids) != len(game_map.territories):
        _fail("state is for another map")
    n = len(ids)
    if not len(state.owners) == len(state.values) == len(state.towers) == len(state.castles) == n:
        _fail("territory tuples have different lengths")
    active = set(state.active_seats())
    held_value = {p.seat: 0 for p in state.players}
    free_allowed = state.phase in ("expansion", "over")  # "over": the host may end early
    territories = zip(ids, state.owners, state.values, state.towers, state.castles, strict=True)
    for tid, owner, value, towers, castle in territories:
        if towers and not (castle and towers <= CASTLE_TOWERS):
            _fail(f"{tid} has {towers} towers")
        if owner == FREE:
            if value or castle or not free_allowed:
                _fail(f"free {tid} has a value, a castle, or is free after expansion")
        elif owner not in active:
            _fail(f"{tid} held by {owner}, not an active seat")
        elif value != CASTLE_VALUE if castle else value not in (PICK_VALUE, TAKEN_VALUE):
            _fail(f"{tid} worth {value}")
        else:
            held_value[owner] += value
    for p in state.players:
        if p.score != held_value[p.seat] + p.bonus:
            _fail(f"seat {p.seat}: score {p.score} != land {held_value[p.seat]} + bonus {p.bonus}")
        if p.bonus < 0 or p.bonus % DEFENCE_BONUS:
            _fail(f"seat {p.seat} bonus {p.bonus}")
        if p.active:
            site = ids.index(p.castle)
            if state.owners[site] != p.seat or not state.towers[site]:
                _fail(f"seat {p.seat} plays on without its standing castle")
        elif p.score or p.bonus:
            _fail(f"knocked-out seat {p.seat} keeps points")
    if not active:
        _fail("nobody is left")
    outs = sorted(p.out for p in state.players if not p.active)
    if outs != list(range(1, len(outs) + 1)):
        _fail("knock-out order has gaps")
    _check_flow(state, active)


def _fail(message: str) -> None:
    raise InvariantError(message)


def _check_flow(state: TerritoryState, active: set[int]) -> None:
    q = state.question
    if (q is not None) != (state.stage in QUESTION_STAGES):
        _fail(f"question presence does not match stage {state.stage}")
    if q is not None:
        if len(set(q.seats)) != len(q.seats) or not active.issuperset(q.seats):
            _fail("a seat is asked twice, or a knocked-out seat is asked")
        answered = [a.seat for a in q.answers]
        if len(set(answered)) != len(answered) or not set(q.seats).issuperset(answered):
            _fail("a seat answered twice, or a seat not asked answered")
        if (q.content is None) != (state.stage == "awaiting_question"):
            _fail("question content does not match the stage")
    if state.stage == "pick" and not (state.phase == "expansion" and state.picks):
        _fail("pick stage without picks")
    if state.stage == "attack" and state.order[state.turn] not in active:
        _fail("a knocked-out seat attacks")
    attack = state.attack
    if attack is not None:
        if state.phase != "combat":
            _fail("an attack outside combat")
        if state.owners[state.territory_ids.index(attack.target)] != attack.defender:
            _fail("the attacked territory changed hands mid-attack")
    if state.phase == "combat" and not 1 <= state.round <= COMBAT_ROUNDS:
        _fail(f"combat round {state.round}")
    if state.stage == "over" and any(len(b) != 1 for b in state.standing):
        _fail("the game ended with a tie")
