"""`tourelle questions count`: kinds with true/false apart, categories, difficulties, and the
shares with an explanation and with a date, per language (host/quiz/counts.py)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from quiz_helpers import DROP, good_question

from host.quiz.cli import main


def row(out: str, label: str) -> list[str]:
    """The cells of the table's row named `label`."""
    found = next(line for line in out.splitlines() if line.strip().startswith(label + " ")
                 or line.strip() == label)
    return found[18:].split()


@pytest.fixture
def packs(write_pack: Callable[..., Path]) -> list[Path]:
    french = write_pack([
        good_question(id="fr-vf-001", prompt="Le Danube passe à Vienne.", options=["Vrai", "Faux"],
                      answer="Vrai", explain="Vienne est sur le Danube."),
        good_question(id="fr-vf-002", prompt="Le Rhin passe à Vienne.", options=["Faux", "Vrai"],
                      answer="Faux", difficulty=3),
        good_question(id="fr-geo-003", prompt="Quel fleuve passe à Vienne ?", as_of=2024),
        good_question(id="fr-geo-004", prompt="Capitale de l'Autriche ?", kind="text",
                      options=DROP, answer="Vienne", category="history"),
    ], name="fr.yaml", pack="fr-test", language="fr")
    english = write_pack([
        # "Vrai"/"Faux" in an English pack is not the English true/false pair
        good_question(id="en-geo-001", prompt="True?", options=["True", "False"], answer="True"),
        good_question(id="en-geo-002", prompt="Vrai?", options=["Vrai", "Faux"], answer="Vrai"),
        good_question(id="en-geo-003", prompt="How many?", kind="numeric", options=DROP,
                      answer=3, as_of="2020-05-01", explain="Three."),
    ], name="en.yaml", pack="en-test")
    return [french, english]


def test_count_splits_true_false_from_other_choices_per_language(
        packs: list[Path], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["questions", "count", *map(str, packs)]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0].split() == ["en", "fr"]
    assert row(out, "questions") == ["3", "100.0%", "4", "100.0%"]
    assert row(out, "true/false") == ["1", "33.3%", "2", "50.0%"]
    assert row(out, "other choice") == ["1", "33.3%", "1", "25.0%"]
    assert row(out, "numeric") == ["1", "33.3%", "0", "0.0%"]
    assert row(out, "text") == ["0", "0.0%", "1", "25.0%"]
    assert row(out, "geography") == ["3", "100.0%", "3", "75.0%"]
    assert row(out, "history") == ["0", "0.0%", "1", "25.0%"]
    assert row(out, "2") == ["3", "100.0%", "3", "75.0%"]
    assert row(out, "3") == ["0", "0.0%", "1", "25.0%"]
    assert row(out, "an explanation") == ["1", "33.3%", "1", "25.0%"]
    assert row(out, "as_of (dated)") == ["1", "33.3%", "1", "25.0%"]


def test_count_of_one_language(packs: list[Path], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["questions", "count", "--language", "fr", *map(str, packs)]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0].split() == ["fr"]
    assert row(out, "true/false") == ["2", "50.0%"]


def test_count_defaults_to_the_bundled_packs(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["questions", "count"]) == 0
    out = capsys.readouterr().out
    assert int(row(out, "questions")[0]) > 1000 and int(row(out, "as_of (dated)")[2]) > 0
