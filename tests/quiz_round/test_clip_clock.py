"""A clip question's time starts when its clip plays on the projector, never before: the
question opens with no answering timer; the projector's word that the clip plays
(`clip_heard`, naming the question's step) starts it, or the host's "no sound" (`clip_no_sound`)
does, which also stops the clip. A question without a clip is timed at once. Under a real
Session the projector (the `screen` role) may send only that word, and it is journaled."""

from __future__ import annotations

from pathlib import Path

import pytest

from host.games.contract import OutOfTurn, StaleEvent
from host.quiz_round.state import from_json, to_json
from tests.quiz_round.helpers import GAME, ask, choice_q, start
from tests.quiz_round.test_clip import with_clip


def test_a_clip_question_waits_for_its_clip_before_its_time_runs() -> None:
    state = ask(start(2), with_clip())
    assert state.stage == "answering"
    assert GAME.timer(state) is None
    assert GAME.view(state, "screen")["clip"]["waiting"] is True
    with pytest.raises(StaleEvent):  # a late word from the previous question
        GAME.apply(state, {"type": "clip_heard", "step": state.step - 1})
    state = GAME.apply(state, {"type": "clip_heard", "step": state.step})
    running = GAME.timer(state)
    assert running is not None and running.label == "answering"
    assert GAME.view(state, "screen")["clip"] == {"plays": 1, "playing": True, "waiting": False}
    with pytest.raises(StaleEvent):  # once is enough: a replay does not restart the time
        GAME.apply(state, {"type": "clip_heard", "step": state.step})
    assert from_json(to_json(state)) == state


def test_the_host_starts_the_time_without_the_sound() -> None:
    state = ask(start(2), with_clip())
    state = GAME.apply(state, {"type": "clip_no_sound"})
    assert GAME.timer(state) is not None
    assert GAME.view(state, "screen")["clip"] == {"plays": 1, "playing": False, "waiting": False}
    with pytest.raises(StaleEvent):
        GAME.apply(state, {"type": "clip_no_sound"})


def test_a_question_without_a_clip_is_timed_at_once_and_refuses_the_clip_words() -> None:
    state = ask(start(2), choice_q())
    assert GAME.timer(state) is not None
    with pytest.raises(OutOfTurn):
        GAME.apply(state, {"type": "clip_heard", "step": state.step})
    with pytest.raises(OutOfTurn):
        GAME.apply(state, {"type": "clip_no_sound"})


def test_the_projector_may_only_say_that_the_clip_plays_and_it_is_journaled(
        tmp_path: Path) -> None:
    from host.session.core import HOST, Origin
    from tests.quiz_round.test_video_session import new_hub

    hub = new_hub(tmp_path)
    session = hub.create_game("quiz-round", [{"name": n} for n in ("Ana", "Bob")],
                              settings={"intro_seconds": 0, "plan": [
                                  {"questions": 2, "mix": "choice"}]}, seed=3)
    assert session.submit(HOST, {"type": "start"}).ok
    assert session.submit(HOST, {"type": "next"}).ok
    screen = Origin("screen")
    assert session.meta()["timer"] is None
    assert session.submit(screen, {"type": "next"}).code == "forbidden"
    step = session.view("screen")["view"]["step"]
    assert session.submit(screen, {"type": "clip_heard", "step": step}).ok
    assert session.meta()["timer"] is not None
    rows = [row for row in hub.journal.rows(session.id) if row.body["type"] == "clip_heard"]
    assert [row.origin["role"] for row in rows] == ["screen"]
