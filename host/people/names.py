"""Players' names: how long they may be, the names we make up, the rude ones we refuse,
and renaming seats inside whatever a game engine shows.

A phone's typed name names its seat (host/session/core.py `_claim`); an empty name, or
one the filter refuses, is replaced by a generated one ("Loutre 12" / "Otter 12", in
the game's language), and the phone's ack says so. The filter reads a small French
and English word list shipped with the package (host/names_blocked.txt) and the
host's own additions (`<data>/names-blocked.txt`, one word a line, added by hand or
with the `/host` event `block_name`). A name is compared after folding case,
accents and digits that stand for letters (c0nn4rd) and squeezing repeated letters
(connnard); a listed word must be a whole word of the name ("con" refuses "Gros
con", not "Constance"), and a word listed with a leading `*` anywhere in it, once
spaces and punctuation are taken out ("*connard" refuses "c.o.n.n.a.r.d" and
"SuperConnard").

Renaming after the start: the engines keep the names they were set up with; the
Session keeps the seats' current names and `renamed_in` puts them into a view or a
result (every object with an integer "seat" and a string "name", or "floor" and
"floor_name"), for every kind. Names an engine wrote inside a sentence stay as they
were at the start.
"""

from __future__ import annotations

import random
import re
import threading
import unicodedata
from pathlib import Path
from typing import Any

MAX_NAME = 24  # characters a name keeps; the phone page says so (maxlength and a hint)
HALL_SEATS = 16  # more seats: a hall (common.js), whose unnamed seats stay "#12" (hidden)
BLOCKED_FILE = "names-blocked.txt"  # in the data folder: the host's own words
RUDE_TYPED = "that answer is not accepted here (a rude word)"  # a typed answer refused
_BUNDLED = Path(__file__).resolve().parent / "names_blocked.txt"

ANIMALS = {
    "fr": ("Loutre", "Renard", "Hibou", "Castor", "Panda", "Koala", "Lynx", "Zèbre",
           "Pingouin", "Dauphin", "Hérisson", "Lama", "Bison", "Chamois", "Colibri",
           "Tapir", "Suricate", "Phoque", "Macareux", "Écureuil"),
    "en": ("Otter", "Fox", "Owl", "Beaver", "Panda", "Koala", "Lynx", "Zebra",
           "Penguin", "Dolphin", "Hedgehog", "Llama", "Bison", "Chamois", "Hummingbird",
           "Tapir", "Meerkat", "Seal", "Puffin", "Squirrel"),
}

# What a phone is told when its name is refused (the ack's `name_refused`).
REFUSED_TEXT = {
    "fr": "Ce nom n’est pas accepté ici\u00a0; vous jouez sous le nom «\u00a0{name}\u00a0».",
    "en": "That name is not accepted here; you play as \u201c{name}\u201d.",
}

_LEET = str.maketrans({"0": "o", "1": "i", "3": "e", "4": "a", "5": "s", "7": "t", "8": "b",
                       "9": "g", "@": "a", "$": "s", "!": "i", "€": "e", "|": "i"})
_PLACEHOLDER = re.compile(r"#\d+")


def clean(name: Any, most: int = MAX_NAME) -> str:
    """A name as kept: text, trimmed, at most `most` characters (a player's: MAX_NAME)."""
    return str(name or "").strip()[:most].strip()


def is_placeholder(name: str) -> bool:
    """A seat's name that names nobody ("#3", or nothing): a phone's name replaces it."""
    return not name or bool(_PLACEHOLDER.fullmatch(name))


def generated_name(language: str, taken: set[str] | None = None,
                   rng: random.Random | None = None) -> str:
    """A friendly made-up name in the game's language, e.g. "Loutre 12", not one of `taken`."""
    animals = ANIMALS.get(language, ANIMALS["en"])
    pick = rng or random.Random()
    taken = taken or set()
    for _ in range(200):
        name = f"{pick.choice(animals)} {pick.randint(1, 99)}"
        if name not in taken:
            return name
    return f"{animals[0]} {len(taken) + 1}"


def robot_name(number: int, taken: set[str] | None = None) -> str:
    """An unnamed robot's name, "Robot 1" (the same in French and English), never a colour:
    the next number when the host gave that name to another seat."""
    taken = taken or set()
    while f"Robot {number}" in taken:
        number += 1
    return f"Robot {number}"


def fold(text: str) -> str:
    """Lower case, no accents, digits read as the letters they stand for."""
    text = unicodedata.normalize("NFKD", text.casefold())
    text = "".join(c for c in text if not unicodedata.combining(c))
    return text.replace("œ", "oe").replace("æ", "ae").translate(_LEET)


def _squeeze(text: str) -> str:
    """Letters only, each run of one letter as one ("connnard" -> "conard")."""
    letters = re.sub(r"[^a-z]", "", text)
    return re.sub(r"(.)\1+", r"\1", letters)


class NameFilter:
    """The rude words of the bundled list and of the host's file (re-read when it changes)."""

    def __init__(self, data_dir: Path | None) -> None:
        self.host_file = data_dir / BLOCKED_FILE if data_dir is not None else None
        self._lock = threading.Lock()
        self._bundled = _read_words(_BUNDLED)
        self._host: frozenset[str] = frozenset()  # "*word": anywhere in a name
        self._host_mtime: float | None = None

    def words(self) -> frozenset[str]:
        with self._lock:
            self._reload_host()
            return self._bundled | self._host

    def host_words(self) -> list[str]:
        with self._lock:
            self._reload_host()
            return sorted(self._host)

    def _reload_host(self) -> None:
        if self.host_file is None:
            return
        try:
            mtime = self.host_file.stat().st_mtime
        except OSError:
            self._host, self._host_mtime = frozenset(), None
            return
        if mtime != self._host_mtime:
            self._host, self._host_mtime = _read_words(self.host_file), mtime

    def blocked(self, name: str) -> str | None:
        """The listed word the name contains, or None when the name is fine."""
        folded = fold(name)
        tokens = {_squeeze(t) for t in re.split(r"[^a-z]+", folded) if t}
        whole = _squeeze(folded)
        for entry in self.words():
            anywhere = entry.startswith("*")
            word = _squeeze(entry.lstrip("*"))
            if word and (word in tokens or anywhere and word in whole):
                return entry.lstrip("*")
        return None

    def add(self, word: str) -> str:
        """The host blocks a word (kept folded, appended to the data folder's file);
        `*word` blocks it anywhere in a name."""
        anywhere = word.strip().startswith("*")
        letters = re.split(r"[^a-z]+", fold(word.strip().lstrip("*")).strip())
        folded = ("*" if anywhere else "") + "".join(letters)
        if len([part for part in letters if part]) != 1 or len(folded) > 40:
            raise ValueError("give one word of letters (up to 40)")
        if self.host_file is None:
            raise ValueError("this host has no data folder to keep the word in")
        with self._lock:
            self._reload_host()
            if folded not in self._host:
                self.host_file.parent.mkdir(parents=True, exist_ok=True)
                with self.host_file.open("a", encoding="utf-8") as out:
                    out.write(folded + "\n")
                self._host_mtime = None  # read it back next time
        return folded


def _read_words(path: Path) -> frozenset[str]:
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError:
        return frozenset()
    return frozenset(fold(line.strip()) for line in lines
                     if line.strip() and not line.lstrip().startswith("#"))  # "*" folds to "*"


def renamed_in(value: Any, names: dict[int, str]) -> Any:
    """`value` (a view, a result) with each object that names a renamed seat
    ({"seat": n, "name": ...}, or {"<x>": n, "<x>_name": ...}) carrying the seat's
    current name. New objects where something changed; the rest is shared."""
    if not names:
        return value
    if isinstance(value, dict):
        out = None
        for key, item in value.items():
            new = renamed_in(item, names)
            if new is not item:
                out = out if out is not None else dict(value)
                out[key] = new
        for key in value:  # {"seat": 2, "name": ...} and {"floor": 2, "floor_name": ...}
            if key != "name" and not key.endswith("_name"):
                continue
            seat = value.get("seat" if key == "name" else key[:-5])
            if (isinstance(seat, int) and not isinstance(seat, bool) and seat in names
                    and isinstance(value[key], str) and value[key] != names[seat]):
                out = out if out is not None else dict(value)
                out[key] = names[seat]
        return out if out is not None else value
    if isinstance(value, list):
        items = [renamed_in(item, names) for item in value]
        return items if any(a is not b for a, b in zip(items, value, strict=True)) else value
    return value
