"""A game's results from its journal (host/room/results.py): GET /api/games/<id>/results.json and
.csv behind the host key, that game's questions only, equal to what its journal says."""

from __future__ import annotations

import csv
import io
import json
import sqlite3
import time
import urllib.error
import urllib.request
from typing import Any

import pytest

from host.store.journal import JournalRow, effective
from tests.core.test_no_answer_leak import AnsweringPhone
from tests.live import LiveServer, Peer


def fetch(server: LiveServer, path: str, headers: dict[str, str] | None = None) -> bytes:
    request = urllib.request.Request(server.url + path, headers=headers or {})
    with urllib.request.urlopen(request, timeout=10) as answer:
        return bytes(answer.read())


def journal_questions(server: LiveServer, game: str) -> list[dict[str, Any]]:
    """The game's effective rows read straight from SQLite: its questions, with answers."""
    db = sqlite3.connect(server.data / "journal.sqlite")
    try:
        raw = db.execute("SELECT seq, wall, mono_ns, origin, body FROM events WHERE game_id=? "
                         "ORDER BY seq", (game,)).fetchall()
    finally:
        db.close()
    rows = effective([JournalRow(r[0], r[1], r[2], json.loads(r[3]), json.loads(r[4]))
                      for r in raw])
    questions: list[dict[str, Any]] = []
    for row in rows:
        if row.body["type"] == "question":
            questions.append({"id": row.body["question"]["id"], "mono_ns": row.mono_ns,
                              "answer": row.body["question"]["answer"], "answers": {}})
        elif row.body["type"] == "answer" and questions:
            questions[-1]["answers"][row.body["seat"]] = (row.body["value"], row.body["t_ns"])
    return questions


def play_until(server: LiveServer, host: Peer, seed: int, questions: int) -> str:
    """A territory game of two answering phones and a bot, ended by the host once the
    journal holds `questions` questions."""
    created = host.call("create", {"kind": "territory", "map": "generated:10:2", "seed": seed,
                                   "pace": 0.05, "seats": [{"name": "Ana"}, {"name": "Bob"},
                                                           {"bot": 3}]})
    assert created["ok"], created
    game = created["game"]
    phones = [AnsweringPhone(server, game, seat) for seat in (0, 1)]
    assert host.call("command", {"game": game, "type": "start"})["ok"]
    deadline = time.monotonic() + 60
    while len(journal_questions(server, game)) < questions:
        assert time.monotonic() < deadline, "the game asked too few questions"
        time.sleep(0.05)  # polling the journal file, not waiting for a fixed time
    reply = host.call("command", {"game": game, "type": "end"})
    assert reply["ok"] or reply.get("code") == "over", reply
    for phone in phones:
        phone.close()
    return str(game)


def test_results_are_one_games_journal_behind_the_key(server: LiveServer) -> None:
    host = Peer(server, "/host", auth={"key": server.key})
    first = play_until(server, host, seed=3, questions=3)
    second = play_until(server, host, seed=4, questions=2)
    for game in (first, second):
        path = f"/api/games/{game}/results.json"
        for headers, suffix in (({}, ""), ({"X-Tourelle-Key": "wrong"}, ""), ({}, "?key=no")):
            with pytest.raises(urllib.error.HTTPError) as refused:
                fetch(server, path + suffix, headers)
            assert refused.value.code == 403
        got = json.loads(fetch(server, path, {"X-Tourelle-Key": server.key}))
        assert got == json.loads(fetch(server, f"{path}?key={server.key}"))
        expected = journal_questions(server, game)
        assert got["game"] == game and got["status"] == "over"
        assert [q["id"] for q in got["questions"]] == [q["id"] for q in expected]
        for shown, journaled in zip(got["questions"], expected, strict=True):
            assert shown["answer"] == journaled["answer"]
            answers = {a["seat"]: a for a in shown["answers"] if a["value"] is not None}
            assert {seat: a["value"] for seat, a in answers.items()} == {
                seat: value for seat, (value, _) in journaled["answers"].items()}
            for seat, (_, t_ns) in journaled["answers"].items():
                assert answers[seat]["ms"] == round((t_ns - journaled["mono_ns"]) / 1e6, 1)
                assert answers[seat]["name"] in ("Ana", "Bob") or answers[seat]["name"]
        assert [p["name"] for p in sorted(got["players"], key=lambda p: p["seat"])][:2] == [
            "Ana", "Bob"]
        assert sorted(p["place"] for p in got["players"])[0] == 1
        # The CSV: the players, then one line per answer (or per unanswered question).
        rows = list(csv.reader(io.StringIO(fetch(
            server, f"/api/games/{game}/results.csv?key={server.key}").decode())))
        assert rows[0] == ["place", "seat", "name", "id", "score"] and len(rows[1:4]) == 3
        answers_head = rows.index(["question", "question_id", "prompt", "correct_answer", "seat",
                                   "name", "answer", "ms", "correct", "distance", "points"])
        assert {row[1] for row in rows[answers_head + 1:]} == {q["id"] for q in expected}
    ids = [{q["id"] for q in journal_questions(server, g)} for g in (first, second)]
    assert len(ids[0]) >= 3 and len(ids[1]) >= 2
    with pytest.raises(urllib.error.HTTPError) as missing:
        fetch(server, f"/api/games/nogame/results.json?key={server.key}")
    assert missing.value.code == 404


def test_a_buzzer_boards_results_are_its_players(server: LiveServer) -> None:
    host = Peer(server, "/host", auth={"key": server.key})
    created = host.call("create", {"kind": "buzzer", "start": True,
                                   "seats": [{"name": "Ana"}, {"name": "Bob"}]})
    game = created["game"]
    for command in ({"type": "open", "mode": "first"}, {"type": "buzz", "seat": 1},
                    {"type": "right"}, {"type": "end"}):
        assert host.call("command", {"game": game, **command})["ok"]
    got = json.loads(fetch(server, f"/api/games/{game}/results.json?key={server.key}"))
    assert [(p["name"], p["place"], p["score"]) for p in got["players"]] == [
        ("Bob", 1, 1), ("Ana", 2, 0)]
    assert got["questions"] == []
