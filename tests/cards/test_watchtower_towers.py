"""Ruling 22: whoever wins the last card of a watchtower in battle completes it
("une tour de guet ne peut être atteinte que lorsque la dernière carte est gagnée au combat")."""

from __future__ import annotations

from typing import Any

from host.cards.watchtower import GAME, Player, Settings, State, secrets

game = GAME()


def table(seats: list[tuple[list[str], list[list[str]]]], barracks: list[str]) -> State:
    players = [
        Player(i, f"P{i}", None, list(a), [list(s) for s in f]) for i, (a, f) in enumerate(seats)
    ]
    return State(Settings(), players, list(barracks), turn=0, phase="main")


def play(state: State, *events: dict[str, Any]) -> State:
    for event in events:
        state = game.apply(state, event)
    return state


def lost_challenge(state: State) -> State:
    """Seat 0 challenges seat 1's 3S with one card and loses: seat 1 wins the 8S soldier."""
    state = play(state, {"type": "challenge", "seat": 0, "target": 1, "card": "3S", "cards": 1})
    state = play(state, {"type": "pick", "seat": 1, "position": 0})
    return play(state, {"type": "pick", "seat": 0, "position": 0})


def test_a_defender_who_wins_the_fourth_card_completes_the_watchtower_on_its_turn() -> None:
    state = table([(["8S"], [["4H"]]), (["9D"], [["8C", "8D", "8H"], ["3S"]])], ["2C", "5C"])
    state = lost_challenge(state)
    assert state.last is not None and state.last["result"] == "defender"
    assert sorted(state.player(1).army) == ["8S", "9D"]
    state = play(state, {"type": "end", "seat": 0}, {"type": "draw", "seat": 1})
    assert {"type": "place", "seat": 1, "card": "8S"} in game.legal_actions(state, 1)
    state = play(state, {"type": "place", "seat": 1, "card": "8S"})
    defender = state.player(1)
    assert defender.campaign and defender.tower == ["8C", "8D", "8H", "8S"]
    assert state.pending is None  # won in battle: no for-all


def test_a_defenders_spoils_last_only_until_the_end_of_its_next_turn() -> None:
    state = table([(["8S"], [["4H"]]), (["9D"], [["8C", "8D", "8H"], ["3S"]])], ["2C", "5C", "6C"])
    state = lost_challenge(state)
    state = play(state, {"type": "end", "seat": 0}, {"type": "draw", "seat": 1})
    state = play(state, {"type": "end", "seat": 1}, {"type": "draw", "seat": 0})
    state = play(state, {"type": "end", "seat": 0}, {"type": "draw", "seat": 1})
    assert {"type": "place", "seat": 1, "card": "8S"} not in game.legal_actions(state, 1)


def test_only_the_other_sides_soldiers_are_won_not_ones_own_coming_home() -> None:
    state = table([(["9C", "8S"], [["8C", "8D", "8H"]]), (["2D", "3D"], [["5S"]])], ["2C"])
    state.player(0).army = ["8S"]
    state = play(state, {"type": "challenge", "seat": 0, "target": 1, "card": "5S", "cards": 1})
    state = play(state, {"type": "pick", "seat": 1, "position": 0})
    state = play(state, {"type": "pick", "seat": 0, "position": 0})
    assert state.last is not None and state.last["result"] == "attacker"
    assert "8S" not in state.fresh  # its own soldier, kept: not won
    assert {"type": "place", "seat": 0, "card": "8S"} not in game.legal_actions(state, 0)


def test_a_battles_faces_are_public_until_the_next_move() -> None:
    state = table([(["8S"], [["4H"]]), (["9D"], [["8C", "8D", "8H"], ["3S"]])], ["2C", "5C"])
    state = lost_challenge(state)
    for audience in ("screen", "seat:0", "seat:1"):
        last = game.view(state, audience)["last"]
        assert (last["attacker_cards"], last["defender_cards"]) == (["8S"], ["9D"])
    assert "8S" not in game.view(state, "screen")["players"][1].get("army", [])  # armies hidden
    state = play(state, {"type": "end", "seat": 0})
    assert "8S" in secrets(state, "screen") and "9D" in secrets(state, "seat:0")
    assert game.view(state, "screen")["last"] == {"type": "end", "seat": 0}


def on_campaign(state: State, seat: int, rank_code: str) -> None:
    p = state.player(seat)
    p.campaign, p.tower = True, [f"{rank_code}{s}" for s in "CDHS"]


def test_one_campaigner_cannot_be_fought_by_a_player_outside_campaign() -> None:
    state = table([(["9C"], []), (["2D", "3D"], [["4S"]]), (["5S"], [["6S"]])], ["2C"])
    on_campaign(state, 0, "K")
    state.turn = 1
    assert not [a for a in game.legal_actions(state, 1) if a.get("target") == 0]


def test_once_two_are_on_campaign_the_last_outside_fights_for_its_fourth_card() -> None:
    """Ruling 27: the stall of 3-4 player games (the fourth card in a campaigner's army)."""
    state = table(
        [(["8S"], []), (["2C"], []), (["9D", "10D"], [["8C", "8D", "8H"]])], ["2H", "3H"]
    )
    on_campaign(state, 0, "K")
    on_campaign(state, 1, "Q")
    state.turn = 2
    fight = {"type": "challenge", "seat": 2, "target": 0, "cards": 1}
    assert fight in game.legal_actions(state, 2)
    state = play(state, fight)
    state = play(state, {"type": "pick", "seat": 0, "position": 0})
    state = play(state, {"type": "pick", "seat": 2, "position": 0})
    assert state.last is not None and state.last["result"] == "attacker"
    assert "8S" in state.player(2).army and not state.player(0).campaign  # its army ran out
    state = play(state, {"type": "place", "seat": 2, "card": "8S"})
    assert state.player(2).campaign and state.player(2).tower == ["8C", "8D", "8H", "8S"]
