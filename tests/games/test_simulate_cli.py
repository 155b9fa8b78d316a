"""`tourelle cards simulate`: levels, robot level and settings reach the games; one report."""

from __future__ import annotations

import json

import pytest

from host.serve import cli


def simulate(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = cli.main(["cards", "simulate", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_the_report_names_wins_per_seat_and_the_robot(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = simulate(capsys, "challengers", "--players", "1", "--levels", "5",
                            "--robot-level", "1", "--games", "20", "--seed", "3")
    report = json.loads(out)
    assert code == 0 and report["levels"] == [5]
    assert set(report["wins"]) == {"0", "robot"}
    assert sum(report["wins"].values()) + report["draws"] == 20
    assert report["ends"]["move_limit"] == 0 and sum(report["ends"].values()) == 20
    assert report["median_moves"] > 0 and report["average_moves"] > 0


def test_the_robot_level_changes_the_games(capsys: pytest.CaptureFixture[str]) -> None:
    reports = [json.loads(simulate(capsys, "challengers", "--players", "1", "--robot-level",
                                   str(level), "--games", "20", "--seed", "3")[1])
               for level in (1, 5)]
    assert reports[0]["wins"] != reports[1]["wins"]


def test_a_setting_reaches_the_engine(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = simulate(capsys, "watchtower", "--players", "3", "--games", "3", "--seed",
                            "2", "--setting", "move_limit=50")
    report = json.loads(out)
    assert code == 0 and report["ends"]["move_limit"] == 3 and report["draws"] == 3


@pytest.mark.parametrize(("args", "message"), [
    (["watchtower", "--setting", "nope=1"], "known keys are"),
    (["watchtower", "--setting", "move_limit=many"], "whole number"),
    (["watchtower", "--setting", "move_limit=1"], "move_limit"),
    (["watchtower", "--robot-level", "2"], "has no robot"),
    (["challengers", "--players", "2", "--levels", "5"], "needs 2 levels"),
    (["challengers", "--levels", "five"], "whole numbers"),
])
def test_bad_options_are_refused_with_the_reason(capsys: pytest.CaptureFixture[str],
                                                 args: list[str], message: str) -> None:
    code, out, err = simulate(capsys, *args)
    assert code == 2 and out == "" and message in err
