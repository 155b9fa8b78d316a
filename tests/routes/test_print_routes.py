"""A night plan on paper (issue 45, point 5): the crib sheet and the answer sheets behind the
host key, in French and in English; the questions drawn at random fixed ahead into the plan
so that the printed letters are the night's (host/routes/printing.py, host/room/printing.py)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from host.quiz_round.rules import true_false_in_order
from host.session.core import HOST
from tests.routes.test_plans_api import Host

QUIZ: dict[str, Any] = {
    "kind": "quiz-round", "language": "fr", "title": "Grand quiz",
    "seats": [{"name": "Les Ours"}, {"name": "Table 5", "paper": True}],
    "settings": {"intro_seconds": 0, "plan": [
        {"title": "Échauffement", "questions": 3, "mix": "mixed"},
        {"title": "Finale", "questions": 2, "mix": "choice", "seconds": 30}]},
    "questions": {"language": "fr"}}
PLAN: dict[str, Any] = {"tourelle": "plan", "version": 1, "name": "Jeudi au Lapin",
                        "games": [QUIZ, {"kind": "buzzer", "language": "fr",
                                         "seats": [{}, {}], "settings": {}}]}


def saved(host: Host) -> str:
    answer = host.call("POST", "/api/plans", json=PLAN)
    assert answer.status_code == 201, answer.get_json()
    return str(answer.get_json()["plan"]["id"])


def text_of(html: str) -> str:
    return re.sub(r"[ \t\r\n]+", " ", re.sub(r"<[^>]+>", " ", html))  # (no-break spaces kept)


def test_the_pages_ask_for_the_host_key_and_a_plan(host: Host) -> None:
    plan = saved(host)
    assert host.client.get(f"/print/crib/{plan}").status_code == 403
    assert host.call("GET", "/print/crib/p00000000").status_code == 404
    bad = host.call("GET", f"/print/sheets/{plan}?copies=0")
    assert bad.status_code == 400 and "copies" in bad.get_json()["reason"]


def test_rounds_drawn_at_random_are_fixed_ahead_and_print_as_the_night_asks(
        host: Host, tmp_path: Path) -> None:
    plan = saved(host)
    crib = host.call("GET", f"/print/crib/{plan}?lang=fr").get_data(as_text=True)
    assert "tirées au sort pendant la soirée" in crib and "Manche 2 · Finale" in crib
    assert host.call("GET", f"/api/plans/{plan}/fix").get_json()["drawn"] == 5
    fixed = host.call("POST", f"/api/plans/{plan}/fix")
    assert fixed.status_code == 200, fixed.get_json()
    rounds = fixed.get_json()["plan"]["games"][0]["settings"]["plan"]
    ids = [qid for r in rounds for qid in r["ids"]]
    assert len(ids) == len(set(ids)) == 5 and rounds[1]["title"] == "Finale"
    kinds = [host.hub.bank.get(qid).kind for qid in rounds[0]["ids"]]
    assert kinds == ["choice", "choice", "choice"]  # the mix: a number every fourth
    assert host.call("GET", f"/api/plans/{plan}/fix").get_json()["drawn"] == 0
    stored = json.loads((host.data / "plans" / f"{plan}.json").read_text())
    assert stored["games"][0]["settings"]["plan"][0]["ids"] == rounds[0]["ids"]

    crib = host.call("GET", f"/print/crib/{plan}?lang=fr").get_data(as_text=True)
    words = text_of(crib)
    assert "tirées au sort" not in crib
    first = true_false_in_order(host.hub.bank.picked(ids[0]))
    right = first["options"][first["answer"]]
    assert first["prompt"] in words and f"{'ABCDEF'[first['answer']]}. {right}" in words
    assert "Réponse\u00a0:" in words and "Équipes papier\u00a0: Table 5" in words

    # The night asks the same question with the same letters as the sheet printed.
    hub = host.hub
    game = stored["games"][0]
    session = hub.create_game("quiz-round", game["seats"], settings=game["settings"],
                              questions=game["questions"], language="fr", seed=3)
    assert session.submit(HOST, {"type": "start"}).ok
    assert session.submit(HOST, {"type": "next"}).ok  # the title card (no timer: 0 s)
    asked = session.view("host")["view"]
    assert asked["truth"]["id"] == ids[0] and asked["question"]["options"] == first["options"]

    sheets = host.call("GET", f"/print/sheets/{plan}?lang=en").get_data(as_text=True)
    words = text_of(sheets)
    assert "Team: Table 5" in words and "Round 2 · Finale" in words
    assert sheets.count('class="sheet"') == 1  # one set: the plan's one paper team
    assert right in words  # a choice question's options, to circle
    for french in ("Manche", "Équipe", "Réponse", "Partie"):
        assert french not in words
    blank = host.call("GET", f"/print/sheets/{plan}?lang=fr&copies=3").get_data(as_text=True)
    assert blank.count('class="sheet"') == 3 and "Équipe\u00a0:" in text_of(blank)
    for english in ("Round", "Team", "Answer", "Game "):
        assert english not in text_of(blank)
