"""Picture reveal (issue 44, point 5): a picture question shown in N steps on the projector,
points by the step of the lock-in's host time (pauses not counted), no speed bonus; the
tiles' order seeded; phones never get the picture before the reveal; every refused setting
changes nothing and has its French."""

from __future__ import annotations

from typing import Any

import pytest

from host.games.contract import BadSettings
from host.messages import text as message_text
from host.quiz_round import reveal
from host.quiz_round.state import QuizState, parse_settings
from tests.quiz_round.helpers import GAME, S, answer, ask, choice_q, numeric_q, row, start

PICTURE = "/media/questions/pic1?v=abc"


def picture_q(**extra: Any) -> dict[str, Any]:
    return {**choice_q(answer=1, qid="pic1"), "image": PICTURE, **extra}


def reveal_game(steps: int = 4, **settings: Any) -> QuizState:
    return start(teams=4, rounds=1, questions=3, seconds=20, points=10, speed_bonus=5,
                 reveal_steps=steps, **settings)


@pytest.mark.parametrize(("elapsed_s", "step"), [
    (-1, 1), (0, 1), (4.999, 1), (5, 2), (9.999, 2), (10, 3), (15, 4), (19.9, 4), (20, 4),
    (99, 4)])
def test_the_step_at_a_time_is_an_even_share_of_the_question_s_time(elapsed_s: float,
                                                                   step: int) -> None:
    assert reveal.step_at(int(elapsed_s * S), 20, 4) == step


@pytest.mark.parametrize(("points", "steps", "paid"), [
    (10, 4, [10, 8, 5, 3]), (10, 3, [10, 7, 3]), (10, 2, [10, 5]), (1, 2, [1, 1]),
    (100, 12, [100, 92, 83, 75, 67, 58, 50, 42, 33, 25, 17, 8])])
def test_the_points_by_step_fall_evenly_rounded_half_up(points: int, steps: int,
                                                        paid: list[int]) -> None:
    assert [reveal.points_at(points, k, steps) for k in range(1, steps + 1)] == paid


def test_tiles_come_off_in_a_seeded_order_and_the_last_step_shows_all() -> None:
    order = reveal.tile_order(7, "q3")
    assert sorted(order) == list(range(reveal.TILES)) and order == reveal.tile_order(7, "q3")
    assert order != reveal.tile_order(8, "q3") and order != reveal.tile_order(7, "q4")
    assert reveal.uncovered(4) == [6, 12, 18, 24] and reveal.uncovered(12)[0] == 2
    assert reveal.blurs(4) == [8.0, 5.33, 2.67, 0.0]


def test_a_right_answer_earns_the_points_of_its_step_and_no_speed_bonus() -> None:
    state = ask(reveal_game(), picture_q())
    state = answer(state, 0, 1, t_ns=1 * S)  # step 1: 10
    state = answer(state, 1, 1, t_ns=6 * S)  # step 2: 8
    state = GAME.apply(state, {"type": "answer", "seat": 2, "value": 1, "t_ns": 17 * S,
                               "paused_ns": 5 * S})  # 12 s of answer time: step 3: 5
    state = answer(state, 3, 0, t_ns=2 * S)  # wrong: nothing
    assert state.stage == "reveal"
    assert [(row(state, s)["points"], row(state, s)["bonus"], row(state, s)["reveal_step"])
            for s in range(4)] == [(10, 0, 1), (8, 0, 2), (5, 0, 3), (0, 0, 1)]
    assert state.scores == (10, 8, 5, 0)
    assert state.outcome is not None
    assert state.outcome["reveal"] == {"steps": 4, "points": [10, 8, 5, 3], "right": [1, 1, 1, 0]}
    assert GAME.view(state, "screen")["outcome"]["reveal"]["right"] == [1, 1, 1, 0]


def test_the_joker_doubles_the_step_s_points_and_the_streak_comes_on_top() -> None:
    state = reveal_game(streak_3=2)
    state = GAME.apply(state, {"type": "joker", "seat": 0})
    for n in range(3):
        state = ask(state, picture_q(id=f"p{n}"))
        state = answer(state, 0, 1, t_ns=16 * S)  # step 4: 3 points, doubled
        state = GAME.apply(state, {"type": "close"})
        if n < 2:
            state = GAME.apply(state, {"type": "next"})
    assert row(state, 0)["points"] == 2 * 3 + 2 and state.scores[0] == 6 + 6 + 8


def test_a_question_without_a_picture_or_with_a_sound_plays_as_usual() -> None:
    state = ask(reveal_game(), choice_q(answer=1))
    state = GAME.apply(answer(state, 0, 1, t_ns=10 * S), {"type": "close"})
    assert row(state, 0)["points"] == 10 + 3 and "reveal_step" not in row(state, 0)
    assert GAME.view(state, "screen")["reveal"] is None
    sound = ask(reveal_game(), picture_q(audio="/media/questions/pic1/audio"))
    assert GAME.view(sound, "screen")["reveal"] is None


def test_a_number_s_share_by_place_is_scaled_by_its_step() -> None:
    state = ask(reveal_game(mix="numeric"), {**numeric_q(100), "image": PICTURE})
    state = answer(state, 0, 100, t_ns=1 * S)  # 1st at step 1: 10
    state = answer(state, 1, 90, t_ns=6 * S)  # 2nd (7 points) at step 2: 7 x 3/4 = 5.25: 5
    state = GAME.apply(state, {"type": "close"})
    assert (row(state, 0)["points"], row(state, 1)["points"]) == (10, 5)


@pytest.mark.parametrize("images_on_phones", [False, True])
def test_phones_never_get_the_picture_before_the_reveal(images_on_phones: bool) -> None:
    question = picture_q(image_on_phones=True) if images_on_phones else picture_q()
    state = ask(reveal_game(), question)
    screen = GAME.view(state, "screen")
    assert screen["question"]["image"] == PICTURE  # the projector draws it under its tiles
    assert screen["reveal"]["steps"] == 4 and len(screen["reveal"]["order"]) == 24
    assert screen["reveal"]["points"] == [10, 8, 5, 3]
    phone = GAME.view(state, "seat:1")
    assert PICTURE not in str(phone) and "image" not in phone["question"]
    assert phone["reveal"]["points"] == [10, 8, 5, 3]  # the points on offer, falling
    assert GAME.view(state, "host")["question"]["image"] == PICTURE
    state = GAME.apply(answer(state, 0, 1), {"type": "close"})
    assert GAME.view(state, "seat:1")["question"]["image"] == PICTURE  # at the reveal


def test_a_plain_picture_question_is_unchanged_for_phones() -> None:
    state = ask(start(teams=2, rounds=1, questions=1), picture_q(image_on_phones=True))
    assert GAME.view(state, "seat:0")["question"]["image"] == PICTURE
    assert GAME.view(state, "screen")["reveal"] is None


REFUSED = [
    ({"reveal_steps": 1}, "a picture reveal takes 2 to 12 steps"),
    ({"reveal_steps": 13}, "setting 'reveal_steps' is a whole number from 0 to 12"),
    ({"reveal_steps": "4"}, "setting 'reveal_steps' is a whole number from 0 to 12"),
    ({"reveal_steps": 4, "reveal_style": "zoom"}, "setting 'reveal_style' is one of tiles, blur"),
    ({"plan": [{"mix": "buzz", "reveal_steps": 4}]}, "round 1: a buzz round has no picture reveal"),
    ({"plan": [{}, {"wager": True, "reveal_steps": 3}]},
     "round 2: a wager round has no picture reveal"),
]


@pytest.mark.parametrize(("settings", "why"), REFUSED)
def test_a_bad_reveal_setting_is_refused_with_its_french(settings: dict[str, Any],
                                                          why: str) -> None:
    with pytest.raises(BadSettings) as refused:
        parse_settings(settings)
    assert why in str(refused.value)
    words = message_text("illegal", str(refused.value))
    assert words["fr"] and words["fr"] != words["en"]


def test_a_plan_s_rounds_take_their_own_reveal() -> None:
    parsed = parse_settings({"reveal_steps": 4, "reveal_style": "blur",
                             "plan": [{}, {"reveal_steps": 0}, {"reveal_steps": 6,
                                                                "reveal_style": "tiles"}]})
    assert [(r.reveal_steps, r.reveal_style) for r in parsed.rounds] == [
        (4, "blur"), (0, "blur"), (6, "tiles")]
