"""A game added in one place: a package outside host/, named in TOURELLE_GAMES, reaches the
registry, the host form's /api/kinds, the command line and the pages without editing any file."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from host.app import create_app
from host.config import HostConfig
from host.games import registry

TOY = "tests.fixtures.toy_game"
ROOT = Path(__file__).resolve().parents[2]


def test_the_built_in_kinds_are_found_by_their_kind_files() -> None:
    assert registry.names() == sorted(
        ["territory", "buzzer", "russian-bank", "q-squared-joe", "watchtower", "challengers",
         "quiz-round"])
    assert [k.name for k in registry.all_kinds()][0] == "territory"  # the form's default


def test_a_package_named_in_tourelle_games_joins_and_leaves(monkeypatch: pytest.MonkeyPatch,
                                                            tmp_path: Path) -> None:
    assert "toy" not in registry.names()
    monkeypatch.setenv(registry.EXTRA_ENV, TOY)
    assert "toy" in registry.names()
    app, _socketio, hub = create_app(HostConfig(data_dir=tmp_path, resume=False,
                                                bundled_packs=False))
    try:
        client = app.test_client()
        kinds = {k["name"]: k for k in client.get("/api/kinds").get_json()["kinds"]}
        assert kinds["toy"]["label"] == {"fr": "Course à 21", "en": "Race to 21"}
        assert (kinds["toy"]["min_seats"], kinds["toy"]["max_seats"]) == (2, 3)
        assert kinds["toy"]["bots"] and kinds["toy"]["settings"][0]["key"] == "unused"
        page = client.get("/screen").get_data(as_text=True)
        assert "js/kinds/watchtower.js" in page  # every kind's script, none for the toy
        session = hub.create_game("toy", [{"name": "A", "bot": 1}, {"name": "B", "bot": 2}],
                                  seed=3)
        assert session.kind.name == "toy"
    finally:
        hub.close()
    monkeypatch.delenv(registry.EXTRA_ENV)
    assert "toy" not in registry.names()


def test_the_command_line_simulates_the_new_kind() -> None:
    env = {**os.environ, registry.EXTRA_ENV: TOY, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-m", "host", "simulate", "toy", "--games", "30",
                           "--players", "3", "--seed", "4"], env=env, cwd=ROOT,
                          capture_output=True, text=True, timeout=60, check=True)
    out = json.loads(done.stdout)
    assert out["game"] == "toy" and out["players"] == 3 and sum(out["wins"]) == 30
    refused = subprocess.run([sys.executable, "-m", "host", "simulate", "toy", "--players",
                              "5"], env=env, cwd=ROOT, capture_output=True, text=True,
                             timeout=60)
    assert refused.returncode == 2 and "2 to 3 players" in refused.stdout


def test_two_packages_with_one_name_are_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(registry.EXTRA_ENV, f"{TOY},{TOY}")
    with pytest.raises(ValueError, match="two game packages are named 'toy'"):
        registry.names()
