"""House bots for the territory game, levels 1 (weak, slow) to 5 (strong, quick).

Bots belong to the host, so they may read the true answer from the state and
then miss on purpose: a choice is right with a level's probability, a numeric
answer is off by a relative error whose spread shrinks with the level. Bots are
pure like the rules: their randomness is an int the caller keeps.

An answer event carries "t_ns" = the bot's delay in ns (a relative stamp); the
Session delivers it after `delay_seconds` and stamps the host-clock time, as it
does for every lock-in.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from host import rng
from host.territory import rules
from host.territory.board import Board
from host.territory.game import TerritoryGame
from host.territory.state import FREE, TerritoryState

LEVELS = range(1, 6)
# Probability of picking the right option, by level.
CHOICE_ACCURACY = {1: 0.35, 2: 0.50, 3: 0.65, 4: 0.78, 5: 0.90}
# Largest relative error of a numeric answer, by level.
NUMERIC_SPREAD = {1: 0.60, 2: 0.35, 3: 0.20, 4: 0.10, 5: 0.04}
# Answer delay as a fraction of the time limit: (earliest, latest), by level.
ANSWER_DELAY = {1: (0.45, 0.90), 2: (0.35, 0.75), 3: (0.25, 0.60), 4: (0.15, 0.45), 5: (0.08, 0.30)}
# Chance that a pick or attack is made at random rather than by the strategy.
CARELESS = {1: 0.40, 2: 0.25, 3: 0.15, 4: 0.05, 5: 0.0}


@dataclass(frozen=True)
class BotMove:
    delay_seconds: float
    event: dict[str, Any]


def bot_move(
    game: TerritoryGame, state: TerritoryState, seat: int, level: int, rng_state: int
) -> tuple[BotMove | None, int]:
    """The bot's next action for `seat` now (None if it has nothing to do) and its new rng."""
    if level not in LEVELS:
        raise ValueError(f"Bot level must be 1 to 5, not {level!r}.")
    if state.stage == "answering":
        return _answer(state, seat, level, rng_state)
    if state.stage in ("pick", "attack") and rules.current_actor(state) == seat:
        return _choose(game, state, seat, level, rng_state)
    return None, rng_state


def _uniform(state: int) -> tuple[float, int]:
    value, state = rng.next_u64(state)
    return value / float(1 << 64), state


def _answer(state: TerritoryState, seat: int, level: int, r: int) -> tuple[BotMove | None, int]:
    q = state.question
    if q is None or q.content is None or seat not in q.seats or q.answer_of(seat) is not None:
        return None, r
    truth = int(q.content["answer"])
    u, r = _uniform(r)
    if q.kind == "choice":
        if u < CHOICE_ACCURACY[level]:
            value = truth
        else:
            wrong, r = rng.randbelow(r, q.option_count() - 1)
            value = wrong if wrong < truth else wrong + 1
        limit = state.settings.choice_seconds
    else:
        # Triangular error in [-spread, +spread]: mostly close, sometimes far.
        v, r = _uniform(r)
        error = (u - v) * NUMERIC_SPREAD[level]
        value = max(1, round(truth * (1 + error)))
        limit = state.settings.numeric_seconds
    w, r = _uniform(r)
    low, high = ANSWER_DELAY[level]
    delay = limit * (low + (high - low) * w)
    event = {"type": "answer", "seat": seat, "value": value, "t_ns": int(delay * 1e9)}
    return BotMove(delay, event), r


def _choose(
    game: TerritoryGame, state: TerritoryState, seat: int, level: int, r: int
) -> tuple[BotMove | None, int]:
    options = rules.legal_targets(game.board, state, seat)
    if not options:
        return None, r
    u, r = _uniform(r)
    if u < CARELESS[level]:
        target, r = rng.choice(r, options)
    else:
        rate = _rate_pick if state.stage == "pick" else _rate_attack
        rated = [(rate(game.board, state, seat, tid), tid) for tid in options]
        best = max(score for score, _ in rated)
        top = [tid for score, tid in rated if score == best]
        target, r = rng.choice(r, top)
    w, r = _uniform(r)
    # Think for 1-3 s at level 1, less higher up; always well inside the pick time.
    delay = min((0.5 + 2.5 * w) * (6 - level) / 5, state.settings.pick_seconds * 0.5)
    return BotMove(delay, {"type": state.stage, "seat": seat, "territory": target}), r


def _rate_pick(board: Board, state: TerritoryState, seat: int, tid: str) -> float:
    """Keep the land in one piece, then prefer room to grow (free neighbours).

    A campaign base: the most free neighbours, so the conquest has room.
    """
    i = board.index[tid]
    owners = state.owners
    if state.phase == "castles":
        return float(sum(1 for n in board.neighbours[i] if owners[n] == FREE))
    touches_own = any(owners[n] == seat for n in board.neighbours[i])
    free_around = sum(1 for n in board.neighbours[i] if owners[n] == FREE)
    return (100.0 if touches_own else 0.0) + free_around


def _rate_attack(board: Board, state: TerritoryState, seat: int, tid: str) -> float:
    """Expected swing: finish damaged castles first, then value against risk."""
    i = board.index[tid]
    defender = state.player(state.owners[i])
    towers = state.towers[i]
    me = state.player(seat)
    # A rough chance to win one duel: weaker (lower-scoring) defenders are easier.
    duel = 0.55 if defender.score < me.score else 0.45
    if towers:
        swing = 2.0 * defender.score
        chance = duel**towers
        finish_bonus = 1000.0 * (3 - towers)  # towers already down: go and finish
        return swing * chance + finish_bonus
    value = state.values[i]
    gain = 1000 if state.castles[i] else 400
    return (value + gain) * duel
