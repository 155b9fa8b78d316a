"""The pages' words as data (host/static/words/*.json): both languages for every key, the same keys
in the French and English page-wide catalogs, every catalog a page script names, and `/words.js`
serving them all to the pages (window.WORDS) before their scripts."""

from __future__ import annotations

import json
import re
from pathlib import Path

from host.app import create_app
from host.config import HostConfig
from host.routes.words import load_words, words_dir, words_version

ROOT = Path(__file__).resolve().parents[2]
SCRIPTS = ROOT / "host" / "static" / "js"
# Kind words with no French on purpose (null: kindStrings falls back on English): English
# ordinals, which French writes with nth ("2e", "3e") instead.
ENGLISH_ONLY = {("quiz-round-order", "second"), ("quiz-round-order", "third")}


def test_every_kind_word_has_its_french_and_its_english() -> None:
    kinds = load_words(words_dir())["kinds"]
    assert {"cards", "buzzer", "watchtower", "quiz-round-common"} <= set(kinds)
    missing = []
    for kind, table in kinds.items():
        for key, pair in table.items():
            french_ok = (kind, key) in ENGLISH_ONLY and pair[0] is None or isinstance(pair[0], str)
            if not (isinstance(pair, list) and len(pair) == 2 and french_ok
                    and isinstance(pair[1], str) and pair[1].strip()):
                missing.append(f"{kind}.{key}: {pair!r}")
            if isinstance(pair[0], str) and not pair[0].strip():
                missing.append(f"{kind}.{key}: empty French")
    assert missing == []


def test_the_page_wide_catalogs_hold_the_same_keys_in_both_languages() -> None:
    words = load_words(words_dir())
    french, english = words["fr"], words["en"]
    assert set(french) == set(english), set(french) ^ set(english)
    for key in french:
        assert type(french[key]) is type(english[key]), key
        assert isinstance(french[key], list) or french[key].strip(), key
    assert french["colours"] == ["Rouge", "Bleu", "Jaune", "Vert"]


def test_every_catalog_a_page_script_names_exists_and_every_catalog_is_named() -> None:
    named = set()
    for script in SCRIPTS.rglob("*.js"):
        text = script.read_text(encoding="utf-8")
        named |= set(re.findall(r"WORDS\.kinds\.([\w]+)", text))
        named |= set(re.findall(r"WORDS\.kinds\[\"([\w-]+)\"\]", text))
    assert named == set(load_words(words_dir())["kinds"])


def test_words_js_serves_every_catalog_to_the_pages(tmp_path: Path) -> None:
    app, _socketio, hub = create_app(HostConfig(data_dir=tmp_path, resume=False,
                                                bundled_packs=False))
    try:
        client = app.test_client()
        page = client.get("/screen").get_data(as_text=True)
        address = f"/words.js?v={words_version()}"
        assert page.index(address) < page.index("js/i18n.js")  # before the scripts that read it
        reply = client.get(address)
        assert reply.status_code == 200 and reply.mimetype == "text/javascript"
        assert "immutable" in reply.headers["Cache-Control"]
        body = reply.get_data(as_text=True)
        assert body.startswith("window.WORDS = ") and body.rstrip().endswith(";")
        served = json.loads(body.strip().removeprefix("window.WORDS = ").removesuffix(";"))
        on_disk = {lang: json.loads((words_dir() / f"{lang}.json").read_text("utf-8"))
                   for lang in ("fr", "en")}
        assert served["fr"] == on_disk["fr"] and served["en"] == on_disk["en"]
        assert served["kinds"]["buzzer"]["label"] == ["Buzzers", "Buzzer board"]
        assert set(served["kinds"]) == {p.stem for p in (words_dir() / "kinds").glob("*.json")}
        again = client.get("/words.js", headers={"If-None-Match": reply.headers["ETag"]})
        assert again.status_code == 304 and again.headers["Cache-Control"] == "no-cache"
    finally:
        hub.close()
