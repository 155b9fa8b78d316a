"""Map format: checking bad maps, load errors, the shipped map, the CLI."""

from __future__ import annotations

import argparse
import copy
import dataclasses
import io
import json
from pathlib import Path
from typing import Any

import pytest

from host.territory.gamemap import GameMap
from host.territory.maps import (
    MapError,
    check_map,
    has_independent_set,
    load_map,
    map_from_json,
    map_to_json,
    shipped_map_names,
)
from host.territory.maps_cli import check_command, generate_command, list_command, register

SQUARE = "M0 0L10 0L10 10L0 10Z"


def ring_map(size: int = 8) -> dict[str, Any]:
    """A valid little map: territories t0..t(size-1) in a cycle."""
    ids = [f"t{k}" for k in range(size)]
    return {
        "format": 1,
        "id": "ring",
        "name_fr": "Anneau",
        "name_en": "Ring",
        "view_box": [0, 0, 100, 100],
        "territories": [
            {"id": i, "name_fr": f"{i} fr", "name_en": f"{i} en", "path": SQUARE, "label": [5, 5]}
            for i in ids
        ],
        "adjacency": {
            i: [ids[(k - 1) % size], ids[(k + 1) % size]] for k, i in enumerate(ids)
        },
    }


def test_valid_ring_map_has_no_problems() -> None:
    assert check_map(ring_map()) == []


def problems_after(change: Any) -> list[str]:
    data = ring_map()
    change(data)
    return check_map(data)


def test_asymmetric_adjacency_is_reported() -> None:
    problems = problems_after(lambda d: d["adjacency"]["t0"].append("t4"))
    assert any("not symmetric" in p and "'t0'" in p and "'t4'" in p for p in problems)


def test_self_link_is_reported() -> None:
    problems = problems_after(lambda d: d["adjacency"]["t2"].append("t2"))
    assert any("own neighbour" in p and "'t2'" in p for p in problems)


def test_unknown_ids_are_reported() -> None:
    def change(d: dict[str, Any]) -> None:
        d["adjacency"]["t1"].append("atlantis")
        d["adjacency"]["mu"] = ["t1"]

    problems = problems_after(change)
    assert any("'atlantis'" in p for p in problems)
    assert any("'mu'" in p for p in problems)


def test_disconnected_map_is_reported() -> None:
    def change(d: dict[str, Any]) -> None:
        # Cut the ring into two arcs: t0..t3 and t4..t7.
        d["adjacency"]["t3"].remove("t4")
        d["adjacency"]["t4"].remove("t3")
        d["adjacency"]["t7"].remove("t0")
        d["adjacency"]["t0"].remove("t7")

    problems = problems_after(change)
    assert any("not connected" in p for p in problems)


def test_a_link_can_connect_a_map() -> None:
    data = ring_map()
    data["adjacency"]["t3"].remove("t4")
    data["adjacency"]["t4"].remove("t3")
    data["adjacency"]["t7"].remove("t0")
    data["adjacency"]["t0"].remove("t7")
    data["links"] = [["t3", "t4"]]
    assert check_map(data) == []


def test_bad_links_are_reported() -> None:
    def change(d: dict[str, Any]) -> None:
        d["links"] = [["t0", "t0"], ["t0", "nowhere"], ["t0", "t1"], "t5"]

    problems = problems_after(change)
    assert any("to itself" in p for p in problems)
    assert any("'nowhere'" in p for p in problems)
    assert any("already adjacent" in p for p in problems)
    assert any("pair of territory ids" in p for p in problems)


def test_missing_outline_is_reported() -> None:
    problems = problems_after(lambda d: d["territories"][3].update(path=""))
    assert any("'t3'" in p and "outline" in p for p in problems)


@pytest.mark.parametrize("key", ["name_fr", "name_en"])
def test_missing_territory_name_is_reported(key: str) -> None:
    problems = problems_after(lambda d: d["territories"][5].pop(key))
    assert any("'t5'" in p and key in p for p in problems)


@pytest.mark.parametrize("key", ["id", "name_fr", "name_en"])
def test_missing_map_header_is_reported(key: str) -> None:
    problems = problems_after(lambda d: d.pop(key))
    assert any(repr(key) in p for p in problems)


def test_bad_view_box_and_label_are_reported() -> None:
    def change(d: dict[str, Any]) -> None:
        d["view_box"] = [0, 0, 100]
        d["territories"][0]["label"] = "middle"

    problems = problems_after(change)
    assert any("view_box" in p for p in problems)
    assert any("'t0'" in p and "label" in p for p in problems)


def test_duplicate_territory_id_is_reported() -> None:
    problems = problems_after(lambda d: d["territories"].append(copy.deepcopy(d["territories"][0])))
    assert any("duplicate" in p and "'t0'" in p for p in problems)


def test_not_an_object_is_reported() -> None:
    assert check_map([1, 2]) != []
    assert check_map({"territories": []}) != []


def test_too_few_castle_sites_for_four_players() -> None:
    # In a ring of 8, t0, t2, t4, t6 are pairwise apart; sites t0..t4 hold at most 3.
    problems = problems_after(lambda d: d.update(castle_sites=["t0", "t1", "t2", "t3", "t4"]))
    assert any("castle sites" in p and "4 players" in p for p in problems)
    assert problems_after(lambda d: d.update(castle_sites=["t0", "t2", "t4", "t6"])) == []


def test_small_map_without_castle_room_is_reported() -> None:
    data = ring_map(6)  # a ring of 6 has at most 3 pairwise non-adjacent territories
    assert any("castle sites" in p for p in check_map(data))


def test_unknown_castle_site_is_reported() -> None:
    problems = problems_after(lambda d: d.update(castle_sites=["t0", "t2", "t4", "keep"]))
    assert any("'keep'" in p for p in problems)


def test_independent_set_search() -> None:
    square = {"a": ["b", "d"], "b": ["a", "c"], "c": ["b", "d"], "d": ["c", "a"]}
    assert has_independent_set("abcd", square, 2)
    assert not has_independent_set("abcd", square, 3)
    assert not has_independent_set("ab", square, 2)


def test_json_round_trip_keeps_the_map() -> None:
    data = ring_map()
    data["adjacency"]["t3"].remove("t4")
    data["adjacency"]["t4"].remove("t3")
    data["links"] = [["t3", "t4"]]
    data["castle_sites"] = ["t0", "t2", "t4", "t6"]
    game_map = map_from_json(data)
    assert "t4" in game_map.neighbours("t3")  # links join the adjacency
    again = map_from_json(map_to_json(game_map))
    assert again == game_map
    assert map_to_json(again)["adjacency"]["t3"] == ["t2"]  # links stay out of adjacency


# --- loading ------------------------------------------------------------------------


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_load_map_from_a_path(tmp_path: Path) -> None:
    path = write(tmp_path, "ring.json", json.dumps(ring_map()))
    game_map = load_map(str(path))
    assert sorted(game_map.territories) == [f"t{k}" for k in range(8)]
    assert game_map.neighbours("t0") == {"t1", "t7"}


def test_load_invalid_map_names_file_and_problem(tmp_path: Path) -> None:
    data = ring_map()
    data["territories"][2]["path"] = ""
    path = write(tmp_path, "broken.json", json.dumps(data))
    with pytest.raises(MapError) as caught:
        load_map(str(path))
    assert "broken.json" in str(caught.value)
    assert "'t2'" in str(caught.value) and "outline" in str(caught.value)


def test_load_bad_json_names_file(tmp_path: Path) -> None:
    path = write(tmp_path, "garbled.json", "{not json")
    with pytest.raises(MapError, match="garbled.json.*not valid JSON"):
        load_map(str(path))


def test_load_missing_file_and_unknown_name(tmp_path: Path) -> None:
    with pytest.raises(MapError, match="nothing-here.json"):
        load_map(str(tmp_path / "nothing-here.json"))
    with pytest.raises(MapError, match="no shipped map"):
        load_map("no-such-map")
    assert issubclass(MapError, ValueError)


# --- shipped maps ---------------------------------------------------------------------


MAPS_DIR = Path(__file__).parents[2] / "host/territory/data/maps"
# The real maps built by tools/build_real_map.py (docs/MAPS.md) and their sizes.
REAL_MAPS = {
    "france-regions": 13,
    "france-regions-2015": 22,
    "germany-states": 16,
    "europe-countries": 16,
}


def test_the_real_maps_are_shipped() -> None:
    assert set(REAL_MAPS) <= set(shipped_map_names())


@pytest.mark.parametrize("name", shipped_map_names())
def test_shipped_map_is_valid(name: str) -> None:
    path = MAPS_DIR / f"{name}.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    assert check_map(data) == [], name
    assert data["id"] == name
    assert path.stat().st_size < 60_000
    if name in REAL_MAPS:
        assert len(data["territories"]) == REAL_MAPS[name]
        assert "Natural Earth" in data["source"]


def path_rings(path: str) -> list[list[tuple[float, float]]]:
    """The closed rings of SVG path data made of M, L and Z only (as the maps are)."""
    rings = []
    for part in path.split("M")[1:]:
        assert part.endswith("Z"), part[-20:]
        points = [tuple(map(float, pair.split())) for pair in part[:-1].split("L")]
        rings.append([(x, y) for x, y in points])
    return rings


def inside(point: tuple[float, float], rings: list[list[tuple[float, float]]]) -> bool:
    """Even-odd rule over every ring, as the projector fills the path."""
    x, y = point
    crossings = 0
    for ring in rings:
        for (ax, ay), (bx, by) in zip(ring, ring[1:] + ring[:1], strict=True):
            if (ay > y) != (by > y) and ax + (y - ay) * (bx - ax) / (by - ay) > x:
                crossings += 1
    return crossings % 2 == 1


@pytest.mark.parametrize("name", shipped_map_names())
def test_labels_sit_inside_their_territory(name: str) -> None:
    game_map = load_map(name)
    for territory in game_map.territories.values():
        assert inside(territory.label_xy, path_rings(territory.path)), territory.id


Box = tuple[float, float, float, float]


def label_boxes(game_map: GameMap) -> dict[str, list[Box]]:
    """Where each territory's name, value and castle may be drawn, in viewBox units.

    From the projector's drawing (drawMap in host/static/js/common.js, .label in
    host/static/css/app.css): a label group scaled by max(width, height)/1000,
    the name (18 px) on a baseline 34 above the label point, the value (26 px)
    8 below it, or 36 below with a castle (66 wide, 8 above the point). Text is
    counted 0.66 em a character plus its 5 px outline: an estimate, on the safe side.
    A castle site gets its castle and a 4-digit value, since any site may hold one.
    """
    scale = max(game_map.view_box[2], game_map.view_box[3]) / 1000
    boxes = {}
    for tid, t in game_map.territories.items():
        x, y = t.label_xy
        castle = tid in game_map.sites()
        half_name = (0.66 * 18 * len(t.name_fr) + 5) / 2
        half_value = (78 if castle else 60) / 2
        top, bottom = (15, 38.5) if castle else (-13, 10.5)
        parts = [(-half_name, -52.5, half_name, -27), (-half_value, top, half_value, bottom)]
        if castle:
            parts.append((-35, -22, 35, 4))
        boxes[tid] = [
            (x + a * scale, y + b * scale, x + c * scale, y + d * scale) for a, b, c, d in parts
        ]
    return boxes


def label_clashes(game_map: GameMap) -> list[tuple[str, str]]:
    """Pairs of territories whose label boxes overlap."""
    boxes = label_boxes(game_map)
    ids = sorted(boxes)
    return [
        (a, b)
        for index, a in enumerate(ids)
        for b in ids[index + 1:]
        if any(
            p[0] < q[2] and q[0] < p[2] and p[1] < q[3] and q[1] < p[3]
            for p in boxes[a]
            for q in boxes[b]
        )
    ]


@pytest.mark.parametrize("name", sorted(REAL_MAPS))
def test_labels_do_not_overlap(name: str) -> None:
    """Names, values and castles of different territories never cover each other."""
    assert label_clashes(load_map(name)) == []


def test_label_clash_is_found() -> None:
    france = load_map("france-regions-2015")
    x, y = france.territories["picardie"].label_xy
    moved = dataclasses.replace(france.territories["haute-normandie"], label_xy=(x - 60, y + 20))
    crowded = dataclasses.replace(
        france, territories={**france.territories, "haute-normandie": moved}
    )
    assert ("haute-normandie", "picardie") in label_clashes(crowded)


@pytest.mark.parametrize("name", sorted(REAL_MAPS))
def test_land_neighbours_share_a_border_line(name: str) -> None:
    """Adjacency comes from shared borders: both outlines hold the same border vertices."""
    game_map = load_map(name)
    vertices = {
        tid: {p for ring in path_rings(t.path) for p in ring}
        for tid, t in game_map.territories.items()
    }
    links = {frozenset(link) for link in game_map.links}
    for tid, others in game_map.adjacency.items():
        for other in others:
            if frozenset((tid, other)) not in links:
                assert len(vertices[tid] & vertices[other]) >= 2, (tid, other)


def test_france_regions_geography() -> None:
    france = load_map("france-regions")
    assert len(france.territories) == 13
    assert france.neighbours("bretagne") == {"normandie", "pays-de-la-loire"}
    assert "ile-de-france" in france.neighbours("centre-val-de-loire")
    assert france.neighbours("corse") == {"provence-alpes-cote-d-azur"}  # by sea only
    assert ("corse", "provence-alpes-cote-d-azur") in france.links
    assert "corse" not in france.sites()
    assert "Natural Earth" in france.source
    for territory in france.territories.values():
        assert territory.name_fr and territory.name_en
        x, y = territory.label_xy
        assert 0 <= x <= france.view_box[2] and 0 <= y <= france.view_box[3]


def test_france_regions_2015_geography() -> None:
    france = load_map("france-regions-2015")
    assert france.neighbours("bretagne") == {"basse-normandie", "pays-de-la-loire"}
    assert france.neighbours("alsace") == {"lorraine", "franche-comte"}
    assert france.neighbours("nord-pas-de-calais") == {"picardie"}
    assert france.neighbours("ile-de-france") == {
        "haute-normandie", "picardie", "champagne-ardenne", "bourgogne", "centre"
    }
    assert france.neighbours("limousin") == {
        "centre", "poitou-charentes", "aquitaine", "midi-pyrenees", "auvergne"
    }
    assert france.neighbours("corse") == {"provence-alpes-cote-d-azur"}  # by sea only
    assert france.links == (("corse", "provence-alpes-cote-d-azur"),)
    assert "corse" not in france.sites()
    assert france.territories["basse-normandie"].name_en == "Lower Normandy"


def test_germany_states_geography() -> None:
    germany = load_map("germany-states")
    assert germany.neighbours("berlin") == {"brandebourg"}
    assert germany.neighbours("breme") == {"basse-saxe"}
    assert germany.neighbours("hambourg") == {"schleswig-holstein", "basse-saxe"}
    assert germany.neighbours("sarre") == {"rhenanie-palatinat"}
    assert germany.neighbours("baviere") == {"bade-wurtemberg", "hesse", "thuringe", "saxe"}
    assert germany.links == ()  # every state is reached by land
    assert not {"berlin", "breme", "hambourg"} & set(germany.sites())
    assert germany.territories["baviere"].name_en == "Bavaria"


def test_europe_countries_geography() -> None:
    europe = load_map("europe-countries")
    assert europe.neighbours("portugal") == {"espagne"}
    assert europe.neighbours("espagne") == {"portugal", "france"}
    assert europe.neighbours("irlande") == {"royaume-uni"}
    assert europe.neighbours("royaume-uni") == {"irlande", "france"}  # France by sea
    assert europe.links == (("royaume-uni", "france"),)
    assert europe.neighbours("suisse") == {"france", "allemagne", "autriche", "italie"}
    assert europe.neighbours("allemagne") == {
        "danemark", "pays-bas", "belgique", "france", "suisse", "autriche", "tchequie", "pologne"
    }
    assert europe.neighbours("italie") == {"france", "suisse", "autriche"}
    assert europe.neighbours("hongrie") == {"autriche", "slovaquie"}
    assert "luxembourg" not in europe.territories  # too small: a gap in the map
    assert europe.territories["tchequie"].name_en == "Czechia"


# --- CLI ----------------------------------------------------------------------------------


def test_cli_check_reports_ok_and_problems(tmp_path: Path) -> None:
    good = write(tmp_path, "good.json", json.dumps(ring_map()))
    bad_data = ring_map()
    bad_data["adjacency"]["t0"].append("t0")
    bad = write(tmp_path, "bad.json", json.dumps(bad_data))
    out = io.StringIO()
    assert check_command([str(good)], out) == 0
    assert "good.json: OK" in out.getvalue()
    out = io.StringIO()
    assert check_command([str(good), str(bad)], out) == 1
    assert "good.json: OK" in out.getvalue()
    assert "bad.json: territory 't0' is listed as its own neighbour" in out.getvalue()


def test_cli_generate_writes_a_valid_file(tmp_path: Path) -> None:
    target = tmp_path / "gen.json"
    assert generate_command(12, 5, str(target), io.StringIO()) == 0
    assert check_map(json.loads(target.read_text(encoding="utf-8"))) == []
    out = io.StringIO()
    assert generate_command(12, 5, None, out) == 0
    assert out.getvalue() == target.read_text(encoding="utf-8")
    assert generate_command(3, 5, None, io.StringIO()) == 2


def test_cli_list_and_argparse_wiring(tmp_path: Path) -> None:
    out = io.StringIO()
    assert list_command(out) == 0
    for name, size in REAL_MAPS.items():
        assert f"{name}\t{size} territories" in out.getvalue()
    parser = argparse.ArgumentParser(prog="tourelle")
    register(parser.add_subparsers(dest="command"))
    args = parser.parse_args(["maps", "check", str(write(tmp_path, "r.json", "[]"))])
    assert args.func(args) == 1
    args = parser.parse_args(["maps", "generate", "--territories", "10", "--seed", "1",
                              "-o", str(tmp_path / "g.json")])
    assert args.func(args) == 0 and (tmp_path / "g.json").exists()
