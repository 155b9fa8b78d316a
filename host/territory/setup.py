"""A new territory game: seats checked, castles drawn from the seeded generator (or, in
the campaign mode, chosen by the players in turn)."""

from __future__ import annotations

from typing import Any

from host import rng
from host.games.contract import GameError
from host.territory.board import CASTLE_TOWERS, CASTLE_VALUE, Board
from host.territory.modes import castle_room, check_players
from host.territory.rules import is_int, next_pick, start_campaign
from host.territory.settings import TerritorySettings
from host.territory.state import (
    FREE,
    Player,
    TerritoryState,
)


def new_game(
    board: Board, settings: TerritorySettings, seats: list[dict[str, Any]], seed: int
) -> TerritoryState:
    """Seat the players, draw the castles, and open the expansion phase."""
    seat_rows = _check_seats(seats)
    check_players(settings.mode, len(seat_rows))
    if settings.mode == "campaign":
        return _campaign_game(board, settings, seat_rows, seed)
    state_rng = rng.seed_state(seed)
    castles, state_rng = draw_castles(board, len(seat_rows), state_rng)
    n = len(board.ids)
    owners = [FREE] * n
    values = [0] * n
    towers = [0] * n
    castle_flags = [False] * n
    players = []
    for (seat, name, bot), site in zip(seat_rows, castles, strict=True):
        owners[site] = seat
        values[site] = CASTLE_VALUE
        towers[site] = CASTLE_TOWERS
        castle_flags[site] = True
        players.append(Player(seat, name, bot, board.ids[site], CASTLE_VALUE))
    state = TerritoryState(
        map_id=board.map_id,
        territory_ids=board.ids,
        owners=tuple(owners),
        values=tuple(values),
        towers=tuple(towers),
        castles=tuple(castle_flags),
        players=tuple(players),
        settings=settings,
        rng=state_rng,
        phase="expansion",
    )
    return next_pick(board, state)


def _campaign_game(
    board: Board, settings: TerritorySettings, seat_rows: list[tuple[int, str, int | None]],
    seed: int,
) -> TerritoryState:
    """Campaign: the map starts empty; the players choose their bases in turn."""
    if not castle_room(board.neighbours, board.sites, [], len(seat_rows)):
        raise GameError(
            f"Map {board.map_id!r} has no {len(seat_rows)} castle sites that do not touch "
            "each other."
        )
    n = len(board.ids)
    state = TerritoryState(
        map_id=board.map_id,
        territory_ids=board.ids,
        owners=(FREE,) * n,
        values=(0,) * n,
        towers=(0,) * n,
        castles=(False,) * n,
        players=tuple(Player(seat, name, bot, "", 0) for seat, name, bot in seat_rows),
        settings=settings,
        rng=rng.seed_state(seed),
        phase="castles",
    )
    return start_campaign(board, state)


def _check_seats(seats: list[dict[str, Any]]) -> list[tuple[int, str, int | None]]:
    if not isinstance(seats, list) or not 2 <= len(seats) <= 4:
        raise GameError("The territory game needs 2 to 4 seats.")
    rows = []
    for entry in seats:
        if not isinstance(entry, dict):
            raise GameError("Each seat must be an object with seat, name and bot.")
        seat, name, bot = entry.get("seat"), entry.get("name"), entry.get("bot")
        if not is_int(seat) or seat < 0:
            raise GameError(f"Seat number must be a non-negative integer, not {seat!r}.")
        if not isinstance(name, str) or not name.strip():
            raise GameError(f"Seat {seat} needs a name.")
        if bot is not None and (not is_int(bot) or not 1 <= bot <= 5):
            raise GameError(f"Seat {seat}: bot level must be 1 to 5 or null, not {bot!r}.")
        rows.append((seat, name, bot))
    if len({row[0] for row in rows}) != len(rows):
        raise GameError("Two seats have the same number.")
    return sorted(rows)


def draw_castles(board: Board, count: int, state_rng: int) -> tuple[list[int], int]:
    """Pick `count` pairwise non-adjacent castle sites in a seeded random order."""
    order, state_rng = rng.shuffled(state_rng, board.sites)
    chosen: list[int] = []

    def search(start: int) -> bool:
        if len(chosen) == count:
            return True
        for pos in range(start, len(order)):
            site = order[pos]
            if all(site not in board.neighbours[c] and site != c for c in chosen):
                chosen.append(site)
                if search(pos + 1):
                    return True
                chosen.pop()
        return False

    if not search(0):
        raise GameError(
            f"Map {board.map_id!r} has no {count} castle sites that do not touch each other."
        )
    return chosen, state_rng

