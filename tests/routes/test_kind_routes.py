"""The routes the host page's new-game form reads (no browser needed)."""

from __future__ import annotations

from host.games import registry
from host.quiz.validate import CATEGORIES
from tests.live import LiveServer
from tests.synthetic import synthetic_bank


def test_kinds_lists_every_registered_kind_with_seats_and_settings(live: LiveServer) -> None:
    kinds = {k["name"]: k for k in live.get("/api/kinds")["kinds"]}
    assert set(kinds) == set(registry.names())
    for name, kind in kinds.items():
        game = registry.kind(name)
        assert (kind["min_seats"], kind["max_seats"]) == (game.min_seats, game.max_seats)
        assert kind["label"]["fr"] and kind["label"]["en"]
        for setting in kind["settings"]:
            assert setting["type"] in ("choice", "int", "bool", "json")
            if setting["type"] == "choice":
                assert setting["default"] in [c["value"] for c in setting["choices"]]
    assert kinds["territory"]["map"] and kinds["territory"]["questions"]
    assert not kinds["buzzer"]["map"] and not kinds["buzzer"]["bots"]


def test_categories_count_the_questions_per_language(live: LiveServer) -> None:
    counts = live.get("/api/questions/categories")
    assert counts["categories"] == list(CATEGORIES)
    french = counts["languages"]["fr"]
    # The module's pack (conftest): synthetic French questions, 200 per kind, none in English.
    pack = synthetic_bank(200, "fr").questions
    assert french["total"] == len(pack)
    for category in CATEGORIES:
        assert french["categories"][category] == sum(q.category == category for q in pack)
    assert counts["languages"]["en"]["total"] == 0
    assert counts["difficulty"]["min"] < counts["difficulty"]["max"]
