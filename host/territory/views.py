"""What each audience sees of a territory game.

"screen" is the room, "seat:<n>" the room plus that seat's own answer, "host"
everything. Before the reveal, a room view shows an open question's id, kind,
prompt and options and who has answered, never what: the question's other keys
(the answer, notes that could give it away) appear only from the reveal on.
"""

from __future__ import annotations

from typing import Any

from host.games.contract import GameError
from host.territory.judging import (
    duel_result,
    expansion_order,
    is_correct_choice,
    numeric_blocks,
    speed_outcome,
)
from host.territory.modes import EXPANSION_PICKS, combat_rounds
from host.territory.rules import STALL_REASON, current_actor, places, ranking, timer_id
from host.territory.state import Question, TerritoryState
from host.territory.verdict import (
    choice_duel_decision,
    conquest_decision,
    numeric_decision,
    numeric_rows,
    speed_decision,
)

# "image" is the picture's URL (host/routes/media.py): part of the question, like its prompt.
_PUBLIC_QUESTION_KEYS = ("id", "kind", "prompt", "options", "image", "image_on_phones")


def parse_audience(audience: str) -> int | None:
    """The seat of a "seat:<n>" audience, None for "screen" and "host"."""
    if audience in ("screen", "host"):
        return None
    prefix, _, number = audience.partition(":")
    if prefix == "seat" and number.isdigit():
        return int(number)
    raise GameError(f"Unknown audience {audience!r}: use screen, host or seat:<n>.")


def view(state: TerritoryState, audience: str) -> dict[str, Any]:
    seat = parse_audience(audience)
    is_host = audience == "host"
    attack = state.attack
    place = places(state)  # the podium's steps: a tie the host's end left shares one
    out: dict[str, Any] = {
        "game": "territory",
        "audience": audience,
        "map_id": state.map_id,
        "phase": state.phase,
        "round": state.round,
        "mode": state.settings.mode,
        "rounds": combat_rounds(state.settings.mode),
        # Campaign conquest: the territories marked this round, each with who marked it.
        "marks": [{"seat": seat, "territory": tid} for seat, tid in state.marks],
        "stage": state.stage,
        "paused": state.stage == "stalled",
        "pause_reason": STALL_REASON if state.stage == "stalled" else None,
        "reused": state.reused_questions,
        "timer": timer_id(state),
        "order": list(state.order),
        "turn_seat": current_actor(state),
        "picks": list(state.picks),
        "attack": None
        if attack is None
        else {**attack.to_json(), "towers": state.towers[state.territory_ids.index(attack.target)]},
        "territories": [
            {"id": tid, "owner": owner, "value": value, "towers": towers, "castle": castle}
            for tid, owner, value, towers, castle in zip(
                state.territory_ids, state.owners, state.values, state.towers, state.castles,
                strict=True,
            )
        ],
        "players": [
            {
                "seat": p.seat,
                "place": place[p.seat],
                "name": p.name,
                "bot": p.bot,
                "score": p.score,
                "bonus": p.bonus,
                "castle": p.castle,
                "eliminated": not p.active,
            }
            for p in state.players
        ],
        "standing": [list(block) for block in state.standing],
        "ranking": ranking(state),
        "battle_order": battle_order(state),
        "question": None,
    }
    q = state.question
    if q is not None:
        out["question"] = _question_view(state, q, is_host)
    if seat is not None:
        # A seat's own answer sits beside the question, not in it: the question is then the
        # same for every phone and goes to all of them at once (host/session/phone_parts.py).
        own = None if q is None or state.stage == "reveal" else q.answer_of(seat)
        out["your_answer"] = None if own is None else {"value": own.value, "t_ns": own.t_ns}
    return out


def _order_rule(number: int, total: int) -> str:
    """How the rules order battle round `number` of `total` when it begins
    (battle.start_round): the last by score, the others in a seeded random order."""
    return "score" if number >= total else "random"


def battle_order(state: TerritoryState) -> dict[str, Any] | None:
    """Who attacks when in the combat, for the projector's strip (None outside the combat).

    The current round's seats in the order they attack, each marked "done", "current",
    "next" or "out" (knocked out: skipped); then the rounds still to come with their
    seats null. Why null: the rules draw a round's order (seeded generator) or rank it
    by score (the last round) only when that round begins, so anything shown
    earlier would be a guess or a leak of the generator. Built from the state alone, it
    is the same for every audience and goes in the phones' public part.
    """
    if state.phase != "combat" or not state.order:
        return None
    active = set(state.active_seats())
    seats: list[dict[str, Any]] = []
    for index, seat in enumerate(state.order):
        if seat not in active:
            status = "out"
        elif index < state.turn:
            status = "done"
        elif index == state.turn:
            status = "current"
        else:
            status = "next"
        seats.append({"seat": seat, "status": status})
    current = state.order[state.turn] if state.turn < len(state.order) else None
    total = combat_rounds(state.settings.mode)
    rounds: list[dict[str, Any]] = [
        {"round": state.round, "by": _order_rule(state.round, total), "seats": seats}
    ]
    rounds += [
        {"round": number, "by": _order_rule(number, total), "seats": None}
        for number in range(state.round + 1, total + 1)
    ]
    return {
        "round": state.round,
        "rounds_total": total,
        "current": current,
        "next": [row["seat"] for row in seats if row["status"] == "next"],
        "rounds": rounds,
    }


def _question_view(state: TerritoryState, q: Question, is_host: bool) -> dict[str, Any]:
    revealed = state.stage == "reveal"
    content = q.content
    shown: dict[str, Any] | None = None
    if content is not None:
        if revealed or is_host:
            shown = dict(content)
        else:
            shown = {k: content[k] for k in _PUBLIC_QUESTION_KEYS if k in content}
    data: dict[str, Any] = {
        "purpose": q.purpose,
        "kind": q.kind,
        "request_id": q.request_id,
        "seats": list(q.seats),
        "content": shown,
        "answered": [a.seat for a in q.answers],
    }
    if revealed or is_host:
        data["answers"] = [
            {"seat": a.seat, "value": a.value, "t_ns": a.t_ns} for a in q.answers
        ]
        data["overrides"] = [{"seat": s, "correct": c} for s, c in q.overrides]
        if content is not None:
            data["outcome"] = outcome(state, q)
    return data


def outcome(state: TerritoryState, q: Question) -> dict[str, Any]:
    """The judged answers of a question whose content is known (what continue will apply)."""
    if q.kind == "choice":
        return _choice_outcome(state, q)
    return _numeric_outcome(state, q)


def _choice_outcome(state: TerritoryState, q: Question) -> dict[str, Any]:
    rows = [
        {"seat": s, "answered": q.answer_of(s) is not None, "correct": is_correct_choice(q, s),
         "overridden": q.override_of(s)}
        for s in q.seats
    ]
    result: dict[str, Any] = {"answers": rows}
    if state.attack is not None:
        result["result"] = duel_result(q, state.attack)
        result["decision"] = choice_duel_decision(q, state.attack, result["result"])
    elif q.purpose == "conquest":
        result["decision"] = conquest_decision(q, list(state.marks))
    return result


def _numeric_outcome(state: TerritoryState, q: Question) -> dict[str, Any]:
    """Rows best first (host/territory/verdict.py) and what the answers decide."""
    result: dict[str, Any] = {"answers": numeric_rows(q)}
    if q.purpose == "expansion":
        pickers = len(EXPANSION_PICKS[state.settings.mode]) or 2  # duel: both, in turn
        result["pickers"] = expansion_order(q)[:pickers]
        result["decision"] = numeric_decision(q, list(q.seats))
    elif q.purpose == "speed" and state.attack is not None:
        attacker_wins, defender_won = speed_outcome(q, state.attack)
        result["result"] = "attacker_wins" if attacker_wins else "hold"
        result["defender_won_tiebreak"] = defender_won
        result["decision"] = speed_decision(q, state.attack, attacker_wins)
    elif q.purpose == "final":
        result["blocks"] = [list(b) for b in numeric_blocks(q)]
        result["decision"] = numeric_decision(q, list(q.seats))
    return result
