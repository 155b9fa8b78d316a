"""Expansion rulings: answer ranking, who picks how many, pick adjacency, timeouts, refusals."""

from __future__ import annotations

from dataclasses import replace

import pytest

from host.games.contract import BadEvent, OutOfTurn, StaleEvent
from host.territory.state import FREE


def start(kit, map_name="grid12", players=3, seed=3, settings=None):
    game = kit.TerritoryGame(kit.maps[map_name]())
    return kit.Driver(game, game.setup(settings or {}, kit.seats(players), seed))


def free_count(state):
    return state.owners.count(FREE)


def answer_all(d, answers, truth=100):
    d.ask(truth)
    for seat, (value, t_ns) in answers.items():
        d.answer(seat, value, t_ns)


def test_setup_opens_expansion_with_a_numeric_question(kit):
    d = start(kit)
    need = d.game.needs(d.state)
    assert d.state.phase == "expansion" and need is not None and need.kind == "numeric"
    assert d.game.timer(d.state) is None  # no clock until the question is on screen
    d.ask(100)
    timer = d.game.timer(d.state)
    assert timer is not None and timer.seconds == 20


@pytest.mark.parametrize(
    "answers, picks",
    [
        # distance first: 100 exact beats 95 (faster) beats 105
        ({0: (105, 50), 1: (95, 10), 2: (100, 90)}, (2, 2, 1)),
        # equal distance: earlier lock-in wins, whatever the order of arrival
        ({0: (90, 70), 1: (110, 30), 2: (300, 1)}, (1, 1, 0)),
    ],
)
def test_answers_rank_by_distance_then_lock_in_time(kit, answers, picks):
    d = start(kit)
    answer_all(d, answers)
    assert d.state.stage == "reveal"  # everyone answered: no need to wait for the timer
    d.cont()
    assert d.state.stage == "pick"
    assert d.state.picks == picks


def test_silent_players_rank_last_and_pick_nothing(kit):
    d = start(kit)
    d.numeric_round({0: None, 1: (5000, 10), 2: None}, truth=100)
    assert d.state.picks == (1, 1)  # the only answer wins, however far; nobody is second


def test_nobody_answers_means_another_question(kit):
    d = start(kit)
    before = free_count(d.state)
    d.numeric_round({0: None, 1: None, 2: None})
    assert d.state.stage == "awaiting_question" and free_count(d.state) == before


def test_winner_picks_two_second_one_each_worth_200(kit):
    d = start(kit)
    d.numeric_round({0: (100, 5), 1: (101, 5), 2: (150, 5)})
    scores = [p.score for p in d.state.players]
    for seat in (0, 0, 1):
        legal = [a["territory"] for a in d.game.legal_actions(d.state, seat)]
        d.pick(seat, legal[0])
    assert [p.score - s for p, s in zip(d.state.players, scores, strict=True)] == [400, 200, 0]
    assert d.state.stage == "awaiting_question"  # next expansion question


def test_picks_must_touch_own_land_when_possible(kit):
    d = start(kit)
    d.numeric_round({0: (100, 5), 1: (101, 5)})
    state = d.state
    castle = state.player(0).castle
    neighbours = d.game.game_map.neighbours(castle)
    legal = {a["territory"] for a in d.game.legal_actions(state, 0)}
    free_neighbours = {t for t in neighbours if state.owners[state.territory_ids.index(t)] == FREE}
    assert legal == free_neighbours and legal
    far = next(
        t for t, o in zip(state.territory_ids, state.owners, strict=True)
        if o == FREE and t not in neighbours
    )
    with pytest.raises(BadEvent, match="does not touch"):
        d.game.apply(state, {"type": "pick", "seat": 0, "territory": far})
    with pytest.raises(BadEvent, match="already taken"):
        d.game.apply(state, {"type": "pick", "seat": 0, "territory": castle})
    with pytest.raises(OutOfTurn):
        d.game.apply(state, {"type": "pick", "seat": 1, "territory": sorted(legal)[0]})


def test_pick_falls_back_to_any_free_territory(kit):
    # islands: castles w1 and w3 around w2; e1-e2 is another island.
    d = start(kit, "islands", players=2)
    d.numeric_round({0: (100, 5), 1: (90, 5)})
    assert [a["territory"] for a in d.game.legal_actions(d.state, 0)] == ["w2"]
    d.pick(0, "w2")
    # Nothing free touches seat 0 now: any free territory will do.
    assert [a["territory"] for a in d.game.legal_actions(d.state, 0)] == ["e1", "e2"]
    d.pick(0, "e2")
    assert [a["territory"] for a in d.game.legal_actions(d.state, 1)] == ["e1"]


def test_picking_stops_when_no_territory_is_free(kit):
    # ring8 with 3 players: 5 free territories; the second question leaves 2.
    d = start(kit, "ring8")
    assert free_count(d.state) == 5
    d.numeric_round({0: (100, 5), 1: (99, 5), 2: (50, 5)})
    for _ in range(3):
        seat = d.state.picks[0]
        d.pick(seat, d.game.legal_actions(d.state, seat)[0]["territory"])
    d.numeric_round({0: (50, 5), 1: (99, 5), 2: (100, 5)})
    assert d.state.picks == (2, 2, 1)
    scores = {p.seat: p.score for p in d.state.players}
    for _ in range(2):
        d.pick(2, d.game.legal_actions(d.state, 2)[0]["territory"])
    assert free_count(d.state) == 0
    assert d.state.phase == "combat" and d.state.round == 1 and d.state.stage == "attack"
    assert d.state.player(1).score == scores[1]  # second place found nothing left
    assert sorted(d.state.order) == [0, 1, 2]


def test_pick_timeout_chooses_a_legal_territory(kit):
    chosen = set()
    for seed in range(30):
        d = start(kit, seed=seed)
        d.numeric_round({0: (100, 5)})
        legal = {a["territory"] for a in d.game.legal_actions(d.state, 0)}
        before = d.state
        d.timeout()
        new = [
            t for i, t in enumerate(before.territory_ids)
            if before.owners[i] == FREE and d.state.owners[i] == 0
        ]
        assert len(new) == 1 and new[0] in legal
        chosen.add((before.player(0).castle, new[0]))
    assert len({c for _, c in chosen}) > 1


def test_duplicate_and_foreign_answers_refused(kit):
    d = start(kit)
    d.ask(100)
    d.answer(0, 90, 10)
    with pytest.raises(StaleEvent, match="already answered"):
        d.answer(0, 100, 20)
    with pytest.raises(OutOfTurn):
        d.answer(7, 100, 20)
    with pytest.raises(BadEvent):
        d.do({"type": "answer", "seat": 1, "value": "100", "t_ns": 5})
    with pytest.raises(BadEvent):
        d.do({"type": "answer", "seat": 1, "value": 100})
    d.answer(1, 95, 30)
    d.answer(2, 95, 40)
    with pytest.raises(StaleEvent, match="closed"):
        d.answer(2, 100, 50)


def test_questions_of_the_wrong_kind_or_request_refused(kit):
    d = start(kit)
    need = d.game.needs(d.state)
    good = {"id": "x", "kind": "numeric", "prompt": "?", "answer": 5}
    with pytest.raises(StaleEvent):
        d.do({"type": "question", "request_id": "nope", "question": good})
    choice = {**good, "kind": "choice", "options": ["a", "b", "c", "d"], "answer": 1}
    with pytest.raises(BadEvent, match="numeric question is needed"):
        d.do({"type": "question", "request_id": need.request_id, "question": choice})
    with pytest.raises(BadEvent, match="positive"):
        d.do({"type": "question", "request_id": need.request_id, "question": {**good, "answer": 0}})
    d.do({"type": "question", "request_id": need.request_id, "question": good})
    with pytest.raises(StaleEvent):
        d.do({"type": "question", "request_id": need.request_id, "question": good})


def test_stale_timeouts_refused(kit):
    d = start(kit)
    d.ask(100)
    old = d.game.timer(d.state).timer_id
    d.timeout()
    with pytest.raises(StaleEvent):
        d.do({"type": "timeout", "timer": old})


def test_skip_discards_the_question_and_asks_again(kit):
    d = start(kit)
    d.ask(100)
    d.answer(0, 100, 5)
    first = d.game.needs(d.state)
    d.do({"type": "skip"})
    need = d.game.needs(d.state)
    assert first is None and need is not None and need.kind == "numeric"
    assert d.state.question.answers == ()
    d.ask(200)
    d.answer(0, 200, 5)  # the same seat may answer the new question


def test_override_changes_the_ranking_before_it_applies(kit):
    d = start(kit)
    answer_all(d, {0: (100, 50), 1: (150, 10), 2: (400, 5)})
    d.do({"type": "override", "seat": 2, "correct": True})  # judged exact, and fastest
    d.do({"type": "override", "seat": 0, "correct": False})  # judged as no answer
    d.cont()
    assert d.state.picks == (2, 2, 1)


def test_events_out_of_stage_are_refused_with_codes(kit):
    d = start(kit)
    with pytest.raises(OutOfTurn) as info:
        d.do({"type": "continue"})
    assert info.value.code == "out_of_turn"
    with pytest.raises(OutOfTurn):
        d.do({"type": "answer", "seat": 0, "value": 1, "t_ns": 1})
    with pytest.raises(BadEvent) as bad:
        d.do({"type": "dance"})
    assert bad.value.code == "bad_event"
    with pytest.raises(StaleEvent):
        d.do({"type": "skip"})


def test_answer_override_for_a_silent_seat_ranks_after_timed_answers(kit):
    d = start(kit)
    d.ask(100)
    d.answer(0, 100, 50)
    d.timeout()
    d.do({"type": "override", "seat": 1, "correct": True})
    d.cont()
    assert d.state.picks == (0, 0, 1)


def test_state_after_setup_is_seeded(kit):
    a = start(kit, seed=11).state
    b = start(kit, seed=11).state
    castles = {tuple(p.castle for p in start(kit, seed=s).state.players) for s in range(10)}
    assert a == b and len(castles) > 1
    assert replace(a, rng=0) != a


def test_a_silent_seat_judged_right_ranks_after_an_inexact_timed_answer(kit):
    """docs/rules/territory.md: `correct: true` for a silent seat ranks after all timed answers,
    even an inexact one (it was never counted as exact)."""
    d = start(kit)
    d.ask(100)
    d.answer(0, 160, 50)  # 60 away, but timed
    d.timeout()
    d.do({"type": "override", "seat": 1, "correct": True})
    d.cont()
    assert d.state.picks == (0, 0, 1)


def test_three_silent_expansion_questions_stall_until_the_host_goes_on(kit):
    d = start(kit)
    for n in range(3):
        assert d.state.stage == "awaiting_question", n
        d.ask(100)
        d.timeout()  # nobody answered: reveal
        d.timeout()  # reveal over
    assert d.state.stage == "stalled" and d.game.needs(d.state) is None
    assert d.game.timer(d.state) is None
    host = d.game.view(d.state, "host")
    assert host["paused"] is True and host["pause_reason"] == "nobody_answered"
    d.cont()  # the host goes on (Session `resume` maps to this; see the report)
    assert d.state.stage == "awaiting_question" and d.state.silent_questions == 0
    d.ask(100)
    d.answer(0, 100, 5)
    d.timeout()
    d.timeout()
    assert d.state.silent_questions == 0 and d.state.picks


def test_an_answer_resets_the_silent_count(kit):
    d = start(kit)
    for _ in range(2):
        d.ask(100)
        d.timeout()
        d.timeout()
    assert d.state.silent_questions == 2
    answer_all(d, {0: (100, 5)})
    d.timeout()
    d.timeout()
    assert d.state.silent_questions == 0 and d.state.stage == "pick"


def test_reused_questions_are_counted_in_the_view(kit):
    d = start(kit)
    d.ask(100, reused_in_game=True)
    assert d.state.reused_questions == 1
    assert d.game.view(d.state, "host")["reused"] == 1
