"""A question's sound clip in the quiz round: it starts when the question shows, the host
pauses, plays and replays it (replay counts a new start), it is never in a phone's view,
and a question without a sound refuses the commands."""

from __future__ import annotations

from typing import Any

import pytest

from host.games.contract import OutOfTurn, StaleEvent
from host.quiz_round.state import from_json, to_json
from tests.quiz_round.helpers import GAME, ask, choice_q, start

URL = "/media/questions/c1/audio?v=abc"


def with_clip() -> dict[str, Any]:
    return {**choice_q(), "audio": URL, "clip": [3, 13]}


def test_the_clip_starts_with_the_question_and_the_host_pauses_plays_and_replays() -> None:
    state = ask(start(2), with_clip())
    screen = GAME.view(state, "screen")
    assert screen["clip"] == {"plays": 1, "playing": True, "waiting": True}
    assert screen["question"]["audio"] == URL and screen["question"]["clip"] == [3, 13]
    state = GAME.apply(state, {"type": "clip_pause"})
    assert GAME.view(state, "screen")["clip"] == {"plays": 1, "playing": False, "waiting": True}
    with pytest.raises(StaleEvent):
        GAME.apply(state, {"type": "clip_pause"})
    state = GAME.apply(state, {"type": "clip_play"})
    state = GAME.apply(state, {"type": "clip_replay"})
    assert GAME.view(state, "screen")["clip"] == {"plays": 2, "playing": True, "waiting": True}
    assert from_json(to_json(state)) == state


def test_phones_never_get_the_clip() -> None:
    state = ask(start(2), with_clip())
    for seat in (0, 1):
        view = GAME.view(state, f"seat:{seat}")
        assert "audio" not in view["question"] and "clip" not in view["question"]
        assert view["clip"] is None
    assert "audio" not in str(GAME.view(state, "seat:0"))


def test_a_question_without_a_sound_refuses_play() -> None:
    state = ask(start(2), choice_q())
    assert GAME.view(state, "screen")["clip"] is None
    with pytest.raises(OutOfTurn):
        GAME.apply(state, {"type": "clip_play"})


def test_play_and_pause_are_not_decisions_the_undo_takes_back() -> None:
    assert not GAME.undoable({"type": "clip_pause"}) and GAME.undoable({"type": "accept"})


def test_a_buzz_pauses_the_clip_when_a_team_takes_the_floor() -> None:
    from host.quiz_round import buzz

    state = ask(start(2, mix="buzz", early_lockout_ms=0), with_clip(), at=0)
    state = GAME.apply(state, {"type": "buzz", "seat": 1, "t_ns": 10**9, "source": "gpio",
                               "u_ns": 0, "settle_ns": 0})
    for _ in range(3):  # a settle timer may decide the floor
        running = GAME.timer(state)
        if buzz.floor(state) is not None or running is None or running.label != "settle":
            break
        state = GAME.apply(state, {"type": "timeout", "timer": running.timer_id})
    assert buzz.floor(state) == 1
    assert GAME.view(state, "screen")["clip"]["playing"] is False
    state = GAME.apply(state, {"type": "wrong"})
    state = GAME.apply(state, {"type": "clip_play"})
    assert GAME.view(state, "screen")["clip"]["playing"] is True


VIDEO_URL = "/media/questions/c1/video?v=abc"


def test_a_video_clip_plays_on_the_projector_and_never_reaches_a_phone() -> None:
    state = ask(start(2), {**choice_q(), "video": VIDEO_URL, "clip": [1, 4]})
    screen = GAME.view(state, "screen")
    assert screen["clip"] == {"plays": 1, "playing": True, "waiting": True, "video": VIDEO_URL}
    assert screen["question"]["clip"] == [1, 4] and "audio" not in screen["question"]
    state = GAME.apply(state, {"type": "clip_pause"})
    assert GAME.view(state, "screen")["clip"]["playing"] is False
    for seat in (0, 1):
        assert "video" not in str(GAME.view(state, f"seat:{seat}"))
    assert from_json(to_json(state)) == state
