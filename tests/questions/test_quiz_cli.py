"""`tourelle questions ...` through host.quiz.cli.main."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from quiz_helpers import SAMPLES

from host.quiz.cli import main
from host.quiz.memory import QuestionMemory


def test_check_good_files_exits_0(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["questions", "check", str(SAMPLES / "good.yaml"), str(SAMPLES / "good.json")])
    out = capsys.readouterr().out
    assert code == 0
    assert out.splitlines()[-1] == "6 good questions in 2 files: 0 errors, 0 warnings"


def test_check_prints_each_problem_and_exits_1(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["questions", "check", str(SAMPLES / "mixed.yaml")])
    out = capsys.readouterr().out
    assert code == 1
    assert f"{SAMPLES / 'mixed.yaml'}:" in out and "is not one of the options" in out
    assert out.splitlines()[-1] == "2 good questions in 1 files: 7 errors, 0 warnings"


def test_check_a_folder_and_an_empty_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["questions", "check", str(tmp_path)]) == 1
    assert "no pack files" in capsys.readouterr().err
    (tmp_path / "p.yaml").write_bytes((SAMPLES / "good.yaml").read_bytes())
    assert main(["questions", "check", str(tmp_path)]) == 0


def test_stats_of_given_packs(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["questions", "stats", str(SAMPLES / "good.yaml"), str(SAMPLES / "good.json")]) == 0
    text = capsys.readouterr().out
    assert text.startswith("6 questions, 0 with a picture\n")
    assert "language   en 4, fr 2" in text
    assert main(["questions", "stats", "--json", str(SAMPLES / "good.yaml")]) == 0
    stats = json.loads(capsys.readouterr().out)
    assert stats["kind"] == {"choice": 2, "numeric": 2}
    assert stats["category"] == {"geography": 2, "history": 1, "science": 1}


def test_stats_defaults_to_the_bundled_packs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "fr.json").write_bytes((SAMPLES / "good.json").read_bytes())
    monkeypatch.setattr("host.quiz.bank.bundled_packs_dir", lambda: tmp_path)
    assert main(["questions", "stats", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["language"] == {"fr": 2}


def test_import_writes_a_pack_the_format_checks_accept(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "trivia.yaml"
    code = main(
        [
            "questions",
            "import",
            "gift",
            str(SAMPLES / "quiz.gift"),
            "-o",
            str(out),
            "--language",
            "en",
            "--category",
            "science",
            "--title",
            "Trivia",
        ]
    )
    printed = capsys.readouterr().out
    assert code == 0
    assert "warning: quiz.gift:" in printed and f"wrote 11 questions to {out}" in printed
    pack = yaml.safe_load(out.read_text("utf-8"))
    assert (pack["pack"], pack["language"], pack["title"]) == ("trivia", "en", "Trivia")
    assert {q["category"] for q in pack["questions"]} == {"science"}
    assert pack["questions"][0]["id"] == "en-trivia-001"
    # quiz.gift tests escapes, not quiz quality: the format checks pass, and the quality
    # checks (host/quiz/lint.py) find only the one option that gives its answer away.
    assert main(["questions", "check", str(out)]) == 1
    printed = capsys.readouterr().out
    lines = [
        line for line in printed.splitlines() if line.startswith(f"{out}:") and "question '" in line
    ]
    assert len(lines) == 1
    assert "the answer 'Yes, 1:2' is the only option that contains a number" in lines[0]


def test_import_titles_a_pack_in_its_language(tmp_path: Path) -> None:
    for language, title in (("fr", "Importé de quiz.gift"), ("en", "Imported from quiz.gift")):
        out = tmp_path / f"quiz-{language}.yaml"
        main(["questions", "import", "gift", str(SAMPLES / "quiz.gift"), "-o", str(out),
              "--language", language, "--category", "science"])
        assert yaml.safe_load(out.read_text("utf-8"))["title"] == title


def test_import_refuses_to_overwrite_and_reports_bad_input(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "p.yaml"
    out.write_text("keep me", "utf-8")
    assert main(["questions", "import", "csv", str(SAMPLES / "questions.csv"), "-o", str(out)]) == 1
    assert out.read_text("utf-8") == "keep me"
    assert (
        main(
            [
                "questions",
                "import",
                "csv",
                str(SAMPLES / "quiz.gift"),
                "-o",
                str(tmp_path / "x.yaml"),
            ]
        )
        == 1
    )
    assert "missing column" in capsys.readouterr().err
    assert not (tmp_path / "x.yaml").exists()
    assert (
        main(
            [
                "questions",
                "import",
                "csv",
                str(SAMPLES / "questions.csv"),
                "-o",
                str(out),
                "--force",
            ]
        )
        == 0
    )


def test_reset_memory(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["questions", "reset-memory", "--data", str(tmp_path)]) == 0
    assert "nothing to forget" in capsys.readouterr().out
    with QuestionMemory.in_dir(tmp_path) as memory:
        memory.mark_used(["en-geo-001", "en-geo-002"])
    assert main(["questions", "reset-memory", "--data", str(tmp_path)]) == 0
    assert "forgot 2 questions" in capsys.readouterr().out
    with QuestionMemory.in_dir(tmp_path) as memory:
        assert memory.used() == {}
