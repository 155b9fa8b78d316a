"""Picture questions: the `image` field, the picture file checks, stats, the bundled packs."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from quiz_helpers import SAMPLES, line_of

from host.quiz.bank import QuestionBank
from host.quiz.cli import main
from host.quiz.packs import load_pack, load_packs
from host.quiz.question import IMAGE_ROUTE
from host.quiz.pictures import MAX_IMAGE_BYTES, check_image_file, check_image_ref
from host.quiz.validate import check_question

PICTURES = SAMPLES / "pictures"
PACK = PICTURES / "pack.yaml"
ROOT = Path(__file__).resolve().parents[2]
BUNDLED = ROOT / "questions" / "packs"
PNG = (PICTURES / "img" / "tower.png").read_bytes()
SVG_HEAD = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">'


def _write(tmp_path: Path, name: str, data: bytes | str) -> Path:
    path = tmp_path / name
    if isinstance(data, str):
        path.write_text(data, encoding="utf-8")
    else:
        path.write_bytes(data)
    return path


# ---- one file ---------------------------------------------------------------------------

def test_good_pictures_have_no_problem(tmp_path: Path) -> None:
    assert check_image_file(PICTURES / "img" / "tower.png") == []
    assert check_image_file(PICTURES / "img" / "badge.svg") == []
    jpeg = _write(tmp_path, "a.jpeg", b"\xff\xd8\xff\xe0" + b"\x00" * 40)
    webp = _write(tmp_path, "a.webp", b"RIFF\x20\x00\x00\x00WEBPVP8 " + b"\x00" * 20)
    assert check_image_file(jpeg) == [] and check_image_file(webp) == []


@pytest.mark.parametrize(
    ("name", "data", "expected"),
    [
        ("notes.png", "just text\n", "not a picture (its content is not PNG, JPEG, WebP or SVG)"),
        ("photo.jpg", PNG, "the content is PNG, not what the name says (.jpg)"),
        ("photo.webp", b"RIFF\x00\x00\x00\x00AVI LIST", "not a picture"),
        ("empty.png", b"", "the picture file is empty"),
        ("pic.gif", b"GIF89a", "not a picture file name"),
    ],
)
def test_a_file_that_is_not_the_picture_it_claims_is_refused(
    tmp_path: Path, name: str, data: bytes | str, expected: str
) -> None:
    problems = check_image_file(_write(tmp_path, name, data))
    assert len(problems) == 1 and problems[0].startswith(f"{name}: ")
    assert expected in problems[0]


def test_a_picture_over_the_size_limit_is_refused(tmp_path: Path) -> None:
    big = _write(tmp_path, "big.png", PNG + b"\x00" * MAX_IMAGE_BYTES)
    [problem] = check_image_file(big)
    assert "more than the 1,000,000 allowed" in problem
    assert check_image_file(big, max_bytes=2 * MAX_IMAGE_BYTES) == []


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ("<script>alert(1)</script>", "<script> element"),
        ('<rect width="5" height="5" onclick="alert(1)"/>', "event handler (onclick on <rect>)"),
        ('<image href="http://example.invalid/x.png"/>', "links outside itself"),
        ('<use xmlns:xl="http://www.w3.org/1999/xlink" xl:href="file:///etc/passwd#a"/>',
         "links outside itself"),
        ("<foreignObject><p>hi</p></foreignObject>", "<foreignObject> element"),
        ("<style>@import url(http://x.invalid/a.css);</style>", "<style> loads something"),
        ('<rect style="fill: url(http://x.invalid/p)"/>', "style on <rect> loads"),
        ('<rect fill="url(http://x.invalid/p#g)"/>', "fill on <rect> loads"),
        ('<a href="#x"><set attributeName="href" to="javascript:alert(1)"/></a>',
         "animates a link"),
        ('<a href="javascript:alert(1)"><rect width="1" height="1"/></a>', "links outside"),
    ],
)
def test_an_svg_that_runs_or_loads_something_is_refused(
    tmp_path: Path, body: str, expected: str
) -> None:
    problems = check_image_file(_write(tmp_path, "x.svg", SVG_HEAD + body + "</svg>"))
    assert problems and expected in problems[0], problems


def test_svg_entities_doctypes_and_bad_xml_are_refused(tmp_path: Path) -> None:
    laughs = ('<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaa">]>'
              f'{SVG_HEAD}<text>&a;&a;</text></svg>')
    assert "DOCTYPE" in check_image_file(_write(tmp_path, "a.svg", laughs))[0]
    assert "not well-formed XML" in check_image_file(
        _write(tmp_path, "b.svg", SVG_HEAD + "<rect></svg>"))[0]
    assert "root element is 'html'" in check_image_file(
        _write(tmp_path, "c.svg", "<html><svg></svg></html>"))[0]
    inside = (SVG_HEAD + '<defs><linearGradient id="g"/><path id="p" d="M0 0h5"/></defs>'
              '<use href="#p"/><rect fill="url(#g)" width="2" height="2"/></svg>')
    assert check_image_file(_write(tmp_path, "d.svg", inside)) == []


@pytest.mark.parametrize(
    ("ref", "expected"),
    [
        ("../secret.png", "'..' is not allowed"),
        ("img/../../x.png", "'..' is not allowed"),
        ("/etc/passwd.png", "not an absolute one"),
        ("C:/pics/x.png", "not an absolute one"),
        ("img\\x.png", "forward slashes"),
        ("img/x.bmp", "not a picture file name"),
    ],
)
def test_the_image_field_names_a_picture_beside_the_pack(ref: str, expected: str) -> None:
    problem = check_image_ref(ref)
    assert problem is not None and expected in problem
    assert check_image_ref("img/x.PNG") is None
    question = {"id": "en-geo-001", "category": "geography", "difficulty": 1, "kind": "choice",
                "prompt": "Where?", "options": ["A", "B"], "answer": "A", "source": "S",
                "image": ref}
    assert [f.field for f in check_question(question, "en")] == ["image"]


# ---- packs: file and line ---------------------------------------------------------------

def test_broken_pictures_in_a_pack_are_reported_with_file_and_line() -> None:
    pack = load_pack(PACK)
    assert [q.id for q in pack.questions] == ["en-pic-001", "en-pic-002"]
    by_id = {p.question_id: p for p in pack.problems}
    assert set(by_id) == {"en-pic-003", "en-pic-004", "en-pic-005", "en-pic-006", "en-pic-007"}
    assert all(p.field == "image" and p.severity == "error" for p in pack.problems)
    for qid, image, words in [
        ("en-pic-003", "img/missing.png", "no file 'img/missing.png' next to the pack"),
        ("en-pic-004", "img/notes.png", "notes.png: not a picture"),
        ("en-pic-005", "img/script.svg", "script.svg: the SVG has a <script> element"),
        ("en-pic-006", "img/really-png.jpg", "the content is PNG, not what the name says"),
        ("en-pic-007", "../good.yaml", "'..' is not allowed"),
    ]:
        problem = by_id[qid]
        assert problem.line == line_of(PACK, f"image: {image}")
        assert str(problem).startswith(f"{PACK}:{problem.line}: question '{qid}': field 'image'")
        assert words in problem.message


def test_questions_check_fails_on_the_broken_fixture(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["questions", "check", str(PACK)]) == 1
    out = capsys.readouterr().out
    line = line_of(PACK, "image: img/script.svg")
    assert f"{PACK}:{line}: question 'en-pic-005': field 'image': script.svg: " in out
    assert out.splitlines()[-1].startswith("2 good questions in 1 files: 5 errors")


def test_same_prompt_with_different_pictures_is_no_repeat() -> None:
    """en-pic-001 and en-pic-002 share their prompt, not their picture: no warning."""
    assert [p for p in load_pack(PACK).problems if p.severity == "warning"] == []


def test_a_loaded_picture_question_goes_to_the_engine_as_a_url_not_a_path() -> None:
    question = load_pack(PACK).questions[0]
    assert question.image == str((PICTURES / "img" / "tower.png").resolve())
    assert len(question.image_version) == 12
    form, _ = question.to_engine(7)
    assert form["image"] == f"{IMAGE_ROUTE}en-pic-001?v={question.image_version}"
    assert str(PICTURES) not in json.dumps(form)
    assert question.to_pack_form()["image"] == "img/tower.png"  # as the pack wrote it


def test_stats_count_pictures(capsys: pytest.CaptureFixture[str]) -> None:
    good = SAMPLES / "good.yaml"
    assert main(["questions", "stats", str(PACK), str(good)]) == 0
    text = capsys.readouterr().out
    assert text.startswith("6 questions, 2 with a picture\n")
    assert "en: 6 questions, 2 with a picture" in text
    assert main(["questions", "stats", "--json", str(good)]) == 0
    assert json.loads(capsys.readouterr().out)["pictures"] == 0


# ---- the bundled picture packs -------------------------------------------------------------

@pytest.mark.parametrize(
    ("name", "least"),
    [("en-pictures", 100), ("fr-pictures", 100), ("fr-pictures-departements", 90)],
)
def test_bundled_picture_packs_check_clean(name: str, least: int) -> None:
    [pack] = load_packs([BUNDLED / f"{name}.yaml"])
    assert pack.problems == []
    pictured = [q for q in pack.questions if q.image]
    assert len(pictured) == len(pack.questions) >= least
    assert all(q.kind == "choice" and len(q.options) == 4 for q in pictured)
    assert all(check_image_file(q.image) == [] for q in pictured if q.image)


@pytest.fixture(scope="module")
def bundled() -> QuestionBank:
    return QuestionBank.from_paths([BUNDLED])


@pytest.mark.parametrize("language", ["en", "fr"])
def test_each_language_has_100_picture_questions_or_more(
    bundled: QuestionBank, language: str
) -> None:
    stats = bundled.stats()["per_language"][language]
    assert stats["pictures"] >= 100


@pytest.mark.parametrize("folder", ["countries", "departements"])
def test_bundled_pictures_have_a_recorded_source_and_licence(
    bundled: QuestionBank, folder: str
) -> None:
    where = BUNDLED / "images" / folder
    rows = (where / "SOURCES.csv").read_text(encoding="utf-8").splitlines()
    assert rows[0] == "file,subject,source,licence"
    recorded = {row.split(",", 1)[0] for row in rows[1:]}
    files = {p.name for p in where.glob("*.svg")}
    assert files and files == recorded
    assert all("Natural Earth" in row and "ublic domain" in row for row in rows[1:])
    used = {Path(q.image).name for q in bundled.questions
            if q.image and Path(q.image).parent == where.resolve()}
    assert used == files


def test_bundled_pictures_stay_small_and_name_nothing() -> None:
    """Under 3 MB in all; a picture must not carry its answer: no text, title or desc."""
    pictures = list((BUNDLED / "images").rglob("*.svg"))
    assert sum(p.stat().st_size for p in pictures) < 3_000_000
    for path in pictures:
        text = path.read_text(encoding="utf-8")
        assert "<text" not in text and "<title" not in text and "<desc" not in text


# ---- a game's draw -------------------------------------------------------------------------

@pytest.mark.parametrize("on_phones", [False, True])
def test_a_game_asks_for_pictures_on_the_phones_only_when_set(on_phones: bool) -> None:
    from host.room.hub import BankQuestions
    from host.quiz.bank import Selection

    bank = QuestionBank.from_paths([PACK])
    source = BankQuestions(bank, Selection(language="en"), None, images_on_phones=on_phones)
    drawn = source.draw("choice", [], 11)
    assert drawn["image"].startswith(IMAGE_ROUTE + drawn["id"] + "?v=")
    assert drawn.get("image_on_phones", False) is on_phones


def test_the_schema_pattern_for_image_agrees_with_the_checker() -> None:
    import re

    schema = json.loads((ROOT / "questions" / "schema.json").read_text(encoding="utf-8"))
    image = schema["$defs"]["question"]["properties"]["image"]
    pattern = re.compile(image["anyOf"][0]["pattern"])
    samples = ["img/a.png", "a.SVG", "deep/er/x.webp", "p.jpeg", "../a.png", "img/../a.png",
               "/a.png", "C:/a.png", "img\\a.png", "a.gif", "a.png.txt"]
    for ref in samples:
        assert bool(pattern.match(ref)) is (check_image_ref(ref) is None), ref
