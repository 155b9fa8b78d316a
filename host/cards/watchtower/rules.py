"""The rules: the deal, set-up, a turn, challenges, for-alls and the end (pure functions).

`apply_event` copies the state, checks the event and returns the changed copy;
a refused event raises a `GameError` subclass saying why. Randomness (the
deal, the dealer, the army shuffles before blind picks, the barracks refill,
the showdown) comes only from the integer generator in the state.
"""

from __future__ import annotations

from typing import Any

from host import rng
from host.cards.watchtower.battle import (
    complete_tower,
    forall_queue,
    limit_key,
    resolve_challenge,
    resolve_forall,
)
from host.cards.watchtower.showdown import run_showdown
from host.cards.watchtower.state import (
    ARMY_NEEDED,
    ARMY_SIZE,
    CHALLENGE_LIMIT,
    DECK,
    FORT_SIZE,
    MAX_PLAYERS,
    MIN_PLAYERS,
    TOWER,
    Pending,
    Player,
    Settings,
    State,
    is_royal_or_ace,
)
from host.cards.watchtower.piles import add_to_fort, draw_to_army, next_active, remove_from_fort
from host.cards.common.checks import check_seats, checked_event
from host.games.contract import BadEvent, Event, GameError, OutOfTurn, StaleEvent

ACTIONS = ("place", "burn", "ready", "draw", "challenge", "seize", "pick", "end", "showdown")
CAMPAIGN_DUEL = 3  # cards per side when two campaigners fight


def timer_id(state: State) -> str:
    return f"watchtower-{state.move_no}"


# ---------------------------------------------------------------- setup


def setup_state(settings_data: dict[str, Any], seats: list[dict[str, Any]], seed: int) -> State:
    settings = Settings.from_dict(settings_data)
    check_seats(seats, "Watchtower", MIN_PLAYERS, MAX_PLAYERS)
    generator = rng.seed_state(seed)
    while True:  # a dealt fort holding four of a rank is redealt (see the rulings)
        deck, generator = rng.shuffled(generator, DECK)
        players = _deal(deck, sorted(seats, key=lambda s: s["seat"]))
        if all(len(stack) < TOWER for p in players for stack in p.fort):
            break
    barracks = deck[len(players) * (FORT_SIZE + ARMY_SIZE) :]
    dealer, generator = rng.choice(generator, [p.seat for p in players])
    state = State(settings, players, barracks, turn=dealer, dealer=dealer, rng=generator)
    state.turn = next_active(state, dealer)
    return state


def _deal(deck: list[str], seats: list[dict[str, Any]]) -> list[Player]:
    players = []
    for i, info in enumerate(seats):
        cards = deck[i * (FORT_SIZE + ARMY_SIZE) : (i + 1) * (FORT_SIZE + ARMY_SIZE)]
        p = Player(
            seat=info["seat"],
            name=str(info.get("name", f"Seat {info['seat']}")),
            bot=info.get("bot"),
            army=cards[FORT_SIZE:],
            fort=[],
        )
        for card in cards[:FORT_SIZE]:
            add_to_fort(p, card)
        players.append(p)
    return players


# ---------------------------------------------------------------- legal actions


def legal_actions(state: State, seat: int) -> list[Event]:
    if state.over:
        return []
    if state.phase == "picks":
        assert state.pending is not None
        chooser, owner = state.pending.queue[0]
        if seat != chooser:
            return []
        size = len(state.player(owner).army)
        return [{"type": "pick", "seat": seat, "position": i} for i in range(size)]
    if seat != state.turn:
        return []
    me = state.player(seat)
    if state.phase == "draw":
        return [{"type": "draw", "seat": seat}]
    if state.phase == "showdown":
        return [{"type": "showdown", "seat": seat}]
    out: list[Event] = []
    if not me.campaign:
        placeable = [c for c in me.army if can_place(state, me, c)]
        out += [{"type": "place", "seat": seat, "card": c} for c in placeable]
        if can_burn(state, me):
            out += [{"type": "burn", "seat": seat, "card": s[-1]} for s in me.fort]
    if state.phase == "setup":
        out.append({"type": "ready", "seat": seat})
        return out
    if state.challenges < state.settings.challenges_per_turn:
        out += challenges(state, me)
    out.append({"type": "end", "seat": seat})
    return out


def can_place(state: State, me: Player, card: str) -> bool:
    """A card may join the fort, unless as a fourth of its rank not won or drawn this turn."""
    stack = me.stack_of(card)
    if stack is None or len(stack) < TOWER - 1:
        return True
    return state.phase == "main" and card in state.fresh


def can_burn(state: State, me: Player) -> bool:
    if state.burnt or me.campaign or not me.fort:
        return False
    if state.phase != "setup":
        return True
    rule = state.settings.setup_burn
    if rule == "always":
        return True
    if rule == "never":
        return False
    rivals = [p for p in state.active() if p.seat != me.seat]
    return all(len(stack) < 2 for p in rivals for stack in p.fort)


def campaigns_open(state: State) -> bool:
    """Two players or more on campaign: anyone may fight a campaigner's army (ruling 27).

    The seed: "si deux personnes participent à des campagnes, alors que d'autres
    personnes dans le jeu jouent toujours normalement, elles peuvent se battre".
    """
    return sum(p.campaign for p in state.active()) >= 2


def challenges(state: State, me: Player) -> list[Event]:
    """Every challenge (and seizure of an unguarded fort card) this player may make now."""
    out: list[Event] = []
    mine = len(me.army)
    for enemy in state.active():
        if enemy.seat == me.seat:
            continue
        theirs = len(enemy.army)
        base = {"type": "challenge", "seat": me.seat, "target": enemy.seat}
        if enemy.campaign:
            if (me.campaign or campaigns_open(state)) and mine and theirs:
                out.append({**base, "cards": min(CAMPAIGN_DUEL, mine, theirs)})
            continue
        for stack in enemy.fort:
            top = stack[-1]
            if mine < ARMY_NEEDED[len(stack)]:
                continue
            if state.counts.get(limit_key(state, me.seat, top), 0) >= CHALLENGE_LIMIT:
                continue
            if not theirs:
                out.append({"type": "seize", "seat": me.seat, "target": enemy.seat, "card": top})
                continue
            out += [{**base, "card": top, "cards": k} for k in range(1, min(2, mine, theirs) + 1)]
    return out


# ---------------------------------------------------------------- applying events


def apply_event(state: State, event: Event) -> State:
    seat = checked_event(state, event, ACTIONS)
    if seat is None:
        if state.settings.turn_seconds is None or event.get("timer") != timer_id(state):
            raise StaleEvent("this timeout is not for the decision now waited for")
        return apply_event(state, automatic_move(state))
    kind = event["type"]
    state.player(seat)
    _check_turn(state, seat, kind)
    new = state.copy()
    me = new.player(seat)
    _HANDLERS[kind](new, me, event)
    new.move_no += 1
    _after_move(new)
    return new


def _check_turn(state: State, seat: int, kind: str) -> None:
    if state.phase == "picks":
        assert state.pending is not None
        chooser, owner = state.pending.queue[0]
        if kind != "pick":
            raise OutOfTurn(f"waiting for seat {chooser} to pick a card of seat {owner}'s army")
        if seat != chooser:
            raise OutOfTurn(f"seat {chooser} picks now, not seat {seat}")
        return
    if seat != state.turn:
        raise OutOfTurn(f"it is seat {state.turn}'s turn, not seat {seat}'s")
    allowed = {
        "setup": ("place", "burn", "ready"),
        "draw": ("draw",),
        "main": ("place", "burn", "challenge", "seize", "end"),
        "showdown": ("showdown",),
    }[state.phase]
    if kind not in allowed:
        raise GameError(f"{kind!r} is not allowed now (phase {state.phase}: {', '.join(allowed)})")


def automatic_move(state: State) -> Event:
    """The move made when time runs out: a pick takes the first card, a turn moves on."""
    if state.phase == "picks":
        assert state.pending is not None
        return {"type": "pick", "seat": state.pending.queue[0][0], "position": 0}
    kind = {"setup": "ready", "draw": "draw", "main": "end", "showdown": "showdown"}[state.phase]
    return {"type": kind, "seat": state.turn}


def _army_card(me: Player, event: Event) -> str:
    card = event.get("card")
    if not isinstance(card, str) or card not in me.army:
        raise BadEvent(f"{card!r} is not a card of your army")
    return card


def _place(state: State, me: Player, event: Event) -> None:
    if me.campaign:
        raise GameError("a player on campaign has no fort to place cards in")
    card = _army_card(me, event)
    if not can_place(state, me, card):
        raise GameError(
            "a watchtower is completed only by a card won in battle, taken from a fort "
            "or drawn from the barracks this turn (never during set-up)"
        )
    me.army.remove(card)
    stack = me.stack_of(card)
    state.last = {"type": "place", "seat": me.seat, "card": card}
    if stack is None or len(stack) < TOWER - 1:
        add_to_fort(me, card)
    elif state.fresh[card] == "battle":
        complete_tower(state, me, card)
        state.last["campaign"] = True
    else:
        pending = Pending("forall", me.seat, contested=card)
        pending.queue = forall_queue(state, me.seat)
        for _, owner in pending.queue:
            p = state.player(owner)
            p.army, state.rng = rng.shuffled(state.rng, p.army)
        state.pending = pending
        state.last["forall"] = True
        if pending.queue:
            state.phase = "picks"
        else:
            _resolve(state)


def _burn(state: State, me: Player, event: Event) -> None:
    if not can_burn(state, me):
        why = "you already burnt a card this turn" if state.burnt else "you may not burn now"
        if state.phase == "setup" and not state.burnt and state.settings.setup_burn != "never":
            why = "no burn before play while another player has a watchtower in their fort"
        raise GameError(why)
    card = event.get("card")
    if not isinstance(card, str) or not any(s[-1] == card for s in me.fort):
        raise BadEvent(f"{card!r} is not on top of a stack of your fort")
    remove_from_fort(state, me, card)
    state.barracks.append(card)
    state.burnt = True
    drawn = draw_to_army(state, me, 2 if is_royal_or_ace(card) else 1, fresh=True)
    state.last = {"type": "burn", "seat": me.seat, "card": card, "drawn": drawn}


def _ready(state: State, me: Player, event: Event) -> None:
    state.last = {"type": "ready", "seat": me.seat}
    state.burnt = False
    state.fresh = {}
    following = next_active(state, me.seat)
    state.turn = following
    if following == next_active(state, state.dealer):
        state.phase = "draw"  # everyone is set up: the player left of the dealer starts


def _draw(state: State, me: Player, event: Event) -> None:
    drawn = draw_to_army(state, me, 1, fresh=True)
    state.last = {"type": "draw", "seat": me.seat, "card": drawn[0] if drawn else None}
    state.phase = "main"


def _find_legal(state: State, me: Player, event: Event, keys: tuple[str, ...]) -> Event:
    wanted = {k: event.get(k) for k in keys}
    for action in challenges(state, me):
        if {k: action.get(k) for k in keys} == wanted:
            return action
    raise GameError(
        f"{event['type']} refused: the target must be another player's fort card on top of a "
        "stack (or a fellow campaigner), with enough army cards (6 for a double watchtower, "
        "10 for a triple), fewer than 3 challenges on that card, and cards within both armies"
    )


def _challenge(state: State, me: Player, event: Event) -> None:
    if state.challenges >= state.settings.challenges_per_turn:
        raise GameError("you have no challenge left this turn")
    target = state.player(event["target"]) if isinstance(event.get("target"), int) else None
    if target is not None and target.campaign and not me.campaign and not campaigns_open(state):
        raise GameError(
            "a watchtower on campaign cannot be challenged; its army can be fought by another "
            "campaigner, or by anyone once two players are on campaign"
        )
    action = _find_legal(state, me, event, ("type", "target", "card", "cards"))
    size = int(action["cards"])
    enemy = state.player(action["target"])
    card = action.get("card")
    if card is not None:
        key = limit_key(state, me.seat, card)
        state.counts[key] = state.counts.get(key, 0) + 1
    state.challenges += 1
    for p in (me, enemy):
        p.army, state.rng = rng.shuffled(state.rng, p.army)
    state.pending = Pending(
        "challenge",
        me.seat,
        enemy.seat,
        card,
        size,
        queue=[[enemy.seat, me.seat]] * size + [[me.seat, enemy.seat]] * size,
    )
    state.phase = "picks"
    state.last = {
        "type": "challenge",
        "seat": me.seat,
        "target": enemy.seat,
        "card": card,
        "cards": size,
    }


def _seize(state: State, me: Player, event: Event) -> None:
    if state.challenges >= state.settings.challenges_per_turn:
        raise GameError("you have no challenge left this turn")
    action = _find_legal(state, me, event, ("type", "target", "card"))
    enemy = state.player(action["target"])
    card = str(action["card"])
    remove_from_fort(state, enemy, card)
    me.army.append(card)
    state.fresh[card] = "battle"
    state.challenges += 1
    state.last = {"type": "seize", "seat": me.seat, "target": enemy.seat, "card": card}


def _pick(state: State, me: Player, event: Event) -> None:
    assert state.pending is not None
    pending = state.pending
    owner = state.player(pending.queue[0][1])
    position = event.get("position")
    if not isinstance(position, int) or isinstance(position, bool):
        raise BadEvent("a pick needs a whole number 'position'")
    if not 0 <= position < len(owner.army):
        raise BadEvent(f"position must be 0..{len(owner.army) - 1} (seat {owner.seat}'s army)")
    card = owner.army.pop(position)
    pending.lines.setdefault(str(owner.seat), []).append(card)
    pending.queue.pop(0)
    state.last = {"type": "pick", "seat": me.seat, "owner": owner.seat, "position": position}
    if not pending.queue:
        _resolve(state)


def _resolve(state: State) -> None:
    pending = state.pending
    assert pending is not None
    state.pending = None
    if pending.kind == "challenge":
        resolve_challenge(state, pending)
    else:
        resolve_forall(state, pending)
    state.phase = "main"


def _end(state: State, me: Player, event: Event) -> None:
    state.last = {"type": "end", "seat": me.seat}
    _next_turn(state)


def _next_turn(state: State) -> None:
    state.turn = next_active(state, state.turn)
    state.burnt = False
    state.challenges = 0
    state.fresh = _defence_spoils(state, state.player(state.turn))
    state.phase = "main" if state.player(state.turn).campaign else "draw"


def _defence_spoils(state: State, me: Player) -> dict[str, str]:
    """The cards this player won as a defender since its last turn, still in its army: won in
    battle for this turn (ruling 22). Older spoils are forgotten."""
    won = {card: "battle" for card, seat in state.spoils.items() if seat == me.seat}
    for card in won:
        del state.spoils[card]
    return {card: how for card, how in won.items() if card in me.army}


def _showdown(state: State, me: Player, event: Event) -> None:
    run_showdown(state)


_HANDLERS = {
    "place": _place,
    "burn": _burn,
    "ready": _ready,
    "draw": _draw,
    "challenge": _challenge,
    "seize": _seize,
    "pick": _pick,
    "end": _end,
    "showdown": _showdown,
}


def _after_move(state: State) -> None:
    """The game's end and the showdown are checked after every move."""
    if state.over:
        return
    if state.move_no >= state.settings.move_limit:
        state.phase, state.winner, state.end = "over", None, "move_limit"
        return
    if state.phase == "picks":
        return
    active = state.active()
    if len(active) == 1:
        state.phase, state.winner, state.end = "over", active[0].seat, "last_standing"
        return
    if state.player(state.turn).out:
        _next_turn(state)
    if all(p.campaign for p in active) and state.phase != "setup":
        state.phase = "showdown"

