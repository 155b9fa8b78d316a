"""The pages' words, served as one script: `/words.js` sets `window.WORDS` before the page scripts.

The words are data, kept as JSON catalogs under host/static/words/ (a translator edits those, no
code): `fr.json` and `en.json` hold the page-wide words ({key: text}, read by T.t in i18n.js), and
`kinds/<name>.json` each kind page's own words, each key with its French and English side by side
({key: [fr, en]}, read by kindStrings in kinds.js). This route reads them once and answers
`window.WORDS = {"fr": {...}, "en": {...}, "kinds": {"<name>": {...}, ...}};`, loaded by
templates/base.html before i18n.js, so every page has its words synchronously, from this host.
"""

from __future__ import annotations

import hashlib
import json
from functools import cache
from pathlib import Path
from typing import Any

from flask import Blueprint, Response, request

from host.resources import static_dir

bp = Blueprint("words", __name__)

LANGUAGES = ("fr", "en")
# The URL's ?v= is the words' digest (words_version): such a URL names these exact words.
VERSIONED_CACHE = "public, max-age=86400, immutable"


def words_dir() -> Path:
    return static_dir() / "words"


def load_words(folder: Path) -> dict[str, Any]:
    """The catalogs of `folder`: {"fr": {...}, "en": {...}, "kinds": {name: {...}}}."""
    def read(path: Path) -> dict[str, Any]:
        table = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(table, dict):
            raise ValueError(f"{path}: a words catalog is a JSON object")
        return table

    kinds = {path.stem: read(path) for path in sorted((folder / "kinds").glob("*.json"))}
    return {**{lang: read(folder / f"{lang}.json") for lang in LANGUAGES}, "kinds": kinds}


@cache
def words_script() -> str:
    """The script that sets window.WORDS (built once: the catalogs do not change while serving)."""
    return "window.WORDS = " + json.dumps(load_words(words_dir()), ensure_ascii=False) + ";\n"


@cache
def words_version() -> str:
    """A short digest of the words, for the pages' `/words.js?v=` (a new catalog, a new URL)."""
    return hashlib.sha256(words_script().encode("utf-8")).hexdigest()[:16]


@bp.get("/words.js")
def words() -> Response:
    version = words_version()
    response = Response(words_script(), mimetype="text/javascript")
    response.set_etag(version)
    response.headers["Cache-Control"] = (VERSIONED_CACHE if request.args.get("v") == version
                                         else "no-cache")
    response.make_conditional(request)  # 304 Not Modified for a matching If-None-Match
    return response
