"""A hall on a real server: 40 teams of 3 phones (120 python-socketio phones) play a round of
8 mixed questions (6 choice, 2 numbers) to the final leaderboard.

Every phone of every team taps at once: every tap is acknowledged, exactly one per team is
taken and the team's other phones are told who answered; every phone gets the same shared
part; nothing before a reveal holds an answer.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from tests.core.test_no_answer_leak import secrets_in
from tests.live import LiveServer, Peer
from tests.quiz_round.test_live import view_of

TEAMS, PHONES_PER_TEAM, QUESTIONS = 40, 3, 8

pytestmark = pytest.mark.slow


@pytest.fixture
def hall(tmp_path: Path, packs: Path) -> Iterator[LiveServer]:
    """A server with a thread for each of the 122 websockets (threading mode)."""
    live = LiveServer(data=tmp_path / "data", packs=packs, extra=("--threads", "256")).start()
    yield live
    live.stop()


def test_forty_teams_of_three_phones_play_a_round_of_eight(hall: LiveServer) -> None:
    server = hall
    host = Peer(server, "/host", auth={"key": server.key})
    reply = host.call("create", {
        "kind": "quiz-round", "seats": [{"name": f"Équipe {i + 1}"} for i in range(TEAMS)],
        "teams": True, "settings": {"rounds": 1, "questions": QUESTIONS, "intro_seconds": 0,
                                    "reveal_seconds": 0, "board_seconds": 0, "seconds": 120}})
    assert reply["ok"], reply
    game = reply["game"]
    screen = Peer(server, "/screen")
    assert screen.call("watch", {"game": game})["ok"]
    teams: list[list[Peer]] = []
    for seat in range(TEAMS):
        team = []
        for member in range(PHONES_PER_TEAM):
            phone = Peer(server, "/seat")
            joined = phone.call("join", {"game": game, "seat": seat, "name": f"M{member}",
                                         "token": f"hall-{seat:03d}-{member}-0123456789"})
            assert joined["ok"], joined
            team.append(phone)
        teams.append(team)
    phones = [phone for team in teams for phone in team]
    assert host.call("command", {"game": game, "type": "start"})["ok"]
    assert host.call("command", {"game": game, "type": "next"})["ok"]
    kinds = []
    with ThreadPoolExecutor(max_workers=60) as pool:
        for number in range(1, QUESTIONS + 1):
            seen = view_of(host, lambda v, n=number: v["stage"] == "answering"
                           and v["number"] == n)
            question, truth = seen["question"], seen["truth"]["answer"]
            kinds.append(question["kind"])

            def tap(seat: int, member: int, q: dict[str, Any] = question, right: int = truth,
                    asked: int = number) -> dict[str, Any]:
                phone = teams[seat][member]
                view_of(phone, lambda v: v["stage"] == "answering" and v["number"] == asked)
                value = (right if seat % 2 == 0 else (right + 1) % len(q["options"])) if (
                    q["kind"] == "choice") else right + seat
                return phone.call("action", {"type": "answer", "value": value})

            acks = list(pool.map(lambda sm: tap(*sm), [(s, m) for s in range(TEAMS)
                                                        for m in range(PHONES_PER_TEAM)]))
            for seat in range(TEAMS):
                mine = acks[seat * PHONES_PER_TEAM:(seat + 1) * PHONES_PER_TEAM]
                assert sum(a["ok"] for a in mine) == 1, mine  # one lock-in per team
                assert all("already answered" in a["reason"] for a in mine if not a["ok"])
            reveal = view_of(host, lambda v, n=number: v["stage"] == "reveal"
                             and v["number"] == n)
            assert reveal["outcome"]["answered"] == TEAMS
            if question["kind"] == "choice":
                assert reveal["outcome"]["counts"][truth] == TEAMS // 2
            for phone in phones:  # every phone has the reveal with its own result
                assert view_of(phone, lambda v, n=number: v["stage"] == "reveal"
                               and v["number"] == n)["you"]["result"] is not None
            assert host.call("command", {"game": game, "type": "next"})["ok"]
    assert kinds.count("numeric") == 2 and kinds.count("choice") == 6
    board = view_of(screen, lambda v: v["stage"] == "board")
    assert board["final"] and len(board["players"]) == TEAMS
    best = board["players"][0]
    assert best["place"] == 1 and best["seat"] % 2 == 0  # the even teams were right

    # One shared part for every phone: the same payload for each publication they all got.
    by_seq: list[dict[int, str]] = [
        {p["meta"]["seq"]: json.dumps(p, sort_keys=True) for p in phone.publics}
        for phone in phones]
    common = set.intersection(*(set(seqs) for seqs in by_seq))
    assert len(common) >= QUESTIONS
    for seq in common:
        assert len({seqs[seq] for seqs in by_seq}) == 1, f"publication {seq} differs"
    early = [s["view"] for peer in [screen, *phones] for s in peer.states
             if s.get("view") and s["view"]["stage"] in ("intro", "drawing", "answering")]
    assert early and all(secrets_in(v) == [] for v in early)
    for peer in [*phones, screen, host]:
        peer.close()
