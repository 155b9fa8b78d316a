"""A synthetic question bank for tests: plenty of questions whose answers are known."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from host.quiz.bank import QuestionBank
from host.quiz.question import Question


def synthetic_bank(per_kind: int = 200, language: str = "fr", typed: int = 0,
                   clips: bool = False, ordered: int = 0, several: int = 0,
                   pictures: bool = False) -> QuestionBank:
    """`per_kind` numeric and choice questions, `typed` text ones (typed answers),
    `ordered` ordering ones (3 to 6 items) and `several` choices with several right options
    (3 to 6 options, 1 to all but one right); `clips`: every other question of each kind has
    a sound (a path no test reads); `pictures`: every other choice and number question, those
    without a sound, a picture (a path no test reads: its URL names the question)."""
    questions = []
    for i in range(several):
        count = 3 + i % 4
        questions.append(Question(
            id=f"{language}-tmul-{i:04d}", language=language, category="food",
            difficulty=1 + i % 5, kind="choice", prompt=f"Plusieurs {i}: cochez les R",
            options=tuple(f"{'R' if n <= i % (count - 1) else 'W'}{i}-{n}" for n in range(count)),
            answer=tuple(f"R{i}-{n}" for n in range(1 + i % (count - 1))), source="made up",
        ))
    for i in range(ordered):
        questions.append(Question(
            id=f"{language}-tord-{i:04d}", language=language, category="history",
            difficulty=1 + i % 5, kind="order", prompt=f"Ordre {i}: du plus petit au plus grand",
            answer=tuple(f"{i}-{n}" for n in range(3 + i % 4)), source="counting",
        ))
    for i in range(typed):
        questions.append(Question(
            id=f"{language}-ttxt-{i:04d}", language=language, category="nature",
            difficulty=1 + i % 5, kind="text", prompt=f"Mot {i}: quel animal construit des "
            "barrages ?", answer=f"Le castor {i}", accept=(f"Beaver {i}",), source="made up",
            **_clip(clips and i % 2 == 0),
        ))
    for i in range(per_kind):
        questions.append(Question(
            id=f"{language}-tnum-{i:04d}", language=language, category="science",
            difficulty=1 + i % 5, kind="numeric", prompt=f"Combien font {i} + {i}?",
            answer=2 * i + 2, source="arithmetic", **_clip(clips and i % 2 == 1),
            **_picture(pictures and i % 2 == 0),
        ))
        questions.append(Question(
            id=f"{language}-tcho-{i:04d}", language=language, category="history",
            difficulty=1 + i % 5, kind="choice", prompt=f"Question {i}: la bonne est A{i}",
            answer=f"A{i}", options=(f"A{i}", f"B{i}", f"C{i}", f"D{i}"), source="made up",
            **_clip(clips and i % 2 == 0), **_picture(pictures and i % 2 == 1),
        ))
    return QuestionBank(questions)


def _picture(wanted: bool) -> dict[str, Any]:
    return {"image": "/nowhere/picture.png", "image_version": "0"} if wanted else {}


def _clip(wanted: bool) -> dict[str, Any]:
    return {"audio": "/nowhere/clip.mp3", "clip": (1.0, 9.0)} if wanted else {}


def write_pack(path: str | object, per_kind: int = 200, language: str = "fr",
               typed: int = 0, ordered: int = 0, several: int = 0) -> None:
    """The same synthetic questions as a pack file, for a real server to load."""
    import yaml

    questions = []
    for question in synthetic_bank(per_kind, language, typed, ordered=ordered,
                                   several=several).questions:
        item = {
            "id": question.id, "category": question.category,
            "difficulty": question.difficulty, "kind": question.kind,
            "prompt": question.prompt, "source": question.source,
            "answer": list(question.answer) if isinstance(question.answer, tuple)
            else question.answer,
        }
        if question.kind == "choice":
            item["options"] = list(question.options)
        if question.accept:
            item["accept"] = list(question.accept)
        questions.append(item)
    pack = {"pack": f"synthetic-{language}", "language": language, "title": "synthetic",
            "questions": questions}
    with open(str(path), "w", encoding="utf-8") as out:
        yaml.safe_dump(pack, out, allow_unicode=True, sort_keys=False)


def silent_mp3(seconds: float) -> bytes:
    """A valid MPEG-1 Layer III stream of silence (mono, 44.1 kHz, 128 kbit/s): frames whose
    side information says "no data", which every decoder plays as silence. Made here, so no
    sound file is shipped with the tests."""
    header = bytes([0xFF, 0xFB, 0x90, 0xC0])  # sync, MPEG-1 layer III, no CRC; 128k 44.1k; mono
    frame = header + bytes(417 - len(header))  # 144 * 128000 / 44100 = 417 bytes a frame
    return frame * max(1, round(seconds * 44100 / 1152))


# A real WebM video (tests/fixtures), for the video questions' tests.
TINY_WEBM = Path(__file__).resolve().parent / "fixtures" / "tiny-clip.webm"


PICTURE_COUNTRIES = {"FR": ("France", "France"), "IT": ("Italie", "Italy"),
                     "ES": ("Espagne", "Spain"), "DE": ("Allemagne", "Germany")}


def write_picture_packs(folder: Path) -> None:
    """A pack of four picture questions in each language, `pictures-fr` and `pictures-en`
    ("which country has this outline?"), their pictures the bundled outlines copied beside
    them (a real server serves them)."""
    import shutil

    import yaml

    outlines = Path(__file__).resolve().parents[1] / "questions" / "packs" / "images" / "countries"
    (folder / "img").mkdir(parents=True, exist_ok=True)
    for code in PICTURE_COUNTRIES:
        shutil.copy(outlines / f"{code}.svg", folder / "img" / f"{code}.svg")
    for index, language in enumerate(("fr", "en")):
        names = [pair[index] for pair in PICTURE_COUNTRIES.values()]
        questions = [{"id": f"{language}-pic-{n:03d}", "category": "geography", "difficulty": 1,
                      "kind": "choice", "prompt": (
                          "Quel pays a cette silhouette ?" if language == "fr"
                          else "Which country has this outline?"),
                      "options": names, "answer": names[n], "source": "Natural Earth",
                      "image": f"img/{code}.svg"}
                     for n, code in enumerate(PICTURE_COUNTRIES)]
        pack = {"pack": f"pictures-{language}", "language": language, "title": "pictures",
                "questions": questions}
        (folder / f"pictures-{language}.yaml").write_text(
            yaml.safe_dump(pack, allow_unicode=True), "utf-8")
