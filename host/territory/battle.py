"""The territory rules' battle and ending: combat rounds (who attacks, the duel on a
territory or a castle, what a win takes), the final question between tied players,
and the end of the game. Pure functions, as host/territory/rules.py, which calls them.
"""

from __future__ import annotations


from host import rng
from host.territory.board import (
    CASTLE_VALUE,
    DEFENCE_BONUS,
    TAKEN_VALUE,
    Board,
)
from host.territory.judging import (
    numeric_blocks,
)
from host.territory.modes import (
    combat_rounds,
)
from host.territory.state import (
    Attack,
    Question,
    TerritoryState,
    evolve,
)

from host.territory.steps import add_score, ask, next_stage, set_territory, with_item


def start_round(board: Board, state: TerritoryState, number: int) -> TerritoryState:
    active = state.active_seats()
    if number < combat_rounds(state.settings.mode):
        order, state_rng = rng.shuffled(state.rng, active)
        state = evolve(state, rng=state_rng)
    else:
        # By score, highest first; sorted() is stable, so ties keep round-3 order.
        previous = [seat for seat in state.order if seat in active]
        order = sorted(previous, key=lambda seat: -state.player(seat).score)
    return begin_turn(board, evolve(state, round=number, order=tuple(order), turn=0))


def begin_turn(board: Board, state: TerritoryState) -> TerritoryState:
    active = state.active_seats()
    if len(active) <= 1:
        return finish(state)
    turn = state.turn
    while turn < len(state.order) and state.order[turn] not in active:
        turn += 1
    if turn == len(state.order):
        if state.round < combat_rounds(state.settings.mode):
            return start_round(board, state, state.round + 1)
        return finish(state)
    return next_stage(state, "attack", turn=turn, attack=None)


def do_attack(state: TerritoryState, seat: int, target: int) -> TerritoryState:
    defender = state.owners[target]
    attack = Attack(seat, defender, state.territory_ids[target])
    return ask(evolve(state, attack=attack), "duel", "choice", (seat, defender))


def hold(board: Board, state: TerritoryState, won_speed: bool) -> TerritoryState:
    attack = state.attack
    assert attack is not None
    rule = state.settings.defence_bonus
    if rule == "any_hold" or (rule == "tiebreak" and won_speed):
        state = add_score(state, attack.defender, DEFENCE_BONUS, bonus=True)
    return end_attack(board, state)


def duel_won(board: Board, state: TerritoryState) -> TerritoryState:
    attack = state.attack
    assert attack is not None
    target = board.index[attack.target]
    towers = state.towers[target]
    if towers == 0:
        return end_attack(board, take(state, attack, target))
    towers -= 1
    state = evolve(state, towers=with_item(state.towers, target, towers))
    if towers == 0:
        return end_attack(board, take_castle(state, attack))
    # The attacker goes on at once against the next tower.
    return ask(state, "duel", "choice", (attack.attacker, attack.defender))


def take(state: TerritoryState, attack: Attack, target: int) -> TerritoryState:
    """An ordinary territory (or a fallen castle) changes hands.

    Campaign: the territory keeps its value (the long campaign's help page: the
    attacker wins the territory's value, the defender loses it).
    """
    if state.castles[target]:
        new_value = CASTLE_VALUE
    elif state.settings.mode == "campaign":
        new_value = state.values[target]
    else:
        new_value = TAKEN_VALUE
    state = add_score(state, attack.defender, -state.values[target])
    state = add_score(state, attack.attacker, new_value)
    return set_territory(state, target, attack.attacker, new_value)


def take_castle(state: TerritoryState, attack: Attack) -> TerritoryState:
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


def end_attack(board: Board, state: TerritoryState) -> TerritoryState:
    return begin_turn(board, evolve(state, attack=None, question=None, turn=state.turn + 1))


def score_blocks(state: TerritoryState) -> tuple[tuple[int, ...], ...]:
    """Active seats grouped by equal score, highest first (seat order inside a block)."""
    by_score: dict[int, list[int]] = {}
    for p in state.players:
        if p.active:
            by_score.setdefault(p.score, []).append(p.seat)
    return tuple(tuple(sorted(by_score[s])) for s in sorted(by_score, reverse=True))


def finish(state: TerritoryState) -> TerritoryState:
    state = evolve(state, phase="final", standing=score_blocks(state), attack=None)
    return ask_final(state)


def ask_final(state: TerritoryState) -> TerritoryState:
    for block in state.standing:
        if len(block) > 1:
            return ask(state, "final", "numeric", block)
    return over(state)


FINAL_TRIES_MAX = 5


def settle_block(state: TerritoryState, q: Question) -> TerritoryState:
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
    return ask_final(evolve(state, standing=tuple(standing), final_tries=tries))


def over(state: TerritoryState) -> TerritoryState:
    return next_stage(
        state, "over", phase="over", question=None, attack=None, picks=(), marks=()
    )
