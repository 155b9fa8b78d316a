"""What the host page needs to offer each game kind in its "new game" form.

The registry (host/games/registry.py) knows how to run a kind; this module
describes it for people: a label in French and English, whether it is played
on a map or with quiz questions, whether bots may sit, and its rule settings
as a small schema the page turns into form fields. A kind missing here still
gets a plain entry (its name as label, no settings).
"""

from __future__ import annotations

from typing import Any

from host.games import registry

Label = dict[str, str]


def _label(fr: str, en: str) -> Label:
    return {"fr": fr, "en": en}


def _choice(key: str, label: Label, default: str, *choices: tuple[str, Label]) -> dict[str, Any]:
    return {"key": key, "type": "choice", "default": default, "label": label,
            "choices": [{"value": value, "label": text} for value, text in choices]}


def _int(key: str, label: Label, default: int, low: int, high: int) -> dict[str, Any]:
    return {"key": key, "type": "int", "default": default, "label": label, "min": low, "max": high}


def _bool(key: str, label: Label, default: bool = False) -> dict[str, Any]:
    return {"key": key, "type": "bool", "default": default, "label": label}


KINDS: dict[str, dict[str, Any]] = {
    "territory": {
        "label": _label("Territoires", "Territory"),
        "map": True, "questions": True, "bots": True,
        "settings": [
            _choice("attack_adjacency", _label("Attaque voisine", "Attack neighbours only"),
                    "rounds_1_3",
                    ("rounds_1_3", _label("manches 1 à 3", "rounds 1 to 3")),
                    ("always", _label("toujours", "always")),
                    ("never", _label("jamais", "never"))),
            _choice("defence_bonus", _label("Bonus de défense", "Defence bonus"), "tiebreak",
                    ("tiebreak", _label("si gagné en rapidité", "when won on speed")),
                    ("any_hold", _label("à chaque défense", "on every hold")),
                    ("off", _label("aucun", "none"))),
            _int("numeric_seconds", _label("Temps question chiffrée (s)",
                                           "Number question time (s)"), 20, 1, 600),
            _int("choice_seconds", _label("Temps QCM (s)", "Multiple choice time (s)"),
                 15, 1, 600),
            _int("pick_seconds", _label("Temps de choix (s)", "Choosing time (s)"), 10, 1, 600),
            _int("reveal_seconds", _label("Temps de révélation (s)", "Reveal time (s)"),
                 6, 1, 600),
        ],
    },
    "buzzer": {
        "label": _label("Buzzers", "Buzzer board"),
        "map": False, "questions": False, "bots": False,
        "settings": [
            _int("right_points",
                 _label("Points pour une bonne réponse", "Points for a right answer"), 1, 0, 1000),
            _int("wrong_penalty", _label("Pénalité d’une erreur", "Penalty for a wrong answer"),
                 0, 0, 1000),
            _int("early_lockout_ms", _label("Blocage si buzz trop tôt (ms)",
                                            "Lock-out for an early press (ms)"), 250, 0, 60000),
            _choice("tie_rule", _label("Égalité", "Ties"), "earliest_stamp",
                    ("earliest_stamp", _label("le plus tôt horodaté", "earliest stamp")),
                    ("wired_first", _label("buzzer filaire d’abord", "wired buzzer first")),
                    ("random", _label("au hasard", "random"))),
        ],
    },
    "russian-bank": {
        "label": _label("Crapette", "Russian Bank"),
        "map": False, "questions": False, "bots": True,
        "settings": [
            _choice("stack_moves", _label("Déplacement de piles", "Stack moves"), "simple",
                    ("off", _label("interdit", "off")),
                    ("simple", _label("simple", "simple")),
                    ("doubling", _label("doublant", "doubling"))),
            _bool("stop_mode", _label("Mode « stop »", "Stop mode")),
            _int("reserve_size", _label("Taille de la réserve", "Reserve size"), 13, 1, 30),
        ],
    },
    "q-squared-joe": {
        "label": _label("Q² Joe", "Q² Joe"),
        "map": False, "questions": False, "bots": True,
        "settings": [
            _bool("open_cards", _label("Cartes ouvertes", "Open cards")),
            _choice("field_attack", _label("Attaque du terrain", "Field attack"), "whole",
                    ("whole", _label("tout le terrain", "whole field")),
                    ("stack", _label("une pile", "one stack"))),
            _choice("resource_take", _label("Prise de ressource", "Resource take"), "top",
                    ("top", _label("celle du dessus", "top card")),
                    ("any", _label("n’importe laquelle", "any card"))),
            _bool("choose_hand_target", _label("Choisir la carte attaquée",
                                               "Choose the attacked hand card")),
        ],
    },
    "watchtower": {
        "label": _label("Tour de guet", "Watchtower"),
        "map": False, "questions": False, "bots": True,
        "settings": [
            _bool("assassins", _label("Assassins : le 7 gagne pour l’attaquant",
                                      "Assassins: a 7 wins for the attacker"), True),
            _choice("limit_scope", _label("Limite de trois défis", "Three-challenge limit"),
                    "card",
                    ("card", _label("par carte", "per card")),
                    ("attacker", _label("par attaquant", "per attacker"))),
            _choice("setup_burn", _label("Brûlage avant la partie", "Burn before play"),
                    "no_rival_tower",
                    ("no_rival_tower", _label("si aucun rival n’a de tour",
                                              "if no rival has a tower")),
                    ("always", _label("toujours", "always")),
                    ("never", _label("jamais", "never"))),
            _int("challenges_per_turn", _label("Défis par tour", "Challenges per turn"), 1, 1, 5),
            _choice("showdown_even", _label("Ligne paire à la confrontation",
                                            "Even showdown line"), "drop",
                    ("drop", _label("retirer une carte", "drop a card")),
                    ("keep", _label("garder", "keep"))),
            _int("tie_replays", _label("Rejeux en cas d’égalité", "Tie replays"), 50, 1, 500),
            _int("move_limit", _label("Limite de coups (nulle)", "Move limit (draw)"),
                 3000, 50, 20000),
            _int("turn_seconds", _label("Temps par décision (s, 0 : sans limite)",
                                        "Time per decision (s, 0: no limit)"), 0, 0, 600),
        ],
    },
    "challengers": {
        "label": _label("Challengers!", "Challengers!"),
        "map": False, "questions": False, "bots": True,
        "settings": [
            _int("turn_seconds", _label("Temps par phase de deck / révélation (s, 0 : sans limite)",
                                        "Time per deck phase / reveal (s, 0: no limit)"),
                 0, 0, 600),
            _int("robot_level", _label("Niveau du robot", "Robot level"), 1, 1, 5),
            _bool("solo_challenge", _label("Défi solo (1 joueur)", "Solo challenge (1 player)")),
        ],
    },
}


def describe(name: str) -> dict[str, Any]:
    """One kind as /api/kinds lists it: seats from the registry, the rest from KINDS."""
    kind = registry.kind(name)
    meta = KINDS.get(name, {})
    return {
        "name": name,
        "label": meta.get("label", _label(name, name)),
        "min_seats": kind.min_seats,
        "max_seats": kind.max_seats,
        "map": bool(meta.get("map", False)),
        "questions": bool(meta.get("questions", False)),
        "bots": bool(meta.get("bots", False)),
        "settings": list(meta.get("settings", [])),
    }


def all_kinds() -> list[dict[str, Any]]:
    """Every registered kind, territory first (the default), then by name."""
    names = registry.names()
    first = ["territory"] if "territory" in names else []
    ordered = first + [n for n in names if n != "territory"]
    return [describe(name) for name in ordered]
