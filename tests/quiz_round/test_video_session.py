"""A video question in a quiz round under a real Session (virtual time, real SQLite journal):
the question loaded from a pack with a video beside it, the projector gets the video's URL
and plays it from its clip's start, the host pauses and replays it, a buzz pauses it, no
phone ever sees it, and a restart from the journal resumes it as it was."""

from __future__ import annotations

from pathlib import Path

import yaml

from host.clock import VirtualClock, VirtualScheduler
from host.room.hub import Hub
from host.store.journal import Journal
from host.quiz.bank import QuestionBank
from host.quiz.packs import load_pack
from host.session.core import HOST, Origin, Session
from tests.synthetic import TINY_WEBM



def film_bank(folder: Path) -> QuestionBank:
    (folder / "clips").mkdir(parents=True, exist_ok=True)
    (folder / "clips" / "scene.webm").write_bytes(TINY_WEBM.read_bytes())
    questions = [{"id": f"fr-film-{i:03d}", "category": "screen", "difficulty": 2,
                  "kind": "choice", "prompt": f"De quel film est cette scène ? ({i})",
                  "options": ["Metropolis", "Nosferatu", "Le Kid"], "answer": "Metropolis",
                  "source": "domaine public", "video": "clips/scene.webm", "clip": [0.5, 2.5]}
                 for i in range(1, 4)]
    pack = folder / "films.yaml"
    pack.write_text(yaml.safe_dump({"pack": "films", "language": "fr", "title": "Films",
                                    "questions": questions}, allow_unicode=True),
                    encoding="utf-8")
    loaded = load_pack(pack)
    assert loaded.problems == []
    return QuestionBank(loaded.questions)


def new_hub(tmp_path: Path) -> Hub:
    clock = VirtualClock()
    scheduler = VirtualScheduler(clock)
    return Hub(Journal(tmp_path / "quiz.sqlite"), film_bank(tmp_path / "packs"), publish=None,
               clock=clock, scheduler_factory=lambda: scheduler, threaded=False)


def started(hub: Hub) -> Session:
    session = hub.create_game("quiz-round", [{"name": n} for n in ("Ana", "Bob")],
                              settings={"intro_seconds": 0, "plan": [
                                  {"questions": 2, "mix": "buzz"}]}, seed=3)
    assert session.submit(HOST, {"type": "start"}).ok
    assert session.submit(HOST, {"type": "next"}).ok
    return session


def test_a_video_question_plays_on_the_projector_only_and_a_buzz_pauses_it(
        tmp_path: Path) -> None:
    hub = new_hub(tmp_path)
    session = started(hub)
    screen = session.view("screen")["view"]
    assert screen["stage"] == "answering"
    clip = screen["clip"]
    assert clip["playing"] is True and clip["plays"] == 1
    assert clip["video"].startswith("/media/questions/fr-film-") and "/video?v=" in clip["video"]
    assert screen["question"]["clip"] == [0.5, 2.5]
    for number in (0, 1):
        phone = str(session.view(f"seat:{number}"))
        assert "/video" not in phone and "clip" not in str(session.view(f"seat:{number}")
                                                          ["view"].get("question"))
    assert session.submit(HOST, {"type": "clip_pause"}).ok
    assert session.view("screen")["view"]["clip"]["playing"] is False
    assert session.submit(HOST, {"type": "clip_replay"}).ok
    assert session.view("screen")["view"]["clip"] == {**clip, "plays": 2, "playing": True}
    assert session.submit(Origin("seat", 1, "phone"), {"type": "buzz", "seat": 1}).ok
    assert session.view("screen")["view"]["clip"]["playing"] is False  # the floor is taken
    before = session.game.to_json(session.state)
    hub.journal.close()
    again = new_hub(tmp_path)
    resumed = again.resume_all()[0]
    assert resumed.game.to_json(resumed.state) == before
    assert resumed.view("screen")["view"]["clip"]["video"] == clip["video"]
