"""A night plan on paper: what the host's crib sheet and the tables' answer sheets print
(host/routes/printing.py renders them), and the questions fixed ahead so that they agree
with the night.

A quiz round's round picked by hand (`ids`) is known ahead: its questions are read from the
bank in the form the night will show them (`QuestionBank.picked`: the options always in the
same order, true/false as "true, false"), so the letters on the sheet are the projector's. A
round drawn at random is drawn when the game runs; `fix_questions` draws every such round
now, as the game would (its selection, its round's narrowing, the kinds its mix asks, the
questions used lately left for last, no question twice in the night), and writes the drawn
ids into the plan: the printed sheets and the night then ask the same questions.
"""

from __future__ import annotations

import copy
import secrets
from typing import Any

from host import rng
from host.games import registry
from host.quiz_round.rules import true_false_in_order, with_fact_age
from host.quiz_round.state import RoundPlan, parse_settings
from host.room.hub import BankQuestions, Hub, selection_from
from host.room.plans import plan_text

QUIZ = "quiz-round"


def _round_dict(index: int, plan: RoundPlan, questions: list[dict[str, Any]] | None,
                missing: list[str]) -> dict[str, Any]:
    return {"number": index + 1, "title": plan.title, "questions": plan.questions,
            "seconds": plan.seconds, "points": plan.points, "speed_bonus": plan.paid_speed_bonus,
            "mix": plan.mix, "wager": plan.wager,
            "drawn_at_night": questions is None,  # not fixed ahead: known when it runs
            "kinds": [plan.kind_of(n) for n in range(plan.questions)],
            "items": questions or [], "missing": missing}


def _quiz_rounds(hub: Hub, game: dict[str, Any]) -> list[dict[str, Any]]:
    settings = parse_settings(game.get("settings") or {})
    rounds = []
    for index, plan in enumerate(settings.rounds):
        if not plan.ids:
            rounds.append(_round_dict(index, plan, None, []))
            continue
        found = [true_false_in_order(hub.bank.picked(qid)) for qid in plan.ids
                 if qid in hub.bank]
        rounds.append(_round_dict(index, plan, found,
                                  [qid for qid in plan.ids if qid not in hub.bank]))
    return rounds


def night_on_paper(hub: Hub, plan: dict[str, Any]) -> dict[str, Any]:
    """The plan as the printed pages read it: its name, and each game with its kind's label,
    title, teams (paper teams marked) and, for a quiz round, its rounds and questions."""
    games = []
    for number, game in enumerate(plan["games"], start=1):
        kind = registry.kind(game["kind"])
        seats = game.get("seats") or []
        games.append({
            "number": number, "kind": game["kind"], "label": dict(kind.label),
            "title": game.get("title") or "", "language": game.get("language") or "fr",
            "questions": kind.uses_questions,
            "teams": [str(s.get("name") or "") for s in seats],
            "paper": [str(s.get("name") or "") for s in seats if s.get("paper")],
            "rounds": _quiz_rounds(hub, game) if game["kind"] == QUIZ else [],
        })
    return {"id": plan["id"], "name": plan["name"], "games": games}


def to_fix(plan: dict[str, Any]) -> int:
    """How many questions of the plan's quiz rounds are drawn at the night."""
    count = 0
    for game in plan["games"]:
        if game["kind"] == QUIZ:
            count += sum(r.questions for r in parse_settings(game.get("settings") or {}).rounds
                         if not r.ids)
    return count


def fix_questions(hub: Hub, plan_id: str) -> dict[str, Any]:
    """Draw every quiz round of the plan that is drawn at random and keep the drawn ids in
    the plan (saved through the plan's own checks); LookupError: no such plan."""
    plan = hub.plans.get(plan_id)
    if plan is None:
        raise LookupError(plan_id)
    fixed = copy.deepcopy(plan)
    used: list[str] = [qid for game in plan["games"] if game["kind"] == QUIZ
                       for r in parse_settings(game.get("settings") or {}).rounds
                       for qid in r.ids]
    seed = secrets.randbits(48)
    for number, game in enumerate(fixed["games"]):
        if game["kind"] != QUIZ:
            continue
        raw = dict(game.get("settings") or {})
        parsed = parse_settings(raw)
        if all(r.ids for r in parsed.rounds):
            continue
        given = raw.get("plan") or [{} for _ in parsed.rounds]
        source = BankQuestions(hub.bank, selection_from(
            {"questions": game.get("questions") or {}, "language": game.get("language", "fr")}),
            hub.memory_path)
        rounds = []
        for index, (round_raw, round_plan) in enumerate(zip(given, parsed.rounds, strict=True)):
            if round_plan.ids:
                rounds.append(round_raw)
                continue
            ids = []
            narrow = with_fact_age(round_plan.narrow(), parsed.max_fact_age)
            for question in range(round_plan.questions):
                drawn = source.draw(round_plan.kind_of(question), used,
                                    rng.derive(seed, f"fix:{number}:{index}:{question}"), narrow)
                ids.append(str(drawn["id"]))
                used.append(str(drawn["id"]))
            rounds.append({**round_raw, "ids": ids})
        game["settings"] = {**raw, "plan": rounds}
    return hub.plans.save(plan_text(fixed), f"{plan_id}.json", plan_id)
