from __future__ import annotations

import pytest

from buzzers.press import Press
from host.buzzer_board.arbiter import (
    ArbiterError,
    ArbiterSettings,
    Board,
    Decision,
    close_window,
    decide,
    describe_lead,
    new_board,
    open_window,
    settle_delay_ns,
    submit,
    wrong_answer,
)

MS = 1_000_000
RED, BLUE, GREEN = 1, 2, 3


def gpio(seat: int, t_ms: float) -> Press:
    return Press(t_ns=round(t_ms * MS), seat=seat, source="gpio")


def feed(board: Board, *presses: Press) -> tuple[Board, list[str]]:
    verdicts: list[str] = []
    for press in presses:
        board, verdict = submit(board, press)
        verdicts.append(verdict)
    return board, verdicts


def decided(board: Board, now_ms: float) -> tuple[Board, Decision]:
    board, decision = decide(board, round(now_ms * MS))
    assert decision is not None
    return board, decision


def test_wrong_answer_locks_that_seat_out_and_rearms_the_rest() -> None:
    board = open_window(new_board(ArbiterSettings(mode="first")), 0)
    board, verdicts = feed(board, gpio(BLUE, 12), gpio(RED, 10))
    assert verdicts == ["accepted", "accepted"]
    board, decision = decided(board, 12)
    assert decision.winner is not None and decision.winner.seat == RED
    assert board.phase == "floor"
    board, verdicts = feed(board, gpio(GREEN, 500))  # someone else while Red answers
    assert verdicts == ["ignored"]

    board = wrong_answer(board, RED, 2000 * MS)
    assert board.phase == "armed" and board.opens_at_ns == 2000 * MS
    assert decide(board, 2000 * MS)[1] is None  # the old presses are gone
    board, verdicts = feed(board, gpio(RED, 2100), gpio(GREEN, 2300), gpio(BLUE, 2200))
    assert verdicts == ["locked_out", "accepted", "accepted"]
    board, decision = decided(board, 2300)
    assert [r.seat for r in decision.ranking] == [BLUE, GREEN]
    with pytest.raises(ArbiterError, match="does not have the floor"):
        wrong_answer(board, GREEN, 2400 * MS)


def test_early_press_earns_a_lockout() -> None:
    board = new_board(ArbiterSettings(mode="first"))  # default lockout 250 ms
    board, verdicts = feed(board, gpio(BLUE, 900))  # window not open yet
    assert verdicts == ["early"]
    board = open_window(board, 1000 * MS)
    board, verdicts = feed(board, gpio(GREEN, 990))  # stamped before the opening, arrives late
    assert verdicts == ["early"]
    board, verdicts = feed(board, gpio(BLUE, 1100), gpio(GREEN, 1200), gpio(RED, 1210))
    # Within their lockouts: too early still, not out of the question.
    assert verdicts == ["early_lockout", "early_lockout", "accepted"]
    board, verdicts = feed(board, gpio(BLUE, 1160))  # Blue's lockout ended at 1150
    assert verdicts == ["accepted"]
    _, decision = decided(board, 1300)
    assert [r.seat for r in decision.ranking] == [BLUE, RED]


def test_a_press_stamped_before_a_rearm_counts_from_the_rearm_and_earns_no_lockout() -> None:
    board = open_window(new_board(ArbiterSettings(mode="first")), 0)
    board, _ = feed(board, gpio(RED, 10))
    board, _ = decided(board, 10)
    board = wrong_answer(board, RED, 2000 * MS)  # the host's click; its event is applied later
    board, verdicts = feed(board, gpio(BLUE, 1999), gpio(GREEN, 2001))  # Blue heard after it
    assert verdicts == ["accepted", "accepted"]
    assert board.locked_until(BLUE) is None
    _, decision = decided(board, 2001)
    assert [(r.seat, r.t_ns) for r in decision.ranking] == [(BLUE, 2000 * MS), (GREEN, 2001 * MS)]
    board = open_window(board, 5000 * MS)  # the next question: an early press is early again
    board, verdicts = feed(board, gpio(BLUE, 4999))
    assert verdicts == ["early"]


def test_custom_early_lockout_and_duplicates() -> None:
    board = open_window(new_board(ArbiterSettings(mode="ranking", early_lockout_ns=0)), 100 * MS)
    board, verdicts = feed(board, gpio(RED, 50), gpio(RED, 101), gpio(RED, 102))
    assert verdicts == ["early", "accepted", "duplicate"]


def test_ties_within_uncertainty_are_reported_with_margin() -> None:
    phone = Press(t_ns=100 * MS, seat=RED, source="phone", uncertainty_ns=4 * MS)
    wired = gpio(BLUE, 103)
    clear = gpio(GREEN, 120)
    board = open_window(new_board(ArbiterSettings(mode="ranking")), 0)
    board, _ = feed(board, wired, clear, phone)
    board = close_window(board, 200 * MS)
    _, decision = decided(board, 200)
    assert [(r.seat, r.margin_ns, r.tie) for r in decision.ranking] == [
        (RED, 0, False),
        (BLUE, 3 * MS, True),
        (GREEN, 17 * MS, False),
    ]
    assert describe_lead(decision, {RED: "Red", BLUE: "Blue"}) == "Red by 3 ms ± 4 ms (tie)"

    wired_rule = open_window(new_board(ArbiterSettings("ranking", tie_rule="wired_first")), 0)
    wired_rule, _ = feed(wired_rule, phone, wired)
    _, decision = decided(close_window(wired_rule, 200 * MS), 200)
    assert [(r.seat, r.tie) for r in decision.ranking] == [(BLUE, False), (RED, True)]
    assert decision.ranking[1].margin_ns == 3 * MS


def test_random_tie_rule_is_seeded() -> None:
    def winner(seed: int) -> int:
        board = open_window(new_board(ArbiterSettings("first", tie_rule="random"), seed), 0)
        board, _ = feed(board, gpio(RED, 10), gpio(BLUE, 10))  # exactly equal stamps
        _, decision = decided(board, 10)
        assert decision.ranking[1].tie
        assert decision.winner is not None
        return decision.winner.seat

    winners = [winner(seed) for seed in range(20)]
    assert winners == [winner(seed) for seed in range(20)]
    assert set(winners) == {RED, BLUE}


def test_settle_delay_waits_for_slow_phones() -> None:
    assert settle_delay_ns([]) == 0  # wired buttons only
    assert settle_delay_ns([40 * MS, 120 * MS]) == 121 * MS
    assert settle_delay_ns([3_000 * MS]) == 1_500 * MS
    with pytest.raises(ArbiterError):
        settle_delay_ns([-1])

    board = open_window(new_board(ArbiterSettings(mode="first", settle_ns=100 * MS)), 0)
    board, _ = feed(board, gpio(BLUE, 50))
    board, decision = decide(board, 149 * MS)
    assert decision is None
    late_phone = Press(t_ns=45 * MS, seat=RED, source="phone", uncertainty_ns=1 * MS)
    board, _ = feed(board, late_phone)  # arrives after Blue, pressed before
    _, decision = decided(board, 150)
    assert [r.seat for r in decision.ranking] == [RED, BLUE]


def test_lockin_ranks_answers_by_time_and_close_cuts_off() -> None:
    board = open_window(new_board(ArbiterSettings(mode="lockin", settle_ns=10 * MS)), 0)
    with pytest.raises(ArbiterError, match="needs an answer value"):
        submit(board, gpio(RED, 5))
    board, _ = submit(board, gpio(RED, 30), value=1815)
    board, _ = submit(board, gpio(BLUE, 20), value="B")
    provisional = decided(board, 40)[1]
    assert not provisional.final
    board = close_window(board, 50 * MS)
    board, verdict = submit(board, gpio(GREEN, 48), value=7)  # pressed before the close
    assert verdict == "accepted"
    board, verdict = submit(board, gpio(GREEN, 51), value=8)
    assert verdict == "ignored"
    assert not decided(board, 59)[1].final
    _, final = decided(board, 60)
    assert final.final
    assert [(r.seat, r.value) for r in final.ranking] == [(BLUE, "B"), (RED, 1815), (GREEN, 7)]


def test_bad_settings_are_refused() -> None:
    with pytest.raises(ArbiterError, match="unknown mode"):
        ArbiterSettings(mode="fastest")  # type: ignore[arg-type]
    with pytest.raises(ArbiterError, match="unknown tie rule"):
        ArbiterSettings(tie_rule="coin")  # type: ignore[arg-type]
    with pytest.raises(ArbiterError, match="not open"):
        close_window(new_board(ArbiterSettings()), 0)
