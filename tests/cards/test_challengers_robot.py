"""The robot's levels (docs/rules/challengers.md, ruling 15): measured, not guessed."""

from __future__ import annotations

from host.cards.challengers import GAME, ROBOT, State, bot_move
from host.cards.challengers.cards import ROBOT_BASE, ROBOT_STRONG, kind_of
from host.cards.challengers.kind import simulate
from host.cards.challengers.match import robot_record
from host.cards.challengers.robot import GAIN_ROUNDS, build_robot, gains_at, swaps_at
from host.cards.challengers.state import ROUNDS

game = GAME()
GAMES_3P = 40  # per level; see the docs' Measured table for 200


def test_level_l_exchanges_l_minus_1_random_base_cards_for_strong_ones() -> None:
    base = {d.id for d in ROBOT_BASE}
    strong = {d.id for d in ROBOT_STRONG}
    for level in range(1, 6):
        robot, _ = build_robot(level, False, 7)
        assert swaps_at(level) == level - 1
        assert len(robot.deck) == sum(d.copies for d in ROBOT_BASE)
        assert sum(kind_of(c).id in strong for c in robot.deck) == level - 1
        assert len(robot.removed) == level - 1
        assert all(kind_of(c).id in base for c in robot.removed)


def test_every_strong_robot_card_outclasses_every_base_card() -> None:
    """'il échange des cartes de son deck avec des cartes plus puissantes'."""
    assert max(d.strength for d in ROBOT_BASE) <= min(d.strength for d in ROBOT_STRONG)
    assert sum(d.strength * d.copies for d in ROBOT_BASE) == 21
    assert [d.strength for d in ROBOT_STRONG] == [3, 4, 4, 5]


def test_a_level_5_bot_beats_every_robot_level_in_solo_each_level_harder() -> None:
    """The first 100 games of the docs' Measured run (seed 3): 99, 89, 66, 34, 22 wins.

    About 1.4 s of CPU; the 200-game CLI run gives 198, 177, 133, 67, 41.
    """
    wins = [
        simulate(100, 3, 1, [5], {"robot_level": level})["wins"]["0"] for level in range(1, 6)
    ]
    assert wins == sorted(wins, reverse=True) and len(set(wins)) == 5, wins
    assert wins[0] >= 85 and wins[4] >= 15, wins


# -- multiplayer (ruling 16) ---------------------------------------------------------------


def new_game(players: int, level: int, seed: int) -> State:
    seats = [{"seat": i, "name": f"P{i}", "bot": 5} for i in range(players)]
    return game.setup({"robot_level": level}, seats, seed)


def bot_step(state: State, generator: int) -> tuple[State, int]:
    """One move of the first level-5 bot that has one (the simulator's loop)."""
    for seat in range(len(state.players())):
        event, generator = bot_move(game, state, seat, 5, generator)
        if event is not None:
            return game.apply(state, event), generator
    raise AssertionError("no bot could move")


def robot_cards(state: State) -> int:
    """The robot's cards in play (not its reserve, not the cards its level exchanged)."""
    robot = state.robot()
    assert robot is not None
    return len(robot.deck) + len(robot.pile) + len(robot.attack) + len(robot.discard) + sum(
        map(len, robot.bench))


def test_the_robot_gains_cards_at_its_levels_rounds_more_with_each_level() -> None:
    """'le robot ne gagne pas de nouvelles cartes' is said of solo only: at 3-7 players the
    robot gains some at every level, more (never fewer) at each level up, from round 2."""
    counts = [len(GAIN_ROUNDS[level]) for level in range(1, 6)]
    assert counts[0] >= 1 and counts == sorted(counts) and counts[0] < counts[4], counts
    assert all(rounds <= set(range(2, ROUNDS + 1)) for rounds in GAIN_ROUNDS.values())
    for level in (1, 3, 5):
        state, generator = new_game(3, level, seed=level), 17
        sizes = {1: robot_cards(state)}
        while not state.over:
            state, generator = bot_step(state, generator)
            if state.phase == "deck":
                sizes.setdefault(state.round, robot_cards(state))
        gained = {r for r in range(2, ROUNDS + 1) if sizes[r] == sizes[r - 1] + 1}
        assert all(sizes[r] - sizes[r - 1] in (0, 1) for r in range(2, ROUNDS + 1))
        assert gained == {r for r in range(2, ROUNDS + 1) if gains_at(level, r)}, (level, sizes)


def test_robot_record_counts_the_matches_the_robot_won_and_lost() -> None:
    """Checked against the "lost" reports of the robot's matches, event by event."""
    for players, seed in ((3, 5), (5, 6)):
        state, generator = new_game(players, 3, seed), 23
        won = lost = 0
        while not state.over:
            before = state
            state, generator = bot_step(state, generator)
            running = before if before.phase == "match" else state
            pair = next((m.seats for m in running.matches if ROBOT in m.seats), None)
            for report in state.last:
                if report["type"] == "lost" and pair is not None and report["seat"] in pair:
                    won += report["seat"] != ROBOT
                    lost += report["seat"] == ROBOT
        assert robot_record(state) == (won, won + lost) and won + lost == ROUNDS
    assert robot_record(new_game(1, 3, 1)) == (0, 0)  # solo: the robot plays for trophies


def test_in_multiplayer_each_robot_level_wins_more_matches_and_level_1_is_beatable() -> None:
    """Ruling 16 measured: 3 level-5 players, seed 3 (the docs' Measured run, first games)."""
    shares = [
        simulate(GAMES_3P, 3, 3, [5, 5, 5], {"robot_level": level})["robot_matches"]["share"]
        for level in range(1, 6)
    ]
    assert shares == sorted(shares) and len(set(shares)) == 5, shares
    assert shares[0] < 0.4 and shares[4] > 0.6, shares
