"""Per-client clock estimators: sync samples, mapping with clamping, settle per game."""

from __future__ import annotations

import pytest

from buzzers.clocksync import ClockSyncError
from host.sockets.phone_clocks import DEVICE_MAX_DELAY_NS, MS, PhoneClocks, clocks_of

OFFSET_MS = 10_000.0  # the phone's clock runs 10 s behind the host's
HOST0 = 50_000 * MS


def synced(clocks: PhoneClocks, client: str = "p", game: str | None = "g", rtt_ms: float = 4.0,
           rounds: int = 3) -> None:
    for i in range(rounds):
        host = HOST0 + i * 100 * MS
        c0 = host / MS - OFFSET_MS - rtt_ms / 2
        clocks.add_sample(client, game, c0, host, c0 + rtt_ms)


def test_an_unsynced_client_gets_its_receive_time() -> None:
    clocks = PhoneClocks()
    mapped = clocks.map_time("p", 123.0, HOST0)
    assert (mapped.t_ns, mapped.u_ns, mapped.synced) == (HOST0, 0, False)
    synced(clocks, rounds=2)  # fewer than the estimator's minimum: still not usable
    assert not clocks.map_time("p", 123.0, HOST0).synced


def test_a_synced_phone_maps_its_tap_time_to_host_time_despite_a_10_s_offset() -> None:
    clocks = PhoneClocks()
    synced(clocks)
    received = HOST0 + 300 * MS
    tap_client_ms = (received - 3 * MS) / MS - OFFSET_MS  # tapped 3 ms before it arrived
    mapped = clocks.map_time("p", tap_client_ms, received)
    assert mapped.synced
    assert abs(mapped.t_ns - (received - 3 * MS)) <= mapped.u_ns
    assert 0 < mapped.u_ns <= 3 * MS  # half the 4 ms round trip plus drift


def test_a_claimed_time_is_clamped_to_the_phone_network() -> None:
    clocks = PhoneClocks()
    synced(clocks, rtt_ms=4.0)
    received = HOST0 + 300 * MS
    far_past = clocks.map_time("p", (received - 900 * MS) / MS - OFFSET_MS, received)
    # no earlier than its worst measured delay plus one retransmission timeout (250 ms)
    assert far_past.t_ns == received - 4 * MS - 250 * MS
    assert far_past.u_ns >= 900 * MS - 254 * MS  # the clamp's move makes it uncertain
    future = clocks.map_time("p", (received + 50 * MS) / MS - OFFSET_MS, received)
    assert future.t_ns == received


def test_a_device_may_be_later_than_its_round_trip_but_not_in_the_future() -> None:
    clocks = PhoneClocks()
    for i in range(3):
        host = HOST0 + i * MS
        clocks.add_sample("d", None, host - 100, host, host + 100, unit_ns=1, device=True)
    received = HOST0 + 500 * MS
    late = clocks.map_time("d", received - 40 * MS, received)
    assert abs(late.t_ns - (received - 40 * MS)) <= 1000
    ancient = clocks.map_time("d", received - 10 * DEVICE_MAX_DELAY_NS, received)
    assert ancient.t_ns == received - DEVICE_MAX_DELAY_NS


def test_settle_follows_the_slowest_fresh_phone_of_the_game() -> None:
    clocks = PhoneClocks()
    assert clocks.settle_ns("g", HOST0) == 0
    synced(clocks, "fast", rtt_ms=4.0)
    synced(clocks, "slow", rtt_ms=60.0)
    synced(clocks, "other-game", game="h", rtt_ms=500.0)
    settle = clocks.settle_ns("g", HOST0 + 300 * MS)
    assert 60 * MS <= settle < 100 * MS
    assert clocks.settle_ns("g", HOST0 + 10**12) == 0  # everyone stale: nobody counts
    clocks.forget("slow")
    assert clocks.settle_ns("g", HOST0 + 300 * MS) < 60 * MS


def test_nonsense_samples_are_refused() -> None:
    clocks = PhoneClocks()
    with pytest.raises(ClockSyncError):
        clocks.add_sample("p", "g", 100.0, HOST0, 90.0)  # received before sent
    with pytest.raises(ClockSyncError):
        clocks.add_sample("p", "g", 0.0, HOST0, 60_000.0)  # a minute's round trip


def test_one_registry_per_hub() -> None:
    class Owner:
        pass

    a, b = Owner(), Owner()
    assert clocks_of(a) is clocks_of(a)
    assert clocks_of(a) is not clocks_of(b)


def test_a_sync_counts_from_when_the_host_answered_its_ping_not_from_its_arrival() -> None:
    from host.sockets.phone_clocks import STALL_MAX_NS
    from host.sockets import sync_sent_ns

    now = 100 * STALL_MAX_NS
    answered = now - 3_000_000_000  # the ping's answer left 3 s ago; the link then stalled
    assert sync_sent_ns({"c0": 1.0, "h": answered, "c1": 2.0}, now) == answered
    for bad in (now + 1, now - STALL_MAX_NS - 1, "x", True, None, 1.5):
        assert sync_sent_ns({"h": bad}, now) == now  # not a recent host time: now
    assert sync_sent_ns("not a dict", now) == now


def test_a_pings_answer_time_is_kept_until_its_sync_and_narrows_the_settle_wait() -> None:
    """The host answered 6 ms after the ping arrived (its own handling): remembered per
    connection and ping until the sync comes back, it is no part of the phone's uplink."""
    told, untold = PhoneClocks(), PhoneClocks()
    for i in range(3):
        arrived = HOST0 + i * 100 * MS
        c0 = arrived / MS - OFFSET_MS - 1.0  # 1 ms uplink
        c1 = c0 + 1.0 + 6.0 + 1.0  # 6 ms of handling, 1 ms back
        told.answered("sid-1", arrived, arrived + 6 * MS)
        told.add_sample("p", "g", c0, arrived, c1,
                        host_reply_ns=told.answer_of("sid-1", arrived))
        untold.add_sample("p", "g", c0, arrived, c1)
    now = HOST0 + 300 * MS
    assert told.settle_ns("g", now) <= untold.settle_ns("g", now) - 5 * MS
    assert told.answer_of("sid-1", HOST0) is None  # taken once
    assert told.answer_of("sid-2", HOST0 + 5) is None  # a made-up ping time


def test_answer_times_of_pings_never_synced_are_forgotten() -> None:
    from host.sockets.phone_clocks import ANSWERS_KEPT

    clocks = PhoneClocks()
    for i in range(ANSWERS_KEPT + 10):
        clocks.answered("sid", i, i + 1)
    assert clocks.answer_of("sid", 0) is None  # the oldest went
    assert clocks.answer_of("sid", ANSWERS_KEPT + 9) == ANSWERS_KEPT + 10


def test_a_sync_takes_the_answer_time_its_ping_left_on_its_connection() -> None:
    from host.sockets.base import record_sync

    class Owner:  # a registry per owner (a Hub in the server)
        pass

    owner = Owner()
    clocks = clocks_of(owner)
    for i in range(3):
        arrived = HOST0 + i * 100 * MS
        c0 = arrived / MS - OFFSET_MS - 1.0
        clocks.answered("sid-1", arrived, arrived + 6 * MS)
        record_sync(owner, "p", "g", {"c0": c0, "h": arrived, "c1": c0 + 8.0}, MS, False,
                    connection="sid-1")
    assert clocks.settle_ns("g", HOST0 + 300 * MS) <= 3 * MS + 1 * MS  # legs + slack
