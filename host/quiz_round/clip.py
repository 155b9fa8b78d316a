"""A question's sound or video clip on the projector: the host plays, pauses and replays it
(`clip_play`, `clip_pause`, `clip_replay`: the Session's own `pause` pauses the game).

The state keeps how many times the clip was started (`clip_plays`: a new count tells the
projector to go back to the clip's start) and whether it is playing now. A question with
a clip starts it when it is shown. Phones never get the clip (views.py): the room hears
it once from the projector's speakers, and no phone can replay it to cheat. A video's URL
goes out in the room's `clip` part (which phones get as None), not in the question.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from host.games.contract import Event, OutOfTurn, StaleEvent
from host.quiz_round import buzz
from host.quiz_round.state import QuizState

CLIP_STAGES = ("answering", "review", "reveal")


def _with_clip(content: dict[str, Any]) -> bool:
    return bool(content.get("audio") or content.get("video"))


def has_clip(state: QuizState) -> bool:
    return (state.asked is not None and _with_clip(state.asked.content)
            and state.stage in CLIP_STAGES)


def opened(content: dict[str, Any]) -> dict[str, Any]:
    """The clip fields of a question just shown: playing from its start when it has one."""
    return {"clip_plays": 1 if _with_clip(content) else 0, "clip_playing": _with_clip(content)}


def on_clip(state: QuizState, event: Event) -> QuizState:
    if not has_clip(state):
        raise OutOfTurn("this question has no sound to play")
    kind = event.get("type")
    if kind == "clip_replay":
        return replace(state, clip_plays=state.clip_plays + 1, clip_playing=True)
    playing = kind == "clip_play"
    if state.clip_playing == playing:
        raise StaleEvent("the sound is already " + ("playing" if playing else "paused"))
    return replace(state, clip_playing=playing)


def hushed_for_the_floor(before: QuizState, after: QuizState) -> QuizState:
    """A buzz round: the clip pauses when a team takes the floor (it answers aloud, the
    room listens); the host plays it on after a wrong answer."""
    if (after.clip_playing and has_clip(after) and buzz.floor(after) is not None
            and buzz.floor(before) is None):
        return replace(after, clip_playing=False)
    return after


def room(state: QuizState) -> dict[str, Any] | None:
    """What the projector needs to play the clip, or None: a sound's URL is the question's
    `audio`, a video's is `video` here."""
    if not has_clip(state):
        return None
    assert state.asked is not None
    shown: dict[str, Any] = {"plays": state.clip_plays, "playing": state.clip_playing}
    if state.asked.content.get("video"):
        shown["video"] = state.asked.content["video"]
    return shown
