"""Watchtower rules and rulings, one by one, on hand-built tables (docs/rules/watchtower.md)."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from host.cards.watchtower import GAME, Player, Settings, State, zones
from host.cards.watchtower.battle import duel, verdict
from host.cards.watchtower.showdown import run_showdown
from host.cards.watchtower.state import DECK, rank
from host.cards.watchtower.piles import refill_count
from host.cards.watchtower.secrets import secrets
from host.games.contract import BadEvent, GameError, OutOfTurn, StaleEvent

game = GAME()


def table(
    seats: list[tuple[list[str], list[list[str]]]],
    barracks: list[str] | None = None,
    turn: int = 0,
    phase: str = "main",
    **settings: Any,
) -> State:
    """A table: each seat's (army, fort stacks); the barracks top first."""
    players = [
        Player(i, f"P{i}", None, list(a), [list(s) for s in f]) for i, (a, f) in enumerate(seats)
    ]
    return State(Settings(**settings), players, list(barracks or []), turn=turn, phase=phase)


def play(state: State, *events: dict[str, Any]) -> State:
    for event in events:
        state = game.apply(state, event)
    return state


def challenge(state: State, seat: int, target: int, card: str | None, cards: int) -> State:
    """A challenge whose blind picks all take position 0 (armies are shuffled first)."""
    event: dict[str, Any] = {"type": "challenge", "seat": seat, "target": target, "cards": cards}
    if card is not None:
        event["card"] = card
    state = game.apply(state, event)
    while state.phase == "picks":
        assert state.pending is not None
        state = game.apply(
            state, {"type": "pick", "seat": state.pending.queue[0][0], "position": 0}
        )
    return state


# ---------------------------------------------------------------- deal and set-up


@pytest.mark.parametrize("players", [2, 3, 4])
def test_deal_gives_four_fort_cards_four_army_cards_and_the_rest_to_the_barracks(
    players: int,
) -> None:
    state = game.setup({}, [{"seat": i, "name": ""} for i in range(players)], 11)
    assert len(state.barracks) == 52 - 8 * players
    for p in state.players:
        assert len(p.army) == 4 and len(p.fort_cards()) == 4
        assert all(len({rank(c) for c in stack}) == 1 for stack in p.fort)
        assert len({rank(s[0]) for s in p.fort}) == len(p.fort)  # one stack per rank
    assert state.phase == "setup"
    assert state.turn == (state.dealer + 1) % players
    assert Counter(c for z in zones(state).values() for c in z) == Counter(DECK)


def test_setup_places_cards_on_their_rank_stack_then_play_starts_left_of_the_dealer() -> None:
    state = table([(["5H", "KD"], [["5C"]]), (["2D"], [["9S"]])], ["3C", "4C"], phase="setup")
    state.dealer = 1
    state = play(state, {"type": "place", "seat": 0, "card": "5H"}, {"type": "ready", "seat": 0})
    assert state.player(0).fort == [["5C", "5H"]]
    assert state.turn == 1 and state.phase == "setup"
    state = play(state, {"type": "ready", "seat": 1})
    assert state.phase == "draw" and state.turn == 0


def test_setup_burn_refused_while_a_rival_fort_holds_a_watchtower() -> None:
    seats = [(["2C"], [["KH"]]), (["2D"], [["9S", "9H"]])]
    state = table(seats, ["3C", "4C", "5C"], phase="setup")
    with pytest.raises(GameError, match="watchtower"):
        play(state, {"type": "burn", "seat": 0, "card": "KH"})
    state = table(seats, ["3C", "4C", "5C"], phase="setup", setup_burn="always")
    state = play(state, {"type": "burn", "seat": 0, "card": "KH"})
    assert state.player(0).army == ["2C", "3C", "4C"]  # a royal burnt draws two
    state = table(seats, ["3C"], phase="setup", setup_burn="never")
    assert not any(a["type"] == "burn" for a in game.legal_actions(state, 0))


def test_no_watchtower_is_completed_during_setup() -> None:
    state = table([(["5H"], [["5C", "5D", "5S"]]), (["2D"], [["9S"]])], phase="setup")
    state.fresh["5H"] = "barracks"
    with pytest.raises(GameError, match="watchtower is completed only"):
        play(state, {"type": "place", "seat": 0, "card": "5H"})


# ---------------------------------------------------------------- a turn


def test_a_turn_starts_with_a_draw_then_allows_one_burn_and_ends() -> None:
    state = table(
        [(["2C"], [["4H"], ["AD"]]), (["2D"], [["9S"]])], ["3C", "QC", "JC", "8C"], phase="draw"
    )
    with pytest.raises(GameError, match="not allowed now"):
        play(state, {"type": "end", "seat": 0})
    state = play(state, {"type": "draw", "seat": 0})
    assert state.player(0).army == ["2C", "3C"] and state.phase == "main"
    state = play(state, {"type": "burn", "seat": 0, "card": "AD"})
    assert state.player(0).army == ["2C", "3C", "QC", "JC"]  # an ace burnt draws two
    assert state.barracks[-1] == "AD"
    with pytest.raises(GameError, match="already burnt"):
        play(state, {"type": "burn", "seat": 0, "card": "4H"})
    state = play(state, {"type": "end", "seat": 0})
    assert state.turn == 1 and state.phase == "draw" and not state.burnt


def test_a_drawn_card_may_go_to_the_fort_and_be_burnt_at_once() -> None:
    state = table([([], [["4H"]]), (["2D"], [["9S"]])], ["6C", "8C"], phase="draw")
    state = play(
        state,
        {"type": "draw", "seat": 0},
        {"type": "place", "seat": 0, "card": "6C"},
        {"type": "burn", "seat": 0, "card": "6C"},
    )
    assert state.player(0).army == ["8C"] and state.barracks == ["6C"]


def test_out_of_turn_and_malformed_events_are_refused_with_typed_errors() -> None:
    state = table([(["2C"], [["4H"]]), (["2D"], [["9S"]])])
    with pytest.raises(OutOfTurn):
        play(state, {"type": "end", "seat": 1})
    with pytest.raises(BadEvent):
        play(state, {"type": "fly", "seat": 0})
    with pytest.raises(BadEvent):
        play(state, {"type": "place", "seat": 0, "card": "KS"})
    with pytest.raises(GameError):
        play(state, {"type": "end", "seat": 7})
    with pytest.raises(StaleEvent):
        play(state, {"type": "timeout", "timer": "x"})


# ---------------------------------------------------------------- battles


def test_duel_aces_high_and_sevens_as_assassins() -> None:
    assert duel("AS", "KS", True) == 1 and duel("KS", "AS", True) == -1
    assert duel("9S", "9H", True) == 0
    assert duel("7S", "AH", True) == 1  # the attacker's seven beats anything
    assert duel("2S", "7H", True) == 1  # the defender's seven loses to anything
    assert duel("7S", "AH", False) == -1 and duel("2S", "7H", False) == -1


@pytest.mark.parametrize(
    ("outcomes", "expected"),
    [
        ([1, 1], "attacker"),
        ([-1, -1], "defender"),
        ([1, -1], "draw"),
        ([0, 0], "draw"),
        ([1, 0], "attacker"),
        ([0, -1], "defender"),
        ([1], "attacker"),
        ([1, -1, 1], "attacker"),
    ],
)
def test_verdict_of_a_battle(outcomes: list[int], expected: str) -> None:
    assert verdict(outcomes) == expected


def test_attacker_wins_soldiers_and_the_fort_card() -> None:
    state = table([(["9C"], [["4H"]]), (["3D"], [["8S"]])])
    state = challenge(state, 0, 1, "8S", 1)
    assert sorted(state.player(0).army) == ["3D", "8S", "9C"]
    assert state.player(1).fort == [] and state.player(1).army == []
    assert state.last is not None and state.last["result"] == "attacker"


def test_defender_wins_keeps_soldiers_and_fort_card_and_a_draw_sends_soldiers_home() -> None:
    state = challenge(table([(["3C"], [["4H"]]), (["9D"], [["8S"]])]), 0, 1, "8S", 1)
    assert sorted(state.player(1).army) == ["3C", "9D"] and state.player(1).fort == [["8S"]]
    state = challenge(table([(["9C"], [["4H"]]), (["9D"], [["8S"]])]), 0, 1, "8S", 1)
    assert state.player(0).army == ["9C"] and state.player(1).army == ["9D"]


def test_royals_and_aces_used_in_battle_go_to_the_barracks() -> None:
    state = challenge(table([(["KC"], [["4H"]]), (["AD"], [["8S"]])], ["2C"]), 0, 1, "8S", 1)
    assert state.barracks == ["2C", "KC", "AD"]
    assert state.player(0).army == [] and state.player(1).army == []


def test_challenge_size_is_limited_by_the_defenders_army() -> None:
    state = table([(["9C", "10C"], [["4H"]]), (["3D"], [["8S"]])])
    sizes = {a["cards"] for a in game.legal_actions(state, 0) if a["type"] == "challenge"}
    assert sizes == {1}
    with pytest.raises(GameError, match="challenge refused"):
        play(state, {"type": "challenge", "seat": 0, "target": 1, "card": "8S", "cards": 2})


def test_double_and_triple_watchtowers_need_six_and_ten_army_cards() -> None:
    five = ["2C", "3C", "4C", "5C", "6C"]
    state = table([(five, [["4H"]]), (["3D"], [["8S", "8H"], ["9S", "9H", "9D"]])])
    assert not [a for a in game.legal_actions(state, 0) if a["type"] == "challenge"]
    state.player(0).army.append("8C")
    targets = {a["card"] for a in game.legal_actions(state, 0) if a["type"] == "challenge"}
    assert targets == {"8H"}  # the top of the double, not yet the triple
    state.player(0).army.extend(["2D", "3H", "4D", "5D"])
    targets = {a["card"] for a in game.legal_actions(state, 0) if a["type"] == "challenge"}
    assert targets == {"8H", "9D"}


def test_third_failed_challenge_retires_the_card_and_no_fourth_is_allowed() -> None:
    state = table([(["2C", "2H", "2S"], [["4H"]]), (["KD", "KH", "KS"], [["8S"]])], ["5C", "6C"])
    for _ in range(3):
        state.player(1).army = ["9D"]
        state.player(0).army = ["2C"]
        state = challenge(state, 0, 1, "8S", 1)
        state.challenges = 0
    assert state.last is not None and state.last["retired"] == "8S"
    assert state.player(1).fort == [["5C"]] and state.barracks[-1] == "8S"
    state2 = table([(["2C"], [["4H"]]), (["KD"], [["8S"]])])
    state2.counts["8S"] = 3
    assert not [a for a in game.legal_actions(state2, 0) if a["type"] == "challenge"]


def test_limit_per_attacker_setting_counts_each_challenger_apart() -> None:
    state = table(
        [(["2C"], [["4H"]]), (["9D"], [["8S"]]), (["3S"], [["5H"]])], limit_scope="attacker"
    )
    state = challenge(state, 0, 1, "8S", 1)
    assert state.counts == {"0:8S": 1}


def test_a_fort_with_no_army_behind_it_can_be_seized() -> None:
    state = table([(["2C"], [["4H"]]), ([], [["8S"], ["9S", "9H"]])])
    actions = [a for a in game.legal_actions(state, 0) if a["type"] == "seize"]
    assert actions == [{"type": "seize", "seat": 0, "target": 1, "card": "8S"}]  # 6 for the double
    state = play(state, actions[0])
    assert state.player(0).army == ["2C", "8S"] and state.fresh["8S"] == "battle"


def test_losing_a_battle_with_no_fort_loses_the_game() -> None:
    state = challenge(table([(["2C"], []), (["9D"], [["8S"]])]), 0, 1, "8S", 1)
    assert state.player(0).out and state.over and state.winner == 1 and state.end == "last_standing"


# ---------------------------------------------------------------- watchtowers and campaigns


def test_a_card_won_in_battle_completes_a_watchtower_and_starts_a_campaign() -> None:
    state = table([(["9C"], [["8C", "8D", "8H"], ["3H"]]), (["2D"], [["8S"]])])
    state = challenge(state, 0, 1, "8S", 1)
    state = play(state, {"type": "place", "seat": 0, "card": "8S"})
    me = state.player(0)
    assert me.campaign and me.tower == ["8C", "8D", "8H", "8S"]
    assert me.fort == [] and sorted(me.army) == ["2D", "3H", "9C"]
    state = play(state, {"type": "end", "seat": 0})
    state = play(state, {"type": "draw", "seat": 1}, {"type": "end", "seat": 1})
    assert state.turn == 0 and state.phase == "main"  # no draw on campaign
    assert not any(a["type"] in ("place", "burn") for a in game.legal_actions(state, 0))


def test_a_fourth_card_from_the_old_army_cannot_complete_a_watchtower() -> None:
    state = table([(["8S"], [["8C", "8D", "8H"]]), (["2D"], [["9S"]])])
    assert {"type": "place", "seat": 0, "card": "8S"} not in game.legal_actions(state, 0)


def test_a_fourth_card_from_the_barracks_starts_a_for_all() -> None:
    state = table([(["KC"], [["8C", "8D", "8H"]]), (["2D"], [["9S"]])], ["8S"], phase="draw")
    state = play(state, {"type": "draw", "seat": 0}, {"type": "place", "seat": 0, "card": "8S"})
    assert state.phase == "picks" and state.pending is not None
    assert state.pending.queue == [[1, 0], [0, 1]]  # the next player picks from the completer
    assert "8S" not in secrets(state, "screen")
    state = play(state, {"type": "pick", "seat": 1, "position": 0})
    assert "KC" not in secrets(state, "seat:0") and "KC" in secrets(state, "seat:1")
    state = play(state, {"type": "pick", "seat": 0, "position": 0})
    assert state.player(0).campaign and state.last is not None and state.last["winner"] == 0
    assert state.player(0).army == ["KC"] and state.player(1).army == ["2D"]


def test_losing_the_for_all_gives_the_contested_card_to_the_highest() -> None:
    state = table([(["2C"], [["8C", "8D", "8H"]]), (["AD"], [["9S"]])], ["8S"], phase="draw")
    state = play(state, {"type": "draw", "seat": 0}, {"type": "place", "seat": 0, "card": "8S"})
    state = play(
        state,
        {"type": "pick", "seat": 1, "position": 0},
        {"type": "pick", "seat": 0, "position": 0},
    )
    assert not state.player(0).campaign
    assert sorted(state.player(1).army) == ["8S", "AD"] and state.player(0).army == ["2C"]


def test_on_campaign_royals_are_kept_and_an_empty_army_ends_the_campaign() -> None:
    state = table([(["QC"], []), (["KD"], [["8S"]])], ["2C", "3C", "4C", "5C"])
    me = state.player(0)
    me.campaign, me.tower = True, ["9C", "9D", "9H", "9S"]
    state = challenge(state, 0, 1, "8S", 1)
    me = state.player(0)
    assert "QC" in state.player(1).army  # not burnt: its owner was on campaign
    assert "KD" in state.barracks  # the defender's king is burnt as usual
    assert not me.campaign and me.tower == []
    assert me.fort == [["9C"], ["2C"], ["3C"]] and sorted(me.army) == ["4C", "5C", "9D"]
    assert state.barracks[-2:] == ["9H", "9S"]


def test_a_campaign_cannot_be_challenged_but_two_campaigners_open_three_card_fights() -> None:
    state = table([(["9C", "9D", "9H"], []), (["2C", "2D", "3H"], [])], ["4C", "5C", "6C", "8C"])
    for p, rank_code in zip(state.players, "KQ", strict=True):
        p.campaign, p.tower = True, [f"{rank_code}{s}" for s in "CDHS"]
    state.players.append(Player(2, "P2", None, ["5S"], [["6S"]]))
    challenges = [a for a in game.legal_actions(state, 0) if a["type"] == "challenge"]
    assert {"type": "challenge", "seat": 0, "target": 1, "cards": 3} in challenges
    state.turn = 2  # two on campaign: the player still playing normally may fight them too
    fights = [a for a in game.legal_actions(state, 2) if a.get("target") in (0, 1)]
    assert fights == [
        {"type": "challenge", "seat": 2, "target": 0, "cards": 1},
        {"type": "challenge", "seat": 2, "target": 1, "cards": 1},
    ]
    state.turn = 0
    state = challenge(state, 0, 1, None, 3)
    assert sorted(state.player(0).army) == ["2C", "2D", "3H", "9C", "9D", "9H"]
    assert not state.player(1).campaign  # its army ran out


# ---------------------------------------------------------------- showdown and the barracks


def test_everyone_on_campaign_brings_the_showdown() -> None:
    state = table([(["KC", "QC", "2C"], []), (["AD", "8S"], [["8C", "8D", "8H"]])], turn=1)
    state.player(0).campaign, state.player(0).tower = True, ["9C", "9D", "9H", "9S"]
    state.fresh["8S"] = "battle"  # won in battle this turn
    state = play(state, {"type": "place", "seat": 1, "card": "8S"})
    assert state.phase == "showdown"
    assert game.legal_actions(state, 1) == [{"type": "showdown", "seat": 1}]
    state = play(state, {"type": "showdown", "seat": 1})
    assert state.over and state.end == "showdown"


def test_showdown_lines_are_odd_and_most_tricks_win() -> None:
    state = table([(["KC", "KD", "KH", "KS"], []), (["2C", "2D", "2H", "2S"], [])])
    for p in state.players:
        p.campaign, p.tower = (
            True,
            ["9C", "9D", "9H", "9S"] if p.seat == 0 else ["8C", "8D", "8H", "8S"],
        )
    run_showdown(state)
    assert state.winner == 0 and len(state.player(0).tricks) == 6  # 3 positions of 2 cards
    assert len(state.player(0).army) == 1 and len(state.player(1).army) == 1
    state = table([(["KC", "KD"], []), (["2C", "2D"], [])], showdown_even="keep")
    for p in state.players:
        p.campaign, p.tower = True, ["9C"]
    run_showdown(state)
    assert len(state.player(0).tricks) == 4


def test_a_tied_showdown_goes_to_a_watchtower_battle() -> None:
    state = table([(["KC"], []), (["KD"], [])], ["AS", "2S", "3S", "4S", "5S", "6S"])
    state.player(0).campaign, state.player(0).tower = True, ["3C", "3D", "3H", "3S"]
    state.player(1).campaign, state.player(1).tower = True, ["4C", "4D", "4H", "4S"]
    run_showdown(state)
    assert state.last is not None
    battle = state.last["tower_battle"]
    assert battle["drawn"] == {"0": 3, "1": 3}  # 3 for the threes, then the barracks ran dry
    assert battle["lines"] == {"0": ["AS", "2S", "3S"], "1": ["4S", "5S", "6S"]}
    assert state.winner == 1  # the ace wins one trick, the five and six two


@pytest.mark.parametrize(
    ("army", "given"), [(9, 4), (8, 4), (7, 3), (6, 2), (5, 1), (3, 1), (2, 0), (1, 0)]
)
def test_an_empty_barracks_takes_army_cards_by_army_size(army: int, given: int) -> None:
    assert refill_count(army) == given


def test_an_empty_barracks_is_refilled_from_armies_and_lone_fort_cards() -> None:
    army = ["2C", "3C", "4C", "5C", "6C", "8C", "9C"]
    state = table([(army, [["4H"], ["JS", "JH"]]), (["2D", "3D"], [["9S"]])], [], phase="draw")
    state = play(state, {"type": "draw", "seat": 0})
    assert len(state.player(0).army) == 7 - 3 + 1 and state.player(0).fort == [["JS", "JH"]]
    assert state.player(1).army == ["2D", "3D"] and state.player(1).fort == []
    assert len(state.barracks) == 3 + 1 + 1 - 1


# ---------------------------------------------------------------- contract details


def test_undoable_only_for_moves_that_reveal_nothing() -> None:
    assert game.undoable({"type": "place"}) and game.undoable({"type": "end"})
    assert game.undoable({"type": "challenge"}) and game.undoable({"type": "seize"})
    for kind in ("draw", "burn", "pick", "showdown"):
        assert not game.undoable({"type": kind})


def test_blind_chooser_sees_only_a_count_and_views_hide_armies() -> None:
    state = table([(["9C", "5C"], [["4H"]]), (["3D", "KD"], [["8S"]])])
    state = play(state, {"type": "challenge", "seat": 0, "target": 1, "card": "8S", "cards": 1})
    defender_view = game.view(state, "seat:1")
    assert "army" not in defender_view["players"][0]
    assert defender_view["players"][0]["army_count"] == 2
    assert game.legal_actions(state, 1) == [
        {"type": "pick", "seat": 1, "position": 0},
        {"type": "pick", "seat": 1, "position": 1},
    ]
    state = play(state, {"type": "pick", "seat": 1, "position": 1})
    assert game.view(state, "screen")["pending"]["lines"]["0"] == {"count": 1, "cards": None}
    assert game.view(state, "seat:0")["pending"]["lines"]["0"]["cards"] is not None


def test_timeout_makes_the_waited_for_decision() -> None:
    state = table([(["9C"], [["4H"]]), (["3D"], [["8S"]])], ["2C"], phase="draw", turn_seconds=30)
    timer = game.timer(state)
    assert timer is not None
    state = play(state, {"type": "timeout", "timer": timer.timer_id})
    assert state.phase == "main" and "2C" in state.player(0).army


def test_move_limit_ends_in_a_stalemate_draw() -> None:
    state = table([(["9C"], [["4H"]]), (["3D"], [["8S"]])], move_limit=2)
    state = play(state, {"type": "end", "seat": 0}, {"type": "draw", "seat": 1})
    assert state.over and state.winner is None and state.end == "move_limit"
    assert game.result(state)["draw"]


def test_bad_settings_and_seat_counts_are_refused() -> None:
    with pytest.raises(GameError):
        game.setup({"limit_scope": "nobody"}, [{"seat": 0}, {"seat": 1}], 1)
    with pytest.raises(GameError):
        game.setup({}, [{"seat": 0}], 1)
    with pytest.raises(GameError):
        game.setup({"surprise": 1}, [{"seat": 0}, {"seat": 1}], 1)
