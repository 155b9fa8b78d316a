"""Setup, the deck phase, rounds, fans, the final, the robot, solo, timers, views."""

from __future__ import annotations

from typing import Any

import pytest

from host.cards.challengers import GAME, ROBOT, State, all_cards
from host.cards.challengers.cards import POOL, THEMED_SETS, kind_of
from host.cards.challengers.robot import GAIN_ROUNDS
from host.cards.challengers.rules import standing
from host.cards.challengers.state import OFFERS, TROPHY_FANS
from host.games.contract import BadEvent, BadSettings, GameError, StaleEvent

game = GAME()
SETS = ["space", "jungle", "ocean", "volcano", "circus"]


def seats(n: int) -> list[dict[str, Any]]:
    return [{"seat": i, "name": f"P{i}", "bot": None} for i in range(n)]


def new(n: int, seed: int = 1, **settings: Any) -> State:
    return game.setup({"sets": SETS, **settings}, seats(n), seed)


def finish_deck_phase(state: State) -> State:
    """Every player keeps the first cards offered and is done."""
    for p in state.players():
        while True:
            actions = game.legal_actions(state, p.seat)
            if not actions or state.phase not in ("deck", "final_deck"):
                break
            choose = [a for a in actions if a["type"] in ("choose", "pick", "done")]
            state = game.apply(state, choose[0])
    return state


def test_player_counts_robot_and_sets() -> None:
    for n in range(1, 9):
        state = game.setup({}, seats(n), n)
        assert (state.robot() is not None) == (n % 2 == 1)
        assert len(state.sets) == 5 and set(state.sets) <= set(THEMED_SETS)
        assert all(len(p.deck) == 6 for p in state.players())
        for round_no, stack in state.trophy_stacks.items():
            assert set(stack) <= set(TROPHY_FANS[int(round_no)])
    for bad in (0, 9):
        with pytest.raises(BadSettings):
            game.setup({}, seats(bad), 1)
    with pytest.raises(BadSettings):
        game.setup({"sets": ["space"]}, seats(2), 1)
    with pytest.raises(BadSettings):
        game.setup({"robot_level": 6}, seats(3), 1)
    with pytest.raises(BadSettings):
        game.setup({"solo_challenge": True}, seats(2), 1)


def test_card_set_copies_levels_and_timings() -> None:
    assert {kind_of(c).copies for c in all_cards(new(2))} >= {2, 4, 6}
    for card in POOL:
        assert card.name_fr and card.name_en
    timings = {c.effect.timing for c in POOL if c.effect}
    assert timings == {"reveal", "attack", "bench", "flag", "lose_flag", "select"}
    for s in THEMED_SETS:
        assert {c.level for c in POOL if c.set == s} == {"A", "B", "C"}


def test_round_one_offers_five_level_a_cards_and_keeps_two() -> None:
    state = new(2)
    me = state.side(0)
    assert len(me.hand) == 5 and {kind_of(c).level for c in me.hand} == {"A"}
    assert me.to_pick == 2
    before = len(state.levels["A"])
    state = game.apply(state, {"type": "pick", "seat": 0, "card": me.hand[0]})
    with pytest.raises(GameError):
        game.apply(state, {"type": "done", "seat": 0})
    state = game.apply(state, {"type": "pick", "seat": 0, "card": state.side(0).hand[0]})
    me = state.side(0)
    assert len(me.deck) == 8 and me.hand == [] and len(state.levels["A"]) == before + 3


def test_one_redraw_a_round_and_removal_only_after_keeping() -> None:
    state = new(2)
    with pytest.raises(GameError):
        game.apply(state, {"type": "remove", "seat": 0, "card": state.side(0).deck[0]})
    state = game.apply(state, {"type": "pick", "seat": 0, "card": state.side(0).hand[0]})
    old = list(state.side(0).hand)
    state = game.apply(state, {"type": "redraw", "seat": 0})
    assert len(state.side(0).hand) == 4 and state.side(0).hand != old
    with pytest.raises(GameError):
        game.apply(state, {"type": "redraw", "seat": 0})
    state = game.apply(state, {"type": "pick", "seat": 0, "card": state.side(0).hand[0]})
    card = state.side(0).deck[0]
    state = game.apply(state, {"type": "remove", "seat": 0, "card": card})
    assert card in state.side(0).removed and card not in state.side(0).deck


def test_later_rounds_offer_a_choice_and_c_cards_in_the_last_two() -> None:
    assert all(lv != "C" for r in range(1, 6) for lv, _ in OFFERS[r])
    assert all(any(lv == "C" for lv, _ in OFFERS[r]) for r in (6, 7))
    state = new(2).copy()
    state.round = 3
    for p in state.players():
        p.hand, p.offer, p.to_pick, p.done = [], None, 0, False
    actions = game.legal_actions(state, 0)
    assert [a["type"] for a in actions] == ["choose", "choose"]
    state = game.apply(state, {"type": "choose", "seat": 0, "offer": 1})  # 1 B card
    me = state.side(0)
    assert me.to_pick == 1 and {kind_of(c).level for c in me.hand} == {"B"}


def test_when_selected_effect_gives_fans_in_the_deck_phase() -> None:
    state = new(2).copy()
    me = state.side(0)
    me.hand[0] = next(c for c in state.levels["A"] if c.startswith("SPA-A1"))
    state.levels["A"].remove(me.hand[0])
    state = game.apply(state, {"type": "pick", "seat": 0, "card": me.hand[0]})
    assert state.side(0).fans == 1
    assert "SPA-A1" not in str(game.view(state, "seat:1")["last"])


def test_all_seats_choose_at_once_then_matches_start() -> None:
    state = new(4)
    assert all(game.legal_actions(state, s) for s in range(4))
    state = finish_deck_phase(state)
    assert state.phase == "match" and len(state.matches) == 2
    actors = {m.actor for m in state.matches}
    assert all(game.legal_actions(state, s) == [{"type": "reveal", "seat": s}] for s in actors)


def play_out(state: State) -> State:
    """Deck phases with first choices, matches revealed to the end."""
    while not state.over:
        if state.phase in ("deck", "final_deck"):
            state = finish_deck_phase(state)
            continue
        for m in state.matches:
            if not m.over:
                state = game.apply(state, {"type": "reveal", "seat": m.actor})
                break
    return state


def test_two_players_most_fans_or_an_eleven_fan_lead() -> None:
    for seed in range(6):
        state = play_out(new(2, seed))
        a, b = state.players()
        if state.end == "lead":
            assert abs(a.total_fans() - b.total_fans()) >= 11
        else:
            assert state.end == "fans" and state.round == 7
            leader = max((a, b), key=standing)
            assert state.winner in (leader.seat, None)
    state = new(2).copy()
    state.side(0).fans = 20  # no round-1 trophy or effect can close that gap
    state = finish_deck_phase(state)
    while state.phase == "match":
        m = state.matches[0]
        state = game.apply(state, {"type": "reveal", "seat": m.actor})
    assert state.over and state.end == "lead" and state.winner == 0 and state.round == 1


def test_final_between_the_two_with_most_fans_after_round_seven() -> None:
    state = new(5, seed=3)
    while state.phase != "final_deck":
        state = play_out_step(state)
    ranked = sorted(state.players(), key=standing, reverse=True)
    assert set(state.finalists) == {ranked[0].seat, ranked[1].seat}
    assert standing(ranked[1]) >= standing(ranked[2])
    assert ROBOT not in state.finalists and state.robot().trophies == []  # type: ignore[union-attr]
    for seat in state.finalists:
        assert {a["type"] for a in game.legal_actions(state, seat)} <= {"remove", "done"}
    spectator = next(p.seat for p in state.players() if p.seat not in state.finalists)
    assert game.legal_actions(state, spectator) == []
    state = play_out(state)
    assert state.end == "final" and state.winner == state.matches[0].winner
    assert state.winner in state.finalists


def play_out_step(state: State) -> State:
    if state.phase in ("deck", "final_deck"):
        return finish_deck_phase(state)
    m = next(m for m in state.matches if not m.over and m.actor != ROBOT)
    return game.apply(state, {"type": "reveal", "seat": m.actor})


def test_trophy_values_are_secret_at_three_players_until_the_final() -> None:
    state = new(4, seed=2)
    while not any(p.trophies for p in state.players()) or state.phase == "match":
        state = play_out_step(state)
    owner = next(p for p in state.players() if p.trophies)
    other = next(p for p in state.players() if p is not owner)
    own_view = game.view(state, f"seat:{owner.seat}")["sides"][owner.seat]
    other_view = game.view(state, f"seat:{other.seat}")["sides"][owner.seat]
    assert own_view["trophies"][0]["fans"] == owner.trophies[0][1]
    assert other_view["trophies"][0]["fans"] is None and other_view["fans"] is None
    two = play_out_step(new(2))
    assert game.view(two, "screen")["trophies_public"] is True


def test_robot_levels_strengthen_its_deck_and_it_gains_cards_outside_solo() -> None:
    def strength(level: int) -> int:
        robot = new(3, robot_level=level).robot()
        assert robot is not None
        return sum(kind_of(c).strength for c in robot.deck)

    assert strength(1) < strength(3) < strength(5)
    solo = new(1, solo_challenge=True).robot()
    assert solo is not None and any(c.startswith("SOLO-") for c in solo.deck)
    for players, gains in ((3, True), (1, False)):
        state = new(players)
        robot = state.robot()
        assert robot is not None
        size = len(robot.deck)
        first_gain = min(GAIN_ROUNDS[state.settings.robot_level])  # ruling 16
        while state.round < first_gain and not state.over:
            state = play_out_step(state)
        assert (len(state.robot().deck) > size) == gains  # type: ignore[union-attr]


def test_solo_robot_keeps_its_trophies() -> None:
    state = new(1, seed=4)
    while not state.over:
        state = play_out_step(state)
    robot = state.robot()
    assert robot is not None
    me = state.players()[0]
    assert len(robot.trophies) + len(me.trophies) == state.round
    if state.winner == ROBOT:
        assert game.result(state)["robot_won"]


def test_a_solo_game_the_robot_won_places_its_player_second() -> None:
    """One result everywhere (issue 49, point 3): "The robot wins!" and the player's place."""
    for seed in range(1, 40):
        state = new(1, seed=seed)
        while not state.over:
            state = play_out_step(state)
        if state.winner == ROBOT:
            break
    assert state.winner == ROBOT
    result = game.result(state)
    assert result["robot_won"] and [p["place"] for p in result["players"]] == [2]


def test_timer_defaults_and_stale_timeouts() -> None:
    assert game.timer(new(2)) is None
    state = new(2, turn_seconds=20)
    timer = game.timer(state)
    assert timer is not None and timer.seconds == 20
    after = game.apply(state, {"type": "timeout", "timer": timer.timer_id})
    assert after.phase == "match" and all(len(p.deck) == 8 for p in after.players())
    with pytest.raises(StaleEvent):
        game.apply(after, {"type": "timeout", "timer": timer.timer_id})


def test_bad_events_are_refused_with_typed_errors() -> None:
    state = new(2)
    with pytest.raises(BadEvent):
        game.apply(state, {"type": "fly", "seat": 0})
    with pytest.raises(BadEvent):
        game.apply(state, {"type": "pick", "seat": 0, "card": "nope#1"})
    with pytest.raises(GameError):
        game.apply(state, {"type": "pick", "seat": 7, "card": "x"})
    with pytest.raises(GameError):
        game.apply(state, {"type": "reveal", "seat": 0})
    with pytest.raises(BadEvent):
        game.view(state, "seat:x")


def test_views_show_own_hand_only_and_undo_rules() -> None:
    state = new(2)
    mine = game.view(state, "seat:0")["sides"][0]
    theirs = game.view(state, "seat:0")["sides"][1]
    assert mine["hand"] == state.side(0).hand and "hand" not in theirs
    assert "hand" not in game.view(state, "screen")["sides"][0]
    assert game.undoable({"type": "pick"}) and game.undoable({"type": "remove"})
    for kind in ("reveal", "redraw", "choose", "done", "timeout"):
        assert not game.undoable({"type": kind})
