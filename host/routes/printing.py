"""A night plan printed from the browser (print to PDF, A4), behind the host key:

- `GET /print/crib/<plan>`: the host's crib sheet: the night, each game, each quiz round with
  its title and rules, each question with its answer (every accepted answer of a typed one,
  the order of an ordering one), its explanation and source;
- `GET /print/sheets/<plan>`: the answer sheets for tables without phones: a line for the
  team's name, each round's title and numbered lines, a choice question's options to circle,
  an ordering question's items; one set per paper team of the plan (its name printed), else
  one blank set; `?copies=N` (1 to 60): N blank sets;
- `POST /api/plans/<plan>/fix`: the plan's quiz rounds drawn at random drawn now and kept in
  the plan, so the sheets printed and the night agree (host/room/printing.py).

`?lang=fr|en` (else the browser's language) chooses the words; every word on the page is in
that language. The pages are HTML with print CSS (css/print.css: A4, margins, a round never
split from its title, a question never split across pages).
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, jsonify, render_template, request

from host import __version__
from host.quiz.errors import QuizError
from host.room.plans import PlanError, PlanStoreError
from host.room.printing import fix_questions, night_on_paper, to_fix
from host.routes.api import hub
from host.routes.plans import Answer, refuse, refuse_plan
from host.routes.results import refused_without_key

bp = Blueprint("printing", __name__)

LETTERS = "ABCDEF"
MAX_COPIES = 60
# The pages' words: [French, English].
WORDS: dict[str, tuple[str, str]] = {
    "crib": ("Fiche de l’animateur", "Host’s crib sheet"),
    "sheets": ("Feuilles de réponses", "Answer sheets"),
    "print": ("Imprimer", "Print"),
    "colon": ("\u00a0:", ":"),  # French puts a no-break space before a colon
    "print_hint": ("A4, sans en-têtes ni pieds de page du navigateur.",
                   "A4, without the browser’s headers and footers."),
    "game": ("Partie {n}", "Game {n}"),
    "round": ("Manche {n}", "Round {n}"),
    "team": ("Équipe", "Team"),
    "teams": ("Équipes", "Teams"),
    "paper_teams": ("Équipes papier", "Paper teams"),
    "questions_n": ("{n} questions", "{n} questions"),
    "question_1": ("1 question", "1 question"),
    "seconds": ("{n} s par question", "{n} s a question"),
    "points": ("{n} points", "{n} points"),
    "speed": ("bonus de rapidité jusqu’à {n}", "speed bonus up to {n}"),
    "no_speed": ("sans bonus de rapidité", "no speed bonus"),
    "wager": ("questions à miser", "wager questions"),
    "answer": ("Réponse", "Answer"),
    "accepted": ("Acceptées aussi", "Also accepted"),
    "order": ("Dans l’ordre", "In order"),
    "explain": ("Explication", "Explanation"),
    "source": ("Source", "Source"),
    "drawn": ("Questions tirées au sort pendant la soirée : fixez-les depuis l’hôte pour "
              "les imprimer.",
              "Questions drawn at random during the night: fix them on the host to print "
              "them."),
    "drawn_sheet": ("Questions tirées pendant la soirée.", "Questions drawn during the night."),
    "missing": ("Question absente de la banque : {ids}", "Question no longer in the bank: {ids}"),
    "no_questions": ("Cette partie n’a pas de questions à imprimer.",
                     "This game has no questions to print."),
    "circle": ("Entourez une lettre.", "Circle one letter."),
    "write_order": ("Écrivez les lettres dans l’ordre.", "Write the letters in order."),
    "write_number": ("Un nombre", "A number"),
    "write_text": ("Votre réponse", "Your answer"),
    "kind_choice": ("QCM", "choice"),
    "kind_numeric": ("chiffrée", "number"),
    "kind_text": ("à taper", "typed"),
    "kind_order": ("dans l’ordre", "in order"),
    "mix_buzz": ("au buzzer : réponses à voix haute", "buzzers: answers given aloud"),
}


def _lang() -> str:
    asked = request.args.get("lang")
    if asked in ("fr", "en"):
        return asked
    best = request.accept_languages.best_match(["fr", "en"])
    return best or "fr"


class Words:
    """The page's words in one language: `w("round", n=2)`."""

    def __init__(self, lang: str) -> None:
        self.index = 0 if lang == "fr" else 1

    def __call__(self, key: str, **values: Any) -> str:
        return WORDS[key][self.index].format(**values)


def _number(value: Any, lang: str) -> str:
    """A number as the room reads it: 1 234 567 (French), 1,234,567 (English)."""
    if isinstance(value, bool) or not isinstance(value, int):
        return str(value)
    text = f"{value:,}"
    return text.replace(",", "\u202f") if lang == "fr" else text


def _answer(question: dict[str, Any], lang: str) -> str:
    kind, answer = question.get("kind"), question["answer"]
    if kind == "choice":
        return f"{LETTERS[answer]}. {question['options'][answer]}"
    if kind == "order":
        return " · ".join(LETTERS[i] for i in answer)
    if kind == "numeric":
        unit = question.get("unit")
        return _number(answer, lang) + (f" {unit}" if unit else "")
    return str(answer)


def _page(what: str, plan_id: str) -> Answer | str:
    refusal = refused_without_key()
    if refusal is not None:
        return refusal
    plan = hub().plans.get(plan_id)
    if plan is None:
        return refuse(404, "not_found", "there is no such plan")
    lang = _lang()
    night = night_on_paper(hub(), plan)
    copies: list[str] = []
    if what == "sheets":
        raw = request.args.get("copies")
        if raw is not None:
            if not raw.isdigit() or not 1 <= int(raw) <= MAX_COPIES:
                return refuse(400, "bad_request", f"'copies' is a whole number from 1 to "
                                                  f"{MAX_COPIES}")
            copies = [""] * int(raw)
    return render_template("print.html", what=what, lang=lang, w=Words(lang), night=night,
                           letters=LETTERS, answer=lambda q: _answer(q, lang),
                           number=lambda v: _number(v, lang), copies=copies,
                           version=__version__)


@bp.get("/print/crib/<plan_id>")
def crib(plan_id: str) -> Answer | str:
    return _page("crib", plan_id)


@bp.get("/print/sheets/<plan_id>")
def sheets(plan_id: str) -> Answer | str:
    return _page("sheets", plan_id)


@bp.get("/api/plans/<plan_id>/fix")
def fix_count(plan_id: str) -> Answer:
    """How many of the plan's questions are drawn at the night (0: all fixed)."""
    refusal = refused_without_key()
    if refusal is not None:
        return refusal
    plan = hub().plans.get(plan_id)
    if plan is None:
        return refuse(404, "not_found", "there is no such plan")
    return jsonify(ok=True, drawn=to_fix(plan))


@bp.post("/api/plans/<plan_id>/fix")
def fix(plan_id: str) -> Answer:
    """Fix these questions for the night: the rounds drawn at random drawn now, kept."""
    refusal = refused_without_key()
    if refusal is not None:
        return refusal
    try:
        plan = fix_questions(hub(), plan_id)
    except QuizError as err:  # (the bank has too few questions left: before LookupError)
        return refuse(400, "bad_settings", str(err))
    except LookupError:
        return refuse(404, "not_found", "there is no such plan")
    except PlanError as err:
        return refuse_plan(err)
    except PlanStoreError as err:
        return refuse(507, "storage", err.strerror or str(err))
    return jsonify(ok=True, plan=plan)
