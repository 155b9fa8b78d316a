"""A night plan as one file (JSON or YAML), read and checked with the line of each problem.

The file (docs/PROTOCOL.md, "Night plans"):

    tourelle: plan          # what the file is
    version: 1
    name: Quiz du jeudi     # the night's name, 1 to 40 characters
    rules: {default: {places: [10, 6, 3]}}   # the night's points (optional)
    games:                  # 1 to 30, in order: each the host form's `create` payload
      - {kind: quiz-round, language: fr, seats: [{name: Rouge}, {}], settings: {...},
         questions: {language: fr, packs: [quiz-du-jeudi]}, teams: true}

`id`, `created` and `updated` are the host's own (kept in a saved file, ignored on import).
The file is composed into YAML nodes first (JSON is YAML), as question packs are
(host/quiz/packs.py), so each problem names its line; the first problem refuses the file.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import yaml
from yaml.constructor import SafeConstructor

from host.games.contract import GameError
from host.people.night import NightError, parse_rules
from host.room.game_request import GAME_FIELDS, read_game
from host.schema import BadMessage

FORMAT = "plan"
VERSION = 1
MAX_NAME = 40
MAX_GAMES = 30
MAX_BYTES = 512 * 1024
TOP_FIELDS = ("tourelle", "version", "id", "name", "rules", "games", "created", "updated")
# Words of a game's refusal and the field it is about, when it names none in quotes.
HINTS = (("seat", "seats"), ("bot", "seats"), ("pack", "questions"), ("question", "questions"),
         ("categor", "questions"), ("difficult", "questions"), ("map", "map"),
         ("setting", "settings"), ("team", "teams"), ("pace", "pace"))
LOADER: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class PlanError(ValueError):
    """A plan refused: which file, which line (None: the file as a whole), what is wrong."""

    code = "bad_plan"

    def __init__(self, file: str, line: int | None, problem: str) -> None:
        self.file, self.line, self.problem = file, line, problem
        where = file if line is None else f"{file}, line {line}"
        super().__init__(f"{where}: {problem}")


def _line(node: yaml.Node) -> int:
    return int(node.start_mark.line) + 1


def _compose(text: str, file: str) -> yaml.MappingNode:
    try:
        root = yaml.compose(text.replace("\t", "  "), Loader=LOADER)
    except yaml.MarkedYAMLError as err:
        mark = err.problem_mark or err.context_mark
        raise PlanError(file, None if mark is None else mark.line + 1,
                        f"not valid JSON or YAML: {err.problem or err.context}") from None
    except yaml.YAMLError as err:
        raise PlanError(file, None, f"not valid JSON or YAML: {err}") from None
    if root is None:
        raise PlanError(file, 1, "the file is empty")
    if not isinstance(root, yaml.MappingNode):
        raise PlanError(file, _line(root), "a plan is a mapping with tourelle, version, name "
                                           "and games")
    return root


def _fields(node: yaml.MappingNode, file: str, allowed: tuple[str, ...],
            what: str) -> dict[str, yaml.Node]:
    found: dict[str, yaml.Node] = {}
    for key_node, value_node in node.value:
        key = str(key_node.value)
        if key in found:
            raise PlanError(file, _line(key_node), f"{key!r} is given twice")
        if key not in allowed:
            raise PlanError(file, _line(key_node), f"unknown field {key!r} in {what}")
        found[key] = value_node
    return found


def read_plan(text: str, file: str,
              check_game: Callable[[str, list[dict[str, Any]], dict[str, Any]], None]
              ) -> dict[str, Any]:
    """The plan in `text` as a dict (tourelle, version, name, rules?, games), every game
    checked by `check_game(kind, seats, options)` (the Hub's: GameError says why not);
    PlanError names the file, the line and the problem."""
    if len(text.encode("utf-8", "replace")) > MAX_BYTES:
        raise PlanError(file, None, f"the file is too large (at most {MAX_BYTES // 1024} KB)")
    root = _compose(text, file)
    fields = _fields(root, file, TOP_FIELDS, "the plan")
    construct = SafeConstructor().construct_document

    def value(name: str) -> Any:
        return construct(fields[name]) if name in fields else None

    for name in ("tourelle", "version", "name", "games"):
        if name not in fields:
            raise PlanError(file, _line(root), f"the plan has no {name!r}")
    if value("tourelle") != FORMAT:
        raise PlanError(file, _line(fields["tourelle"]), "'tourelle' must be 'plan'")
    if value("version") != VERSION:
        raise PlanError(file, _line(fields["version"]),
                        f"this host reads plans of version {VERSION}")
    name = value("name")
    if not isinstance(name, str) or not name.strip() or len(name.strip()) > MAX_NAME:
        raise PlanError(file, _line(fields["name"]),
                        f"'name' is a text of 1 to {MAX_NAME} characters")
    plan: dict[str, Any] = {"tourelle": FORMAT, "version": VERSION, "name": name.strip()}
    if "rules" in fields:
        try:
            parse_rules(value("rules"))
        except NightError as err:
            raise PlanError(file, _line(fields["rules"]), str(err)) from None
        plan["rules"] = value("rules")
    games_node = fields["games"]
    if not isinstance(games_node, yaml.SequenceNode) or not games_node.value:
        raise PlanError(file, _line(games_node), "'games' is a list of 1 or more games")
    if len(games_node.value) > MAX_GAMES:
        raise PlanError(file, _line(games_node.value[MAX_GAMES]),
                        f"a plan holds at most {MAX_GAMES} games")
    plan["games"] = [_read_game(node, number, file, construct, check_game)
                     for number, node in enumerate(games_node.value, start=1)]
    return plan


def _read_game(node: yaml.Node, number: int, file: str, construct: Callable[[yaml.Node], Any],
               check_game: Callable[[str, list[dict[str, Any]], dict[str, Any]], None]
               ) -> dict[str, Any]:
    if not isinstance(node, yaml.MappingNode):
        raise PlanError(file, _line(node), f"game {number} is not a mapping")
    fields = _fields(node, file, GAME_FIELDS, f"game {number}")
    game = {key: construct(value) for key, value in fields.items()}

    def where(err: Exception) -> int:
        """The line of the field the problem is about ('seats', a bot level...), else the
        game's own."""
        said = str(err)
        named = [key for key in fields if f"'{key}'" in said]
        named += [key for word, key in HINTS if word in said and key in fields]
        return _line(fields[named[0]]) if named else _line(node)

    if "kind" not in game:
        raise PlanError(file, _line(node), f"game {number} has no 'kind'")
    try:
        request = read_game(game)
        check_game(request.kind, request.seats, request.options)
    except (BadMessage, GameError, ValueError, KeyError, TypeError) as err:
        raise PlanError(file, where(err), f"game {number}: {err}") from None
    return game
