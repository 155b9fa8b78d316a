"""What each audience sees: hidden cards appear only as counts.

Hidden: every deck (its order from everyone; its contents from all but its
owner), the deck-phase hands, the level piles, the robot's reserve, the cards
a player removed (they came from a private deck) and, at 3-8 players, the fan
values of trophies until the final (the owner sees its own). Cards revealed in
a match (flag pile, attack, bench, discard) are public, even those under the
flag: the whole table saw them turned up.
"""

from __future__ import annotations

from typing import Any

from host.cards.challengers.cards import card_text, kind_of
from host.cards.challengers.effects import attack_total, bench_power, defence
from host.cards.challengers.state import OFFERS, ROBOT, Side, State
from host.cards.common import audiences
from host.games.contract import BadEvent, View


def parse_audience(state: State, audience: str) -> tuple[str, int | None]:
    return audiences.parse_audience(audience, lambda seat: _check_seat(state, seat))


def _check_seat(state: State, seat: int) -> None:
    if seat == ROBOT:
        raise BadEvent("the robot has no view")
    state.side(seat)


def trophies_public(state: State) -> bool:
    return len(state.sides) == 2 or state.phase in ("final_deck", "final", "over")


def _side_view(state: State, side: Side, kind: str, own: int | None) -> dict[str, Any]:
    mine = kind == "host" or side.seat == own
    show_fans = trophies_public(state) or mine
    entry: dict[str, Any] = {
        "seat": side.seat,
        "name": side.name,
        "bot": side.bot,
        "robot": side.seat == ROBOT,
        "deck_count": len(side.deck),
        "hand_count": len(side.hand),
        "removed_count": len(side.removed),
        "reserve_count": len(side.reserve),
        "pile": list(side.pile),  # bottom .. top; only the top defends
        "attack": list(side.attack),
        "bench": [list(slot) for slot in side.bench],
        "discard": list(side.discard),
        "bonus": {c: b for c, b in side.bonus.items() if c in side.pile or c in side.attack},
        "bench_power": bench_power(side),
        "attack_total": attack_total(side) if side.attack else None,
        "defence": defence(side) if side.pile else None,
        "fan_tokens": side.fans,
        "trophies": [
            {"round": r, "fans": v if show_fans else None} for r, v in side.trophies
        ],
        "fans": side.total_fans() if show_fans else None,
        "offer": side.offer,
        "to_pick": side.to_pick,
        "redrawn": side.redrawn,
        "done": side.done,
    }
    if mine:
        entry["hand"] = list(side.hand)
        entry["removed"] = list(side.removed)
        # The owner knows what its deck holds, never its order once shuffled.
        entry["deck"] = list(side.deck) if kind == "host" else sorted(side.deck)
    if kind == "host":
        entry["reserve"] = list(side.reserve)
    return entry


def _visible(state: State, kind: str, own: int | None) -> set[str] | None:
    """Cards this audience may see now (None: everything)."""
    if kind == "host":
        return None
    seen: set[str] = set()
    for side in state.sides:
        seen.update(side.pile, side.attack, side.discard, *side.bench)
        if side.seat == own:
            seen.update(side.deck, side.hand, side.removed)
    return seen


def _sanitised(value: Any, seen: set[str] | None) -> Any:
    """The last event's report without cards that went back into hiding.

    A card revealed at the end of a match is gathered into its deck in the
    same event; the report then names it as None.
    """
    if seen is None:
        return value
    if isinstance(value, list):
        return [_sanitised(v, seen) for v in value]
    if isinstance(value, dict):
        return {k: _sanitised(v, seen) for k, v in value.items()}
    if isinstance(value, str) and "#" in value and value not in seen:
        return None
    return value


def build_view(state: State, audience: str) -> View:
    kind, own = parse_audience(state, audience)
    view: View = {
        "game": "challengers",
        "audience": audience,
        "round": state.round,
        "phase": state.phase,
        "offers": [{"level": lv, "keep": n} for lv, n in OFFERS[state.round]],
        "sets": list(state.sets),
        "level_counts": {k: len(v) for k, v in state.levels.items()},
        "sides": [_side_view(state, s, kind, own) for s in state.sides],
        "matches": [
            {"seats": list(m.seats), "actor": None if m.over else m.actor, "holder": m.holder,
             "winner": m.winner, "loser": m.loser, "end": m.end}
            for m in state.matches
        ],
        "finalists": list(state.finalists),
        "trophies_public": trophies_public(state),
        "step": state.step,
        "over": state.over,
        "winner": state.winner,
        "end": state.end,
        "last": _sanitised(state.last, _visible(state, kind, own)),
    }
    # The generic pages' scoreboard rows (the card adapter adds each score and the ranking).
    view["players"] = [{"seat": p.seat, "name": p.name} for p in state.players()]
    view["cards"] = _card_texts(view["sides"])
    if kind == "seat":
        view["seat"] = own
        view["you"] = own
    if kind == "host":
        view["levels"] = {k: list(v) for k, v in state.levels.items()}
        view["trophy_stacks"] = {k: list(v) for k, v in state.trophy_stacks.items()}
    return view


_CARD_ZONES = ("pile", "attack", "discard", "hand", "deck", "removed", "reserve")


def _card_texts(sides: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Names, strengths and texts of the card kinds this view shows (no more, no less)."""
    codes: set[str] = set()
    for side in sides:
        for zone in _CARD_ZONES:
            codes.update(side.get(zone, ()))
        codes.update(*side["bench"])
    ids = {kind_of(code).id for code in codes}
    return {card_id: card_text(card_id) for card_id in sorted(ids)}
