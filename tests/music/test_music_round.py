"""A host plays a music round on the bundled packs: a round of the quiz round narrowed to
the music pack draws its questions there, each with its clip for the projector, and a
round asking more than the pack holds is refused with the count (real Session, real
SQLite journal, the bank read from questions/packs)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from host.clock import VirtualClock, VirtualScheduler
from host.games.contract import GameError
from host.room.hub import Hub
from host.store.journal import Journal
from host.quiz.bank import QuestionBank
from host.session.core import HOST


@pytest.fixture(scope="module")
def bank() -> QuestionBank:
    return QuestionBank.bundled()


def new_hub(tmp_path: Path, bank: QuestionBank) -> Hub:
    clock = VirtualClock()
    scheduler = VirtualScheduler(clock)
    return Hub(Journal(tmp_path / "music.sqlite"), bank, publish=None, clock=clock,
               scheduler_factory=lambda: scheduler, threaded=False)


@pytest.mark.parametrize("language", ["fr", "en"])
def test_a_round_on_the_music_pack_plays_its_clips(tmp_path: Path, bank: QuestionBank,
                                                   language: str) -> None:
    hub = new_hub(tmp_path, bank)
    pack = f"{language}-music"
    session = hub.create_game("quiz-round", [{"name": "Ana"}, {"name": "Bob"}], language=language,
                              settings={"intro_seconds": 0, "plan": [
                                  {"questions": 4, "mix": "choice"},
                                  {"title": "Musique", "questions": 6, "mix": "choice",
                                   "packs": [pack]}]}, seed=3)
    assert session.submit(HOST, {"type": "start"}).ok
    seen = []
    for _ in range(10):
        assert session.submit(HOST, {"type": "next"}).ok
        screen = session.view("screen")["view"]
        while screen["stage"] != "answering":  # a round's title card
            assert session.submit(HOST, {"type": "next"}).ok
            screen = session.view("screen")["view"]
        seen.append(screen["question"].get("audio") or "")
        assert "audio" not in session.view("seat:0")["view"]["question"]
        assert session.submit(HOST, {"type": "close"}).ok
    music = seen[4:]
    assert all(re.fullmatch(rf"/media/questions/{pack}-\d{{3}}/audio\?v=\w+", url) for url in music)
    assert len(set(music)) == 6  # six different clips


def test_a_music_round_asking_more_than_the_pack_holds_is_refused(tmp_path: Path,
                                                                   bank: QuestionBank) -> None:
    hub = new_hub(tmp_path, bank)
    with pytest.raises(GameError, match="round 1: 40 text questions but the selection holds "):
        hub.create_game("quiz-round", [{"name": "A"}, {"name": "B"}], language="en", settings={
            "plan": [{"questions": 40, "mix": "text", "packs": ["en-music"]}]})
    assert hub.sessions == {}
