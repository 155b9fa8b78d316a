"""Each rule of Russian Bank pinned on small hand-built tables."""

from __future__ import annotations

import json
from typing import Any

import pytest

from host.cards.russian_bank import GAME, SIMULATOR, Settings, State, zones
from host.cards.russian_bank.game import scores
from host.games.contract import BadEvent, BadSettings, GameError, OutOfTurn, StaleEvent

game = GAME()


def table(**piles: Any) -> State:
    """A bare table (seat 0 on turn) with only the piles a test names."""
    settings = piles.pop("settings", Settings())
    base = State(
        settings=settings,
        names=["Ann", "Bob"],
        reserves=[["9C"], ["9C#1"]],
        hands=[["10C"], ["10C#1"]],
        wastes=[[], []],
        houses=[["KS"], ["KS#1"], ["KC"], ["KC#1"], ["QH"], ["QH#1"], ["QD"], ["QD#1"]],
        foundations=[[] for _ in range(8)],
        turn=0,
        rng=1,
    )
    for name, value in piles.items():
        setattr(base, name, value)
    return base


def move(src: str, dst: str, seat: int = 0, count: int = 1) -> dict[str, Any]:
    event: dict[str, Any] = {"type": "move", "seat": seat, "from": src, "to": dst}
    if count != 1:
        event["count"] = count
    return event


def draw(seat: int = 0) -> dict[str, Any]:
    return {"type": "draw", "seat": seat}


# -- set-up --------------------------------------------------------------


def test_deal_lays_out_reserve_houses_and_hand() -> None:
    state = game.setup({}, [{"seat": 0, "name": "A"}, {"seat": 1, "name": "B"}], seed=7)
    assert [len(r) for r in state.reserves] == [13, 13]
    assert [len(h) for h in state.hands] == [35, 35]
    assert all(len(house) == 1 for house in state.houses)
    assert all(card.endswith("#1") for card in state.reserves[1] + state.hands[1])
    assert not any("#" in card for card in state.reserves[0] + state.hands[0])


def test_lower_cut_card_starts_and_fixed_starter_setting() -> None:
    seats = [{"seat": 0, "name": "A"}, {"seat": 1, "name": "B"}]
    for seed in range(20):
        state = game.setup({}, seats, seed)
        values = game.view(state, "screen")["cut"]
        assert values[state.turn] < values[1 - state.turn]
    assert game.setup({"starter": "seat1"}, seats, 3).turn == 1


def test_reserve_size_setting() -> None:
    state = game.setup({"reserve_size": 5}, [{"seat": 0}, {"seat": 1}], 1)
    assert [len(r) for r in state.reserves] == [5, 5]
    assert [len(h) for h in state.hands] == [43, 43]


@pytest.mark.parametrize(
    "settings",
    [{"reserve_size": 0}, {"starter": "high"}, {"stack_moves": "all"}, {"colour": "red"}],
)
def test_bad_settings_are_refused(settings: dict[str, Any]) -> None:
    with pytest.raises(BadSettings):
        game.setup(settings, [{"seat": 0}, {"seat": 1}], 1)


# -- building rules --------------------------------------------------------


def test_foundation_takes_an_ace_then_same_suit_upwards() -> None:
    state = table(reserves=[["2H", "AH"], ["9C#1"]])
    state = game.apply(state, move("reserve", "foundation:3"))
    assert state.foundations[3] == ["AH"]
    state = game.apply(state, move("reserve", "foundation:3"))
    assert state.foundations[3] == ["AH", "2H"]
    with pytest.raises(GameError, match="foundation"):
        game.apply(table(reserves=[["2H"], ["9C#1"]]), move("reserve", "foundation:0"))
    wrong_suit = table(reserves=[["2D"], ["9C#1"]], foundations=[["AH"]] + [[] for _ in range(7)])
    with pytest.raises(GameError):
        game.apply(wrong_suit, move("reserve", "foundation:0"))


def test_house_builds_down_in_alternating_colours_any_card_on_empty() -> None:
    state = table(reserves=[["JS"], ["9C#1"]])  # houses 4 and 5 hold red queens
    after = game.apply(state, move("reserve", "house:4"))
    assert after.houses[4] == ["QH", "JS"]
    with pytest.raises(GameError, match="other colour"):
        game.apply(table(reserves=[["JD"], ["9C#1"]]), move("reserve", "house:4"))
    with pytest.raises(GameError):
        game.apply(table(reserves=[["10S"], ["9C#1"]]), move("reserve", "house:4"))
    empty = table(reserves=[["2D", "7D"], ["9C#1"]])
    empty.houses[2] = []
    assert game.apply(empty, move("reserve", "house:2")).houses[2] == ["7D"]


def test_loading_the_opponent_same_suit_one_up_or_down() -> None:
    state = table(reserves=[["8C"], ["4C#1", "9C#1"]], wastes=[[], ["5H#1"]])
    after = game.apply(state, move("reserve", "opp_reserve"))
    assert after.reserves[1][-1] == "8C" and after.reserves[0] == []
    up = table(hands=[["4H"], []], wastes=[[], ["5H#1"]], turned="6H")
    assert game.apply(up, move("hand", "opp_waste")).wastes[1] == ["5H#1", "6H"]
    with pytest.raises(GameError, match="same suit"):
        game.apply(table(reserves=[["8D"], ["9C#1"]]), move("reserve", "opp_reserve"))
    with pytest.raises(GameError):
        game.apply(table(reserves=[["JC"], ["9C#1"]]), move("reserve", "opp_reserve"))
    with pytest.raises(GameError):  # an empty waste cannot be loaded
        game.apply(table(turned="8C"), move("hand", "opp_waste"))


# -- compulsory moves ----------------------------------------------------------


def test_reserve_to_foundation_comes_before_any_other_foundation_move() -> None:
    state = table(reserves=[["AH"], ["9C#1"]], turned="AS")
    with pytest.raises(GameError, match="reserve AH"):
        game.apply(state, move("hand", "foundation:0"))
    with pytest.raises(GameError, match="reserve AH"):
        game.apply(state, move("hand", "waste"))
    after = game.apply(state, move("reserve", "foundation:1"))
    assert after.foundations[1] == ["AH"]
    assert game.apply(after, move("hand", "foundation:0")).foundations[0] == ["AS"]


def test_any_available_card_must_go_to_a_foundation_first() -> None:
    state = table(foundations=[["AD"]] + [[] for _ in range(7)], turned="QH")
    state.houses[3] = ["KC#1", "2D"]
    assert game.apply(table(turned="QH"), move("hand", "house:2")).houses[2] == ["KC", "QH"]
    with pytest.raises(GameError, match="house:3 2D to a foundation"):
        game.apply(state, move("hand", "house:2"))
    actions = game.legal_actions(state, 0)
    assert actions and all(a["to"].startswith("foundation:") for a in actions)
    assert game.apply(state, move("house:3", "foundation:0")).foundations[0] == ["AD", "2D"]


def test_empty_houses_are_filled_from_the_reserve_before_turning_the_hand_card() -> None:
    state = table(reserves=[["3D", "9D"], ["9C#1"]])
    state.houses[5] = []
    with pytest.raises(GameError, match="fill the empty house 5"):
        game.apply(state, draw())
    assert {"type": "draw", "seat": 0} not in game.legal_actions(state, 0)
    filled = game.apply(state, move("reserve", "house:5"))
    assert game.apply(filled, draw()).turned == "10C"
    no_reserve = table(reserves=[[], ["9C#1"]])
    no_reserve.houses[5] = []
    assert game.apply(no_reserve, draw()).turned == "10C"


# -- stacks, turns, the hand and the waste -----------------------------------------


def test_stack_moves_need_enough_empty_houses() -> None:
    houses = [["KS", "QH", "JS"], ["QD"], ["KC#1"], [], ["9C"], ["9S#1"], ["9H"], ["9H#1"]]
    state = table(houses=[list(h) for h in houses])  # one free house: two cards may move
    after = game.apply(state, move("house:0", "house:2", count=2))
    assert after.houses[2] == ["KC#1", "QH", "JS"] and after.houses[0] == ["KS"]
    with pytest.raises(GameError, match="empty houses"):
        game.apply(state, move("house:0", "house:3", count=3))  # no spare house left
    broken = table(houses=[["KS", "5H", "JS"], ["QD"], ["KC#1"], [], ["9C"], [], ["9H"], []])
    with pytest.raises(GameError, match="run"):
        game.apply(broken, move("house:0", "house:3", count=3))
    off = table(houses=[list(h) for h in houses], settings=Settings(stack_moves="off"))
    with pytest.raises(GameError):
        game.apply(off, move("house:0", "house:2", count=2))


def test_doubling_setting_lets_two_free_houses_carry_four_cards() -> None:
    run = ["KS", "QH", "JS", "10D", "9C"]
    houses = [run, ["KC#1"], [], [], ["9C#1"], ["9S#1"], ["9H"], ["9H#1"]]
    simple = table(houses=[list(h) for h in houses])
    with pytest.raises(GameError):
        game.apply(simple, move("house:0", "house:1", count=4))
    doubling = table(houses=[list(h) for h in houses], settings=Settings(stack_moves="doubling"))
    after = game.apply(doubling, move("house:0", "house:1", count=4))
    assert after.houses[1] == ["KC#1", "QH", "JS", "10D", "9C"]


def test_the_turn_ends_when_the_hand_card_goes_to_the_waste() -> None:
    state = game.apply(table(hands=[["4D", "10C"], ["10C#1"]]), draw())
    assert state.turned == "10C" and state.turn == 0
    with pytest.raises(GameError, match="already turned"):
        game.apply(state, draw())
    after = game.apply(state, move("hand", "waste"))
    assert after.turn == 1 and after.turned is None and after.wastes[0] == ["10C"]
    with pytest.raises(OutOfTurn):
        game.apply(after, draw(0))
    with pytest.raises(GameError, match="only the hand card"):
        game.apply(table(), move("reserve", "waste"))


def test_playing_the_hand_card_elsewhere_keeps_the_turn() -> None:
    state = table(turned="JS")
    after = game.apply(state, move("hand", "house:4"))
    assert after.turn == 0 and after.turned is None and after.houses[4][-1] == "JS"


def test_an_empty_hand_is_refilled_by_turning_the_waste_over() -> None:
    state = table(hands=[[], ["10C#1"]], wastes=[["2D", "3S", "4D"], []])
    after = game.apply(state, draw())
    assert after.turned == "2D"  # the waste's bottom card is the new hand's top
    assert after.hands[0] == ["4D", "3S"] and after.wastes[0] == []
    assert not game.undoable(draw())


def test_pass_only_with_hand_and_waste_empty() -> None:
    state = table(hands=[[], ["10C#1"]], reserves=[["3D"], ["9C#1"]])
    assert {"type": "pass", "seat": 0} in game.legal_actions(state, 0)
    assert game.apply(state, {"type": "pass", "seat": 0}).turn == 1
    with pytest.raises(GameError, match="pass only"):
        game.apply(table(), {"type": "pass", "seat": 0})


# -- the end, scoring, stalemate ----------------------------------------------------


def test_emptying_reserve_hand_and_waste_wins_with_points() -> None:
    state = table(
        reserves=[["AH"], ["2C#1", "3C#1", "9C#1"]],
        hands=[[], ["10C#1", "4D#1"]],
        wastes=[[], ["5D#1"]],
    )
    after = game.apply(state, move("reserve", "foundation:0"))
    assert game.is_over(after) and after.winner == 0
    assert scores(after) == [2 * 3 + 2 + 1 + 30, 0]
    assert game.result(after)["reason"] == "out"
    with pytest.raises(GameError, match="over"):
        game.apply(after, draw(1))


def stuck_table(hand0: list[str], hand1: list[str]) -> State:
    """Empty reserves, houses of sevens, foundations wanting sixes: no card can ever move."""
    sevens = ["7C", "7D", "7H", "7S", "7C#1", "7D#1", "7H#1", "7S#1"]
    foundations = [["AC"], ["AD"], ["AH"], ["AS"], ["AC#1"], ["AD#1"], ["AH#1"], ["AS#1"]]
    return table(reserves=[[], []], hands=[hand0, hand1], houses=[[c] for c in sevens],
                 foundations=foundations)


def test_stalemate_when_both_players_go_through_their_hand_without_playing() -> None:
    state = stuck_table(["KH", "QS"], ["KC#1", "QD#1", "JC#1"])
    turns = 0
    while not game.is_over(state):
        state = game.apply(state, draw(state.turn))
        if not game.is_over(state):
            state = game.apply(state, move("hand", "waste", seat=state.turn))
            turns += 1
    assert state.over == "stalemate"
    assert turns >= 5  # both hands were gone through completely
    assert state.winner == 0 and scores(state) == [3 - 2, 0]


def test_playing_a_hand_card_during_a_pass_breaks_the_stalemate_count() -> None:
    state = stuck_table(["KH"], ["KC#1"])
    state.quiet = [False, True]
    state.played_this_pass = [True, False]  # seat 0 played a card during this pass
    state.wastes = [["QS"], []]
    state.hands = [[], ["KC#1"]]
    after = game.apply(state, draw())
    assert not game.is_over(after) and after.quiet == [False, True]


def test_move_cap_ends_the_game_scored_as_a_stalemate() -> None:
    state = stuck_table(["KH", "QS", "JH", "10S"], ["KC#1"])
    state.settings = Settings(move_cap=10)
    state.quiet = [False, False]
    events = 0
    while not game.is_over(state):
        kind = draw(state.turn) if state.turned is None else move("hand", "waste", state.turn)
        state = game.apply(state, kind)
        events += 1
    assert events == 10 and state.over == "move_cap"
    assert state.winner == 1


# -- Stop! mode ---------------------------------------------------------------------


def stop(seat: int) -> dict[str, Any]:
    return {"type": "stop", "seat": seat}


def test_default_mode_refuses_skipping_but_stop_mode_lets_the_opponent_call_it() -> None:
    missed = table(reserves=[["AH", "AD"], ["9C#1"]], hands=[["4D", "10C"], ["10C#1"]])
    with pytest.raises(GameError, match="compulsory move first: reserve AD"):
        game.apply(missed, draw())
    assert game.legal_actions(missed, 1) == []  # no Stop! outside Stop! mode
    missed.settings = Settings(stop_mode=True)
    after = game.apply(missed, draw())
    assert after.turned == "10C" and after.turn == 0
    assert game.legal_actions(after, 1) == [stop(1)]
    stopped = game.apply(after, stop(1))
    assert stopped.turn == 1 and stopped.wastes[0] == ["10C"] and stopped.turned is None
    assert stopped.fines == [0, 0] and stopped.last == {
        "type": "stop", "seat": 1, "missed": "compulsory move first: reserve AD to a foundation"}


def test_stop_is_offered_before_any_skip_and_the_legal_list_does_not_tell() -> None:
    """Ruling 14: spotting the skip is the game, so the offer never depends on a skip."""
    state = table(reserves=[["AH", "AD"], ["9C#1"]], settings=Settings(stop_mode=True))
    state.houses[4] = []
    assert game.legal_actions(state, 1) == [stop(1)]  # before anything happened
    skipped = game.apply(state, move("reserve", "house:4"))  # skips AD to a foundation
    compliant = game.apply(state, move("reserve", "foundation:0"))
    assert skipped.stop_call is not None and compliant.stop_call is None
    assert game.legal_actions(skipped, 1) == game.legal_actions(compliant, 1) == [stop(1)]
    for audience in ("screen", "seat:0", "seat:1"):
        for view in (game.view(skipped, audience), game.view(compliant, audience)):
            assert "stop_call" not in view and "stop_call" not in json.dumps(view)
            assert "compulsory" not in json.dumps(view)
    assert game.view(skipped, "host")["stop_call"] is not None  # the host alone sees it


def test_a_wrong_stop_costs_the_caller_two_penalty_points() -> None:
    state = table(settings=Settings(stop_mode=True))
    before = game.result(state)["penalties"]
    after = game.apply(state, stop(1))  # nothing was skipped
    assert after.turn == 0 and after.fines == [0, 2]
    assert game.result(after)["penalties"] == [before[0], before[1] + 2]
    assert after.last == {"type": "stop", "seat": 1, "missed": None, "fine": 2}
    twice = game.apply(after, stop(1))  # every wrong call costs again
    assert twice.fines == [0, 4]
    with pytest.raises(GameError, match="not played"):
        game.apply(table(), stop(1))
    with pytest.raises(GameError, match="cannot stop yourself"):
        game.apply(state, stop(0))


def test_stop_window_closes_with_the_next_move() -> None:
    state = table(reserves=[["AH", "AD"], ["9C#1"]], settings=Settings(stop_mode=True))
    state.houses[4] = []
    after = game.apply(state, move("reserve", "house:4"))  # skips AD to a foundation
    assert after.stop_call is not None
    fixed = game.apply(after, move("reserve", "foundation:0"))  # AH, compliant
    late = game.apply(fixed, stop(1))  # too late: now a wrong call
    assert late.turn == 0 and late.fines == [0, 2]


def test_ending_the_turn_over_a_compulsory_move_can_be_stopped() -> None:
    """Ruling 14: the skip made by putting the hand card on the waste is stoppable too."""
    state = table(reserves=[["AH", "AD"], ["9C#1"]], turned="10C",
                  settings=Settings(stop_mode=True))
    ended = game.apply(state, move("hand", "waste"))  # AD should have gone to a foundation
    assert ended.turn == 1 and ended.wastes[0] == ["10C"]
    assert stop(1) in game.legal_actions(ended, 1)  # the new mover, before acting
    stopped = game.apply(ended, stop(1))
    assert stopped.turn == 1 and stopped.fines == [2, 0]  # the offender pays the fine
    assert stopped.last is not None and "reserve AD" in stopped.last["missed"]
    assert stop(1) not in game.legal_actions(stopped, 1)  # one call per turn start
    # The window closes with the caller's first action.
    acted = game.apply(ended, draw(1))
    assert stop(1) not in game.legal_actions(acted, 1)
    with pytest.raises(GameError, match="cannot stop yourself"):
        game.apply(acted, stop(1))


def test_passing_over_a_compulsory_move_can_be_stopped() -> None:
    state = table(reserves=[["AD"], ["9C#1"]], hands=[[], ["10C#1"]],
                  settings=Settings(stop_mode=True))
    passed = game.apply(state, {"type": "pass", "seat": 0})  # AD should have gone up first
    assert passed.turn == 1
    assert game.apply(passed, stop(1)).fines == [2, 0]


def test_a_stop_at_the_start_of_a_turn_after_a_compliant_end_is_wrong() -> None:
    state = table(turned="10C", settings=Settings(stop_mode=True))
    ended = game.apply(state, move("hand", "waste"))
    assert stop(1) in game.legal_actions(ended, 1)  # offered as after a skip
    wrong = game.apply(ended, stop(1))
    assert wrong.turn == 1 and wrong.fines == [0, 2]


def test_a_winner_by_going_out_pays_their_stop_fines() -> None:
    state = table(reserves=[["AH"], ["2C#1", "9C#1"]], hands=[[], []], wastes=[[], []])
    state.fines = [4, 0]
    after = game.apply(state, move("reserve", "foundation:0"))
    assert after.winner == 0 and scores(after) == [2 * 2 + 30 - 4, 0]


# -- repeated positions ---------------------------------------------------------------


def loading_loop() -> State:
    """Hands and wastes empty; the 5H can only be loaded from one reserve onto the other."""
    return table(reserves=[["9C", "6H", "5H"], ["9C#1", "6H#1"]], hands=[[], []])


def test_a_position_that_starts_a_turn_again_ends_the_game_as_a_stalemate() -> None:
    state = loading_loop()
    loop = [move("reserve", "opp_reserve", 0), {"type": "pass", "seat": 0},
            move("reserve", "opp_reserve", 1), {"type": "pass", "seat": 1}]
    for event in loop:  # one round: the 5H went over and came back
        state = game.apply(state, event)
    assert not game.is_over(state)
    assert state.reserves == [["9C", "6H", "5H"], ["9C#1", "6H#1"]]
    state = game.apply(state, loop[0])
    state = game.apply(state, loop[1])  # seat 1's turn starts as it did once already
    assert state.over == "stalemate" and state.moves == 6
    assert state.winner == 0 and scores(state) == [6 - 4, 0]


def test_a_foundation_move_forgets_the_positions_seen() -> None:
    state = loading_loop()
    state = game.apply(state, move("reserve", "opp_reserve", 0))
    state = game.apply(state, {"type": "pass", "seat": 0})
    assert len(state.seen) == 1
    state.reserves[1].append("AS#1")
    after = game.apply(state, move("reserve", "foundation:0", 1))
    assert after.seen == []


def test_the_move_cap_game_of_seed_9_now_ends_by_repetition() -> None:
    """Seed 9 (level 5 against level 5) used to load cards back and forth until the cap."""
    final = SIMULATOR.play({}, (5, 5), 9, game)
    assert final.over == "stalemate" and final.moves < final.settings.move_cap


# -- contract details ----------------------------------------------------------------


def test_bad_events_get_typed_errors() -> None:
    state = table()
    with pytest.raises(BadEvent):
        game.apply(state, {"type": "shuffle", "seat": 0})
    with pytest.raises(BadEvent):
        game.apply(state, {"type": "draw"})
    with pytest.raises(BadEvent):
        game.apply(state, {"type": "move", "seat": 0, "from": 3, "to": "house:1"})
    with pytest.raises(GameError, match="unknown source"):
        game.apply(state, move("deck", "house:1"))
    with pytest.raises(GameError, match="unknown target"):
        game.apply(state, move("reserve", "house:9"))
    with pytest.raises(BadEvent):
        game.view(state, "seat:7")


def test_undoable_only_for_moves_that_reveal_nothing() -> None:
    assert not game.undoable(draw())
    assert not game.undoable(move("reserve", "house:1"))
    assert game.undoable(move("house:1", "house:2"))
    assert game.undoable(move("hand", "waste"))


def test_turn_timer_ends_the_turn_and_refuses_stale_timeouts() -> None:
    state = table(settings=Settings(turn_seconds=30), turned="10C", hands=[[], ["10C#1"]])
    request = game.timer(state)
    assert request is not None and request.seconds == 30
    after = game.apply(state, {"type": "timeout", "timer": request.timer_id})
    assert after.turn == 1 and after.wastes[0] == ["10C"]
    with pytest.raises(StaleEvent):
        game.apply(after, {"type": "timeout", "timer": request.timer_id})
    assert game.timer(table()) is None


def test_json_round_trip_keeps_the_game() -> None:
    state = game.setup({"stop_mode": True}, [{"seat": 0}, {"seat": 1}], 11)
    data = json.loads(json.dumps(game.to_json(state)))
    back = game.from_json(data)
    assert back == state and zones(back) == zones(state)
    data["hands"][0].append("AS")
    with pytest.raises(BadEvent):
        game.from_json(data)
