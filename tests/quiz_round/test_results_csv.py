"""Issue 42, point 16 (and the results' part of 18): a quiz round's results, as the host
downloads them (host/room/results.py), from a real Session's SQLite journal on virtual time.

One row per answer with its verdict: a typed answer and an ordering answer say whether they
were right; an order is written as its items, first first, and so is the right order; a
score edit is a row of its own with its reason, never added into a question's points; an
answer's time leaves out the host's pauses."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from host.clock import VirtualClock, VirtualScheduler
from host.room.hub import Hub
from host.room.results import csv_rows, game_results
from host.session.core import HOST, Origin
from host.store.journal import Journal
from tests.synthetic import synthetic_bank

S = 1_000_000_000


def _table(rows: list[list[Any]], head: str) -> list[dict[str, Any]]:
    """The CSV's table whose header starts with `head`, as dicts (until a blank row)."""
    start = next(i for i, row in enumerate(rows) if row and row[0] == head)
    out = []
    for row in rows[start + 1:]:
        if not row:
            break
        out.append(dict(zip(rows[start], row, strict=False)))
    return out


def test_typed_and_ordering_rows_have_their_verdict_and_edits_their_own_rows(
        tmp_path: Path) -> None:
    clock = VirtualClock()
    journal = Journal(tmp_path / "results.sqlite")
    hub = Hub(journal, synthetic_bank(4, typed=4, ordered=4), publish=None, clock=clock,
              scheduler_factory=lambda: VirtualScheduler(clock), threaded=False)
    session = hub.create_game("quiz-round", [{"name": "Ours"}, {"name": "Loups"}], seed=5,
                              settings={"intro_seconds": 0, "reveal_seconds": 0,
                                        "board_seconds": 0, "leaderboard": "end",
                                        "plan": [{"questions": 1, "mix": "text",
                                                  "seconds": 30},
                                                 {"questions": 1, "mix": "order",
                                                  "seconds": 30}]})
    assert session.submit(HOST, {"type": "start"}).ok
    assert session.submit(HOST, {"type": "next"}).ok
    state = session.state
    assert state is not None and state.asked is not None
    typed = state.asked.content
    clock.t_ns += 4 * S
    assert session.submit(HOST, {"type": "pause"}).ok
    clock.t_ns += 50 * S  # a long pause: not the answer's time
    assert session.submit(HOST, {"type": "resume"}).ok
    clock.t_ns += 1 * S
    assert session.submit(Origin("seat", 0, "a"), {"type": "answer", "value": typed["answer"],
                                                   "t_ns": clock.now_ns()}).ok
    assert session.submit(Origin("seat", 1, "b"), {"type": "answer", "value": "zzz",
                                                   "t_ns": clock.now_ns()}).ok
    assert session.state is not None and session.state.stage == "review"
    assert session.submit(HOST, {"type": "next"}).ok  # the review's verdicts stand
    assert session.submit(HOST, {"type": "adjust", "seat": 1, "points": -5,
                                 "reason": "Téléphone sorti"}).ok
    assert session.submit(HOST, {"type": "next"}).ok  # to the next round's title card
    assert session.submit(HOST, {"type": "next"}).ok
    state = session.state
    assert state is not None and state.asked is not None and state.stage == "answering"
    order = state.asked.content
    items, right = order["options"], order["answer"]
    swapped = [right[1], right[0], *right[2:]]
    clock.t_ns += 2 * S
    assert session.submit(Origin("seat", 0, "a"), {"type": "answer", "value": right,
                                                   "t_ns": clock.now_ns()}).ok
    assert session.submit(Origin("seat", 1, "b"), {"type": "answer", "value": swapped,
                                                   "t_ns": clock.now_ns()}).ok
    assert session.submit(HOST, {"type": "adjust", "seat": 0, "points": 3,
                                 "reason": "Bonne ambiance"}).ok
    final = session.state
    assert final is not None
    scores = dict(enumerate(final.scores))

    results = game_results(journal, session.id)
    assert results is not None
    rows = csv_rows(results)
    answers = _table(rows, "question")
    by = {(row["question"], row["seat"]): row for row in answers}
    assert set(by) == {(1, 0), (1, 1), (2, 0), (2, 1)}, answers
    assert by[1, 0]["correct"] is True and by[1, 1]["correct"] is False
    assert by[1, 0]["correct_answer"] == typed["answer"]
    assert by[1, 0]["ms"] == 5000.0  # 4 s, a 50 s pause, 1 s: 5 s of answer time
    in_order = " → ".join(items[i] for i in right)
    assert by[2, 0]["correct_answer"] == in_order
    assert by[2, 0]["answer"] == in_order
    assert by[2, 1]["answer"] == " → ".join(items[i] for i in swapped)
    assert by[2, 0]["correct"] is True and by[2, 1]["correct"] is False
    assert "[" not in str(by[2, 1]["answer"])
    # The question's points are the question's; the edits are rows of their own.
    assert by[1, 1]["points"] == 0
    edits = _table(rows, "score_edit")
    assert [(e["question"], e["seat"], e["name"], e["points"], e["reason"]) for e in edits] == [
        (1, 1, "Loups", -5, "Téléphone sorti"), (2, 0, "Ours", 3, "Bonne ambiance")]
    for seat, score in scores.items():  # every point of a score is in one row
        total = sum(r["points"] or 0 for r in answers if r["seat"] == seat)
        total += sum(e["points"] for e in edits if e["seat"] == seat)
        assert total == score, (seat, total, score)
    journal.close()
