"""The `tourelle` command as a user runs it: demo, replay, version, and the wheel's contents."""

from __future__ import annotations

import json
import subprocess
import sys
import time
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def tourelle(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "host", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=300)


def test_version() -> None:
    out = tourelle("version")
    assert out.returncode == 0 and out.stdout.startswith("tourelle ")


def test_headless_demo_then_replay_print_the_same_result(tmp_path: Path) -> None:
    demo = tourelle("demo", "--headless", "--fast", "--seed", "11", "--json",
                    "--data", str(tmp_path))
    assert demo.returncode == 0, demo.stderr
    result = json.loads(demo.stdout)
    assert result["status"] == "over"
    assert result["winner"] in [p["name"] for p in result["players"]]
    for player in result["players"]:
        assert player["score"] == sum(t["value"] for t in player["territories"]) + player["bonus"]
    replay = tourelle("replay", result["journal"], "--game", result["game"], "--json")
    assert replay.returncode == 0, replay.stderr
    replayed = json.loads(replay.stdout)
    assert replayed["players"] == result["players"]
    assert replayed["winner"] == result["winner"]


@pytest.mark.slow  # two whole demo games: in `make test`, not the `make unit` loop
def test_the_same_seed_plays_the_same_game(tmp_path: Path) -> None:
    runs = [json.loads(tourelle("demo", "--headless", "--fast", "--seed", "4", "--players", "4",
                                "--json", "--data", str(tmp_path / str(i))).stdout)
            for i in range(2)]
    assert runs[0]["players"] == runs[1]["players"]


def test_replay_of_a_missing_journal_says_so(tmp_path: Path) -> None:
    out = tourelle("replay", str(tmp_path / "nope.sqlite"))
    assert out.returncode == 2 and "no journal" in out.stderr


@pytest.mark.slow
def test_the_wheel_ships_templates_questions_maps_and_static_files(tmp_path: Path) -> None:
    built = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps",
                            "--no-build-isolation", "-w", str(tmp_path), str(ROOT)],
                           capture_output=True, text=True, timeout=300)
    assert built.returncode == 0, built.stderr
    (wheel,) = tmp_path.glob("tourelle-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    for wanted in ("host/_bundled/templates/screen.html", "host/_bundled/questions/schema.json",
                   "host/_bundled/questions/packs/en-general.yaml",
                   "host/territory/data/maps/france-regions.json",
                   "host/static/vendor/socket.io.min.js", "buzzers/gpio.py"):
        assert wanted in names, wanted
    assert not any(name.startswith("tests/") for name in names)


@pytest.mark.slow
def test_the_served_demo_plays_bot_games_one_after_another(tmp_path: Path, packs: Path) -> None:
    from tests.live import LiveServer, Peer

    server = LiveServer(data=tmp_path / "data", packs=packs,
                        command=("demo", "--pace", "0.02", "--map", "generated:10:1")).start()
    try:
        screen = Peer(server, "/screen")
        assert screen.call("watch", {})["ok"]
        first = screen.wait_for(lambda s: s["meta"]["status"] == "running", timeout=30)
        screen.wait_for(lambda s: s["meta"]["status"] == "over", timeout=180)
        deadline = time.monotonic() + 60
        while len(server.get("/api/games")["games"]) < 2 and time.monotonic() < deadline:
            time.sleep(0.2)
        games = server.get("/api/games")["games"]
        assert len(games) >= 2 and games[0]["id"] == first["meta"]["game"]
        screen.close()
    finally:
        server.stop()


def test_a_new_host_key_never_begins_with_a_dash() -> None:
    from host.config import new_key

    keys = [new_key() for _ in range(3000)]  # the old keys began with "-" 1 time in 64
    assert all(key[0].isalnum() for key in keys)
    assert len(set(keys)) == len(keys)


def test_a_key_beginning_with_a_dash_is_still_read_as_the_key() -> None:
    from host.serve.cli import build_parser, join_values

    argv = ["buzzers", "run", "--host", "http://10.0.0.2:8340", "--key", "-k3y_", "--no-keys"]
    args = build_parser().parse_args(join_values(argv))
    assert args.key == "-k3y_" and args.no_keys
    assert join_values(["key", "--rotate"]) == ["key", "--rotate"]
