"""Checks that a territory state is consistent with the rules and its map (tests and the
random-play suite call them after every event)."""

from __future__ import annotations

from host.territory.board import (
    CASTLE_TOWERS,
    CASTLE_VALUE,
    DEFENCE_BONUS,
    PICK_VALUE,
    TAKEN_VALUE,
)
from host.territory.gamemap import GameMap
from host.territory.modes import CONQUEST_VALUE, LEFTOVER_VALUE, combat_rounds
from host.territory.state import (
    FREE,
    QUESTION_STAGES,
    TerritoryState,
)


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
    # "over": the host may end early; castles and conquest: the campaign's first phases.
    free_allowed = state.phase in ("castles", "conquest", "expansion", "over")
    # What a territory other than a castle may be worth, by mode (docs/rules/territory.md).
    land_values = ((CONQUEST_VALUE, LEFTOVER_VALUE) if state.settings.mode == "campaign"
                   else (PICK_VALUE, TAKEN_VALUE))
    territories = zip(ids, state.owners, state.values, state.towers, state.castles, strict=True)
    for tid, owner, value, towers, castle in territories:
        if towers and not (castle and towers <= CASTLE_TOWERS):
            _fail(f"{tid} has {towers} towers")
        if owner == FREE:
            if value or castle or not free_allowed:
                _fail(f"free {tid} has a value, a castle, or is free after expansion")
        elif owner not in active:
            _fail(f"{tid} held by {owner}, not an active seat")
        elif value != CASTLE_VALUE if castle else value not in land_values:
            _fail(f"{tid} worth {value}")
        else:
            held_value[owner] += value
    for p in state.players:
        if p.score != held_value[p.seat] + p.bonus:
            _fail(f"seat {p.seat}: score {p.score} != land {held_value[p.seat]} + bonus {p.bonus}")
        if p.bonus < 0 or p.bonus % DEFENCE_BONUS:
            _fail(f"seat {p.seat} bonus {p.bonus}")
        if p.active and not p.castle:
            if state.phase not in ("castles", "over"):
                _fail(f"seat {p.seat} has no base after the castles phase")
        elif p.active:
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
    if state.stage == "pick" and not (
        state.phase in ("castles", "conquest", "expansion") and state.picks
    ):
        _fail("pick stage without picks")
    if state.marks:
        marked = [tid for _, tid in state.marks]
        if state.phase != "conquest" or len(set(marked)) != len(marked):
            _fail("marks outside the conquest, or a territory marked twice")
        if any(state.owners[state.territory_ids.index(tid)] != FREE for tid in marked):
            _fail("a marked territory is not free")
    if state.stage == "attack" and state.order[state.turn] not in active:
        _fail("a knocked-out seat attacks")
    attack = state.attack
    if attack is not None:
        if state.phase != "combat":
            _fail("an attack outside combat")
        if state.owners[state.territory_ids.index(attack.target)] != attack.defender:
            _fail("the attacked territory changed hands mid-attack")
    if state.phase == "combat" and not 1 <= state.round <= combat_rounds(state.settings.mode):
        _fail(f"combat round {state.round}")
    if state.stage == "over" and not state.stopped and any(len(b) != 1 for b in state.standing):
        _fail("the game ended with a tie")

