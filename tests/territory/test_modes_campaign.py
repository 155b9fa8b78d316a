"""The campaign mode (the online game's long campaign): docs/rules/territory.md, "Modes".

Map grid12 (see conftest):   a0 a1 a2 a3
                             b0 b1 b2 b3
                             c0 c1 c2 c3   (+ a sea link c3-a0)
"""

from __future__ import annotations

import pytest

from host.games.contract import BadEvent, OutOfTurn
from host.territory.modes import (
    CONQUEST_ROUNDS,
    castle_options,
    conquest_order,
)
from host.territory.state import FREE

CAMPAIGN = {"mode": "campaign"}
BASES = {0: "a0", 1: "c2", 2: "a3"}  # pairwise apart on grid12 (mind the sea link c3-a0)


def start(kit, players=3, seed=5, map_name="grid12"):
    game = kit.TerritoryGame(kit.maps[map_name]())
    return kit.Driver(game, game.setup(CAMPAIGN, kit.seats(players), seed))


def at(state, tid):
    i = state.territory_ids.index(tid)
    return state.owners[i], state.values[i], state.towers[i]


def choose_bases(d, bases):
    while d.state.phase == "castles":
        seat = d.state.picks[0]
        d.pick(seat, bases[seat])


def test_setup_leaves_the_map_empty_and_asks_for_bases_in_a_drawn_order(kit):
    orders = set()
    for seed in range(12):
        d = start(kit, seed=seed)
        s = d.state
        assert (s.phase, s.stage) == ("castles", "pick")
        assert set(s.owners) == {FREE} and not any(s.castles)
        assert [p.score for p in s.players] == [0, 0, 0] and all(p.castle == "" for p in s.players)
        assert sorted(s.picks) == [0, 1, 2] and s.order == s.picks
        assert d.game.needs(s) is None and d.game.timer(s).seconds == 10
        orders.add(s.picks)
    assert len(orders) > 1  # the order is drawn, not always seat order


def test_a_base_is_a_castle_and_may_not_touch_another(kit):
    d = start(kit)
    first, second = d.state.picks[0], d.state.picks[1]
    d.pick(first, "b1")
    assert at(d.state, "b1") == (first, 1000, 3)
    assert d.state.player(first).castle == "b1" and d.state.player(first).score == 1000
    with pytest.raises(OutOfTurn):
        d.pick(first, "c3")
    with pytest.raises(BadEvent, match="cannot hold your base"):
        d.pick(second, "a1")  # touches b1
    with pytest.raises(BadEvent, match="already taken"):
        d.pick(second, "b1")


def test_a_base_that_would_leave_no_room_for_the_others_is_refused(kit):
    # A path a-b-c-d-e holds 3 bases apart only as a, c, e.
    path = kit.make_map("path5", list("abcde"), [("a", "b"), ("b", "c"), ("c", "d"), ("d", "e")])
    game = kit.TerritoryGame(path)
    state = game.setup(CAMPAIGN, kit.seats(3), 1)
    first = state.picks[0]
    assert [a["territory"] for a in game.legal_actions(state, first)] == ["a", "c", "e"]
    board = game.board
    assert castle_options(board.neighbours, board.sites, [], 2) == [0, 2, 4]
    with pytest.raises(BadEvent):
        game.apply(state, {"type": "pick", "seat": first, "territory": "b"})


def test_a_base_not_chosen_in_time_is_drawn_among_the_legal_sites(kit):
    d = start(kit)
    seat = d.state.picks[0]
    d.timeout()
    assert d.state.player(seat).castle in d.game.game_map.territories


def test_conquest_order_follows_the_help_pages_table():
    red, blue, green = 7, 8, 9  # the base order: red, blue, green
    rounds = [conquest_order((red, blue, green), n) for n in range(1, 7)]
    assert rounds == [
        (red, green, blue), (green, blue, red), (blue, red, green),
        (red, blue, green), (green, red, blue), (blue, green, red),
    ]
    assert [conquest_order((4, 5), n) for n in (1, 2, 3)] == [(4, 5), (5, 4), (4, 5)]
    assert conquest_order((0, 1, 2, 3), 2) == (1, 2, 3, 0)


def test_conquest_marks_then_one_choice_question_takes_the_right_answers(kit):
    d = start(kit)
    choose_bases(d, BASES)
    s = d.state
    assert (s.phase, s.stage, s.expansion_round) == ("conquest", "pick", 1)
    assert s.picks == conquest_order(s.order, 1)
    scores = {p.seat: p.score for p in s.players}
    first, second, third = s.picks
    aims = {0: "a1", 1: "c1", 2: "a2"}  # each touches its marker's base
    d.pick(first, aims[first])
    with pytest.raises(BadEvent, match="already marked"):
        d.pick(second, aims[first])
    assert aims[first] not in {a["territory"] for a in d.game.legal_actions(d.state, second)}
    d.pick(second, aims[second])
    assert d.state.marks == ((first, aims[first]), (second, aims[second]))
    d.pick(third, aims[third])
    q = d.state.question
    assert q.purpose == "conquest" and q.kind == "choice" and q.seats == (first, second, third)
    d.choice_round({first: True, second: False, third: None})
    s = d.state
    assert at(s, aims[first]) == (first, 200, 0)
    assert at(s, aims[second])[0] == FREE and at(s, aims[third])[0] == FREE
    assert s.player(first).score == scores[first] + 200
    assert s.player(second).score == scores[second] and s.marks == ()
    assert (s.phase, s.expansion_round) == ("conquest", 2)
    assert s.picks == conquest_order(s.order, 2)


def test_marks_must_touch_the_players_land_when_they_can(kit):
    d = start(kit)
    choose_bases(d, BASES)
    seat = d.state.picks[0]
    legal = {a["territory"] for a in d.game.legal_actions(d.state, seat)}
    base = BASES[seat]
    i = d.game.board.index[base]
    assert legal == {d.game.board.ids[n] for n in d.game.board.neighbours[i]
                     if d.state.owners[n] == FREE}
    far = next(t for t in d.game.board.ids if t not in legal and d.state.owners[
        d.game.board.index[t]] == FREE)
    with pytest.raises(BadEvent, match="does not touch"):
        d.pick(seat, far)


def test_after_six_rounds_the_leftovers_go_one_by_one_for_300(kit):
    d = start(kit)
    choose_bases(d, BASES)
    for number in range(1, CONQUEST_ROUNDS + 1):
        assert d.state.expansion_round == number and d.state.phase == "conquest"
        while d.state.stage == "pick":
            seat = d.state.picks[0]
            d.pick(seat, d.game.legal_actions(d.state, seat)[0]["territory"])
        d.choice_round({seat: False for seat in d.state.question.seats})  # all wrong
    s = d.state
    assert s.phase == "expansion" and s.owners.count(FREE) == 9
    d.numeric_round({0: (90, 10), 1: (100, 30), 2: (100, 20)})
    assert d.state.picks == (2,)  # one pick, for the winner only
    before = d.state.player(2).score
    d.pick(2, d.game.legal_actions(d.state, 2)[0]["territory"])
    assert d.state.player(2).score == before + 300
    assert sorted(set(d.state.values) - {0}) == [300, 1000]


def test_campaign_combat_keeps_the_territorys_value_and_has_six_rounds(kit, grid_game):
    castles = {0: "a1", 1: "c1", 2: "b3"}
    start_state = kit.position(grid_game, castles, {"b1": (1, 300)}, rest=2,
                               settings=CAMPAIGN, round=5)
    d = kit.Driver(grid_game, start_state)
    d.attack(0, "b1")
    d.choice_round({0: True, 1: False})
    assert at(d.state, "b1") == (0, 300, 0)
    assert d.state.player(0).score == start_state.player(0).score + 300
    assert d.state.player(1).score == start_state.player(1).score - 300
    # Round 5 goes on, then round 6 (not the end after 4 rounds, nor after 5).
    while d.state.round == 5 and d.state.stage == "attack":
        seat = d.state.order[d.state.turn]
        d.attack(seat, d.game.legal_actions(d.state, seat)[0]["territory"])
        d.choice_round({seat: False, d.state.attack.defender: True})
    assert d.state.phase == "combat" and d.state.round == 6
    scores = [d.state.player(s).score for s in d.state.order]
    assert scores == sorted(scores, reverse=True)  # the last round goes by score


def test_campaign_attacks_need_a_touching_target_in_every_round(kit, grid_game):
    # Seat 0 holds only its castle a1; c2 (seat 2's) touches none of its land.
    castles = {0: "a1", 1: "c1", 2: "b3"}
    for settings, last_round, far_allowed in ((CAMPAIGN, 6, False), ({}, 4, True)):
        state = kit.position(grid_game, castles, rest=2, settings=settings, round=last_round)
        legal = {a["territory"] for a in grid_game.legal_actions(state, 0)}
        assert ("c2" in legal) == far_allowed
        assert "b1" in legal


def test_campaign_bot_games_end_with_consistent_scores(kit):
    for name, players in (("grid12", 2), ("grid12", 3), ("grid12", 4), ("ring8", 4)):
        game = kit.TerritoryGame(kit.maps[name]())
        for seed in range(8):
            final, _ = kit.play_bot_game(game, players, seed, settings=CAMPAIGN)
            assert game.is_over(final)
            places = sorted(p["place"] for p in game.result(final)["players"])
            assert places == list(range(1, players + 1))


def test_state_json_round_trips_the_marks_and_leaves_a_classic_state_as_it_was(kit):
    d = start(kit)
    choose_bases(d, BASES)
    d.pick(d.state.picks[0], d.game.legal_actions(d.state, d.state.picks[0])[0]["territory"])
    data = d.game.to_json(d.state)
    assert data["settings"]["mode"] == "campaign" and data["marks"] and data["expansion_round"] == 1
    assert d.game.from_json(data) == d.state
    classic = d.game.setup({}, kit.seats(3), 1)
    plain = d.game.to_json(classic)
    assert "mode" not in plain["settings"] and "marks" not in plain
    assert "expansion_round" not in plain
    assert d.game.from_json(plain).settings.mode == "classic"
