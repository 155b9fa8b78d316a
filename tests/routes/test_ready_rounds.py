"""GET /api/questions/rounds: the host form's ready rounds, the bundled ones with the bundled
packs (questions/rounds/ beside questions/packs/), none without them."""

from __future__ import annotations

from pathlib import Path

from tests.routes.test_packs_api import start


def test_the_bundled_ready_rounds_are_listed_with_the_bundled_packs(tmp_path: Path) -> None:
    host = start(tmp_path, bundled=True)
    try:
        rounds = host.call("GET", "/api/questions/rounds", key=None).get_json()["rounds"]
    finally:
        host.hub.close()
    by_id = {(r["language"], r["id"]): r for r in rounds}
    capitals = by_id["fr", "capitales"]
    assert capitals["title"] == "Capitales" and 8 <= len(capitals["ids"]) <= 10
    assert all(qid.startswith("fr-") for qid in capitals["ids"])
    assert by_id["en", "dates-in-order"]["title"] == "Dates in order"
    assert sum(r["language"] == "fr" for r in rounds) >= 12
    assert sum(r["language"] == "en" for r in rounds) >= 12


def test_no_ready_round_without_the_bundled_packs(tmp_path: Path) -> None:
    host = start(tmp_path)
    try:
        assert host.call("GET", "/api/questions/rounds", key=None).get_json() == {"rounds": []}
    finally:
        host.hub.close()
