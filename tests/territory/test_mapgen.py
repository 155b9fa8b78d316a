"""Generated maps: valid for every size, deterministic, shaped like a map."""

from __future__ import annotations

import re

import pytest

from host.territory.mapgen import (
    MAX_TERRITORIES,
    MIN_TERRITORIES,
    clip_half_plane,
    generate_map,
    is_simple,
    label_point,
    point_in_polygon,
    polygon_area,
)
from host.territory.maps import check_map, map_from_json, map_to_json

SEEDS = (0, 7, 2024)


# Sizes above 20 (0.5 to 1 s each) in `make test` only.
@pytest.mark.parametrize("size", [
    size if size <= 20 else pytest.param(size, marks=pytest.mark.slow)
    for size in range(MIN_TERRITORIES, MAX_TERRITORIES + 1)])
def test_every_size_passes_check_map(size: int) -> None:
    for seed in SEEDS:
        game_map = generate_map(size, seed)
        assert len(game_map.territories) == size
        assert check_map(map_to_json(game_map)) == [], (size, seed)


def test_same_seed_same_map_other_seed_other_map() -> None:
    first = generate_map(15, 42)
    assert map_to_json(generate_map(15, 42)) == map_to_json(first)
    assert map_to_json(generate_map(15, 43)) != map_to_json(first)


@pytest.mark.parametrize("bad", [8, 41, 0, -3])
def test_sizes_out_of_range_are_refused(bad: int) -> None:
    with pytest.raises(ValueError, match="between 9 and 40"):
        generate_map(bad, 1)


def test_non_integer_size_is_refused() -> None:
    with pytest.raises(ValueError, match="integer"):
        generate_map(12.5, 1)  # type: ignore[arg-type]


def test_generated_map_round_trips_through_json() -> None:
    game_map = generate_map(20, 3)
    assert map_from_json(map_to_json(game_map)) == game_map


def test_generated_map_looks_like_a_country() -> None:
    game_map = generate_map(25, 11)
    degrees = [len(game_map.neighbours(t)) for t in game_map.territories]
    # Not a grid: neighbour counts vary; every province has at least one neighbour.
    assert min(degrees) >= 1 and len(set(degrees)) >= 3
    names_fr = [t.name_fr for t in game_map.territories.values()]
    assert len(set(names_fr)) == len(names_fr)
    width, height = game_map.view_box[2], game_map.view_box[3]
    for territory in game_map.territories.values():
        numbers = [float(v) for v in re.findall(r"-?\d+(?:\.\d+)?", territory.path)]
        points = list(zip(numbers[::2], numbers[1::2], strict=True))
        assert territory.path.startswith("M") and territory.path.endswith("Z")
        assert all(0 <= x <= width and 0 <= y <= height for x, y in points)
        assert point_in_polygon(territory.label_xy, points), territory.id
        assert territory.name_fr and territory.name_en


def test_neighbours_share_a_border_segment() -> None:
    """Adjacent provinces have two outline vertices in common (an edge, not a corner)."""
    game_map = generate_map(18, 5)

    def vertices(tid: str) -> set[tuple[float, float]]:
        numbers = [float(v) for v in re.findall(r"-?\d+(?:\.\d+)?", game_map.territories[tid].path)]
        return set(zip(numbers[::2], numbers[1::2], strict=True))

    def close(a: tuple[float, float], b: tuple[float, float]) -> bool:
        return abs(a[0] - b[0]) <= 0.2 and abs(a[1] - b[1]) <= 0.2

    for tid in game_map.territories:
        mine = vertices(tid)
        for other in game_map.neighbours(tid):
            shared = [p for p in mine if any(close(p, q) for q in vertices(other))]
            assert len(shared) >= 2, (tid, other)


def test_clip_half_plane_and_helpers() -> None:
    square = [(0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (0.0, 10.0)]
    left = clip_half_plane(square, 1.0, 0.0, 4.0)  # keep x <= 4
    assert polygon_area(left) == pytest.approx(40.0)
    assert max(x for x, _ in left) == pytest.approx(4.0)
    assert clip_half_plane(square, 1.0, 0.0, -1.0) == []
    assert is_simple(square)
    bow_tie = [(0.0, 0.0), (10.0, 10.0), (10.0, 0.0), (0.0, 10.0)]
    assert not is_simple(bow_tie)
    # A "C" shape clipped by x >= 6 falls in two pieces: the result is not simple.
    c_shape = [(0.0, 0.0), (10.0, 0.0), (10.0, 3.0), (3.0, 3.0), (3.0, 7.0), (10.0, 7.0),
               (10.0, 10.0), (0.0, 10.0)]
    assert not is_simple(clip_half_plane(c_shape, -1.0, 0.0, -6.0))
    x, y = label_point(c_shape)
    assert point_in_polygon((x, y), c_shape)
