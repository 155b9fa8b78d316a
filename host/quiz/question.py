"""A checked question as an immutable value, and its form for game engines."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from host import rng
from host.quiz.audio import AUDIO_ROUTE_SUFFIX, VIDEO_ROUTE_SUFFIX
from host.quiz.matching import DEFAULT_SIMILARITY
from host.quiz.ordering import shown_order
from host.quiz.several import right_indexes


IMAGE_ROUTE = "/media/questions/"


def question_image_url(question_id: str, version: str = "") -> str:
    """The host-relative URL of a question's picture (see host/routes/media.py)."""
    return IMAGE_ROUTE + question_id + (f"?v={version}" if version else "")


@dataclass(frozen=True)
class Question:
    """One question that passed every check (see validate.py).

    `answer` is the text of the right option for a choice question (the texts of its
    right options for one with several: host/quiz/several.py), a positive
    integer for a numeric one, the answer shown for a text one and the items in their
    right order for an ordering one (host/quiz/ordering.py). `image` is an
    absolute path, already resolved against the pack file (never sent to a page:
    pages get image_url());
    `image_version` a digest of its bytes, so a changed picture gets a new URL.
    """

    id: str
    language: str
    category: str
    difficulty: int
    kind: str
    prompt: str
    answer: str | int | tuple[str, ...]
    source: str
    options: tuple[str, ...] = ()
    unit: str | None = None
    image: str | None = None
    pack: str = ""
    image_version: str = ""
    image_ref: str | None = None  # the `image:` text as the pack wrote it (relative)
    explain: str | None = None  # shown after the answer (a game keeps it from the room till then)
    accept: tuple[str, ...] = ()  # text questions: other spellings that count as right
    similarity: int | None = None  # text questions: the typo threshold (host/quiz/matching.py)
    audio: str | None = None  # a sound file's absolute path (played on the projector)
    audio_version: str = ""
    audio_ref: str | None = None  # the `audio:` text as the pack wrote it
    video: str | None = None  # a video file's absolute path (played on the projector)
    video_version: str = ""
    video_ref: str | None = None  # the `video:` text as the pack wrote it
    clip: tuple[float, float] | None = None  # seconds into the sound or video: start, end
    as_of: str | None = None  # a fact that changes: the year or ISO date it was true (dated.py)

    @property
    def several(self) -> bool:
        """A choice question with several right options ("tick every right answer")."""
        return self.kind == "choice" and isinstance(self.answer, tuple)

    def _clip_url(self, suffix: str, version: str) -> str:
        return question_image_url(self.id + suffix, version)

    @property
    def audio_url(self) -> str | None:
        """Where the projector fetches the sound: by question id, as pictures."""
        return self._clip_url(AUDIO_ROUTE_SUFFIX, self.audio_version) if self.audio else None

    @property
    def video_url(self) -> str | None:
        """Where the projector fetches the video: by question id, as sounds."""
        return self._clip_url(VIDEO_ROUTE_SUFFIX, self.video_version) if self.video else None

    @property
    def image_url(self) -> str | None:
        """Where pages fetch the picture: by question id, never by file path
        (host/routes/media.py serves it only for questions the bank knows)."""
        if not self.image:
            return None
        return question_image_url(self.id, self.image_version)

    def to_engine(self, rng_state: int) -> tuple[dict[str, Any], int]:
        """The engine's form of this question, with choice options shuffled.

        Returns (question dict, new generator state). For a choice question
        "answer" is the index of the right option after the shuffle (with several right
        options: their indexes in shown order, and "several": true); for a
        numeric one it is the value and "options" is empty; a text one adds "accept" (every
        accepted answer, the shown one first) and "similarity". An ordering one shows its
        items shuffled as "options" (never in the right order) and "answer" lists the shown
        indexes in the right order.
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
            if isinstance(self.answer, tuple):  # several right options (several.py)
                form["answer"] = right_indexes(options, self.answer)
                form["several"] = True
            else:
                form["answer"] = options.index(str(self.answer))
        elif self.kind == "order":
            items = tuple(self.answer) if isinstance(self.answer, tuple) else ()
            order, rng_state = shown_order(rng_state, items)
            form["options"] = [items[i] for i in order]
            form["answer"] = [order.index(i) for i in range(len(items))]
        elif self.kind == "text":
            form["options"] = []
            form["answer"] = self.answer
            form["accept"] = [str(self.answer), *self.accept]
            form["similarity"] = self.similarity or DEFAULT_SIMILARITY
        else:
            form["options"] = []
            form["answer"] = self.answer
            if self.unit:
                form["unit"] = self.unit
        form |= _given(image=self.image_url, explain=self.explain, audio=self.audio_url,
                       video=self.video_url, clip=list(self.clip) if self.clip else None)
        return form, rng_state

    def to_pack_form(self) -> dict[str, Any]:
        """The question as written in a pack file (image as the pack wrote it)."""
        out: dict[str, Any] = {
            "id": self.id,
            "category": self.category,
            "difficulty": self.difficulty,
            "kind": self.kind,
            "prompt": self.prompt,
        }
        if self.kind == "choice":
            out["options"] = list(self.options)
        out["answer"] = list(self.answer) if isinstance(self.answer, tuple) else self.answer
        if self.accept:
            out["accept"] = list(self.accept)
        if self.similarity is not None:
            out["similarity"] = self.similarity
        if self.unit:
            out["unit"] = self.unit
        out["source"] = self.source
        if self.image:
            out["image"] = self.image_ref or self.image
        if self.explain:
            out["explain"] = self.explain
        if self.audio:
            out["audio"] = self.audio_ref or self.audio
        if self.video:
            out["video"] = self.video_ref or self.video
        if self.clip:
            out["clip"] = [_whole(t) for t in self.clip]
        if self.as_of:
            out["as_of"] = int(self.as_of) if self.as_of.isdigit() else self.as_of
        return out


def _given(**fields: Any) -> dict[str, Any]:
    """The fields that have a value: a question without a picture, sound or explanation
    leaves the key out rather than sending null."""
    return {key: value for key, value in fields.items() if value}


def _whole(seconds: float) -> float | int:
    return int(seconds) if float(seconds).is_integer() else seconds
