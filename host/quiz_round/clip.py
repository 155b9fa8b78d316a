"""A question's sound or video clip on the projector: the host plays, pauses and replays it
(`clip_play`, `clip_pause`, `clip_replay`: the Session's own `pause` pauses the game).

The state keeps how many times the clip was started (`clip_plays`: a new count tells the
projector to go back to the clip's start) and whether it is playing now. A question with
a clip starts it when it is shown, and its time waits for it (`clip_waiting`): the
projector says once the clip plays (`clip_heard`, from the `screen` role, naming the
question's step, so a late word from the previous one starts nothing), or the host starts the
time without it (`clip_no_sound`, which also stops the clip). Both are journaled events;
the clock is the Session's, armed when `timer()` asks for one (rules.timer). Phones never
get the clip (views.py): the room hears it once from the projector's speakers, and no phone
can replay it to cheat. A video's URL
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
    """The clip fields of a question just shown: playing from its start when it has one,
    its time waiting for the projector to play it."""
    clip = _with_clip(content)
    return {"clip_plays": 1 if clip else 0, "clip_playing": clip, "clip_waiting": clip}


def holds_the_time(state: QuizState) -> bool:
    """The open question's time waits for its clip to play on the projector."""
    return state.stage == "answering" and state.clip_waiting


def on_clock(state: QuizState, event: Event) -> QuizState:
    """`clip_heard` (the projector plays the question's clip) or `clip_no_sound` (the host):
    the question's time starts now."""
    if not has_clip(state) or state.stage != "answering":
        raise OutOfTurn("no question's time waits for a clip now")
    assert state.asked is not None
    heard = event.get("type") == "clip_heard"
    if heard and event.get("step") != state.step:
        raise StaleEvent(f"step {event.get('step')!r} is not the open question's")
    if not state.clip_waiting:
        raise StaleEvent("this question's time is already running")
    return replace(state, clip_waiting=False, clip_playing=state.clip_playing and heard)


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
    shown: dict[str, Any] = {"plays": state.clip_plays, "playing": state.clip_playing,
                             "waiting": holds_the_time(state)}
    if state.asked.content.get("video"):
        shown["video"] = state.asked.content["video"]
    return shown
