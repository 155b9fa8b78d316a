"""The buzzer board engine, pure: windows, settle, marks, lockouts, JSON round trip."""

from __future__ import annotations

from typing import Any

import pytest

from host.buzzer_board.game import BuzzerGame
from host.buzzer_board.state import BuzzerState
from host.games.contract import BadEvent, GameError, OutOfTurn, StaleEvent

GAME = BuzzerGame()
MS = 1_000_000
T0 = 10_000 * MS


def fresh(seats: int = 3, **settings: Any) -> BuzzerState:
    return GAME.setup(settings, [{"seat": i, "name": f"P{i}"} for i in range(seats)], seed=4)


def play(state: BuzzerState, *events: dict[str, Any]) -> BuzzerState:
    for event in events:
        state = GAME.apply(state, dict(event))
        assert GAME.from_json(GAME.to_json(state)) == state  # every state survives JSON
    return state


def buzz(seat: int, at_ms: float, settle_ms: int = 0, u_ms: float = 0, source: str = "phone"
         ) -> dict[str, Any]:
    return {"type": "buzz", "seat": seat, "t_ns": T0 + round(at_ms * MS), "source": source,
            "u_ns": round(u_ms * MS), "settle_ns": settle_ms * MS}


OPEN = {"type": "open", "mode": "first", "t_ns": T0}


def test_wired_presses_decide_at_once_and_the_earliest_stamp_wins() -> None:
    state = play(fresh(), OPEN, buzz(2, 5.0, source="gpio"))
    assert GAME.timer(state) is None
    screen = GAME.view(state, "screen")
    assert screen["floor"] == 2 and screen["floor_name"] == "P2"
    assert GAME.view(state, "seat:2")["you"]["status"] == "floor"
    with pytest.raises(StaleEvent):  # the floor is taken: later presses are not recorded
        GAME.apply(state, buzz(0, 1.0))


def test_settle_waits_for_a_late_phone_with_an_earlier_stamp() -> None:
    state = play(fresh(), OPEN, buzz(1, 20.0, settle_ms=80))
    request = GAME.timer(state)
    assert request is not None and request.seconds == pytest.approx(0.08)
    assert GAME.view(state, "screen")["settling"] and GAME.view(state, "screen")["floor"] is None
    state = play(state, buzz(0, 12.5, settle_ms=80))  # arrives later, pressed earlier
    state = play(state, {"type": "timeout", "timer": request.timer_id})
    screen = GAME.view(state, "screen")
    assert [r["seat"] for r in screen["ranking"]] == [0, 1]
    assert screen["ranking"][1]["margin_ms"] == pytest.approx(7.5)
    assert screen["floor"] == 0
    with pytest.raises(StaleEvent):
        GAME.apply(state, {"type": "timeout", "timer": request.timer_id})


def test_the_settle_wait_runs_from_the_first_press_own_time() -> None:
    """A press the host heard 3 ms after it was made has 3 ms of its wait behind it: the
    decision is due at its time + settle, not at its arrival + settle."""
    heard = {**buzz(1, 20.0, settle_ms=9), "rx_ns": T0 + 23 * MS}
    state = play(fresh(), OPEN, heard)
    request = GAME.timer(state)
    assert request is not None and request.seconds == pytest.approx(0.006)
    late = {**buzz(2, 20.0, settle_ms=9), "rx_ns": T0 + 40 * MS}  # heard after its wait
    waited = GAME.timer(play(fresh(), OPEN, late))
    assert waited is not None and waited.seconds == 0
    # a later press with an earlier stamp keeps the timer already running (the same id)
    state = play(state, {**buzz(0, 18.0, settle_ms=9), "rx_ns": T0 + 25 * MS})
    again = GAME.timer(state)
    assert again is not None and again.timer_id == request.timer_id


def test_right_scores_and_closes_wrong_locks_out_and_rearms_the_others() -> None:
    state = play(fresh(wrong_penalty=2), OPEN, buzz(0, 1.0), {"type": "wrong"})
    assert state.scores == (-2, 0, 0)
    assert GAME.view(state, "screen")["phase"] == "armed"
    assert GAME.legal_actions(state, 0) == [] and GAME.legal_actions(state, 1)
    with pytest.raises(StaleEvent):
        GAME.apply(state, buzz(0, 50.0))  # the wrong seat is out for this question
    with pytest.raises(OutOfTurn):
        play(state, buzz(1, 60.0), {"type": "right", "seat": 2})
    state = play(state, buzz(1, 60.0), {"type": "right"})
    assert state.scores == (-2, 1, 0)
    assert GAME.view(state, "screen")["phase"] == "idle"
    assert GAME.result(state)["winner"] == 1


def test_every_seat_wrong_closes_the_window() -> None:
    state = play(fresh(seats=2), OPEN, buzz(0, 1.0), {"type": "wrong"}, buzz(1, 2.0),
                 {"type": "wrong"})
    assert GAME.view(state, "screen")["phase"] == "idle"
    state = play(state, {"type": "open", "mode": "first", "t_ns": T0 + 1000 * MS},
                 buzz(0, 1001.0))
    assert GAME.view(state, "screen")["floor"] == 0  # a new question: nobody is out


def test_a_press_before_the_opening_locks_the_seat_out_briefly() -> None:
    state = play(fresh(early_lockout_ms=250), buzz(1, -100.0), OPEN)
    with pytest.raises(StaleEvent):
        GAME.apply(state, buzz(1, 100.0))  # 200 ms after its early press: still locked
    state = play(state, buzz(1, 260.0))  # after the 250 ms lockout
    assert GAME.view(state, "screen")["floor"] == 1


def test_a_press_stamped_before_the_opening_but_arriving_after_is_early() -> None:
    state = play(fresh(), OPEN, buzz(2, -3.0))
    assert GAME.view(state, "screen")["floor"] is None
    assert GAME.view(state, "host")["early_lockouts"][0]["seat"] == 2


def test_ranking_mode_ranks_everyone_then_waits_settle_after_the_close() -> None:
    state = play(fresh(4), {"type": "open", "mode": "ranking", "t_ns": T0},
                 buzz(2, 9.0, settle_ms=40), buzz(0, 4.0, settle_ms=40))
    live = GAME.view(state, "screen")
    assert [r["seat"] for r in live["ranking"]] == [0, 2] and not live["final"]
    state = play(state, {"type": "close", "t_ns": T0 + 20 * MS})
    request = GAME.timer(state)
    assert request is not None and request.timer_id.startswith("final:")
    state = play(state, buzz(1, 15.0, settle_ms=40))  # pressed before the close, arrived late
    state = play(state, {"type": "timeout", "timer": request.timer_id})
    final = GAME.view(state, "screen")
    assert [r["seat"] for r in final["ranking"]] == [0, 2, 1] and final["final"]
    state = play(state, {"type": "right", "seat": 2}, {"type": "wrong"})  # default: first unmarked
    assert state.scores == (0, 0, 1, 0)
    assert [m["seat"] for m in GAME.view(state, "screen")["marks"]] == [2, 0]
    with pytest.raises(GameError):
        GAME.apply(state, {"type": "right", "seat": 2})  # already marked


def test_a_ranking_every_seat_pressed_in_is_final_without_the_close_or_the_wait() -> None:
    """Issue 49: eight phones pressed and the screen said "open" until the host closed."""
    state = play(fresh(), {"type": "open", "mode": "ranking", "t_ns": T0},
                 buzz(2, 9.0, settle_ms=40), buzz(0, 4.0, settle_ms=40))
    assert not GAME.view(state, "screen")["final"]  # seat 1 may still press
    state = play(state, buzz(1, 15.0, settle_ms=40))
    final = GAME.view(state, "screen")
    assert final["final"] and final["phase"] == "closed"
    assert [r["seat"] for r in final["ranking"]] == [0, 2, 1]
    assert GAME.timer(state) is None
    with pytest.raises(StaleEvent):
        GAME.apply(state, buzz(1, 16.0))
    state = play(state, {"type": "right"}, {"type": "open", "mode": "first", "t_ns": T0 + 10**9})
    assert state.scores == (1, 0, 0)


def test_close_and_end() -> None:
    state = play(fresh(), OPEN, {"type": "close"})
    with pytest.raises(GameError):
        GAME.apply(state, {"type": "close"})
    state = play(state, {"type": "end"})
    assert GAME.is_over(state)
    with pytest.raises(GameError):
        GAME.apply(state, OPEN)


@pytest.mark.parametrize("event", [
    {"type": "buzz", "seat": 7, "t_ns": T0},
    {"type": "buzz", "seat": 0},
    {"type": "buzz", "seat": 0, "t_ns": True},
    {"type": "open", "mode": "lightning"},
    {"type": "fly"},
])
def test_bad_events_are_refused_with_a_reason(event: dict[str, Any]) -> None:
    with pytest.raises(BadEvent) as err:
        GAME.apply(fresh(), event)
    assert str(err.value)


def test_bad_settings_and_seat_counts_are_refused() -> None:
    with pytest.raises(BadEvent):
        fresh(colour="red")
    with pytest.raises(BadEvent):
        fresh(wrong_penalty=-1)
    with pytest.raises(BadEvent):
        GAME.setup({}, [], 1)


def test_a_seat_sees_only_its_own_status() -> None:
    state = play(fresh(), OPEN, buzz(1, 2.0, settle_ms=30))
    assert GAME.view(state, "seat:1")["you"]["status"] == "buzzed"
    assert GAME.view(state, "seat:0")["you"]["status"] == "live"
    assert "you" not in GAME.view(state, "screen")
    assert "entries" in GAME.view(state, "host") and "entries" not in GAME.view(state, "screen")


def test_a_phone_gets_what_it_draws_not_the_projectors_scoreboard() -> None:
    """With 500 seats the scoreboard was 19 KB per phone and publication; a phone draws its
    own status, score and final place, and who has the floor."""
    state = play(fresh(4), OPEN, buzz(2, 1.0), {"type": "right"},
                 OPEN | {"t_ns": T0 + 10**9}, buzz(0, 1001.0), {"type": "right"},
                 OPEN | {"t_ns": T0 + 2 * 10**9}, buzz(1, 2001.0))
    phone = GAME.view(state, "seat:3")
    screen = GAME.view(state, "screen")
    assert {"scores", "ranking", "marks", "lead", "out"} <= set(screen)
    assert not {"scores", "ranking", "marks", "lead", "out"} & set(phone)
    assert phone["floor"] == screen["floor"] == 1 and phone["floor_name"] == "P1"
    assert phone["you"] == {"seat": 3, "status": "waiting", "place": None,
                            "early_lockout": False, "score": 0}
    over = play(state, {"type": "right"}, {"type": "end"})
    places = {p["seat"]: p["place"] for p in GAME.result(over)["players"]}
    assert places == {0: 1, 1: 1, 2: 1, 3: 4}  # three tied on 1 point share the place
    assert {seat: GAME.view(over, f"seat:{seat}")["you"]["rank"] for seat in range(4)} == places
    assert "rank" not in GAME.view(state, "seat:0")["you"]  # only once the game is over


def test_the_headline_moves_on_a_floor_a_decision_or_a_mark_not_on_every_press() -> None:
    """The screens get a state at once only when its headline moves (host/wire/broadcast.py):
    the floor taken, a ranking decided, a mark; a ranking window's burst of presses is not."""
    first = play(fresh(4), OPEN)
    assert GAME.headline(play(first, buzz(1, 5.0, source="gpio"))) != GAME.headline(first)
    opened = play(fresh(4), {**OPEN, "mode": "ranking"})
    pressed = play(opened, buzz(1, 10.0, settle_ms=40), buzz(2, 20.0, settle_ms=40))
    assert GAME.headline(pressed) == GAME.headline(opened)
    assert len(GAME.view(pressed, "screen")["ranking"]) == 2  # the presses themselves count
    closed = play(pressed, {"type": "close", "t_ns": T0 + 30 * MS})
    request = GAME.timer(closed)
    assert request is not None
    decided = play(closed, {"type": "timeout", "timer": request.timer_id})
    assert GAME.headline(decided) != GAME.headline(closed) != GAME.headline(pressed)
    marked = play(decided, {"type": "right"})
    assert GAME.headline(marked) != GAME.headline(decided)


def test_each_phone_reads_its_own_place_and_status_as_a_ranking_window_fills() -> None:
    """Every phone's place is its row in the projector's ranking and its status its own
    press, state after state (the board's indexes are per state, never an older one's)."""
    state = play(fresh(6), OPEN | {"mode": "ranking"})
    pressed: list[int] = []
    for seat, at in ((4, 9.0), (1, 3.0), (5, 6.0), (0, 1.0)):
        state = play(state, buzz(seat, at))
        pressed.append(seat)
        rows = [row["seat"] for row in GAME.view(state, "screen")["ranking"]]
        assert sorted(rows) == sorted(pressed)
        for other in range(6):
            you = GAME.view(state, f"seat:{other}")["you"]
            assert you["place"] == (rows.index(other) if other in pressed else None)
            assert you["status"] == ("buzzed" if other in pressed else "live")
            assert (GAME.legal_actions(state, other) == []) == (other in pressed)
    assert rows == [0, 1, 5, 4]
