"""The rules: dealing, the five actions, battles and elimination (pure functions).

`apply_event` copies the state, checks the event against the rules and
returns the changed copy; a refused event raises a `GameError` subclass whose
message says why. Randomness (the deal, the first player, the attacked hand
card) comes only from the integer generator in the state.
"""

from __future__ import annotations

from typing import Any

from host import rng
from host.cards.q_squared_joe.state import (
    DECK,
    FIELD_SLOTS,
    HAND_SIZE,
    MAX_PLAYERS,
    MIN_PLAYERS,
    Player,
    Settings,
    Slot,
    State,
    rank,
)
from host.cards.common.checks import check_seats, checked_event
from host.games.contract import BadEvent, Event, GameError, OutOfTurn, StaleEvent

ACTIONS = ("draw", "take", "defend", "sacrifice", "attack")
ZONES = ("hand", "resource", "field")


def timer_id(state: State) -> str:
    return f"qsj-turn-{state.move_no}"


# ---------------------------------------------------------------- setup


def setup_state(settings_data: dict[str, Any], seats: list[dict[str, Any]], seed: int) -> State:
    settings = Settings.from_dict(settings_data)
    check_seats(seats, "Q Squared Joe NG", MIN_PLAYERS, MAX_PLAYERS)
    state = rng.seed_state(seed)
    deck, state = rng.shuffled(state, DECK)
    players = []
    for info in sorted(seats, key=lambda s: s["seat"]):
        hand, deck = deck[:HAND_SIZE], deck[HAND_SIZE:]
        field, deck = deck[:FIELD_SLOTS], deck[FIELD_SLOTS:]
        resource, deck = deck[:1], deck[1:]
        players.append(
            Player(
                seat=info["seat"],
                name=str(info.get("name", f"Seat {info['seat']}")),
                bot=info.get("bot"),
                hand=hand,
                field=[Slot(code) for code in field],
                resource=resource,
            )
        )
    first, state = rng.choice(state, [p.seat for p in players])
    return State(settings, players, draw=deck, discard=[], turn=first, rng=state)


# ---------------------------------------------------------------- legal actions


def legal_actions(state: State, seat: int) -> list[Event]:
    if state.over or seat != state.turn:
        return []
    me = state.player(seat)
    out: list[Event] = []
    if state.draw:
        out.append({"type": "draw", "seat": seat})
    if me.resource:
        if state.settings.resource_take == "any":
            out += [{"type": "take", "seat": seat, "card": c} for c in me.resource]
        else:
            out.append({"type": "take", "seat": seat})
    open_slots = [i for i in me.live_slots() if _room_for_defence(state, me.field[i])]
    for card in me.hand:
        out += [{"type": "defend", "seat": seat, "card": card, "slot": i} for i in open_slots]
    out += [{"type": "sacrifice", "seat": seat, "slot": i} for i in me.live_slots()]
    enemies = [p for p in state.alive() if p.seat != seat]
    for card in me.hand:
        for enemy in enemies:
            base = {"type": "attack", "seat": seat, "card": card, "target": enemy.seat}
            if enemy.hand:
                if state.settings.choose_hand_target:
                    out += [{**base, "zone": "hand", "victim": v} for v in enemy.hand]
                else:
                    out.append({**base, "zone": "hand"})
            if enemy.resource:
                out.append({**base, "zone": "resource"})
            if state.settings.field_attack == "stack":
                out += [{**base, "zone": "field", "slot": i} for i in enemy.live_slots()]
            else:
                out.append({**base, "zone": "field"})
    return out


def _room_for_defence(state: State, slot: Slot | None) -> bool:
    limit = state.settings.max_defence
    return slot is not None and (limit is None or len(slot.defence) < limit)


# ---------------------------------------------------------------- applying events


def apply_event(state: State, event: Event) -> State:
    seat = checked_event(state, event, ACTIONS)
    if seat is None:
        return _apply_timeout(state, event)
    state.player(seat)  # an unknown seat is refused here
    if seat != state.turn:
        raise OutOfTurn(f"it is seat {state.turn}'s turn, not seat {seat}'s")
    new = state.copy()
    me = new.player(seat)
    handler = {
        "draw": _draw,
        "take": _take,
        "defend": _defend,
        "sacrifice": _sacrifice,
        "attack": _attack,
    }[event["type"]]
    handler(new, me, event)
    _finish_move(new)
    return new


def _apply_timeout(state: State, event: Event) -> State:
    if state.settings.turn_seconds is None or event.get("timer") != timer_id(state):
        raise StaleEvent("this timeout is not for the turn now running")
    return apply_event(state, automatic_move(state))


def automatic_move(state: State) -> Event:
    """The move made for a seat whose time ran out (it may not pass): see the rulings."""
    seat = state.turn
    me = state.player(seat)
    if state.draw:
        return {"type": "draw", "seat": seat}
    if me.resource:
        return {"type": "take", "seat": seat, "card": me.resource[-1]}
    if me.hand:
        slot = me.live_slots()[0]
        if _room_for_defence(state, me.field[slot]):
            return {"type": "defend", "seat": seat, "card": min(me.hand, key=rank), "slot": slot}
    actions = legal_actions(state, seat)
    attacks = [a for a in actions if a["type"] == "attack"]
    return (attacks or actions)[0]


def _draw(state: State, me: Player, event: Event) -> None:
    if not state.draw:
        raise GameError("the draw pile is empty")
    me.hand.append(state.draw.pop())
    state.last = {"type": "draw", "seat": me.seat}


def _take(state: State, me: Player, event: Event) -> None:
    if not me.resource:
        raise GameError("your resource pile is empty")
    card = event.get("card", me.resource[-1])
    if card not in me.resource:
        raise BadEvent(f"{card!r} is not in your resource pile")
    if state.settings.resource_take == "top" and card != me.resource[-1]:
        raise GameError("only the top card of the resource pile may be taken")
    me.resource.remove(card)
    me.hand.append(card)
    state.last = {"type": "take", "seat": me.seat, "card": card}


def _defend(state: State, me: Player, event: Event) -> None:
    card = _hand_card(me, event)
    slot = _own_slot(me, event)
    if not _room_for_defence(state, slot):
        raise GameError(f"this field card already has {state.settings.max_defence} defence card(s)")
    me.hand.remove(card)
    slot.defence.append(card)
    state.last = {"type": "defend", "seat": me.seat, "card": card, "slot": event["slot"]}


def _sacrifice(state: State, me: Player, event: Event) -> None:
    slot = _own_slot(me, event)
    index = event["slot"]
    if slot.defence:
        card = slot.defence.pop()
    else:
        card = slot.base
        me.field[index] = None
    me.hand.append(card)
    state.last = {"type": "sacrifice", "seat": me.seat, "slot": index, "card": card}
    if not me.live_slots():
        _eliminate(state, me)


def _attack(state: State, me: Player, event: Event) -> None:
    card = _hand_card(me, event)
    zone = event.get("zone")
    if zone not in ZONES:
        raise BadEvent(f"'zone' must be one of {ZONES}")
    target_seat = event.get("target")
    if not isinstance(target_seat, int) or isinstance(target_seat, bool):
        raise BadEvent("an attack needs a whole number 'target' seat")
    enemy = state.player(target_seat)
    if enemy.seat == me.seat:
        raise GameError("you cannot attack yourself")
    if not enemy.alive:
        raise GameError(f"seat {enemy.seat} is already eliminated")
    report: dict[str, Any] = {
        "type": "attack",
        "seat": me.seat,
        "card": card,
        "target": enemy.seat,
        "zone": zone,
    }
    if zone == "hand":
        _check_hand_target(state, enemy, event)
    elif zone == "resource" and not enemy.resource:
        raise GameError(f"seat {enemy.seat} has no resource pile to attack")
    elif zone == "field":
        _check_field_target(state, enemy, event)
    me.hand.remove(card)
    if zone == "hand":
        won = _battle_hand(state, enemy, card, event, report)
    elif zone == "resource":
        won = _battle_resource(state, enemy, card, report)
    else:
        won = _battle_field(state, enemy, card, event.get("slot"), report)
    if won:
        me.resource.append(card)
    else:
        state.discard.append(card)
    report["outcome"] = report.get("outcome") or ("won" if won else "lost")
    state.last = report
    if not enemy.live_slots():
        report["eliminated"] = enemy.seat
        _eliminate(state, enemy)


def _check_hand_target(state: State, enemy: Player, event: Event) -> None:
    if not enemy.hand:
        raise GameError(f"seat {enemy.seat} has no card in hand")
    if state.settings.choose_hand_target:
        if event.get("victim") not in enemy.hand:
            raise BadEvent("name the attacked hand card in 'victim' (a card of that hand)")
    elif "victim" in event:
        raise BadEvent("the attacked hand card is drawn at random; do not name a 'victim'")


def _check_field_target(state: State, enemy: Player, event: Event) -> None:
    if state.settings.field_attack == "stack":
        _own_slot(enemy, event, whose="that player's")
    elif "slot" in event:
        raise BadEvent("a field attack runs through the whole field; do not name a 'slot'")


def _battle_hand(
    state: State, enemy: Player, card: str, event: Event, report: dict[str, Any]
) -> bool:
    if state.settings.choose_hand_target:
        victim = str(event["victim"])
    else:
        victim, state.rng = rng.choice(state.rng, sorted(enemy.hand))
    if rank(card) > rank(victim):
        enemy.hand.remove(victim)
        state.discard.append(victim)
        report["beaten"] = [victim]
        return True
    if rank(card) == rank(victim):
        enemy.hand.remove(victim)
        state.discard.append(victim)
        report.update(beaten=[], outcome="tie", stopped_by=victim)
        return False
    # The surviving hand card stays secret: views blank it (the referee only says "lost").
    report.update(beaten=[], stopped_by=victim)
    return False


def _battle_resource(state: State, enemy: Player, card: str, report: dict[str, Any]) -> bool:
    strength = rank(card)
    beaten = [c for c in enemy.resource if rank(c) < strength]
    tied = [c for c in enemy.resource if rank(c) == strength]
    enemy.resource = [c for c in enemy.resource if rank(c) > strength]
    state.discard += beaten + tied
    won = not tied and not enemy.resource
    survivors = enemy.resource + tied
    report.update(beaten=beaten + tied, stopped_by=survivors[0] if survivors else None)
    if tied and not enemy.resource:
        report["outcome"] = "tie"
    return won


def _chain(state: State, enemy: Player, slot_index: Any) -> list[int]:
    """The field positions in the order the chain meets them: defence cards first."""
    if state.settings.field_attack == "stack":
        return [int(slot_index)]
    return enemy.live_slots()


def _battle_field(
    state: State, enemy: Player, card: str, slot_index: Any, report: dict[str, Any]
) -> bool:
    strength = rank(card)
    beaten: list[str] = []
    report["beaten"] = beaten
    indices = _chain(state, enemy, slot_index)
    # Phase one: every defence card, top first; phase two: the field cards themselves.
    slots = [(i, slot) for i in indices if (slot := enemy.field[i]) is not None]
    order = [(i, True) for i, slot in slots for _ in slot.defence]
    order += [(i, False) for i, _ in slots]
    for index, is_defence in order:
        slot = enemy.field[index]
        assert slot is not None
        met = slot.top() if is_defence else slot.base
        if rank(met) <= strength:
            if is_defence:
                slot.defence.pop()
            else:
                enemy.field[index] = None
            state.discard.append(met)
            if rank(met) == strength:
                report.update(outcome="tie", stopped_by=met)
                return False
            beaten.append(met)
            continue
        if not is_defence:
            slot.base_up = True
        report["stopped_by"] = met
        return False
    return True


def _hand_card(me: Player, event: Event) -> str:
    card = event.get("card")
    if not isinstance(card, str):
        raise BadEvent("the event needs the 'card' code of a card in your hand")
    if card not in me.hand:
        raise GameError(f"{card!r} is not in your hand")
    return card


def _own_slot(me: Player, event: Event, whose: str = "your") -> Slot:
    index = event.get("slot")
    if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < FIELD_SLOTS:
        raise BadEvent(f"'slot' must be a field position 0..{FIELD_SLOTS - 1}")
    slot = me.field[index]
    if slot is None:
        raise GameError(f"{whose} field position {index} is empty")
    return slot


# ---------------------------------------------------------------- end of a move


def _eliminate(state: State, player: Player) -> None:
    """An empty field knocks a player out; their hand and resource go to the discard pile."""
    player.out_at = state.move_no + 1
    state.discard += player.hand + player.resource
    player.hand, player.resource = [], []


def _finish_move(state: State) -> None:
    state.move_no += 1
    alive = state.alive()
    if len(alive) == 1:
        state.over, state.winner, state.end = True, alive[0].seat, "last_standing"
        return
    if state.move_no >= state.settings.move_limit:
        state.over, state.end = True, "move_limit"
        return
    seats = [p.seat for p in state.players]
    at = seats.index(state.turn)
    for step in range(1, len(seats) + 1):
        candidate = state.player(seats[(at + step) % len(seats)])
        if candidate.alive:
            state.turn = candidate.seat
            return
