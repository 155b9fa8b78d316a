"""Map format: checking bad maps, load errors, the shipped map, the CLI."""

from __future__ import annotations

import argparse
import copy
import io
import json
from pathlib import Path
from typing import Any

import pytest

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


def test_france_regions_is_shipped_and_valid() -> None:
    assert "france-regions" in shipped_map_names()
    for name in shipped_map_names():
        path = Path(__file__).parents[2] / "host/territory/data/maps" / f"{name}.json"
        data = json.loads(path.read_text(encoding="utf-8"))
        assert check_map(data) == [], name
        assert path.stat().st_size < 60_000


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
    assert "france-regions\t13 territories" in out.getvalue()
    parser = argparse.ArgumentParser(prog="tourelle")
    register(parser.add_subparsers(dest="command"))
    args = parser.parse_args(["maps", "check", str(write(tmp_path, "r.json", "[]"))])
    assert args.func(args) == 1
    args = parser.parse_args(["maps", "generate", "--territories", "10", "--seed", "1",
                              "-o", str(tmp_path / "g.json")])
    assert args.func(args) == 0 and (tmp_path / "g.json").exists()
