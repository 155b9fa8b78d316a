"""Pins each rule and ruling of Q Squared Joe NG (docs/rules/q-squared-joe.md)."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest

from host.cards.q_squared_joe import GAME, Player, Settings, Slot, State, zones
from host.cards.q_squared_joe.state import DECK
from host.games.contract import BadEvent, BadSettings, GameError, OutOfTurn, StaleEvent

game = GAME()


def seats(n: int) -> list[dict[str, Any]]:
    return [{"seat": i, "name": f"P{i}", "bot": None} for i in range(n)]


def table(
    hands: list[list[str]],
    fields: list[list[list[str]]],
    resources: list[list[str]] | None = None,
    draw: list[str] | None = None,
    turn: int = 0,
    **settings: Any,
) -> State:
    """A hand-made table; every card not placed goes to the discard pile (or draw, if given)."""
    resources = resources or [[] for _ in hands]
    players = []
    for seat, (hand, field, resource) in enumerate(zip(hands, fields, resources, strict=True)):
        slots: list[Slot | None] = [Slot(s[0], False, list(s[1:])) if s else None for s in field]
        slots += [None] * (5 - len(slots))
        players.append(Player(seat, f"P{seat}", None, list(hand), slots, list(resource)))
    draw = list(draw or [])
    placed = {c for p in players for c in p.hand + p.resource} | set(draw)
    placed |= {c for p in players for s in p.field if s for c in s.cards()}
    rest = [c for c in DECK if c not in placed]
    return State(Settings.from_dict(settings), players, draw, rest, turn)


def attack(seat: int, card: str, target: int, zone: str, **extra: Any) -> dict[str, Any]:
    return {"type": "attack", "seat": seat, "card": card, "target": target, "zone": zone, **extra}


def assert_whole_deck(state: State) -> None:
    assert Counter(c for cards in zones(state).values() for c in cards) == Counter(DECK)


# ------------------------------------------------------------------ setup


@pytest.mark.parametrize("players", [2, 3, 4])
def test_deal_gives_eleven_cards_each_and_a_common_draw_pile(players: int) -> None:
    state = game.setup({}, seats(players), seed=7)
    for p in state.players:
        assert len(p.hand) == 5 and len(p.resource) == 1
        assert [s is not None and not s.base_up and not s.defence for s in p.field] == [True] * 5
    assert len(state.draw) == 52 - 11 * players
    assert state.turn in range(players)
    assert_whole_deck(state)


def test_same_seed_same_deal_and_other_seed_other_deal() -> None:
    a, b = game.setup({}, seats(3), 1), game.setup({}, seats(3), 1)
    c = game.setup({}, seats(3), 2)
    assert game.to_json(a) == game.to_json(b)
    assert game.to_json(a) != game.to_json(c)


@pytest.mark.parametrize("players", [1, 5])
def test_player_count_outside_two_to_four_is_refused(players: int) -> None:
    with pytest.raises(BadSettings, match="2 to 4"):
        game.setup({}, seats(players), 1)


@pytest.mark.parametrize(
    "settings",
    [
        {"nope": 1},
        {"field_attack": "diagonal"},
        {"resource_take": "bottom"},
        {"max_defence": -1},
        {"move_limit": 0},
        {"turn_seconds": 0},
        {"choose_hand_target": True},  # needs the open-cards variant
    ],
)
def test_bad_settings_are_refused(settings: dict[str, Any]) -> None:
    with pytest.raises(BadSettings):
        game.setup(settings, seats(2), 1)


# ------------------------------------------------------------------ the four quiet actions


def test_draw_takes_the_top_card_and_an_empty_pile_refuses() -> None:
    state = table([["2C"], ["3C"]], [[["KS"]], [["KH"]]], draw=["4C", "5C"])
    after = game.apply(state, {"type": "draw", "seat": 0})
    assert after.player(0).hand == ["2C", "5C"] and after.draw == ["4C"]
    assert after.turn == 1
    empty = table([["2C"], ["3C"]], [[["KS"]], [["KH"]]])
    with pytest.raises(GameError, match="draw pile is empty"):
        game.apply(empty, {"type": "draw", "seat": 0})


def test_take_moves_the_top_resource_card_only() -> None:
    state = table([[], []], [[["KS"]], [["KH"]]], resources=[["2C", "9C"], []])
    after = game.apply(state, {"type": "take", "seat": 0})
    assert after.player(0).hand == ["9C"] and after.player(0).resource == ["2C"]
    with pytest.raises(GameError, match="top card"):
        game.apply(state, {"type": "take", "seat": 0, "card": "2C"})


def test_take_any_resource_card_when_the_setting_allows() -> None:
    state = table([[], []], [[["KS"]], [["KH"]]], [["2C", "9C"], []], resource_take="any")
    after = game.apply(state, {"type": "take", "seat": 0, "card": "2C"})
    assert after.player(0).hand == ["2C"] and after.player(0).resource == ["9C"]
    takes = [a for a in game.legal_actions(state, 0) if a["type"] == "take"]
    assert [a["card"] for a in takes] == ["2C", "9C"]


def test_take_from_empty_resource_is_refused() -> None:
    state = table([["2C"], []], [[["KS"]], [["KH"]]])
    with pytest.raises(GameError, match="resource pile is empty"):
        game.apply(state, {"type": "take", "seat": 0})


def test_defend_puts_a_hand_card_face_up_on_a_field_card_and_stacks() -> None:
    state = table([["2C", "3C"], []], [[["KS"], ["QS"]], [["KH"]]])
    state = game.apply(state, {"type": "defend", "seat": 0, "card": "2C", "slot": 1})
    state.turn = 0
    state = game.apply(state, {"type": "defend", "seat": 0, "card": "3C", "slot": 1})
    slot = state.player(0).field[1]
    assert slot is not None and slot.defence == ["2C", "3C"] and state.player(0).hand == []
    assert game.view(state, "screen")["players"][0]["field"][1]["defence"] == ["2C", "3C"]


def test_max_defence_setting_limits_the_stack() -> None:
    state = table([["2C", "3C"], []], [[["KS", "4C"]], [["KH"]]], max_defence=1)
    with pytest.raises(GameError, match="already has 1 defence"):
        game.apply(state, {"type": "defend", "seat": 0, "card": "2C", "slot": 0})
    assert not [a for a in game.legal_actions(state, 0) if a["type"] == "defend"]


def test_defend_on_an_empty_position_or_with_a_foreign_card_is_refused() -> None:
    state = table([["2C"], ["3C"]], [[["KS"]], [["KH"]]])
    with pytest.raises(GameError, match="position 3 is empty"):
        game.apply(state, {"type": "defend", "seat": 0, "card": "2C", "slot": 3})
    with pytest.raises(GameError, match="not in your hand"):
        game.apply(state, {"type": "defend", "seat": 0, "card": "3C", "slot": 0})


def test_sacrifice_takes_only_the_top_defence_card() -> None:
    state = table([[], []], [[["KS", "2C", "3C"]], [["KH"]]])
    after = game.apply(state, {"type": "sacrifice", "seat": 0, "slot": 0})
    slot = after.player(0).field[0]
    assert after.player(0).hand == ["3C"] and slot is not None and slot.defence == ["2C"]
    assert game.view(after, "seat:0")["last"]["card"] == "3C"
    assert game.view(after, "screen")["last"] == {
        "type": "sacrifice",
        "seat": 0,
        "slot": 0,
        "card": None,  # in a hand now, so a secret again
    }


def test_sacrifice_of_a_face_down_card_empties_the_position_without_showing_it() -> None:
    state = table([[], []], [[["KS"], ["QS"]], [["KH"]]])
    after = game.apply(state, {"type": "sacrifice", "seat": 0, "slot": 0})
    assert after.player(0).field[0] is None and after.player(0).hand == ["KS"]
    assert game.view(after, "screen")["last"]["card"] is None
    assert "KS" not in json.dumps(game.view(after, "screen"))
    assert "KS" not in json.dumps(game.view(after, "seat:1"))


def test_sacrificing_the_last_field_card_eliminates_the_player() -> None:
    state = table([["2C"], ["3C"], []], [[["KS"]], [["KH"]], [["KD"]]], [["4C"], [], []])
    after = game.apply(state, {"type": "sacrifice", "seat": 0, "slot": 0})
    me = after.player(0)
    assert not me.alive and me.hand == [] and me.resource == []
    assert {"2C", "KS", "4C"} <= set(after.discard)
    assert after.turn == 1 and not after.over


# ------------------------------------------------------------------ attacks: hand


def test_hand_attack_won_discards_the_victim_and_parks_the_attacker() -> None:
    state = table([["9C"], ["5C"]], [[["KS"]], [["KH"]]])
    after = game.apply(state, attack(0, "9C", 1, "hand"))
    assert after.player(1).hand == [] and after.discard[-1] == "5C"
    assert after.player(0).resource == ["9C"] and after.player(0).hand == []
    assert after.last is not None and after.last["outcome"] == "won"


def test_hand_attack_lost_discards_the_attacker_and_keeps_the_victim_secret() -> None:
    state = table([["5C"], ["9C"]], [[["KS"]], [["KH"]]])
    after = game.apply(state, attack(0, "5C", 1, "hand"))
    assert after.player(1).hand == ["9C"] and after.discard[-1] == "5C"
    assert after.last is not None and after.last["outcome"] == "lost"
    assert "9C" not in json.dumps(game.view(after, "screen"))
    assert "9C" not in json.dumps(game.view(after, "seat:0"))


def test_hand_attack_tie_discards_both() -> None:
    state = table([["9C"], ["9D"]], [[["KS"]], [["KH"]]])
    after = game.apply(state, attack(0, "9C", 1, "hand"))
    assert after.player(1).hand == [] and after.player(0).resource == []
    assert after.discard[-2:] == ["9D", "9C"]
    assert after.last is not None and after.last["outcome"] == "tie"


def test_hand_attack_picks_with_the_state_generator() -> None:
    victims = ["2D", "3D", "4D", "5D", "6D", "7D"]
    picked = set()
    for generator in range(40):
        state = table([["KC"], victims], [[["KS"]], [["KH"]]])
        state.rng = generator
        after = game.apply(state, attack(0, "KC", 1, "hand"))
        again = game.apply(state, attack(0, "KC", 1, "hand"))
        assert after.discard[-1] == again.discard[-1]  # same generator, same pick
        assert after.rng != state.rng
        picked.add(after.discard[-1])
    assert picked == set(victims)


def test_naming_the_hand_victim_is_refused_unless_chosen_targets_are_on() -> None:
    state = table([["KC"], ["2D", "3D"]], [[["KS"]], [["KH"]]])
    with pytest.raises(BadEvent, match="random"):
        game.apply(state, attack(0, "KC", 1, "hand", victim="2D"))
    chosen = table(
        [["KC"], ["2D", "3D"]], [[["KS"]], [["KH"]]], open_cards=True, choose_hand_target=True
    )
    after = game.apply(chosen, attack(0, "KC", 1, "hand", victim="3D"))
    assert after.player(1).hand == ["2D"]


# ------------------------------------------------------------------ attacks: resource


def test_resource_attack_beating_every_card_wins() -> None:
    state = table([["9C"], []], [[["KS"]], [["KH"]]], [[], ["2C", "8C"]])
    after = game.apply(state, attack(0, "9C", 1, "resource"))
    assert after.player(1).resource == [] and after.player(0).resource == ["9C"]
    assert set(after.discard[-2:]) == {"2C", "8C"}


def test_resource_attack_meeting_a_stronger_card_loses_but_still_destroys_weaker() -> None:
    state = table([["9C"], []], [[["KS"]], [["KH"]]], [[], ["2C", "JC", "9D", "8C"]])
    after = game.apply(state, attack(0, "9C", 1, "resource"))
    assert after.player(1).resource == ["JC"]
    assert {"2C", "8C", "9D", "9C"} <= set(after.discard)
    assert after.player(0).resource == []
    assert after.last is not None and after.last["outcome"] == "lost"


def test_resource_attack_tie_loses_both_sides() -> None:
    state = table([["9C"], []], [[["KS"]], [["KH"]]], [[], ["9D", "3C"]])
    after = game.apply(state, attack(0, "9C", 1, "resource"))
    assert after.player(1).resource == [] and after.player(0).resource == []
    assert after.last is not None and after.last["outcome"] == "tie"


def test_attacking_an_empty_resource_or_empty_hand_is_refused() -> None:
    state = table([["9C"], []], [[["KS"]], [["KH"]]])
    with pytest.raises(GameError, match="no resource"):
        game.apply(state, attack(0, "9C", 1, "resource"))
    with pytest.raises(GameError, match="no card in hand"):
        game.apply(state, attack(0, "9C", 1, "hand"))


# ------------------------------------------------------------------ attacks: field chain


def test_field_chain_beats_defence_cards_first_then_stops_and_turns_up_the_stronger() -> None:
    # Field: position 0 = 4H under defence 2D; position 1 = QH face down.
    state = table([["9C"], []], [[["KS"]], [["4H", "2D"], ["QH"]]])
    after = game.apply(state, attack(0, "9C", 1, "field"))
    field = after.player(1).field
    assert field[0] is None  # 2D then 4H beaten
    assert field[1] is not None and field[1].base_up  # QH survives, now face up
    assert after.discard[-3:] == ["2D", "4H", "9C"]
    assert after.last is not None and after.last["beaten"] == ["2D", "4H"]
    assert after.last["stopped_by"] == "QH"
    assert game.view(after, "screen")["players"][1]["field"][1]["base"] == "QH"


def test_field_chain_meets_every_defence_card_before_any_face_down_card() -> None:
    # A strong defence card on position 1 stops the chain before the weak base at 0.
    state = table([["9C"], []], [[["KS"]], [["2H"], ["3H", "JD"]]])
    after = game.apply(state, attack(0, "9C", 1, "field"))
    field = after.player(1).field
    assert field[0] is not None and field[0].base == "2H" and not field[0].base_up
    assert field[1] is not None and field[1].defence == ["JD"]


def test_field_chain_tie_discards_both_and_ends() -> None:
    state = table([["9C"], []], [[["KS"]], [["2H"], ["9H"], ["3H"]]])
    after = game.apply(state, attack(0, "9C", 1, "field"))
    field = after.player(1).field
    assert field[0] is None and field[1] is None
    assert field[2] is not None and not field[2].base_up  # never reached
    assert after.discard[-3:] == ["2H", "9H", "9C"]
    assert after.last is not None and after.last["outcome"] == "tie"


def test_field_chain_sweeping_everything_eliminates_and_parks_the_attacker() -> None:
    state = table(
        [["KC"], ["5D"], ["6D"]], [[["KS"]], [["2H", "3D"], ["4H"]], [["KH"]]], [[], ["7D"], []]
    )
    after = game.apply(state, attack(0, "KC", 1, "field"))
    loser = after.player(1)
    assert not loser.alive and loser.hand == [] and loser.resource == []
    assert after.player(0).resource == ["KC"]
    assert after.last is not None and after.last["eliminated"] == 1
    assert after.turn == 2 and not after.over  # seat 1 is skipped
    assert_whole_deck(after)


def test_last_player_standing_wins() -> None:
    state = table([["KC"], []], [[["KS"]], [["2H"]]])
    after = game.apply(state, attack(0, "KC", 1, "field"))
    assert game.is_over(after) and after.winner == 0 and after.end == "last_standing"
    result = game.result(after)
    assert [s["place"] for s in result["players"]] == [1, 2] and not result["draw"]
    with pytest.raises(GameError, match="over"):
        game.apply(after, {"type": "draw", "seat": 1})


def test_stack_mode_chain_runs_through_one_chosen_position() -> None:
    state = table([["9C"], []], [[["KS"]], [["2H"], ["3H", "4D"]]], field_attack="stack")
    after = game.apply(state, attack(0, "9C", 1, "field", slot=1))
    field = after.player(1).field
    assert field[1] is None and field[0] is not None
    assert after.player(0).resource == ["9C"] and after.player(1).alive
    with pytest.raises(BadEvent, match="slot"):
        game.apply(state, attack(0, "9C", 1, "field"))
    whole = table([["9C"], []], [[["KS"]], [["2H"]]])
    with pytest.raises(BadEvent, match="whole field"):
        game.apply(whole, attack(0, "9C", 1, "field", slot=0))


# ------------------------------------------------------------------ turns, refusals, limits


def test_refusals_are_typed_and_leave_the_state_alone() -> None:
    state = table([["9C"], ["5C"]], [[["KS"]], [["KH"]]])
    before = game.to_json(state)
    with pytest.raises(OutOfTurn):
        game.apply(state, {"type": "sacrifice", "seat": 1, "slot": 0})
    with pytest.raises(BadEvent):
        game.apply(state, {"type": "pass", "seat": 0})
    with pytest.raises(BadEvent):
        game.apply(state, attack(0, "9C", 1, "castle"))
    with pytest.raises(GameError, match="yourself"):
        game.apply(state, attack(0, "9C", 0, "field"))
    with pytest.raises(GameError, match="no seat"):
        game.apply(state, attack(0, "9C", 7, "field"))
    assert game.to_json(state) == before


def test_apply_never_mutates_its_input() -> None:
    state = game.setup({}, seats(3), 11)
    before = game.to_json(state)
    for action in game.legal_actions(state, state.turn):
        game.apply(state, action)
    assert game.to_json(state) == before


def test_move_limit_ends_in_a_draw_among_survivors() -> None:
    state = table([["2C"], ["3C"]], [[["KS"]], [["KH"]]], move_limit=2)
    state = game.apply(state, {"type": "defend", "seat": 0, "card": "2C", "slot": 0})
    state = game.apply(state, {"type": "defend", "seat": 1, "card": "3C", "slot": 0})
    assert game.is_over(state) and state.winner is None and state.end == "move_limit"
    assert game.result(state)["draw"] is True
    assert game.legal_actions(state, 0) == []


def test_a_live_player_always_has_a_move() -> None:
    state = table([[], []], [[["KS"]], [["KH"]]])
    assert game.legal_actions(state, 0) == [{"type": "sacrifice", "seat": 0, "slot": 0}]
    assert game.legal_actions(state, 1) == []


def test_timer_is_off_by_default_and_a_timeout_plays_for_the_seat() -> None:
    state = table([["2C"], ["3C"]], [[["KS"]], [["KH"]]], draw=["4C"])
    assert game.timer(state) is None
    timed = table([["2C"], ["3C"]], [[["KS"]], [["KH"]]], draw=["4C"], turn_seconds=30)
    request = game.timer(timed)
    assert request is not None and request.seconds == 30
    after = game.apply(timed, {"type": "timeout", "timer": request.timer_id})
    assert after.player(0).hand == ["2C", "4C"] and after.turn == 1
    with pytest.raises(StaleEvent):
        game.apply(after, {"type": "timeout", "timer": request.timer_id})


# ------------------------------------------------------------------ views, JSON, undo


def test_views_hide_hands_and_face_down_cards_but_the_host_sees_all() -> None:
    state = table([["2C"], ["3C"]], [[["KS"]], [["KH", "4D"]]], [["5D"], []], draw=["6C"])
    screen = json.dumps(game.view(state, "screen"))
    for hidden in ("2C", "3C", "KS", "KH", "6C"):
        assert f'"{hidden}"' not in screen
    assert '"4D"' in screen and '"5D"' in screen
    seat0 = game.view(state, "seat:0")
    assert seat0["players"][0]["hand"] == ["2C"] and "hand" not in seat0["players"][1]
    host = json.dumps(game.view(state, "host"))
    assert all(f'"{c}"' in host for c in ("2C", "3C", "KS", "KH", "6C"))
    with pytest.raises(BadEvent):
        game.view(state, "phone")


def test_open_cards_variant_shows_hands_field_and_draw_pile() -> None:
    state = table([["2C"], ["3C"]], [[["KS"]], [["KH"]]], draw=["6C"], open_cards=True)
    screen = game.view(state, "screen")
    assert screen["players"][1]["hand"] == ["3C"]
    assert screen["players"][0]["field"][0]["base"] == "KS"
    assert screen["draw"] == ["6C"]


def test_json_round_trip() -> None:
    state = game.setup({"field_attack": "stack", "max_defence": 2}, seats(4), 5)
    state = game.apply(state, game.legal_actions(state, state.turn)[-1])
    data = json.loads(json.dumps(game.to_json(state)))
    again = game.from_json(data)
    assert game.to_json(again) == game.to_json(state)
    with pytest.raises(BadSettings):
        game.from_json({"players": []})


@pytest.mark.parametrize(
    ("event", "undoable"),
    [
        ({"type": "draw", "seat": 0}, False),
        ({"type": "take", "seat": 0}, True),
        ({"type": "defend", "seat": 0, "card": "2C", "slot": 0}, True),
        ({"type": "sacrifice", "seat": 0, "slot": 0}, False),
        (attack(0, "2C", 1, "hand"), False),
        (attack(0, "2C", 1, "field"), False),
        (attack(0, "2C", 1, "resource"), True),
        ({"type": "timeout", "timer": "x"}, False),
    ],
)
def test_undoable_only_for_moves_that_reveal_nothing(event: dict[str, Any], undoable: bool) -> None:
    assert game.undoable(event) is undoable


def test_needs_is_always_none() -> None:
    assert game.needs(game.setup({}, seats(2), 1)) is None
