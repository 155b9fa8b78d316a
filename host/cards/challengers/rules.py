"""Setup, legal actions and events of Challengers!: the deck phase, the rounds, the final.

Seats act independently: in the deck phase every player chooses at once, and
in the match phase each match waits only for its own actor. The robot (seat
-1) never sends events: whenever it is its turn to reveal, the engine reveals
for it straight away (it has no choice to make).
"""

from __future__ import annotations

from typing import Any

from host import rng
from host.cards.challengers import match as matches
from host.cards.challengers.cards import SETS_PER_GAME, THEMED_SETS, copies, pool_defs
from host.cards.challengers.cards import starter_codes
from host.cards.challengers.effects import empty_bench, resolve
from host.cards.challengers.robot import build_robot, gain_card, gains_at, robot_codes
from host.cards.challengers.state import (
    HAND_SIZE,
    LEAD_TO_WIN,
    MAX_PLAYERS,
    MIN_DECK,
    MIN_PLAYERS,
    OFFERS,
    ROBOT,
    ROUNDS,
    TROPHY_FANS,
    Settings,
    Side,
    State,
)
from host.cards.common.checks import checked_event
from host.games.contract import BadEvent, BadSettings, Event, GameError, OutOfTurn, StaleEvent

ACTIONS = ("choose", "pick", "redraw", "remove", "done", "reveal")
TROPHIES_PER_ROUND = MAX_PLAYERS // 2


# ---------------------------------------------------------------- setup


def setup_state(settings_data: dict[str, Any], seats: list[dict[str, Any]], seed: int) -> State:
    settings = Settings.from_dict(settings_data)
    if not MIN_PLAYERS <= len(seats) <= MAX_PLAYERS:
        raise BadSettings(f"Challengers! is played by {MIN_PLAYERS} to {MAX_PLAYERS} players")
    numbers = [s.get("seat") for s in seats]
    if any(not isinstance(n, int) or isinstance(n, bool) or n < 0 for n in numbers):
        raise BadSettings("every seat needs a whole number 'seat' >= 0")
    if len(set(numbers)) != len(numbers):
        raise BadSettings("two seats have the same number")
    if settings.solo_challenge and len(seats) != 1:
        raise BadSettings("the solo challenge is for one player")
    state_rng = rng.seed_state(seed)
    if settings.sets is not None:
        sets = list(settings.sets)
    else:
        drawn, state_rng = rng.shuffled(state_rng, THEMED_SETS)
        sets = [s for s in THEMED_SETS if s in drawn[:SETS_PER_GAME]]
    levels: dict[str, list[str]] = {}
    pool = pool_defs(sets)
    for level in ("A", "B", "C"):
        levels[level], state_rng = rng.shuffled(
            state_rng, copies([d for d in pool if d.level == level])
        )
    sides = [
        Side(int(s["seat"]), str(s.get("name", "")), s.get("bot"),
             deck=starter_codes(int(s["seat"])), bench=empty_bench())
        for s in sorted(seats, key=lambda s: int(s["seat"]))
    ]
    if len(seats) % 2:
        robot, state_rng = build_robot(settings.robot_level, settings.solo_challenge, state_rng)
        sides.append(robot)
    stacks: dict[str, list[int]] = {}
    for round_no, (low, high) in TROPHY_FANS.items():
        stack = []
        for _ in range(TROPHIES_PER_ROUND):
            bit, state_rng = rng.randbelow(state_rng, 2)
            stack.append(high if bit else low)
        stacks[str(round_no)] = stack
    state = State(settings, sets, sides, levels, stacks, rng=state_rng)
    _start_deck_phase(state)
    return state


# ---------------------------------------------------------------- what a seat may do


def timer_id(state: State) -> str:
    return f"challengers:{state.step}"


def legal_actions(state: State, seat: int) -> list[Event]:
    if state.over or seat == ROBOT:
        return []
    try:
        me = state.side(seat)
    except GameError:
        return []
    if state.phase in ("match", "final"):
        m = state.match_of(seat)
        if m is None or m.over or m.actor != seat:
            return []
        return [{"type": "reveal", "seat": seat}]
    if me.done:
        return []
    if state.phase == "deck" and me.offer is None:
        offers = range(len(OFFERS[state.round]))
        return [{"type": "choose", "seat": seat, "offer": i} for i in offers]
    if me.to_pick:
        out: list[Event] = [{"type": "pick", "seat": seat, "card": c} for c in me.hand]
        if not me.redrawn:
            out.append({"type": "redraw", "seat": seat})
        return out
    out = []
    if len(me.deck) > MIN_DECK:
        out = [{"type": "remove", "seat": seat, "card": c} for c in me.deck]
    out.append({"type": "done", "seat": seat})
    return out


# ---------------------------------------------------------------- applying events


def apply_event(state: State, event: Event) -> State:
    seat = checked_event(state, event, ACTIONS)
    if seat is None:
        return _timeout(state, event)
    if seat == ROBOT:
        raise OutOfTurn("the robot plays by itself")
    state.side(seat)
    new = state.copy()
    new.last = _act(new, seat, event)
    new.step += 1
    _advance(new)
    new.shared = None
    return new


def _act(state: State, seat: int, event: Event) -> list[dict[str, Any]]:
    kind = event["type"]
    me = state.edit(seat)
    if kind == "reveal":
        if state.phase not in ("match", "final"):
            raise OutOfTurn("no match is being played")
        m = state.match_of(seat)
        if m is None or m.over:
            raise OutOfTurn("you are not playing a match now")
        if m.actor != seat:
            raise OutOfTurn(f"seat {m.actor} reveals now, not seat {seat}")
        return matches.reveal(state, m, seat)
    if state.phase not in ("deck", "final_deck"):
        raise OutOfTurn("the deck phase is over")
    if me.done:
        raise OutOfTurn("you have finished this deck phase")
    handler = {"choose": _choose, "pick": _pick, "redraw": _redraw, "remove": _remove,
               "done": _done}[kind]
    return handler(state, me, event)


def _choose(state: State, me: Side, event: Event) -> list[dict[str, Any]]:
    if state.phase != "deck" or me.offer is not None:
        raise GameError("the offer is already chosen")
    offer = event.get("offer")
    offers = OFFERS[state.round]
    if not isinstance(offer, int) or isinstance(offer, bool) or not 0 <= offer < len(offers):
        raise BadEvent(f"offer must be 0..{len(offers) - 1}")
    _take_offer(state, me, offer)
    return [{"type": "choose", "seat": me.seat, "offer": offer}]


def _take_offer(state: State, me: Side, offer: int) -> None:
    level, keep = OFFERS[state.round][offer]
    pile = state.levels[level]
    count = min(HAND_SIZE, len(pile))
    me.hand = pile[len(pile) - count:][::-1]
    del pile[len(pile) - count:]
    me.offer, me.to_pick = offer, min(keep, len(me.hand))


def _pick(state: State, me: Side, event: Event) -> list[dict[str, Any]]:
    card = event.get("card")
    if not me.to_pick:
        raise GameError("you have kept all the cards this round allows")
    if card not in me.hand:
        raise BadEvent(f"{card!r} is not in your hand")
    me.hand.remove(card)
    me.deck.append(card)
    me.to_pick -= 1
    report: list[dict[str, Any]] = [{"type": "pick", "seat": me.seat}]
    effect = resolve(me, None, card, "select")
    if effect is not None:  # the effect is public, the card stays a secret of its deck
        effect.pop("card")
        report.append({"type": "effect", "seat": me.seat, **effect})
    if not me.to_pick:
        _return_hand(state, me)
    return report


def _return_hand(state: State, me: Side) -> None:
    """Cards not kept go to the bottom of their level pile."""
    assert me.offer is not None
    level = OFFERS[state.round][me.offer][0]
    state.levels[level][:0] = me.hand
    me.hand = []


def _redraw(state: State, me: Side, event: Event) -> list[dict[str, Any]]:
    if not me.to_pick:
        raise GameError("there is nothing left to redraw")
    if me.redrawn:
        raise GameError("you may redraw once a round")
    assert me.offer is not None
    level = OFFERS[state.round][me.offer][0]
    count = len(me.hand)
    _return_hand(state, me)
    pile = state.levels[level]
    me.hand = pile[len(pile) - count:][::-1]
    del pile[len(pile) - count:]
    me.redrawn = True
    return [{"type": "redraw", "seat": me.seat, "count": count}]


def _remove(state: State, me: Side, event: Event) -> list[dict[str, Any]]:
    card = event.get("card")
    if me.to_pick or (state.phase == "deck" and me.offer is None):
        raise GameError("keep your cards first, then remove")
    if card not in me.deck:
        raise BadEvent(f"{card!r} is not in your deck")
    if len(me.deck) <= MIN_DECK:
        raise GameError(f"a deck keeps at least {MIN_DECK} card")
    me.deck.remove(card)
    me.removed.append(card)
    return [{"type": "remove", "seat": me.seat}]


def _done(state: State, me: Side, event: Event) -> list[dict[str, Any]]:
    if me.to_pick or (state.phase == "deck" and me.offer is None):
        raise GameError("keep your cards first")
    me.done = True
    return [{"type": "done", "seat": me.seat}]


def _timeout(state: State, event: Event) -> State:
    """Time is up: each waiting seat gets the default (first offer, first cards, done; a reveal)."""
    if state.settings.turn_seconds is None or event.get("timer") != timer_id(state):
        raise StaleEvent("this timeout is not for the phase now running")
    new = state.copy()
    reports: list[dict[str, Any]] = [{"type": "timeout"}]
    if new.phase in ("deck", "final_deck"):
        for me in new.edit_all():
            if me.seat == ROBOT or me.done:
                continue
            if new.phase == "deck" and me.offer is None:
                _take_offer(new, me, 0)
            while me.to_pick:
                reports += _pick(new, me, {"card": me.hand[0]})
            me.done = True
    else:
        for m in new.matches:
            if not m.over and m.actor != ROBOT:
                reports += matches.reveal(new, m, m.actor)
    new.last = reports
    new.step += 1
    _advance(new)
    new.shared = None
    return new


# ---------------------------------------------------------------- the flow of the game


def _advance(state: State) -> None:
    """Let the robot play, and move on to the next phase while nobody has to act."""
    while not state.over:
        if state.phase in ("deck", "final_deck"):
            if not all(state.side(s).done for s in _deck_seats(state)):
                return
            _start_match_phase(state)
        else:
            _robot_reveals(state)
            if not all(m.over for m in state.matches):
                return
            _end_match_phase(state)


def _deck_seats(state: State) -> list[int]:
    return state.finalists if state.phase == "final_deck" else [p.seat for p in state.players()]


def _robot_reveals(state: State) -> None:
    for m in state.matches:
        while not m.over and m.actor == ROBOT:
            state.last += matches.reveal(state, m, ROBOT)


def _start_deck_phase(state: State) -> None:
    robot = state.robot()
    if robot is not None and not state.solo and gains_at(state.settings.robot_level, state.round):
        gain_card(state.edit(ROBOT))
    for me in state.edit_all():
        if me.seat == ROBOT:
            continue
        me.hand, me.offer, me.to_pick, me.redrawn, me.done = [], None, 0, False, False
        if len(OFFERS[state.round]) == 1:
            _take_offer(state, me, 0)
    state.phase = "deck"


def _start_match_phase(state: State) -> None:
    state.matches = []
    if state.phase == "final_deck":
        state.phase = "final"
        matches.start_matches(state, [list(state.finalists)])
        return
    state.phase = "match"
    seats = [s.seat for s in state.sides]
    matches.start_matches(state, matches.pairings(seats, state.round))


def _end_match_phase(state: State) -> None:
    for side in state.edit_all():
        matches.gather(side)
    if state.phase == "final":
        state.winner, state.end, state.phase = state.matches[0].winner, "final", "over"
        return
    if len(state.sides) == 2:
        a, b = state.sides
        lead = a.total_fans() - b.total_fans()
        if abs(lead) >= LEAD_TO_WIN:
            state.winner = a.seat if lead > 0 else b.seat
            state.end, state.phase = "lead", "over"
            return
        if state.round == ROUNDS:
            ranked = sorted([a, b], key=standing, reverse=True)
            tied = standing(a) == standing(b)
            state.winner = None if tied else ranked[0].seat
            state.end, state.phase = "fans", "over"
            return
    elif state.round == ROUNDS:
        _choose_finalists(state)
        return
    state.round += 1
    _start_deck_phase(state)


def standing(side: Side) -> tuple[int, int, int]:
    """Fans, then more trophies, then the highest trophy."""
    return side.total_fans(), len(side.trophies), max((v for _, v in side.trophies), default=0)


def _choose_finalists(state: State) -> None:
    """The two players with most fans (ties: trophies, highest trophy, then a random draw)."""
    players, state.rng = rng.shuffled(
        state.rng, [side for side in state.edit_all() if side.seat != ROBOT]
    )
    players.sort(key=standing, reverse=True)  # stable: the shuffle breaks full ties
    state.finalists = sorted(p.seat for p in players[:2])
    for me in players:
        me.done = me.seat not in state.finalists
        me.hand, me.offer, me.to_pick, me.redrawn = [], None, 0, False
    state.matches = []
    state.phase = "final_deck"


def all_cards(state: State) -> list[str]:
    """Every card code of this game: the drafted sets, each starter deck, the robot's set."""
    codes = copies(pool_defs(state.sets))
    for me in state.players():
        codes += starter_codes(me.seat)
    if state.robot() is not None:
        codes += robot_codes(state.settings.solo_challenge)
    return codes
