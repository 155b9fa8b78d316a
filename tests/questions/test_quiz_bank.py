"""Drawing: no repeat within a game, past games avoided, selection relaxed last."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from quiz_helpers import SAMPLES

from host import rng
from host.quiz import BankExhausted, Question, QuestionBank, QuizError, Selection, SelectionError


def make(
    qid: str,
    kind: str = "choice",
    language: str = "en",
    category: str = "geography",
    difficulty: int = 2,
) -> Question:
    if kind == "choice":
        return Question(
            qid,
            language,
            category,
            difficulty,
            kind,
            f"Prompt {qid}?",
            "A",
            "s",
            options=("A", "B", "C", "D"),
        )
    return Question(qid, language, category, difficulty, kind, f"Prompt {qid}?", 7, "s")


def bank_of(n: int, **fields: str | int) -> QuestionBank:
    return QuestionBank([make(f"en-geo-{i:03d}", **fields) for i in range(n)])  # type: ignore[arg-type]


ANY = Selection()


def test_draws_every_question_once_then_reuses() -> None:
    bank = bank_of(12)
    used: set[str] = set()
    state = rng.seed_state(1)
    for _ in range(12):
        form, state = bank.draw("choice", ANY, used, set(), state)
        assert form["id"] not in used
        assert (form["relaxed"], form["reused"]) == (False, False)
        used.add(form["id"])
    assert used == {q.id for q in bank.questions}
    form, state = bank.draw("choice", ANY, used, set(), state)
    assert form["id"] in used
    assert (form["reused"], form["reused_in_game"]) == (True, True)


def test_a_dry_bank_reuses_the_least_recently_asked_in_this_game() -> None:
    bank = bank_of(5, kind="numeric")
    asked: list[str] = []
    state = rng.seed_state(3)
    for _ in range(5):
        form, state = bank.draw("numeric", ANY, asked, set(), state)
        asked.append(form["id"])
    for _ in range(12):
        form, state = bank.draw("numeric", ANY, asked, set(), state)
        assert form["id"] == asked[-5]  # the oldest of the five
        assert form["reused_in_game"] is True
        asked.remove(form["id"])
        asked.append(form["id"])


def test_a_bank_without_the_kind_is_exhausted() -> None:
    bank = bank_of(3)
    with pytest.raises(BankExhausted, match="no numeric question"):
        bank.draw("numeric", ANY, set(), set(), 0)


def test_draw_is_deterministic_for_a_seed_and_varies_across_seeds() -> None:
    bank = bank_of(30)
    assert bank.draw("choice", ANY, set(), set(), 5) == bank.draw("choice", ANY, set(), set(), 5)
    firsts = {bank.draw("choice", ANY, set(), set(), seed)[0]["id"] for seed in range(20)}
    assert len(firsts) > 5


def test_prefers_questions_not_remembered_from_past_games() -> None:
    bank = bank_of(10)
    remembered = {f"en-geo-{i:03d}" for i in range(9)}
    for seed in range(15):
        form, _ = bank.draw("choice", ANY, set(), remembered, seed)
        assert form["id"] == "en-geo-009" and form["reused"] is False


def test_falls_back_to_the_least_recently_used_remembered_question() -> None:
    bank = bank_of(4)
    remembered = {
        "en-geo-000": 300.0,
        "en-geo-001": 100.0,
        "en-geo-002": 100.0,
        "en-geo-003": 200.0,
    }
    drawn = {bank.draw("choice", ANY, set(), remembered, seed)[0]["id"] for seed in range(20)}
    assert drawn == {"en-geo-001", "en-geo-002"}
    form, _ = bank.draw("choice", ANY, {"en-geo-001", "en-geo-002"}, remembered, 3)
    assert (form["id"], form["reused"], form["relaxed"]) == ("en-geo-003", True, False)


def test_remembered_as_a_plain_set_falls_back_to_any_of_them() -> None:
    bank = bank_of(3)
    form, _ = bank.draw("choice", ANY, {"en-geo-000"}, {"en-geo-001", "en-geo-002"}, 0)
    assert form["id"] in {"en-geo-001", "en-geo-002"} and form["reused"] is True


def test_relaxes_difficulty_then_categories_but_never_language() -> None:
    bank = QuestionBank(
        [
            make("en-geo-001", difficulty=1),
            make("en-geo-002", difficulty=5),
            make("en-his-001", category="history", difficulty=1),
            make("fr-geo-001", language="fr", difficulty=1),
        ]
    )
    easy_geo = Selection("en", frozenset({"geography"}), 1, 1)
    used: set[str] = set()
    order = []
    for seed in range(3):
        form, _ = bank.draw("choice", easy_geo, used, set(), seed)
        used.add(form["id"])
        order.append((form["id"], form["relaxed"]))
    assert order == [("en-geo-001", False), ("en-geo-002", True), ("en-his-001", True)]
    form, _ = bank.draw("choice", easy_geo, used, set(), 0)
    assert form["reused_in_game"] and form["language"] == "en"
    with pytest.raises(BankExhausted, match="in 'fr'"):
        bank_of(2).draw("choice", Selection("fr"), set(), set(), 0)


def test_strict_remembered_question_beats_relaxing() -> None:
    bank = QuestionBank([make("en-geo-001", difficulty=1), make("en-geo-002", difficulty=5)])
    form, _ = bank.draw("choice", Selection("en", None, 1, 1), set(), {"en-geo-001"}, 0)
    assert (form["id"], form["reused"], form["relaxed"]) == ("en-geo-001", True, False)


def test_kind_is_respected_and_engine_form_is_returned() -> None:
    bank = QuestionBank([make("en-geo-001"), make("en-geo-002", kind="numeric")])
    form, _ = bank.draw("numeric", ANY, set(), set(), 0)
    assert (form["id"], form["answer"], form["options"]) == ("en-geo-002", 7, [])
    form, _ = bank.draw("choice", ANY, set(), set(), 0)
    assert form["options"][form["answer"]] == "A"
    with pytest.raises(SelectionError, match="unknown question kind"):
        bank.draw("open", ANY, set(), set(), 0)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"language": "de"}, "unknown language"),
        ({"categories": frozenset({"cooking"})}, "unknown categories: cooking"),
        ({"categories": frozenset()}, "empty category set"),
        ({"min_difficulty": 4, "max_difficulty": 2}, "difficulty range 4..2"),
        ({"max_difficulty": 6}, "difficulty range 1..6"),
    ],
)
def test_bad_selections_are_refused(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(SelectionError, match=message):
        Selection(**kwargs)  # type: ignore[arg-type]


def test_duplicate_ids_are_refused() -> None:
    with pytest.raises(QuizError, match="given twice"):
        QuestionBank([make("en-geo-001"), make("en-geo-001", kind="numeric")])


def test_stats_counts_by_language_kind_category_and_difficulty() -> None:
    bank = QuestionBank(
        [
            make("en-geo-001"),
            make("en-geo-002", kind="numeric", difficulty=4),
            make("en-his-001", category="history"),
            make("fr-geo-001", language="fr", kind="numeric"),
        ]
    )
    stats = bank.stats()
    assert stats["total"] == 4
    assert stats["language"] == {"en": 3, "fr": 1}
    assert stats["kind"] == {"choice": 2, "numeric": 2}
    assert stats["category"] == {"geography": 3, "history": 1}
    assert stats["difficulty"] == {2: 3, 4: 1}
    assert stats["per_language"]["en"]["kind"] == {"choice": 2, "numeric": 1}
    assert stats["per_language"]["fr"]["total"] == 1


def test_from_paths_keeps_good_questions_and_problems() -> None:
    bank = QuestionBank.from_paths([SAMPLES / "good.yaml", SAMPLES / "mixed.yaml"])
    assert len(bank) == 6
    assert "en-geo-104" in bank and "en-geo-101" not in bank
    assert len([p for p in bank.problems if p.severity == "error"]) == 7
    assert bank.get("en-his-001").answer == 1989


def test_bundled_reads_the_bundled_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "good.yaml").write_bytes((SAMPLES / "good.yaml").read_bytes())
    monkeypatch.setattr("host.quiz.bank.bundled_packs_dir", lambda: tmp_path)
    assert len(QuestionBank.bundled()) == 4
    monkeypatch.setattr("host.quiz.bank.bundled_packs_dir", lambda: tmp_path / "missing")
    empty = QuestionBank.bundled()
    assert len(empty) == 0
    assert [p.message for p in empty.problems] == ["bundled packs folder not found"]


@settings(max_examples=40, deadline=None)
@given(
    sizes=st.lists(st.sampled_from(["choice", "numeric"]), min_size=1, max_size=25),
    seed=st.integers(min_value=0, max_value=2**64 - 1),
    remembered=st.sets(st.integers(min_value=0, max_value=24)),
)
def test_a_whole_game_never_repeats(sizes: list[str], seed: int, remembered: set[int]) -> None:
    bank = QuestionBank([make(f"en-geo-{i:03d}", kind=kind) for i, kind in enumerate(sizes)])
    memory = {f"en-geo-{i:03d}" for i in remembered}
    used: set[str] = set()
    state = seed
    for kind in sizes:
        form, state = bank.draw(kind, ANY, used, memory, state)
        assert form["id"] not in used and form["kind"] == kind
        fresh_left = [q for q in bank.matching(kind, ANY) if q.id not in used | memory]
        assert form["reused"] == (form["id"] in memory)
        assert not (form["reused"] and fresh_left)
        used.add(form["id"])
    assert len(used) == len(sizes)


def test_require_kinds_refuses_a_bank_without_a_needed_kind() -> None:
    from host.territory.kind import QUESTION_KINDS

    bank = bank_of(3)  # choice only
    with pytest.raises(BankExhausted, match="no numeric question in 'en'"):
        bank.require_kinds(QUESTION_KINDS, Selection("en"))
    both = QuestionBank([make("en-geo-001"), make("en-geo-002", kind="numeric")])
    both.require_kinds(QUESTION_KINDS, Selection("en", frozenset({"history"})))  # relaxed: fine
