"""A question's optional `explain` (issue 29): checked in packs, imported from GIFT feedback,
kept from the room until the reveal, shown with the answer."""

from __future__ import annotations

from pathlib import Path

from host.quiz.importers.common import ImportOptions
from host.quiz.importers.gift import import_gift
from host.quiz.question import Question
from host.quiz.validate import check_question
from tests.quiz_round.helpers import GAME, answer, ask, choice_q, start

GOOD = {"id": "fr-geo-001", "category": "geography", "difficulty": 2, "kind": "choice",
        "prompt": "Capitale de l'Australie ?", "options": ["Sydney", "Canberra"],
        "answer": "Canberra", "source": "atlas"}


def test_explain_is_an_optional_short_text() -> None:
    assert check_question(GOOD, "fr") == []
    assert check_question({**GOOD, "explain": "Un compromis entre Sydney et Melbourne."},
                          "fr") == []
    for bad in (3, "  ", "x" * 301):
        assert [f.field for f in check_question({**GOOD, "explain": bad}, "fr")] == ["explain"]


def test_explain_goes_to_the_engine_and_back_to_the_pack() -> None:
    question = Question(id="fr-geo-001", language="fr", category="geography", difficulty=2,
                        kind="choice", prompt="?", answer="Canberra", source="atlas",
                        options=("Sydney", "Canberra"), explain="Choisie en 1908.")
    form, _ = question.to_engine(1)
    assert form["explain"] == "Choisie en 1908."
    assert question.to_pack_form()["explain"] == "Choisie en 1908."


def test_gift_feedback_becomes_explain(tmp_path: Path) -> None:
    source = tmp_path / "quiz.gift"
    source.write_text(
        "Capitale de l'Australie ? {=Canberra#Choisie en 1908. ~Sydney ~Melbourne}\n\n"
        "Le mont Blanc est en France. {T####La frontière passe au sommet, disent les "
        "Italiens.}\n\n"
        "Combien de pattes a une araignée ? {#8}\n", encoding="utf-8")
    result = import_gift(source, ImportOptions(language="fr", category="geography"))
    explains = [q.get("explain") for q in result.questions]
    assert explains == ["Choisie en 1908.",
                        "La frontière passe au sommet, disent les Italiens.", None]


def test_the_room_sees_the_explanation_only_with_the_answer() -> None:
    state = ask(start(2), {**choice_q(answer=1), "explain": "Because."})
    for audience in ("screen", "seat:0"):
        assert "Because." not in str(GAME.view(state, audience))
    assert GAME.view(state, "host")  # the host's view may hold it
    state = answer(answer(state, 0, 1), 1, 0)
    assert GAME.view(state, "screen")["outcome"]["explain"] == "Because."
    assert GAME.view(state, "seat:1")["outcome"]["explain"] == "Because."
