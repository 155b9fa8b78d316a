"""The buzzer board as the host offers it: seats, actions, settings, page. No bots:
presses are people's reflexes."""

from __future__ import annotations

from typing import Any

from host.buzzer_board.game import HOST_ACTIONS, SEAT_ACTIONS, BuzzerGame
from host.buzzer_board.state import MAX_SEATS, MIN_SEATS
from host.games.contract import Game, GameKind
from host.games.forms import choice, integer, label


# The actions of buzzers, for every kind that has them (the quiz round's buzz round too): a
# press, to which the socket layer adds t_ns, source, u_ns and settle_ns, and the host's marks.
BUZZ_FIELDS: dict[str, dict[str, tuple[type, ...]]] = {"buzz": {}, "right": {}, "wrong": {}}


def make(config: dict[str, Any]) -> Game:
    return BuzzerGame()


SETTINGS = (
    integer("right_points", label("Points pour une bonne réponse", "Points for a right answer"),
            1, 0, 1000),
    integer("wrong_penalty", label("Pénalité d’une erreur", "Penalty for a wrong answer"),
            0, 0, 1000),
    integer("early_lockout_ms", label("Blocage si buzz trop tôt (ms)",
                                      "Lock-out for an early press (ms)"), 250, 0, 60000),
    choice("tie_rule", label("Égalité", "Ties"), "earliest_stamp",
           ("earliest_stamp", label("le plus tôt horodaté", "earliest stamp")),
           ("wired_first", label("buzzer filaire d’abord", "wired buzzer first")),
           ("random", label("au hasard", "random"))),
)

KIND = GameKind(
    name="buzzer",
    label=label("Buzzers", "Buzzer board"),
    make=make,
    min_seats=MIN_SEATS,
    max_seats=MAX_SEATS,
    seat_actions=SEAT_ACTIONS,
    host_actions=HOST_ACTIONS,
    fields={**BUZZ_FIELDS, "open": {"mode": (str,)}, "close": {}, "end": {}},
    timed_seat_actions=frozenset({"buzz"}),
    timed_host_actions=frozenset({"open", "close", "right", "wrong"}),
    press_action="buzz",
    settings=SETTINGS,
    page="js/kinds/buzzer.js",
    private_keys=frozenset({"you"}),
    order=10,
)
