"""A picture question on the projector, in Debian's Chromium against a real server.

The server has numeric questions and picture choice questions only (a few of the
bundled country outlines), so the first duel of a bot territory game draws a
picture question; the projector must show that picture, loaded from the host
(never from anywhere else), big beside the prompt.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.browser.driver import PHONE, PROJECTOR, Recorder, join_seat, local_only, new_page
from tests.live import LiveServer, Peer

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
OUTLINES = ROOT / "questions" / "packs" / "images" / "countries"
COUNTRIES = {"FR": "France", "IT": "Italie", "ES": "Espagne", "DE": "Allemagne",
             "PT": "Portugal", "BE": "Belgique"}
SETTINGS = {"numeric_seconds": 3, "choice_seconds": 30, "pick_seconds": 3, "reveal_seconds": 5,
            "attack_adjacency": "always"}


def write_packs(folder: Path) -> None:
    """Numeric questions, and choice questions that all carry a picture."""
    (folder / "img").mkdir(parents=True)
    pictures = []
    for number, (code, name) in enumerate(COUNTRIES.items(), start=1):
        shutil.copy(OUTLINES / f"{code}.svg", folder / "img" / f"{code}.svg")
        others = [n for n in COUNTRIES.values() if n != name][:3]
        pictures.append({"id": f"fr-img-{number:03d}", "category": "geography", "difficulty": 1,
                         "kind": "choice", "prompt": "Quel pays a cette silhouette ?",
                         "options": [name, *others], "answer": name,
                         "source": "Natural Earth (domaine public)", "image": f"img/{code}.svg"})
    numbers = [{"id": f"fr-num-{i:03d}", "category": "science", "difficulty": 1,
                "kind": "numeric", "prompt": f"Combien font {i} + {i} ?", "answer": 2 * i + 2,
                "source": "arithmétique"} for i in range(1, 80)]
    for name, questions in (("pictures", pictures), ("numbers", numbers)):
        pack = {"pack": f"test-{name}", "language": "fr", "title": name, "questions": questions}
        (folder / f"{name}.yaml").write_text(yaml.safe_dump(pack, allow_unicode=True), "utf-8")


@pytest.fixture
def picture_server(tmp_path: Path) -> Iterator[LiveServer]:
    write_packs(tmp_path / "packs")
    server = LiveServer(data=tmp_path / "data", packs=tmp_path / "packs").start()
    yield server
    server.stop()


def test_projector_shows_the_picture_of_a_picture_question(
        picture_server: LiveServer, browser: Any, tmp_path: Path) -> None:
    live = picture_server
    recorder = Recorder()
    screen = new_page(browser, recorder, live.url + "/screen", PROJECTOR)
    host = Peer(live, "/host", auth={"key": live.key})
    ack = host.call("create", {
        "kind": "territory", "map": "generated:10:2", "language": "fr", "seed": 5, "pace": 0.15,
        "settings": SETTINGS, "start": True, "questions": {"language": "fr"},
        "seats": [{"name": "Ana", "bot": 3}, {"name": "Bob", "bot": 3}],
    })
    assert ack["ok"], ack
    game = ack["game"]
    try:
        state = host.wait_for(lambda s: bool(s["view"]) and bool(
            ((s["view"].get("question") or {}).get("content") or {}).get("image")), timeout=120)
        assert host.call("command", {"game": game, "type": "pause"})["ok"]
        paused = host.wait_for(lambda s: s["meta"]["paused"], timeout=10)
        content = state["view"]["question"]["content"]
        still = ((paused["view"]["question"] or {}).get("content") or {}).get("id")
        assert still == content["id"], "the question was over before the pause"
        url = content["image"]
        qid = content["id"]
        assert url.startswith(f"/media/questions/{qid}?v=") and content["kind"] == "choice"
        assert "image_on_phones" not in content  # the game did not ask for it
        # The projector shows it, loaded (not a broken image), big, beside the prompt.
        picture = screen.locator("#q-picture img.q-image")
        picture.wait_for(state="visible", timeout=15_000)
        assert picture.get_attribute("src") == url
        screen.wait_for_function(
            "() => { const i = document.querySelector('#q-picture img'); "
            "return i && i.complete && i.naturalWidth > 0; }", timeout=10_000)
        screen.screenshot(path=str(tmp_path / "picture-question.png"))
        box = picture.bounding_box()
        prompt_box = screen.locator("#q-prompt").bounding_box()
        assert box is not None and prompt_box is not None
        assert box["height"] >= 250, box  # a quarter of the projector's height or more
        assert box["x"] + box["width"] <= prompt_box["x"] + 1  # beside the prompt, on its left
        # The prompt and every option still fit on the projector below the picture.
        panel = screen.locator("#question").bounding_box()
        assert panel is not None
        for i in range(4):
            option = screen.locator("#q-options li").nth(i).bounding_box()
            assert option is not None
            assert option["x"] + option["width"] <= panel["x"] + panel["width"], option
            assert option["y"] + option["height"] <= PROJECTOR["height"], option
        assert screen.locator("#q-options li").count() == 4
        assert screen.locator("#q-prompt").text_content() == "Quel pays a cette silhouette\u00a0?"
        assert screen.locator("#q-picture img").get_attribute("alt") == "Image de la question"
        # Fetched from this host, by question id; nothing from anywhere else.
        assert any(u.endswith(url) for u in recorder.urls), recorder.urls
        assert local_only(recorder.urls) == []
        assert recorder.errors == []
    finally:
        host.call("command", {"game": game, "type": "end"})
        host.close()


def wait_for_picture(host: Peer, game: str) -> dict[str, Any]:
    """Pause the game on its first picture question; that question's content."""
    state = host.wait_for(lambda s: bool(s["view"]) and bool(
        ((s["view"].get("question") or {}).get("content") or {}).get("image")), timeout=120)
    assert host.call("command", {"game": game, "type": "pause"})["ok"]
    paused = host.wait_for(lambda s: s["meta"]["paused"], timeout=10)
    content: dict[str, Any] = state["view"]["question"]["content"]
    still = ((paused["view"]["question"] or {}).get("content") or {}).get("id")
    assert still == content["id"], "the question was over before the pause"
    return content


def test_phones_show_the_picture_when_the_game_asks_for_it(
        picture_server: LiveServer, browser: Any, tmp_path: Path) -> None:
    live = picture_server
    recorder = Recorder()
    host = Peer(live, "/host", auth={"key": live.key})
    ack = host.call("create", {
        "kind": "territory", "map": "generated:10:2", "language": "fr", "seed": 5, "pace": 0.15,
        "settings": SETTINGS, "questions": {"language": "fr", "images_on_phones": True},
        "seats": [{"name": "Ana"}, {"name": "Bob", "bot": 3}],
    })
    assert ack["ok"], ack
    game = ack["game"]
    phone = join_seat(browser, recorder, live.url, 0, game=game)
    try:
        assert phone.locator("#p-picture img").count() == 0
        assert host.call("command", {"game": game, "type": "start"})["ok"]
        content = wait_for_picture(host, game)
        assert content["image_on_phones"] is True and content["kind"] == "choice"
        picture = phone.locator("#p-picture img.q-image")
        picture.wait_for(state="visible", timeout=15_000)
        assert picture.get_attribute("src") == content["image"]
        phone.wait_for_function(
            "() => { const i = document.querySelector('#p-picture img'); "
            "return i && i.complete && i.naturalWidth > 0; }", timeout=10_000)
        box = picture.bounding_box()
        assert box is not None and 60 <= box["height"] <= 0.3 * PHONE["height"], box
        assert phone.locator("#p-prompt").text_content() == "Quel pays a cette silhouette\u00a0?"
        phone.screenshot(path=str(tmp_path / "picture-phone.png"))
        assert local_only(recorder.urls) == []
        assert recorder.errors == []
    finally:
        host.call("command", {"game": game, "type": "end"})
        host.close()
