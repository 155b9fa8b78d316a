"""A checked question as an immutable value, and its form for game engines."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from host import rng


@dataclass(frozen=True)
class Question:
    """One question that passed every check (see validate.py).

    `answer` is the text of the right option for a choice question and a
    positive integer for a numeric one. `image` is an absolute path, already
    resolved against the pack file.
    """

    id: str
    language: str
    category: str
    difficulty: int
    kind: str
    prompt: str
    answer: str | int
    source: str
    options: tuple[str, ...] = ()
    unit: str | None = None
    image: str | None = None
    pack: str = ""

    def to_engine(self, rng_state: int) -> tuple[dict[str, Any], int]:
        """The engine's form of this question, with choice options shuffled.

        Returns (question dict, new generator state). For a choice question
        "answer" is the index of the right option after the shuffle; for a
        numeric one it is the value and "options" is empty.
        """
        form: dict[str, Any] = {
            "id": self.id,
            "kind": self.kind,
            "prompt": self.prompt,
            "category": self.category,
            "difficulty": self.difficulty,
            "language": self.language,
            "source": self.source,
        }
        if self.kind == "choice":
            options, rng_state = rng.shuffled(rng_state, self.options)
            form["options"] = options
            form["answer"] = options.index(str(self.answer))
        else:
            form["options"] = []
            form["answer"] = self.answer
            if self.unit:
                form["unit"] = self.unit
        if self.image:
            form["image"] = self.image
        return form, rng_state

    def to_pack_form(self) -> dict[str, Any]:
        """The question as written in a pack file (image left as stored)."""
        out: dict[str, Any] = {
            "id": self.id,
            "category": self.category,
            "difficulty": self.difficulty,
            "kind": self.kind,
            "prompt": self.prompt,
        }
        if self.kind == "choice":
            out["options"] = list(self.options)
        out["answer"] = self.answer
        if self.unit:
            out["unit"] = self.unit
        out["source"] = self.source
        if self.image:
            out["image"] = self.image
        return out
