"""How the host offers a card game: the `GameKind` the four card games fill in alike.

A card game is made the same way (its settings checked at creation, so bad ones are
refused at once, and its engine wrapped in the `CardGameAdapter`); seats make the moves,
the host's one command is `end` (every kind's: "Terminer" on the host page); its bots
play through `card_planner`; its page is js/kinds/<name>.js. A game's kind.py gives only
what is its own. (Not named kind.py: the registry takes every folder with a kind.py for a
game.)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from host.cards.common.adapter import CardGameAdapter, card_planner
from host.games.contract import Event, Game, GameKind, Label, Simulator


def card_kind(name: str, title: Label, engine: Callable[[], Any],
              check_settings: Callable[[Any], object], *,
              seats: tuple[int, int],
              actions: Iterable[str],
              fields: dict[str, dict[str, tuple[type, ...]]],
              bot_move: Callable[..., tuple[Event | None, int]],
              settings: tuple[dict[str, Any], ...],
              simulate: Simulator,
              secrets: Callable[[Any, str], set[str]],
              private_keys: Iterable[str],
              order: int) -> GameKind:
    """The kind named `name`: `engine()` makes its engine, `check_settings` refuses bad
    settings (it gets the creation config's "settings", maybe None), `seats` is the
    fewest and most players, `actions` the seats' moves (`fields` their fields)."""

    def make(config: dict[str, Any]) -> Game:
        check_settings(config.get("settings"))
        return CardGameAdapter(engine())

    fewest, most = seats
    return GameKind(
        name=name,
        label=title,
        make=make,
        min_seats=fewest,
        max_seats=most,
        seat_actions=frozenset(actions),
        host_actions=frozenset({"end"}),
        fields={**fields, "end": fields.get("end", {})},
        plan_bot=card_planner(bot_move),
        settings=settings,
        simulate=simulate,
        secrets=secrets,
        page=f"js/kinds/{name}.js",
        private_keys=frozenset(private_keys),
        order=order,
        leave_out=True,
        waits_on_turns=True,
    )
