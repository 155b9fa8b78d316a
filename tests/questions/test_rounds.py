"""Ready rounds (host/quiz/rounds.py): the file format, `questions check`'s problems with file
and line, the bank loading the good rounds beside the packs, and the bundled rounds."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from quiz_helpers import good_question, line_of

from host.quiz.bank import QuestionBank
from host.quiz.cli import main
from host.quiz.rounds import MAX_READY, MIN_READY, load_rounds


def ids(language: str, numbers: range) -> list[str]:
    return [f"{language}-geo-{n:03d}" for n in numbers]


@pytest.fixture
def packs(write_pack: Callable[..., Path]) -> list[Path]:
    french = write_pack([good_question(id=qid, prompt=f"Question {qid} ?")
                         for qid in ids("fr", range(1, 13))],
                        name="fr.yaml", pack="fr-test", language="fr")
    english = write_pack([good_question(id=qid, prompt=f"Question {qid}?")
                          for qid in ids("en", range(1, 4))], name="en.yaml", pack="en-test")
    return [french, english]


def write_rounds(folder: Path, text: str, name: str = "rounds.yaml") -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def block(rid: str, title: str, qids: list[str]) -> str:
    return (f"  - id: {rid}\n    title: \"{title}\"\n    questions:\n"
            + "".join(f"      - {qid}\n" for qid in qids))


def test_a_good_rounds_file_loads_and_the_bank_keeps_its_rounds(
        packs: list[Path], capsys: pytest.CaptureFixture[str]) -> None:
    rounds = write_rounds(packs[0].parent, "# ready rounds\nlanguage: fr\nrounds:\n"
                          + block("capitales", "Capitales à taper", ids("fr", range(1, 9)))
                          + block("encore", "Encore", ids("fr", range(3, 13))))
    loaded = load_rounds(rounds)
    assert loaded.problems == [] and [r.id for r in loaded.rounds] == ["capitales", "encore"]
    assert loaded.rounds[0].title == "Capitales à taper"
    assert loaded.rounds[0].ids == tuple(ids("fr", range(1, 9)))
    # A folder holds both: the rounds file is not read as a pack, and its rounds are checked.
    assert main(["questions", "check", str(packs[0].parent)]) == 0
    out = capsys.readouterr().out
    assert "2 good ready rounds in 1 files" in out and "15 good questions in 2 files" in out
    bank = QuestionBank.from_paths([packs[0].parent])
    assert [r.id for r in bank.ready_rounds("fr")] == ["capitales", "encore"]
    assert bank.ready_rounds("en") == [] and len(bank) == 15


def test_check_names_each_bad_id_with_its_file_and_line(
        packs: list[Path], capsys: pytest.CaptureFixture[str]) -> None:
    path = write_rounds(packs[0].parent, "language: fr\nrounds:\n"
                        + block("a", "Inconnue", [*ids("fr", range(1, 8)), "fr-geo-099"])
                        + block("b", "Deux fois", [*ids("fr", range(1, 8)), "fr-geo-002"])
                        + block("c", "Anglaise", [*ids("fr", range(1, 8)), "en-geo-001"])
                        + block("a", "Même id", ids("fr", range(4, 12))))
    assert main(["questions", "check", *map(str, packs), str(path)]) == 1
    out = capsys.readouterr().out
    assert (f"{path}:{line_of(path, 'fr-geo-099')}: round 'a': field 'questions': "
            "no question 'fr-geo-099' in the packs") in out
    assert (f"{path}:{line_of(path, 'fr-geo-002', 3)}: round 'b': field 'questions': "
            "question 'fr-geo-002' is in the round twice") in out
    assert (f"{path}:{line_of(path, 'en-geo-001')}: round 'c': field 'questions': "
            "question 'en-geo-001' is in en, the round in fr") in out
    assert (f"{path}:{line_of(path, 'id: a', 2)}: round 'a': field 'id': "
            "round id 'a' given twice") in out
    assert "0 good ready rounds" in out
    assert QuestionBank.from_paths([*packs, path]).ready_rounds() == []  # none is offered


@pytest.mark.parametrize(("text", "line", "message"), [
    ("language: de\nrounds: []\n", 1, "field 'language': 'de' is not one of en, fr"),
    ("language: fr\nrounds:\n" + block("court", "Court", ids("fr", range(1, 8))), 5,
     f"round 'court': field 'questions': has 7 questions, a ready round has {MIN_READY} to "
     f"{MAX_READY}"),
    ("language: fr\nrounds:\n" + block("long", "x" * 61, ids("fr", range(1, 9))), 4,
     "round 'long': field 'title': must be text of 1 to 60 characters"),
    ("language: fr\nrounds:\n  - id: Pas Bon\n    title: T\n    questions: []\n", 3,
     "round 'Pas Bon': field 'id': 'Pas Bon' is not a round id"),
    ("language: fr\nrounds:\n  - id: sans\n    questions: []\n    couleur: rouge\n", 3,
     "round 'sans': field 'title': missing"),
])
def test_a_badly_formed_file_is_reported_at_its_line(
        tmp_path: Path, text: str, line: int, message: str) -> None:
    path = write_rounds(tmp_path, text)
    problems = [str(p) for p in load_rounds(path).problems]
    assert any(p.startswith(f"{path}:{line}: {message}") for p in problems), problems


def test_the_bundled_rounds_offer_twelve_or_more_per_language(
        capsys: pytest.CaptureFixture[str]) -> None:
    bank = QuestionBank.bundled()
    root = Path(__file__).resolve().parents[2] / "questions"
    for language in ("fr", "en"):
        ready = bank.ready_rounds(language)
        assert len(ready) >= 12
        file_rounds = load_rounds(root / "rounds" / f"{language}.yaml").rounds
        assert [r.id for r in ready] == [r.id for r in file_rounds]  # every one is good
        for one in ready:
            assert MIN_READY <= len(one.ids) <= MAX_READY
            assert all(bank.get(qid).language == language for qid in one.ids)
    assert "en-music-025" not in {q for r in bank.ready_rounds() for q in r.ids}
    assert main(["questions", "check", str(root)]) == 0
    assert "0 errors" in capsys.readouterr().out
