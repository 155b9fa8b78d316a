"""A question's sound clip on the projector: the host plays, pauses and replays it
(`clip_play`, `clip_pause`, `clip_replay`: the Session's own `pause` pauses the game).

The state keeps how many times the clip was started (`clip_plays`: a new count tells the
projector to go back to the clip's start) and whether it is playing now. A question with
a clip starts it when it is shown. Phones never get the clip (views.py): the room hears
it once from the projector's speakers, and no phone can replay it to cheat.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from host.games.contract import Event, OutOfTurn, StaleEvent
from host.quiz_round import buzz
from host.quiz_round.state import QuizState

CLIP_STAGES = ("answering", "review", "reveal")


def has_clip(state: QuizState) -> bool:
    return (state.asked is not None and bool(state.asked.content.get("audio"))
            and state.stage in CLIP_STAGES)


def opened(content: dict[str, Any]) -> dict[str, Any]:
    """The clip fields of a question just shown: playing from its start when it has one."""
    return {"clip_plays": 1 if content.get("audio") else 0,
            "clip_playing": bool(content.get("audio"))}


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
    """What the projector needs to play the clip, or None."""
    if not has_clip(state):
        return None
    return {"plays": state.clip_plays, "playing": state.clip_playing}
