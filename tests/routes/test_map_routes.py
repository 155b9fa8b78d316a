"""The map routes the screens draw from (no browser needed)."""

from __future__ import annotations

import urllib.error
import urllib.request

import pytest

from tests.live import LiveServer


def test_map_routes_serve_shipped_and_generated_maps(live: LiveServer) -> None:
    listing = live.get("/api/maps")
    assert listing["default"] in listing["maps"]
    # Each shipped map's title in both languages, for the host page's menu (not its file name).
    assert set(listing["titles"]) == set(listing["maps"])
    assert listing["titles"]["france-regions"] == {"fr": "France : les 13 régions",
                                                   "en": "France: the 13 regions"}
    shipped = live.get("/api/maps/" + listing["default"])
    assert shipped["id"] == listing["default"]
    assert all(t["path"].startswith("M") for t in shipped["territories"])
    generated = live.get("/api/maps/generated:12:1")
    assert len(generated["territories"]) == 12
    assert set(generated["adjacency"]) == {t["id"] for t in generated["territories"]}


@pytest.mark.parametrize("name", ["nowhere", "generated:x:1", "..%2F..%2Fpyproject.toml"])
def test_unknown_or_path_like_map_names_are_404(live: LiveServer, name: str) -> None:
    with pytest.raises(urllib.error.HTTPError) as caught:
        urllib.request.urlopen(f"{live.url}/api/maps/{name}", timeout=5)
    assert caught.value.code == 404
