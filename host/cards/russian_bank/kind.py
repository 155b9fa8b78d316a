"""Russian Bank (Crapette) as the host offers it: two seats, moves, settings, bots, simulator,
page."""

from __future__ import annotations

from typing import Any

from host.cards.russian_bank.bots import bot_move
from host.cards.russian_bank.game import SEAT_TYPES, RussianBank
from host.cards.russian_bank.state import Settings, State
from host.cards.russian_bank.secrets import secrets
from host.cards.common.offer import card_kind
from host.games.forms import boolean, choice, integer, label
from host import rng
from host.games.simulate import Outcome, Simulator


def check_settings(raw: dict[str, Any] | None) -> None:
    Settings.parse(dict(raw or {}))


SETTINGS = (
    choice("stack_moves", label("Déplacement de piles", "Stack moves"), "simple",
           ("off", label("interdit", "off")),
           ("simple", label("simple", "simple")),
           ("doubling", label("doublant", "doubling"))),
    boolean("stop_mode", label("Mode « stop »", "Stop mode")),
    integer("reserve_size", label("Taille de la réserve", "Reserve size"), 13, 1, 30),
)



def outcome(game: RussianBank, state: State, players: int) -> Outcome:
    result = game.result(state)
    end = "move_limit" if state.over == "move_cap" else str(state.over)  # one name for all kinds
    return Outcome(result["winner"], list(result["scores"]), state.moves, end)


# Bot games: game i from seed + i, both bots at level 3 unless told; the waiting bot is
# asked first (it may call stop), then the player on turn.
SIMULATOR = Simulator(
    RussianBank, bot_move, movers=lambda game, state: (1 - state.turn, state.turn),
    outcome=outcome, default_level=3,
    game_seed=lambda seed, index: seed + index,
    bot_seed=lambda seed, seat: rng.derive(seed, f"russian-bank-bot-{seat}"),
)
simulate = SIMULATOR.run

KIND = card_kind(
    "russian-bank", label("Crapette", "Russian Bank"), RussianBank, check_settings,
    seats=(2, 2),
    actions=SEAT_TYPES,
    fields={
        "move": {"from": (str,), "to": (str,), "count": (int,)},
        "draw": {},
        "pass": {},
        "stop": {},
    },
    bot_move=bot_move,
    settings=SETTINGS,
    simulate=simulate,
    secrets=secrets,
    private_keys={"you"},
    order=20,
)
