"""Map files: the JSON format (docs/MAPS.md), loading, checking and writing.

`check_map` works on the raw JSON data and returns every problem it finds, so a
map author sees them all at once; `load_map` refuses a map with any problem by
raising `MapError`, naming the file.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any, TypeVar

from host.territory.gamemap import GameMap, Territory

FORMAT_VERSION = 1
MAPS_DIR = Path(__file__).parent / "data" / "maps"
# Castles need pairwise non-adjacent sites for every player count up to this.
MAX_PLAYERS = 4


class MapError(ValueError):
    """A map file that cannot be read or fails `check_map`; the message names the file."""


def shipped_map_names() -> list[str]:
    """Names of the maps shipped with Tourelle (usable with `load_map`)."""
    return sorted(p.stem for p in MAPS_DIR.glob("*.json"))


@functools.cache
def shipped_map_titles() -> dict[str, dict[str, str]]:
    """Each shipped map's title by language, for the host page's menu: {name: {fr, en}}."""
    titles = {}
    for name in shipped_map_names():
        game_map = load_map(name)
        titles[name] = {"fr": game_map.name_fr, "en": game_map.name_en}
    return titles


def load_map(name_or_path: str) -> GameMap:
    """A shipped map by name (see `shipped_map_names`) or a map file by path."""
    path = _resolve(name_or_path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise MapError(f"{path}: cannot read map file ({exc.strerror or exc})") from exc
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise MapError(f"{path}: not valid JSON ({exc})") from exc
    return map_from_json(data, origin=str(path))


def _resolve(name_or_path: str) -> Path:
    looks_like_path = (
        "/" in name_or_path or "\\" in name_or_path or name_or_path.endswith(".json")
    )
    if looks_like_path:
        return Path(name_or_path)
    shipped = MAPS_DIR / f"{name_or_path}.json"
    if shipped.is_file():
        return shipped
    if Path(name_or_path).is_file():
        return Path(name_or_path)
    known = ", ".join(shipped_map_names()) or "none"
    raise MapError(f"{name_or_path}: no shipped map of that name (shipped: {known})")


def map_from_json(data: Any, origin: str = "<map data>") -> GameMap:
    """The GameMap for checked JSON data; raises MapError listing the problems."""
    problems = check_map(data)
    if problems:
        raise MapError(f"{origin}: " + "; ".join(problems))
    territories = {
        t["id"]: Territory(
            id=t["id"],
            name_fr=t["name_fr"],
            name_en=t["name_en"],
            path=t["path"],
            label_xy=(float(t["label"][0]), float(t["label"][1])),
        )
        for t in data["territories"]
    }
    links = tuple((a, b) for a, b in data.get("links", []))
    neighbours: dict[str, set[str]] = {tid: set() for tid in territories}
    for tid, others in data["adjacency"].items():
        neighbours[tid].update(others)
    for a, b in links:
        neighbours[a].add(b)
        neighbours[b].add(a)
    return GameMap(
        id=data["id"],
        name_fr=data["name_fr"],
        name_en=data["name_en"],
        view_box=(
            float(data["view_box"][0]),
            float(data["view_box"][1]),
            float(data["view_box"][2]),
            float(data["view_box"][3]),
        ),
        territories=territories,
        adjacency={tid: frozenset(ns) for tid, ns in neighbours.items()},
        links=links,
        castle_sites=tuple(data.get("castle_sites", [])),
        source=data.get("source", ""),
        extra=dict(data.get("extra", {})),
    )


def map_to_json(m: GameMap) -> dict[str, Any]:
    """The JSON form of a map (the inverse of `map_from_json`)."""
    linked = {frozenset(link) for link in m.links}
    adjacency = {
        tid: sorted(n for n in m.neighbours(tid) if frozenset((tid, n)) not in linked)
        for tid in m.territories
    }
    data: dict[str, Any] = {
        "format": FORMAT_VERSION,
        "id": m.id,
        "name_fr": m.name_fr,
        "name_en": m.name_en,
        "view_box": list(m.view_box),
        "territories": [
            {
                "id": t.id,
                "name_fr": t.name_fr,
                "name_en": t.name_en,
                "path": t.path,
                "label": [t.label_xy[0], t.label_xy[1]],
            }
            for t in m.territories.values()
        ],
        "adjacency": adjacency,
    }
    if m.links:
        data["links"] = [list(link) for link in m.links]
    if m.castle_sites:
        data["castle_sites"] = list(m.castle_sites)
    if m.source:
        data["source"] = m.source
    if m.extra:
        data["extra"] = dict(m.extra)
    return data


def write_map(m: GameMap, path: str | Path) -> None:
    """Write a map as a JSON file (compact territories, one per line, for small diffs)."""
    Path(path).write_text(dump_map_json(map_to_json(m)), encoding="utf-8")


def dump_map_json(data: Mapping[str, Any]) -> str:
    """Map JSON text with one territory per line: small, yet readable in a diff."""
    lines = ["{"]
    items = list(data.items())
    for index, (key, value) in enumerate(items):
        comma = "," if index < len(items) - 1 else ""
        if key == "territories":
            rows = [json.dumps(t, ensure_ascii=False) for t in value]
            body = ",\n    ".join(rows)
            lines.append(f'  "territories": [\n    {body}\n  ]{comma}')
        else:
            lines.append(f"  {json.dumps(key)}: {json.dumps(value, ensure_ascii=False)}{comma}")
    lines.append("}")
    return "\n".join(lines) + "\n"


# --- checking ---------------------------------------------------------------


def check_map(data: Any) -> list[str]:
    """Every problem with raw map data, as readable sentences; empty means valid."""
    if not isinstance(data, dict):
        return ["a map must be a JSON object"]
    problems = _check_header(data)
    ids, territory_problems = _check_territories(data.get("territories"))
    problems += territory_problems
    if not ids:
        return problems
    graph, graph_problems = _check_adjacency(data.get("adjacency"), ids)
    problems += graph_problems
    problems += _check_links(data.get("links", []), ids, graph)
    if not graph_problems:
        problems += _check_connected(graph)
    problems += _check_castle_sites(data.get("castle_sites", []), ids, graph)
    return problems


def _is_text(value: Any) -> bool:
    return isinstance(value, str) and value.strip() != ""


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _check_header(data: dict[str, Any]) -> list[str]:
    problems = []
    if data.get("format", FORMAT_VERSION) != FORMAT_VERSION:
        problems.append(f"unsupported format {data.get('format')!r} (expected {FORMAT_VERSION})")
    for key in ("id", "name_fr", "name_en"):
        if not _is_text(data.get(key)):
            problems.append(f"missing or empty {key!r}")
    box = data.get("view_box")
    if not (isinstance(box, list) and len(box) == 4 and all(_is_number(v) for v in box)):
        problems.append("'view_box' must be a list of 4 numbers [x, y, width, height]")
    elif box[2] <= 0 or box[3] <= 0:
        problems.append("'view_box' width and height must be positive")
    if "source" in data and not isinstance(data["source"], str):
        problems.append("'source' must be a string")
    if "extra" in data and not isinstance(data["extra"], dict):
        problems.append("'extra' must be an object")
    return problems


def _check_territories(territories: Any) -> tuple[list[str], list[str]]:
    """The valid territory ids in order, and the problems found."""
    if not isinstance(territories, list) or not territories:
        return [], ["'territories' must be a non-empty list"]
    ids: list[str] = []
    problems = []
    for index, t in enumerate(territories):
        if not isinstance(t, dict) or not _is_text(t.get("id")):
            problems.append(f"territory #{index} has no id")
            continue
        tid = t["id"]
        if tid in ids:
            problems.append(f"duplicate territory id {tid!r}")
            continue
        ids.append(tid)
        for key in ("name_fr", "name_en"):
            if not _is_text(t.get(key)):
                problems.append(f"territory {tid!r} has no {key}")
        if not _is_text(t.get("path")):
            problems.append(f"territory {tid!r} has no outline (empty 'path')")
        label = t.get("label")
        if not (isinstance(label, list) and len(label) == 2 and all(map(_is_number, label))):
            problems.append(f"territory {tid!r} needs 'label' as [x, y]")
    return ids, problems


def _check_adjacency(adjacency: Any, ids: list[str]) -> tuple[dict[str, set[str]], list[str]]:
    """The neighbour graph (only known ids) and the problems found."""
    graph: dict[str, set[str]] = {tid: set() for tid in ids}
    if not isinstance(adjacency, dict):
        return graph, ["'adjacency' must be an object of id -> list of ids"]
    problems = []
    for tid, others in adjacency.items():
        if tid not in graph:
            problems.append(f"adjacency names unknown territory {tid!r}")
            continue
        if not isinstance(others, list) or not all(isinstance(o, str) for o in others):
            problems.append(f"adjacency of {tid!r} must be a list of ids")
            continue
        for other in others:
            if other == tid:
                problems.append(f"territory {tid!r} is listed as its own neighbour")
            elif other not in graph:
                problems.append(f"adjacency of {tid!r} names unknown territory {other!r}")
            else:
                graph[tid].add(other)
    for a, b in sorted((x, y) for x in graph for y in graph[x]):
        if a not in graph[b]:
            problems.append(f"adjacency is not symmetric: {a!r} lists {b!r} but not the reverse")
    return graph, problems


def _check_links(links: Any, ids: list[str], graph: dict[str, set[str]]) -> list[str]:
    """Check the extra links and add them to `graph`."""
    if not isinstance(links, list):
        return ["'links' must be a list of [id, id] pairs"]
    problems = []
    known = set(ids)
    for link in links:
        is_pair = isinstance(link, list) and len(link) == 2
        if not (is_pair and all(isinstance(x, str) for x in link)):
            problems.append(f"link {link!r} must be a pair of territory ids")
            continue
        a, b = link
        unknown = [x for x in (a, b) if x not in known]
        if unknown:
            problems.append(f"link {a!r}-{b!r} names unknown territory {unknown[0]!r}")
        elif a == b:
            problems.append(f"link {a!r}-{b!r} joins a territory to itself")
        elif b in graph[a]:
            problems.append(f"link {a!r}-{b!r} repeats a neighbour already adjacent")
        else:
            graph[a].add(b)
            graph[b].add(a)
    return problems


def _check_connected(graph: dict[str, set[str]]) -> list[str]:
    start = next(iter(graph))
    seen = {start}
    todo = [start]
    while todo:
        for other in graph[todo.pop()]:
            if other not in seen:
                seen.add(other)
                todo.append(other)
    cut_off = sorted(set(graph) - seen)
    if cut_off:
        shown = ", ".join(repr(t) for t in cut_off[:5]) + (" ..." if len(cut_off) > 5 else "")
        return [f"map is not connected: cannot reach {shown} from {start!r}"]
    return []


def _check_castle_sites(sites: Any, ids: list[str], graph: dict[str, set[str]]) -> list[str]:
    if not isinstance(sites, list) or not all(isinstance(s, str) for s in sites):
        return ["'castle_sites' must be a list of territory ids"]
    unknown = [s for s in sites if s not in graph]
    if unknown:
        return [f"castle site {unknown[0]!r} is not a territory"]
    if len(set(sites)) != len(sites):
        return ["'castle_sites' lists a territory twice"]
    candidates = sites or ids
    if not has_independent_set(candidates, graph, MAX_PLAYERS):
        need = MAX_PLAYERS
        return [f"castle sites cannot seat {need} players: no {need} are pairwise non-adjacent"]
    return []


Site = TypeVar("Site", str, int)  # a territory id (a map file) or index (a board)


def has_independent_set(
    candidates: Iterable[Site], graph: Mapping[Site, Iterable[Site]], size: int
) -> bool:
    """Whether `size` of the candidates are pairwise non-adjacent (backtracking search)."""
    pool = sorted(set(candidates))
    neighbours = {c: set(graph.get(c, ())) for c in pool}

    def extend(chosen: list[Site], start: int) -> bool:
        if len(chosen) == size:
            return True
        for index in range(start, len(pool)):
            if len(chosen) + len(pool) - index < size:
                return False
            site = pool[index]
            free = all(site not in neighbours[c] for c in chosen)
            if free and extend(chosen + [site], index + 1):
                return True
        return False

    return extend([], 0)

