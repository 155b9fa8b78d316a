"""A night on paper, in Debian's Chromium (issue 45, point 5). A night plan holds a quiz round
of two short rounds drawn at random and a table without phones (a paper team). On the host
page "Imprimer" fixes the drawn questions for the night (the host says yes first), then the
crib sheet and the answer sheets are printed to PDF by Chromium (A4) in French and English:
their page count is what the plan asks, and no text crosses the page's printable width. The
plan is started: one phone plays, the host enters the paper team's answers from its sheet
after each reveal (a letter, a number), and the boards rank it with the phone team.

Screenshots (the host page 1366x768 and 390x844 with the paper sheets card, the printed pages)
go to $TOURELLE_SHOTS/paper (else the test's tmp folder)."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

import pytest
import requests

from tests.browser.driver import Recorder, join_seat, local_only, new_page
from tests.live import LiveServer

pytestmark = pytest.mark.browser

HOST_WIDE = {"width": 1366, "height": 768}
HOST_NARROW = {"width": 390, "height": 844}
PLAN: dict[str, Any] = {
    "tourelle": "plan", "version": 1, "name": "Jeudi au Lapin",
    "games": [{
        "kind": "quiz-round", "language": "fr", "title": "Grand quiz",
        "seats": [{"name": "Les Ours"}, {"name": "Table 5", "paper": True}],
        "settings": {"intro_seconds": 0, "reveal_seconds": 0, "board_seconds": 0,
                     "seconds": 60, "plan": [
                         {"title": "Échauffement", "questions": 2, "mix": "choice"},
                         {"title": "Les chiffres", "questions": 2, "mix": "numeric"}]},
        "questions": {"language": "fr"}}]}
# Page boxes wider than the page's printable width (A4 less the margins: 182 mm) at print
# media: text cut at the page's edge (none expected).
CUT = """(limit) => [...document.querySelectorAll('main *')].filter((el) => {
  const box = el.getBoundingClientRect();
  return box.width > 0 && (box.right > limit + 0.5 || box.left < -0.5
    || el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== 'visible');
}).map((el) => el.tagName + '.' + el.className + ': ' + el.textContent.slice(0, 40))"""
A4_CONTENT_PX = 182 / 25.4 * 96  # the page's width less its 14 mm margins, in CSS pixels


def pdf_pages(pdf: bytes) -> int:
    """A PDF's page count: its page objects (`/Type /Page`, not `/Pages`)."""
    return len(re.findall(rb"/Type\s*/Page(?![a-zA-Z])", pdf))


def printed(page: Any, url: str, out: Path) -> int:
    """The page printed by Chromium to an A4 PDF (its own @page margins); its page count,
    once no box crosses the printable width at print media."""
    page.goto(url)
    page.emulate_media(media="print")
    page.set_viewport_size({"width": round(A4_CONTENT_PX), "height": 1100})
    assert page.evaluate(CUT, A4_CONTENT_PX) == []
    page.screenshot(path=str(out.with_suffix(".png")), full_page=True)
    pdf = page.pdf(format="A4", prefer_css_page_size=True, print_background=True)
    out.write_bytes(pdf)
    return pdf_pages(pdf)


def test_a_paper_team_printed_sheets_entered_and_ranked(live: LiveServer, browser: Any,
                                                         tmp_path: Path) -> None:
    shots = Path(os.environ.get("TOURELLE_SHOTS", tmp_path)) / "paper"
    shots.mkdir(parents=True, exist_ok=True)
    recorder = Recorder()
    made = requests.post(f"{live.url}/api/plans", json=PLAN,
                         headers={"X-Tourelle-Key": live.key}, timeout=10)
    assert made.status_code == 201, made.text
    plan = made.json()["plan"]["id"]

    host = new_page(browser, recorder, f"{live.url}/host#key={live.key}", HOST_WIDE)
    host.wait_for_selector(f"[data-plan-print='{plan}']")
    host.click(f"[data-plan-print='{plan}']")
    host.wait_for_selector("#confirm[open]")
    assert "4 questions" in host.inner_text("#confirm-text")
    assert host.input_value("#confirm-choice") == "fix"
    host.click("#confirm-yes")
    host.wait_for_selector("#plan-print:not([hidden]) a[data-print='sheets']")
    stored = requests.get(f"{live.url}/api/plans/{plan}", headers={"X-Tourelle-Key": live.key},
                          timeout=10).json()
    assert all(len(r["ids"]) == 2 for r in stored["games"][0]["settings"]["plan"])
    crib_url = live.url + host.get_attribute("[data-print='crib']", "href")
    sheets_url = live.url + host.get_attribute("[data-print='sheets']", "href")
    assert "lang=fr" in crib_url

    # Printed by Chromium, French then English: the crib has a page per round (and a title
    # page's worth of the first round), the sheets one page for the one paper team.
    paper = new_page(browser, recorder, crib_url, HOST_WIDE)
    for lang in ("fr", "en"):
        crib = printed(paper, crib_url.replace("lang=fr", f"lang={lang}"),
                       shots / f"crib-{lang}.pdf")
        assert crib == 2, crib  # each round starts a page; two short rounds fit a page each
        assert ("Manche 2" if lang == "fr" else "Round 2") in paper.inner_text("main")
        sheets = printed(paper, sheets_url.replace("lang=fr", f"lang={lang}"),
                         shots / f"sheets-{lang}.pdf")
        assert sheets == 1, sheets
        assert "Table 5" in paper.inner_text(".team-name")
        copies = printed(paper, sheets_url.replace("lang=fr", f"lang={lang}") + "&copies=3",
                         shots / f"sheets-3-{lang}.pdf")
        assert copies == 3, copies

    # The night: one phone team and the paper team.
    host.click(f"[data-plan-start='{plan}']")
    host.wait_for_selector("#live:not([hidden]) [data-cmd='start']:not([disabled])")
    host.wait_for_selector("[data-paper-team='1']")
    phone = join_seat(browser, recorder, live.url, 0, name="Ours")
    host.click("[data-cmd='start']")
    host.click("#qr-commands [data-cmd='next']:not([disabled])")  # the round's title card
    for number in range(1, 5):
        host.wait_for_function(f"state.view && state.view.stage === 'answering' "
                               f"&& state.view.number === {(number - 1) % 2 + 1}")
        question = host.evaluate("state.view.question")
        truth = host.evaluate("state.view.truth.answer")
        if question["kind"] == "choice":
            phone.locator(".qr-choice").nth((truth + 1) % len(question["options"])).click()
        else:
            for digit in str(truth + 500):
                phone.click(f".qr-keypad [data-key='{digit}']")
            phone.click(".qr-keypad [data-key='ok']")
        host.wait_for_function("state.view.stage === 'reveal'")  # the phone team: closed
        row = f"#qr-paper [data-paper-q='{(number - 1) % 2 + 1}']"
        host.wait_for_selector(row)
        if question["kind"] == "choice":
            host.click(f"{row} [data-paper-choice$=':{'ABCDEF'[truth]}']")
        else:
            host.fill(f"{row} input", str(truth))
            host.click(f"{row} [data-paper-enter]")
        host.wait_for_selector(f"{row}.good")
        if number == 2:  # the round's last reveal waits for the sheets: the host moves on
            assert host.is_visible("#qr-paper-waiting")
            for size in (HOST_WIDE, HOST_NARROW):
                host.set_viewport_size(size)
                host.locator("#qr-paper").scroll_into_view_if_needed()
                host.screenshot(path=str(shots / f"host-paper-{size['width']}x"
                                                 f"{size['height']}-fr.png"))
            host.set_viewport_size(HOST_WIDE)
            host.click("#qr-commands [data-cmd='next']:not([disabled])")  # the board
            host.wait_for_function("state.view.stage === 'board'")
            board = host.evaluate("state.view.players")
            assert [(p["name"], p["place"]) for p in board] == [("Table 5", 1), ("Ours", 2)]
            host.click("#qr-commands [data-cmd='next']:not([disabled])")
            host.click("#qr-commands [data-cmd='next']:not([disabled])")  # round 2's title
        else:
            host.click("#qr-commands [data-cmd='next']:not([disabled])")
    host.wait_for_function("state.view.stage === 'board' && state.view.final")
    host.click("#qr-commands [data-cmd='next']:not([disabled])")
    host.wait_for_function("state.meta.status === 'over'")
    podium = host.evaluate("state.view.players")
    assert podium[0]["name"] == "Table 5" and podium[0]["score"] == 40 and podium[0]["paper"]
    assert recorder.errors == []
    assert local_only(recorder.urls) == []
