"""One simulator for every kind with bots: seeded bot-against-bot games and their tally.

`tourelle simulate KIND` calls a kind's `KIND.simulate(games, seed, players)`;
the card kinds set it to `Simulator(...).run`. The loop is the same for every
game: seat the bots (seat i plays at levels[i]), give each bot its own
generator, then until the game is over ask the seats `movers(game, state)`
names, in that order, and apply the first move one of them makes. A kind says
only what truly differs: who may move now, how a finished game is scored
(`outcome`) and how the tally is reported (`report`); the seeds default to
`derive(seed, "game:<i>")` for game i and `derive(game seed, "bot:<seat>")`
for each bot. The caller does the timing.
"""

from __future__ import annotations

import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from host import rng
from host.games.contract import Event

# (game, state, seat, level, rng) -> (event or None, rng): a kind's bot, on the bare engine.
BotMove = Callable[[Any, Any, int, int, int], tuple[Event | None, int]]


def bot_levels(levels: Sequence[int] | None, players: int, default: int = 5) -> list[int]:
    """One bot level per player (all `default` when none are given)."""
    chosen = list(levels) if levels is not None else [default] * players
    if len(chosen) != players:
        raise ValueError("give one bot level per player")
    return chosen


@dataclass(frozen=True)
class Outcome:
    """How one finished game counts: winner (None: a draw), each seat's score, moves, end."""

    winner: int | None
    scores: list[int]
    moves: int
    end: object = None


@dataclass
class Tally:
    """Wins per seat, wins by a winner without a seat, draws, how games ended, averages."""

    players: int
    games: int = 0
    draws: int = 0
    moves: int = 0
    outside_wins: int = 0  # won by no seat: Challengers!' robot
    wins: list[int] = field(default_factory=list)
    scores: list[int] = field(default_factory=list)
    ends: dict[str, int] = field(default_factory=dict)
    lengths: list[int] = field(default_factory=list)  # moves of each game, for the median

    def __post_init__(self) -> None:
        self.wins = [0] * self.players
        self.scores = [0] * self.players

    def add(self, outcome: Outcome) -> None:
        self.games += 1
        self.moves += outcome.moves
        self.lengths.append(outcome.moves)
        if outcome.winner is None:
            self.draws += 1
        elif 0 <= outcome.winner < self.players:
            self.wins[outcome.winner] += 1
        else:
            self.outside_wins += 1
        for seat, score in enumerate(outcome.scores):
            self.scores[seat] += score
        if outcome.end is not None:
            self.ends[str(outcome.end)] = self.ends.get(str(outcome.end), 0) + 1

    def averages(self) -> dict[str, Any]:
        count = self.games or 1
        return {"average_score": [score / count for score in self.scores],
                "average_moves": self.moves / count,
                "median_moves": statistics.median(self.lengths) if self.lengths else 0}

    def summary(self, name: str, levels: list[int], outside: str | None = None,
                **extra: Any) -> dict[str, Any]:
        """The one report of every kind: wins per seat (keys "0", "1", ... and `outside`,
        the winner without a seat, when there is one), levels, draws, averages, median
        length, and how games ended (`move_limit` always listed, 0 when none)."""
        wins: dict[str, int] = {str(seat): count for seat, count in enumerate(self.wins)}
        if outside is not None:
            wins[outside] = self.outside_wins
        ends = {"move_limit": 0} | dict(sorted(self.ends.items()))
        return {"game": name, "games": self.games, "players": self.players, **extra,
                "levels": levels, "wins": wins, "draws": self.draws, **self.averages(),
                "ends": ends}


def result_outcome(game: Any, state: Any, players: int) -> Outcome:
    """The usual outcome, read from `game.result(state)`: its winner, scores, moves and end."""
    result = game.result(state)
    scores = [0] * players
    for row in result["players"]:
        scores[row["seat"]] = row["score"]
    return Outcome(result["winner"], scores, result["moves"], result.get("end"))


def levels_report(tally: Tally, name: str, levels: list[int]) -> dict[str, Any]:
    return tally.summary(name, levels)


def game_seed(seed: int, index: int) -> int:
    return rng.derive(seed, f"game:{index}")


def bot_seed(seed: int, seat: int) -> int:
    return rng.derive(seed, f"bot:{seat}")


@dataclass(frozen=True)
class Simulator:
    """Bot games of one kind; see the module docstring."""

    make: Callable[[], Any]  # the bare engine (bots reason with its own helpers)
    bot_move: BotMove
    movers: Callable[[Any, Any], Sequence[int]]  # (game, state) -> the seats to ask, in order
    outcome: Callable[[Any, Any, int], Outcome] = result_outcome
    report: Callable[[Tally, str, list[int]], dict[str, Any]] = levels_report
    game_seed: Callable[[int, int], int] = game_seed
    bot_seed: Callable[[int, int], int] = bot_seed
    default_level: int = 5

    def play(self, settings: dict[str, Any] | None, levels: Sequence[int], seed: int,
             game: Any = None) -> Any:
        """One whole game between bots; returns the final state."""
        game = self.make() if game is None else game
        seats = [{"seat": i, "name": f"Bot {i}", "bot": level} for i, level in enumerate(levels)]
        state = game.setup(settings or {}, seats, seed)
        generators = [self.bot_seed(seed, seat) for seat in range(len(levels))]
        while not game.is_over(state):
            event = None
            for seat in self.movers(game, state):
                event, generators[seat] = self.bot_move(game, state, seat, levels[seat],
                                                        generators[seat])
                if event is not None:
                    break
            if event is None:  # cannot happen: a running game always waits for a bot's move
                raise RuntimeError("no bot found a legal move")
            state = game.apply(state, event)
        return state

    def run(self, games: int, seed: int, players: int, levels: Sequence[int] | None = None,
            settings: dict[str, Any] | None = None) -> dict[str, Any]:
        """Counts over `games` bot games (game i from `game_seed(seed, i)`), as `report` says."""
        chosen = bot_levels(levels, players, self.default_level)
        game = self.make()
        tally = Tally(players)
        for index in range(games):
            state = self.play(settings, chosen, self.game_seed(seed, index), game)
            tally.add(self.outcome(game, state, players))
        return self.report(tally, game.name, chosen)
