"""Q Squared Joe NG as the host offers it: the settings form and the simulator's report."""

from __future__ import annotations

import json

import pytest

from host.serve import cli
from host.cards.q_squared_joe import GAME, SIMULATOR
from host.cards.q_squared_joe.kind import KIND, simulate
from host.cards.q_squared_joe.state import FIELD_MODES, Settings
from host.games.forms import defaults, describe
from host.games.simulate import game_seed


def setting(key: str) -> dict:
    return next(field for field in describe(KIND)["settings"] if field["key"] == key)


def test_the_form_offers_the_stack_field_attack_and_says_why_in_both_languages() -> None:
    field = setting("field_attack")
    assert field["type"] == "choice" and field["default"] == "whole"  # the text stays the default
    assert [choice["value"] for choice in field["choices"]] == list(FIELD_MODES)
    # One line that says what the two readings are and which one gives longer games.
    assert "parties plus longues" in field["label"]["fr"] and "règle" in field["label"]["fr"]
    assert "longer games" in field["label"]["en"] and "rule" in field["label"]["en"]
    stack = next(choice for choice in field["choices"] if choice["value"] == "stack")
    assert "plus longues" in stack["label"]["fr"] and "longer" in stack["label"]["en"]


def test_every_form_setting_is_a_setting_of_the_engine_and_its_defaults_are_accepted() -> None:
    assert Settings.from_dict(defaults(KIND)) == Settings()
    for field in describe(KIND)["settings"]:
        assert field["label"]["fr"] and field["label"]["en"]
        for choice in field.get("choices", []):
            Settings.from_dict({field["key"]: choice["value"]})


def test_the_hand_target_setting_says_it_needs_open_cards() -> None:
    field = setting("choose_hand_target")
    assert "cartes ouvertes" in field["label"]["fr"] and "open cards" in field["label"]["en"]


@pytest.mark.parametrize("mode", FIELD_MODES)
def test_simulate_counts_the_first_players_wins(mode: str) -> None:
    settings = {"field_attack": mode}
    report = simulate(20, seed=5, players=2, settings=settings)
    game = GAME()
    seats = [{"seat": seat, "name": "", "bot": 5} for seat in range(2)]
    expected = 0
    for index in range(20):
        seed = game_seed(5, index)
        first = game.setup(settings, seats, seed).turn
        expected += SIMULATOR.play(settings, [5, 5], seed, game).winner == first
    assert report["first_player_wins"] == expected
    assert sum(report["wins"].values()) + report["draws"] == 20


def test_the_command_line_reports_the_stack_variants_longer_games(
    capsys: pytest.CaptureFixture[str],
) -> None:
    reports = []
    for mode in FIELD_MODES:
        code = cli.main(["cards", "simulate", "q-squared-joe", "--players", "2", "--games", "40",
                         "--seed", "3", "--setting", f"field_attack={mode}"])
        assert code == 0
        reports.append(json.loads(capsys.readouterr().out))
    whole, stack = reports
    assert 0 <= whole["first_player_wins"] <= 40 and 0 <= stack["first_player_wins"] <= 40
    assert stack["median_moves"] > 4 * whole["median_moves"]
