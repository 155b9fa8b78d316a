"""The territory quiz as the host offers it: seats, actions, settings, bots, page."""

from __future__ import annotations

from typing import Any

from host.games.contract import BotPlan, Game, GameError, GameKind
from host.games.forms import choice, integer, label
from host.territory import bots
from host.territory.game import TerritoryGame
from host.territory.gamemap import GameMap
from host.territory.mapgen import generate_map
from host.territory.maps import load_map, shipped_map_names
from host.territory.modes import check_players

DEFAULT_MAP = "france-regions"


def map_by_name(name: str) -> GameMap:
    """A shipped map (by name only, never a path) or generated:<territories>:<seed>.

    ValueError says what is wrong with the name.
    """
    if name.startswith("generated:"):
        _, count, seed = (name.split(":") + ["", ""])[:3]
        if not (count.isdigit() and seed.isdigit()):
            raise ValueError("a generated map is named generated:<territories>:<seed>")
        return generate_map(int(count), int(seed))
    if name not in shipped_map_names():
        raise ValueError(f"no shipped map {name!r}")
    return load_map(name)


# The question kinds a territory game asks (expansion/speed/final: numeric; duel: choice).
# A bank without one of them is refused when the game is created (QuestionBank.require_kinds).
QUESTION_KINDS = ("numeric", "choice")


def make(config: dict[str, Any]) -> Game:
    """The game on its map: a shipped name, generated:<N>:<seed>, or a map file the host gave."""
    _check_mode_seats(config)
    name = str(config.get("map") or DEFAULT_MAP)
    if name == DEFAULT_MAP and DEFAULT_MAP not in shipped_map_names():
        shipped = shipped_map_names()
        name = shipped[0] if shipped else "generated:18:1"
    try:
        return TerritoryGame(map_by_name(name) if name.startswith("generated:") else load_map(name))
    except ValueError as err:
        raise GameError(str(err)) from None


def _check_mode_seats(config: dict[str, Any]) -> None:
    """A duel game is refused when it is created with other than 2 seats (setup checks again)."""
    settings = config.get("settings") or {}
    seats = config.get("seats")
    if isinstance(settings, dict) and isinstance(seats, list):
        check_players(str(settings.get("mode", "classic")), len(seats))


def plan_bot(game: Game, state: Any, seat: int, level: int, rng: int,
             ) -> tuple[BotPlan | None, int]:
    assert isinstance(game, TerritoryGame)
    move, rng = bots.bot_move(game, state, seat, level, rng)
    if move is None:
        return None, rng
    return BotPlan(move.delay_seconds, dict(move.event)), rng


# The mode, with the one line the host form shows under it (docs/rules/territory.md, "Modes").
MODE_SETTING = {
    **choice("mode", label("Mode de jeu", "Game mode"), "classic",
             ("classic", label("classique (2 à 4 joueurs)", "classic (2 to 4 players)")),
             ("duel", label("duel (2 joueurs)", "duel (2 players)")),
             ("campaign", label("campagne longue (2 à 4 joueurs)",
                                "long campaign (2 to 4 players)"))),
    "help": label(
        "Classique : les règles françaises. Duel : à deux, choix alternés après chaque "
        "question chiffrée. Campagne : bases choisies, QCM sur un territoire visé, 6 manches.",
        "Classic: the French rules. Duel: two players, alternating picks after each number "
        "question. Campaign: bases chosen, multiple choice on a marked territory, 6 rounds."),
}

SETTINGS = (
    MODE_SETTING,
    choice("attack_adjacency", label("Attaque voisine", "Attack neighbours only"), "rounds_1_3",
           ("rounds_1_3", label("manches 1 à 3", "rounds 1 to 3")),
           ("always", label("toujours", "always")),
           ("never", label("jamais", "never"))),
    choice("defence_bonus", label("Bonus de défense", "Defence bonus"), "tiebreak",
           ("tiebreak", label("si gagné en rapidité", "when won on speed")),
           ("any_hold", label("à chaque défense", "on every hold")),
           ("off", label("aucun", "none"))),
    integer("numeric_seconds", label("Temps question chiffrée (s)", "Number question time (s)"),
            20, 1, 600),
    integer("choice_seconds", label("Temps QCM (s)", "Multiple choice time (s)"), 15, 1, 600),
    integer("pick_seconds", label("Temps de choix (s)", "Choosing time (s)"), 10, 1, 600),
    integer("reveal_seconds", label("Temps de révélation (s)", "Reveal time (s)"), 6, 1, 600),
)

KIND = GameKind(
    name="territory",
    label=label("Territoires", "Territory"),
    make=make,
    min_seats=2,
    max_seats=4,
    seat_actions=frozenset({"answer", "pick", "attack"}),
    host_actions=frozenset({"skip", "continue", "override", "end"}),
    fields={
        "answer": {"value": (int,)},
        "pick": {"territory": (str,)},
        "attack": {"territory": (str,)},
        "skip": {},
        "continue": {},
        "override": {"seat": (int,), "correct": (bool,)},
        "end": {},
    },
    plan_bot=plan_bot,
    timed_seat_actions=frozenset({"answer"}),
    settings=SETTINGS,
    uses_map=True,
    uses_questions=True,
    question_kinds=QUESTION_KINDS,
    page="js/kinds/territory.js",
    private_keys=frozenset({"audience", "your_answer"}),
    order=0,
)
