"""Bots for Russian Bank: always legal, always honest (they make their compulsory moves).

Every candidate gets a heuristic score; a level-L bot plays a random sensible
action with probability NOISE[L] and its best-scored action otherwise; level 5
breaks ties by looking one move ahead. Moves that only shuffle cards between
houses are never "sensible", so a bot's turn always ends.
"""

from __future__ import annotations

from host import rng
from host.cards.russian_bank.cards import fits_foundation
from host.cards.russian_bank.game import RussianBank
from host.cards.russian_bank.state import State, penalty
from host.games.contract import Event

NOISE = {1: 1.0, 2: 0.5, 3: 0.25, 4: 0.1, 5: 0.0}
STOP_SCORE = 1000.0


def _house(zone: str) -> int | None:
    return int(zone.split(":")[1]) if zone.startswith("house:") else None


def score(table: State, event: Event) -> float | None:
    """How good an action looks; None for a pointless house-to-house shuffle."""
    kind = event["type"]
    if kind == "stop":
        return STOP_SCORE
    if kind in ("draw", "pass"):
        return 1.0
    src, dst = event["from"], event["to"]
    if dst == "waste":
        return 0.0
    if dst.startswith("foundation:"):
        return 120.0 if src == "reserve" else 100.0
    loads = dst in ("opp_reserve", "opp_waste")
    if src == "reserve":
        return 60.0 if loads else 50.0 + (5.0 if table.houses[_house(dst) or 0] else 0.0)
    if src == "hand":
        return 40.0 if loads else 30.0
    if loads:
        return 25.0
    return _house_move_score(table, event)


def _house_move_score(table: State, event: Event) -> float | None:
    """House to house: worth it to free a house for the reserve or expose a foundation card."""
    src, dst = _house(event["from"]), _house(event["to"])
    assert src is not None and dst is not None
    count = int(event.get("count", 1))
    pile = table.houses[src]
    if not table.houses[dst]:
        return None
    if count == len(pile):
        return 35.0 if table.reserves[table.turn] else None
    exposed = pile[-count - 1]
    if any(fits_foundation(exposed, f) for f in table.foundations):
        return 45.0
    return None


def _lookahead(game: RussianBank, table: State, event: Event) -> float:
    """Level 5's tie-break: our penalty lead after the action, plus follow-up foundation moves."""
    seat = table.turn
    after = game.apply(table, event)
    if after.over:
        return 1000.0 if after.winner == seat else -1000.0
    lead = penalty(after, 1 - seat) - penalty(after, seat)
    follow = 0
    if after.turn == seat:
        follow = sum(
            1
            for other, ok in game.actions_with_duties(after)
            if ok and other["type"] == "move" and other["to"].startswith("foundation:")
        )
    return lead + 2.0 * follow


def bot_move(
    game: RussianBank, state: State, seat: int, level: int, rng_state: int
) -> tuple[Event | None, int]:
    """A legal, compliant action for `seat` (None if it has nothing to do) and the new generator."""
    if state.over:
        return None, rng_state
    if state.stop_call is not None and state.stop_seat == seat:
        return {"type": "stop", "seat": seat}, rng_state  # bots see the table: they spot skips
    if seat != state.turn:
        return None, rng_state
    level = min(max(level, 1), 5)
    scored = [
        (value, event)
        for event, ok in game.actions_with_duties(state)
        if ok and (value := score(state, event)) is not None
    ]
    roll, rng_state = rng.randbelow(rng_state, 1000)
    if roll < NOISE[level] * 1000:
        (_, event), rng_state = rng.choice(rng_state, scored)
        return event, rng_state
    best = max(value for value, _ in scored)
    top = [event for value, event in scored if value == best]
    if level == 5 and len(top) > 1:
        ahead = [(_lookahead(game, state, event), index) for index, event in enumerate(top)]
        return top[max(ahead)[1]], rng_state
    event, rng_state = rng.choice(rng_state, top)
    return event, rng_state
