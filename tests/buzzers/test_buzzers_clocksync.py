from __future__ import annotations

import random

import pytest

from buzzers.clocksync import ClockEstimator, ClockSyncError
from host.buzzer_board.arbiter import (
    ArbiterSettings,
    close_window,
    decide,
    new_board,
    open_window,
    submit,
)
from buzzers.press import Press

MS = 1_000_000
S = 1_000 * MS


def ping(est: ClockEstimator, host_send: int, up: int, down: int, phone_minus_host: int) -> None:
    """A ping leaving the phone at host time `host_send`, legs `up` and `down` ns."""
    host_answer = host_send + up
    est.add_sample(
        client_send_ns=host_send + phone_minus_host,
        host_ns=host_answer,
        client_receive_ns=host_answer + down + phone_minus_host,
    )


def test_phone_ten_seconds_off_with_40ms_latency_beats_a_later_wired_press() -> None:
    phone_minus_host = -10 * S
    est = ClockEstimator()
    for i in range(20):
        leg = 5 * MS if i % 7 == 0 else 40 * MS  # Wi-Fi: mostly 40 ms, sometimes quick
        ping(est, 100 * S + i * 500 * MS, leg, leg, phone_minus_host)

    tap_host = 120 * S
    phone_press = est.press(
        seat=1, client_t_ns=tap_host + phone_minus_host, received_host_ns=tap_host + 40 * MS
    )
    wired_press = Press(t_ns=tap_host + 20 * MS, seat=2, source="gpio")
    assert abs(phone_press.t_ns - tap_host) <= phone_press.uncertainty_ns
    assert phone_press.uncertainty_ns < 10 * MS

    board = open_window(new_board(ArbiterSettings(mode="ranking")), 119 * S)
    for press in (wired_press, phone_press):  # arrival order: the wired one first
        board, _ = submit(board, press)
    _, decision = decide(close_window(board, 121 * S), 122 * S)
    assert decision is not None
    assert [r.seat for r in decision.ranking] == [1, 2]
    assert not decision.ranking[1].tie
    assert decision.ranking[1].margin_ns == pytest.approx(20 * MS, abs=phone_press.uncertainty_ns)


def test_phone_claiming_an_impossible_time_is_clamped() -> None:
    est = ClockEstimator()
    for i in range(10):
        ping(est, i * S, (10 + i) * MS, 10 * MS, 0)  # worst round trip: 29 ms
    assert est.max_delay_ns == 29 * MS
    received = 20 * S
    too_early = est.press(seat=1, client_t_ns=received - 5 * S, received_host_ns=received)
    # no earlier than its worst round trip plus one retransmission timeout (250 ms) ...
    assert too_early.t_ns == received - 29 * MS - 250 * MS
    # ... and the clamp's move is added to its uncertainty: a tie, not a sure order
    assert too_early.uncertainty_ns >= 5 * S - 279 * MS
    in_future = est.press(seat=1, client_t_ns=received + 1 * S, received_host_ns=received)
    assert in_future.t_ns == received
    honest = est.press(seat=1, client_t_ns=received - 12 * MS, received_host_ns=received)
    assert abs(honest.t_ns - (received - 12 * MS)) <= honest.uncertainty_ns < 12 * MS


def test_max_delay_is_capped() -> None:
    est = ClockEstimator(max_delay_cap_ns=1_500 * MS)
    ping(est, 0, 2 * S, 1 * S, 0)
    assert est.max_delay_ns == 1_500 * MS


def test_best_round_trips_win_over_asymmetric_slow_samples() -> None:
    est = ClockEstimator(window=30, best=5)
    offset = 3 * S
    for i in range(25):
        ping(est, i * S, 200 * MS, 5 * MS, -offset)  # slow, lopsided: biased offsets
    for i in range(25, 30):
        ping(est, i * S, 2 * MS, 2 * MS, -offset)
    host_t, uncertainty = est.to_host(30 * S - offset)
    assert host_t == 30 * S
    # half the best round trip, plus 100 ppm of drift over the 0.998 s since its midpoint
    assert uncertainty == 2 * MS + (1 * S - 2 * MS) * 100 // 1_000_000


def test_uncertainty_grows_with_age_of_sample() -> None:
    est = ClockEstimator(drift_ppm=50)
    ping(est, 0, 1 * MS, 1 * MS, 0)
    _, fresh = est.to_host(1 * MS)
    _, old = est.to_host(100 * S)
    assert old - fresh == pytest.approx(50 * 100 * S / 1_000_000, abs=1_000)


def test_resync_needed_when_few_or_stale_samples() -> None:
    est = ClockEstimator(stale_after_ns=30 * S, min_samples=3)
    assert est.needs_resync(0)
    for i in range(3):
        ping(est, i * S, MS, MS, 0)
    assert not est.needs_resync(10 * S)
    assert est.needs_resync(40 * S)


def test_bad_samples_are_refused() -> None:
    est = ClockEstimator()
    with pytest.raises(ClockSyncError, match="received before it was sent"):
        est.add_sample(client_send_ns=10, host_ns=5, client_receive_ns=9)
    with pytest.raises(ClockSyncError, match="no sync samples"):
        est.to_host(0)
    with pytest.raises(ClockSyncError):
        ClockEstimator(window=3, best=5)


def test_a_ping_answer_held_by_the_host_does_not_lengthen_the_wait() -> None:
    """The settle wait covers uplinks: an answer queued behind the host's fan-out (a long
    downlink) is not a delay a press would have; a slow uplink is."""
    est = ClockEstimator()
    for i in range(10):
        ping(est, i * S, 3 * MS, 3 * MS, 7 * S)
    ping(est, 10 * S, 3 * MS, 60 * MS, 7 * S)  # the answer waited 57 ms on the host
    assert est.max_delay_ns < 8 * MS
    ping(est, 11 * S, 45 * MS, 3 * MS, 7 * S)  # a press-like leg, slow
    assert 45 * MS <= est.max_delay_ns < 52 * MS


def test_the_uplink_bound_never_falls_below_a_true_uplink() -> None:
    """Whatever the legs and the drift (within the estimator's allowance), each sample's
    bound is at least the uplink it really took, and at most its round trip."""
    rnd = random.Random(31)
    for _ in range(200):
        est = ClockEstimator(drift_ppm=100.0)
        rate = 1 + rnd.uniform(-90, 90) / 1_000_000
        offset = rnd.randint(-3600 * S, 3600 * S)
        ups = []
        for i in range(rnd.randint(1, 40)):
            sent = i * rnd.randint(100 * MS, 2 * S)
            up = rnd.choice((1, 3, 8, 40, 250)) * MS + rnd.randrange(MS)
            down = rnd.choice((1, 3, 8, 40, 250)) * MS + rnd.randrange(MS)
            est.add_sample(round(sent * rate) + offset, sent + up,
                           round((sent + up + down) * rate) + offset)
            ups.append(up)
        window = ups[-30:]
        for true_up, bound, sample in zip(window, est.uplink_bounds_ns(), est.samples, strict=True):
            assert true_up - 2 <= bound <= sample.rtt_ns
        assert est.max_delay_ns >= max(window) - 2


def test_the_hosts_own_handling_is_neither_leg_when_it_says_when_it_answered() -> None:
    """Ping stamped when it reached the host, answered 5 ms later: without the answer's time
    the handling looks like network (the bound is the round trip); with it, the uplink's
    bound is the network's legs only."""
    up, handling, down, phone_minus_host = 1 * MS, 5 * MS, 1 * MS, 42 * S
    told, untold = ClockEstimator(), ClockEstimator()
    for i in range(5):
        sent = i * S
        arrived = sent + up
        c0, c1 = sent + phone_minus_host, arrived + handling + down + phone_minus_host
        told.add_sample(c0, arrived, c1, host_reply_ns=arrived + handling)
        untold.add_sample(c0, arrived, c1)
    assert max(untold.uplink_bounds_ns()) == up + handling + down
    assert up <= told.max_delay_ns <= up + down
    host_t, uncertainty = told.to_host(10 * S + phone_minus_host)
    assert abs(host_t - 10 * S) <= uncertainty
    assert uncertainty <= untold.to_host(10 * S + phone_minus_host)[1] - handling // 2


def test_an_answer_time_outside_the_round_trip_is_not_used() -> None:
    est = ClockEstimator()
    for bad in (-1 * MS, 50 * MS):  # before the ping was there; after the phone had it back
        sample = est.add_sample(0, 10 * MS, 20 * MS, host_reply_ns=10 * MS + bad)
        assert sample.reply_ns == sample.host_ns


def test_the_uplink_bound_holds_with_answer_times_too() -> None:
    rnd = random.Random(7)
    for _ in range(100):
        est = ClockEstimator(drift_ppm=100.0)
        offset = rnd.randint(-3600 * S, 3600 * S)
        ups = []
        for i in range(rnd.randint(1, 40)):
            sent = i * rnd.randint(100 * MS, 2 * S)
            up, held, down = (rnd.choice((1, 3, 8, 40)) * MS + rnd.randrange(MS)
                              for _ in range(3))
            est.add_sample(sent + offset, sent + up, sent + up + held + down + offset,
                           host_reply_ns=sent + up + held)
            ups.append(up)
        for true_up, bound in zip(ups[-30:], est.uplink_bounds_ns(), strict=True):
            assert true_up - 2 <= bound
