"""The territory game's fixed numbers and the map as the rules index it (`Board`)."""

from __future__ import annotations

from dataclasses import dataclass

from host.territory.gamemap import GameMap

CASTLE_VALUE = 1000
CASTLE_TOWERS = 3
PICK_VALUE = 200
TAKEN_VALUE = 400
DEFENCE_BONUS = 100
COMBAT_ROUNDS = 4
EXPANSION_PICKS = (2, 1)  # first place picks 2, second place 1
CHOICE_OPTIONS = (2, 6)  # a choice question has 2 (true/false) to 6 options


@dataclass(frozen=True)
class Board:
    """The rules' index over a GameMap, built once per game and never put in state."""

    map_id: str
    ids: tuple[str, ...]  # sorted territory ids, the order of the state's tuples
    index: dict[str, int]
    neighbours: tuple[tuple[int, ...], ...]
    sites: tuple[int, ...]  # territories that may hold a castle

    @classmethod
    def of(cls, game_map: GameMap) -> Board:
        ids = tuple(sorted(game_map.territories))
        index = {tid: i for i, tid in enumerate(ids)}
        neighbours = tuple(
            tuple(sorted(index[n] for n in game_map.neighbours(tid) if n in index)) for tid in ids
        )
        sites = tuple(index[s] for s in game_map.sites() if s in index)
        return cls(game_map.id, ids, index, neighbours, sites)

