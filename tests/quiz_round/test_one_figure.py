"""Issue 48, points 2, 3, 7, 8, 11: one figure everywhere. The joker's doubled points in the
projector's number reveal and its speed part doubled too; a buzz round promises no speed
bonus; `rank` pays thirds exactly as the rules say; the speed bonus in whole nanoseconds
(an exact half rounds up whatever floating point would say)."""

from __future__ import annotations

from host.quiz_round.scoring import speed_bonus
from host.quiz_round.state import RoundPlan
from tests.quiz_round.helpers import GAME, S, answer, ask, numeric_q, row, start


def test_the_number_reveal_lists_a_joker_team_s_doubled_points() -> None:
    state = start(2, speed_bonus=0, mix="numeric", rounds=1, questions=1)
    state = GAME.apply(state, {"type": "joker", "seat": 0})
    state = ask(state, numeric_q(answer=100))
    state = answer(answer(state, 0, 100), 1, 150)
    assert row(state, 0)["points"] == 20
    assert state.outcome is not None
    closest = {c["seat"]: c["points"] for c in state.outcome["closest"]}
    assert closest[0] == 20  # what the phone and the host page say, not 10
    screen = GAME.view(state, "screen")
    assert {c["seat"]: c["points"] for c in screen["outcome"]["closest"]}[0] == 20


def test_a_joker_doubles_the_speed_part_it_reports_too() -> None:
    state = start(2, speed_bonus=10, seconds=20, rounds=1, questions=1, mix="numeric")
    state = GAME.apply(state, {"type": "joker", "seat": 0})
    state = ask(state, numeric_q(answer=100), at=0)
    state = answer(answer(state, 0, 100, t_ns=10 * S), 1, 300, t_ns=10 * S)
    assert (row(state, 0)["points"], row(state, 0)["bonus"]) == (30, 10)  # 2 x (10 + 5)


def test_a_buzz_round_promises_no_speed_bonus() -> None:
    state = start(2, plan=[{"questions": 1, "mix": "buzz"}, {"questions": 1}])
    assert GAME.view(state, "screen")["speed_bonus"] == 0
    assert GAME.view(state, "seat:0")["speed_bonus"] == 0
    assert GAME.view(state, "host")["plan"][0]["speed_bonus"] == 0
    assert GAME.view(state, "host")["plan"][1]["speed_bonus"] == 5


def test_rank_pays_all_two_thirds_and_one_third_half_up_for_every_point_value() -> None:
    for points in range(1, 1001):
        state = start(3, speed_bonus=0, mix="numeric", points=points)
        state = ask(state, numeric_q(answer=100))
        for seat, value in enumerate([100, 110, 120]):
            state = answer(state, seat, value)
        # 2p/3 and p/3 rounded half up, in whole numbers
        assert state.scores == (points, (4 * points + 3) // 6, (2 * points + 3) // 6), points


def test_the_speed_bonus_rounds_an_exact_half_up_in_whole_nanoseconds() -> None:
    # 7 points over 7 s, 3.5 s in: exactly 3.5 left -> 4 (floats give 3.4999...)
    hits = []
    for seconds in range(5, 61):
        for bonus in range(1, 40):
            total = seconds * S
            for num in range(1, 2 * bonus):
                # elapsed such that bonus * left / total is exactly num / 2
                left_ns, rest = divmod(num * total, 2 * bonus)
                if rest:
                    continue
                got = speed_bonus(RoundPlan(seconds=seconds, speed_bonus=bonus),
                                  total - left_ns)
                hits.append(got == (num + 1) // 2)
    assert hits and all(hits)
