"""What the card engines need to run under the Session and on the pages.

- `CardGameAdapter` wraps an engine for the Session: the socket layer's field table
  makes every listed field compulsory, so a phone sends `null` for an optional
  field (a Q Squared Joe attack's "slot" or "victim", a take's "card"); the
  wrapper drops null fields before the engine sees the event, on live play and
  on replay alike. (The Session adds each seat's legal actions to its view as
  `legal`, for every kind.)
- The host's `end` (an `end` without a seat; Watchtower's seats end their turn with an
  `end` of their own, which always names its seat) goes to the engine's `ended(state)`:
  the game over where it stands, places by the standing so far.
- `bot_delay(level)`: a human-looking thinking time, slower for weaker bots.
- Every view gets the generic pages' scoreboard fields: `players` rows with a
  `score` (Russian Bank: points won; Q Squared Joe: cards left on the field) and a
  `place` (tied seats share one), and `ranking`, the seats best first.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from host.games.contract import (
    BotPlan,
    BotPlanner,
    Event,
    Game,
    QuestionRequest,
    StaleEvent,
    TimerRequest,
    View,
)

SLOWEST_DELAY = 2.5  # seconds a level-1 bot "thinks"
FASTEST_DELAY = 0.8  # and a level-5 bot


def bot_delay(level: int) -> float:
    """Seconds a bot of this level waits before its move: 2.5 s at level 1 down to 0.8 s at 5."""
    level = min(max(int(level), 1), 5)
    step = (SLOWEST_DELAY - FASTEST_DELAY) / 4
    return round(SLOWEST_DELAY - (level - 1) * step, 3)


def without_nulls(event: Event) -> Event:
    """The event without fields whose value is null (optional fields a phone left out)."""
    return {key: value for key, value in event.items() if value is not None}


class CardGameAdapter:
    """A card engine as the Session sees it; see the module docstring for what it adds."""

    def __init__(self, engine: Any) -> None:
        self.engine = engine
        self.name: str = engine.name

    def setup(self, settings: dict[str, Any], seats: list[dict[str, Any]], seed: int) -> Any:
        return self.engine.setup(settings, seats, seed)

    def apply(self, state: Any, event: Event) -> Any:
        if event.get("type") == "end" and "seat" not in event:
            if self.engine.is_over(state):
                raise StaleEvent("the game is over")
            return self.engine.ended(state)
        return self.engine.apply(state, without_nulls(event))

    def legal_actions(self, state: Any, seat: int) -> list[Event]:
        actions: list[Event] = self.engine.legal_actions(state, seat)
        return actions

    def view(self, state: Any, audience: str) -> View:
        view: View = self.engine.view(state, audience)
        add_scoreboard(view, self.engine.result(state))
        return view

    def seats_out(self, state: Any) -> list[int]:
        """Seats out of the game by its rules (a Q Squared Joe field emptied, a Watchtower
        player eliminated): a phone joining late is not offered them."""
        out = getattr(self.engine, "seats_out", None)
        return [int(seat) for seat in out(state)] if out is not None else []

    def needs(self, state: Any) -> QuestionRequest | None:
        request: QuestionRequest | None = self.engine.needs(state)
        return request

    def timer(self, state: Any) -> TimerRequest | None:
        request: TimerRequest | None = self.engine.timer(state)
        return request

    def is_over(self, state: Any) -> bool:
        return bool(self.engine.is_over(state))

    def result(self, state: Any) -> dict[str, Any]:
        result: dict[str, Any] = self.engine.result(state)
        return result

    def to_json(self, state: Any) -> dict[str, Any]:
        data: dict[str, Any] = self.engine.to_json(state)
        return data

    def from_json(self, data: dict[str, Any]) -> Any:
        return self.engine.from_json(data)

    def undoable(self, event: Event) -> bool:
        return bool(self.engine.undoable(without_nulls(event)))

    def undo_barrier(self, event: Event) -> bool:
        return bool(self.engine.undo_barrier(without_nulls(event)))


def add_scoreboard(view: View, result: dict[str, Any]) -> None:
    """Add `score` to each of `view["players"]` (made from the result if missing) and
    `ranking`, the seats best first (by place, then seat)."""
    rows = {int(row["seat"]): row for row in result["players"]}
    if "players" in view:
        for player in view["players"]:
            player["score"] = rows[int(player["seat"])]["score"]
            player["place"] = rows[int(player["seat"])]["place"]  # tied seats share one
    else:
        view["players"] = [{"seat": seat, "name": row["name"], "score": row["score"],
                            "place": row["place"]} for seat, row in sorted(rows.items())]
    view["ranking"] = sorted(rows, key=lambda seat: (rows[seat]["place"], seat))


def inner(game: Game) -> Any:
    """The engine under a `CardGameAdapter` (bots reason with the engine's own helpers)."""
    return game.engine if isinstance(game, CardGameAdapter) else game


def card_planner(bot_move: Callable[..., tuple[Event | None, int]]) -> BotPlanner:
    """A card engine's `bot_move` as a BotPlanner, with a human-looking delay by level."""

    def plan(game: Game, state: Any, seat: int, level: int, rng: int,
             ) -> tuple[BotPlan | None, int]:
        event, rng = bot_move(inner(game), state, seat, level, rng)
        if event is None:
            return None, rng
        return BotPlan(bot_delay(level), dict(event)), rng

    return plan
