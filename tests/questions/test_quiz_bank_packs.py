"""Per-pack selection, per-pack counts and reloading the bank's files (the pack editor's needs)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from host.quiz import QuestionBank, QuizError, Selection, SelectionError
from host.quiz.question import Question


def question(qid: str, pack: str, kind: str = "choice", category: str = "history") -> Question:
    if kind == "choice":
        return Question(qid, "fr", category, 2, kind, f"Question {qid} ?", "A", "s",
                        options=("A", "B"), pack=pack)
    return Question(qid, "fr", category, 2, kind, f"Combien {qid} ?", 7, "s", pack=pack)


def two_packs() -> QuestionBank:
    return QuestionBank([question(f"fr-a-{i:03d}", "pack-a") for i in range(3)]
                        + [question(f"fr-b-{i:03d}", "pack-b") for i in range(5)]
                        + [question(f"fr-b-n{i:03d}", "pack-b", "numeric") for i in range(2)])


def test_a_selection_of_packs_draws_only_from_them_then_widens_to_the_others() -> None:
    bank = two_packs()
    only_a = Selection(language="fr", packs=frozenset({"pack-a"}))
    assert {q.id for q in bank.matching("choice", only_a)} == {f"fr-a-{i:03d}" for i in range(3)}
    used: list[str] = []
    state = 99
    for _ in range(3):
        form, state = bank.draw("choice", only_a, used, {}, state)
        assert form["id"].startswith("fr-a-") and not form["relaxed"]
        used.append(form["id"])
    form, state = bank.draw("choice", only_a, used, {}, state)
    assert form["id"].startswith("fr-b-") and form["relaxed"]  # pack-a ran dry
    numeric, _ = bank.draw("numeric", only_a, [], {}, state)
    assert numeric["id"].startswith("fr-b-n") and numeric["relaxed"]  # pack-a has none
    steps = only_a.relaxations()
    assert steps[-1].packs is None and all(s.packs == only_a.packs for s in steps[:-1])
    assert steps[-1].language == "fr"  # the language is never relaxed


def test_unknown_or_no_packs_are_refused() -> None:
    bank = two_packs()
    with pytest.raises(SelectionError, match="unknown pack.*nope"):
        bank.require_kinds(["choice"], Selection(language="fr", packs=frozenset({"nope"})))
    with pytest.raises(SelectionError, match="no pack chosen"):
        Selection(language="fr", packs=frozenset())
    bank.require_kinds(["choice", "numeric"], Selection(language="fr", packs=frozenset({"pack-a"})))


def write(path: Path, pack: str, questions: list[dict[str, Any]]) -> None:
    path.write_text(yaml.safe_dump({"pack": pack, "language": "fr", "title": pack,
                                    "questions": questions}, allow_unicode=True), "utf-8")


def item(qid: str, prompt: str) -> dict[str, Any]:
    return {"id": qid, "category": "history", "difficulty": 2, "kind": "choice",
            "prompt": prompt, "options": ["A", "B"], "answer": "A", "source": "s"}


def test_reload_reads_the_files_again_and_counts_each_pack(tmp_path: Path) -> None:
    write(tmp_path / "one.yaml", "one", [item("fr-one-001", "Première ?")])
    write(tmp_path / "two.yaml", "two", [])
    bank = QuestionBank.from_paths([tmp_path])
    assert [(p.pack_id, p.question_ids) for p in bank.packs] == [("one", ("fr-one-001",)),
                                                                 ("two", ())]
    assert bank.pack_ids() == {"one", "two"}
    selection = Selection(language="fr", packs=frozenset({"two"}))
    held = bank  # what a running game's question source holds
    write(tmp_path / "two.yaml", "two", [item("fr-two-001", "Deuxième ?"),
                                         item("fr-two-002", "Troisième ?")])
    assert "fr-two-001" not in bank
    bank.reload()
    assert held.draw("choice", selection, [], {}, 5)[0]["id"].startswith("fr-two-")
    summaries = {s["id"]: s for s in bank.pack_summaries({"fr-two-002", "fr-one-001"})}
    assert (summaries["two"]["total"], summaries["two"]["not_asked"]) == (2, 1)
    assert (summaries["one"]["total"], summaries["one"]["not_asked"]) == (1, 0)
    assert summaries["two"]["kind"] == {"choice": 2} and summaries["two"]["category"] == {
        "history": 2}
    (tmp_path / "one.yaml").unlink()
    bank.reload()
    assert [p.pack_id for p in bank.packs] == ["two"] and "fr-one-001" not in bank
    with pytest.raises(QuizError, match="not loaded from files"):
        two_packs().reload()


def test_the_pack_cache_reads_only_what_changed_and_agrees_with_load_packs(
        tmp_path: Path) -> None:
    from host.quiz.packs import PackCache, load_packs

    write(tmp_path / "a.yaml", "a", [item("fr-a-001", "Une ?"), item("fr-a-002", "Deux ?")])
    write(tmp_path / "b.yaml", "b", [item("fr-b-001", "Trois ?")])
    write(tmp_path / "c.yaml", "c", [item("fr-a-001", "Une ?"), item("fr-c-001", "Quatre ?")])

    def same(cached: list[Any]) -> None:
        fresh = load_packs([tmp_path])
        assert [[str(p) for p in pack.problems] for pack in cached] == [
            [str(p) for p in pack.problems] for pack in fresh]
        assert [[q.id for q in pack.questions] for pack in cached] == [
            [q.id for q in pack.questions] for pack in fresh]

    cache = PackCache()
    first = cache.load([tmp_path])
    same(first)
    assert any("duplicate id" in p.message for p in first[2].problems)  # c repeats a's id
    write(tmp_path / "c.yaml", "c", [item("fr-c-001", "Quatre ?"), item("fr-b-001", "Cinq ?")])
    second = cache.load([tmp_path])
    same(second)
    assert second[0] is first[0] and second[1] is first[1]  # a and b were not read again
    assert second[2] is not first[2]
    assert [q.id for q in second[2].questions] == ["fr-c-001"]  # b's id, claimed before c
    write(tmp_path / "a.yaml", "a", [item("fr-a-009", "Six ?")])
    third = cache.load([tmp_path])
    same(third)
    assert all(new is not old for new, old in zip(third, second, strict=True))  # all after a
