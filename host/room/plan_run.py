"""A night plan run: started (its night opened, its first game created), then game after game.

Where the host is in a plan is the host's state (journal rows `plan`, `plan_step`: the plan
and how many of its games were created), so a restart or another host device goes on from
there. The games are created by the caller (the `/host` namespace's own `create`, which
watches the game and remembers it), in the plan's night.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from host.games.contract import GameError
from host.room.plans import plan_text

if TYPE_CHECKING:
    from host.room.hub import Hub
    from host.session.core import Session

Create = Callable[[dict[str, Any]], "Session"]


def _game(games: list[dict[str, Any]], number: int) -> dict[str, Any] | None:
    """A plan's game `number` (from 1) as the host page names it: {"number", "kind",
    "title" | null, "teams"}, or None."""
    if not 1 <= number <= len(games):
        return None
    game = games[number - 1]
    return {"number": number, "kind": game["kind"], "title": game.get("title") or None,
            "teams": bool(game.get("teams"))}


def progress(hub: Hub) -> dict[str, Any] | None:
    """{"id", "name", "night", "games", "kinds", "step" (games created), "current": the
    game last created | null, "next": the game to come | null} (each {"number", "kind",
    "title", "teams"}): the plan the host runs, or None."""
    plan_id = hub.host_state.get("plan")
    plan = hub.plans.get(plan_id) if plan_id else None
    if plan is None:
        return None
    games = plan["games"]
    step = int(hub.host_state.get("plan_step") or 0)
    return {"id": plan["id"], "name": plan["name"], "night": hub.host_state.get("night"),
            "games": len(games), "kinds": [g["kind"] for g in games], "step": step,
            "current": _game(games, step), "next": _game(games, step + 1)}


def start(hub: Hub, plan_id: str, create: Create) -> Session:
    """Open the plan's night and create its first game. Every game is checked again first
    (a pack deleted since it was saved): a refusal opens nothing."""
    plan = hub.plans.get(plan_id)
    if plan is None:
        raise GameError(f"there is no plan {plan_id!r}")
    hub.plans.check(plan_text(plan), f"{plan_id}.json")
    night = hub.open_night(plan["name"], plan.get("rules"))
    hub.host_state.set(night=night, plan=plan_id, plan_step="0")
    session = create({**plan["games"][0], "night": night})
    hub.host_state.set(plan_step="1")
    return session


def next_game(hub: Hub, create: Create) -> Session:
    """The plan's next game, in its night; the break, if any, ends (the room moves on)."""
    where = progress(hub)
    if where is None:
        raise GameError("no plan is running")
    if where["next"] is None:
        raise GameError("the plan has no more games")
    night = where["night"]
    found = hub.night(night) if night else None
    if found is None or found["status"] != "open":
        raise GameError("the plan's night is over: start the plan again")
    plan = hub.plans.get(where["id"])
    assert plan is not None
    session = create({**plan["games"][where["step"]], "night": night})
    hub.host_state.set(plan_step=str(where["step"] + 1))
    hub.breaks.end()
    return session


def stop(hub: Hub) -> None:
    """The host leaves the plan (its night stays as it is)."""
    hub.host_state.set(plan=None, plan_step=None)
