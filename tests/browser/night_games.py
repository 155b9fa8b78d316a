"""The games of a whole night, each as its host and players play it on their pages
(test_whole_night_browser.py): a quiz round of three teams with typed, ordering and clip
questions, a buzzer board, a territory game on a small map and a card game with a robot.
Every game is made on the host page's form and moved on with its buttons."""

from __future__ import annotations

import json
import re
from typing import Any

import yaml

from tests.browser.night_pages import BUNDLED, PACKS, SETTLED, Night

# Every wait of the quiz round in the host's hands (no intro, reveal or board on a timer).
QUIZ = {"intro_seconds": "0", "reveal_seconds": "0", "board_seconds": "0", "seconds": "60"}
# Per language: the questions picked by hand (a choice, a typed, an ordering one; then a clip).
PICKED = {"fr": (["fr-geo-002", "fr-txt-0001", "fr-ord-001"], ["fr-music-002"]),
          "en": (["en-geo-001", "en-txt-0001", "en-ord-001"], ["en-music-001"])}
ROUNDS = {"fr": ("Tour mixte", "Musique"), "en": ("Mixed round", "Music")}
# The territory game's quick settings: a small generated map, short timers.
TERRITORY = {"numeric_seconds": "6", "choice_seconds": "6", "pick_seconds": "4",
             "reveal_seconds": "6"}
LOCKED_OR_REVEALED = ".qr-status.locked, #qr-verdict"


def question(qid: str) -> dict[str, Any]:
    """A bundled question, as its pack says it."""
    for pack in PACKS:
        if pack.startswith(qid[:3]):
            found = yaml.safe_load((BUNDLED / f"{pack}.yaml").read_text("utf-8"))["questions"]
            for item in found:
                if item["id"] == qid:
                    return dict(item)
    raise KeyError(qid)


def form_seats(host: Any, names: list[str], bots: int = 0) -> None:
    """The form's seats: one phone seat per name (an empty name: the team's own), then
    `bots` robots, the others left empty."""
    wanted = len(names) + bots
    while host.locator(f"#seat-kind-{wanted - 1}").count() == 0:
        host.click("#c-add-seat")
    for seat in range(host.locator("#c-seats select").count()):
        kind = "phone" if seat < len(names) else "bot3" if seat < wanted else "none"
        host.select_option(f"#seat-kind-{seat}", kind)
        if seat < len(names):
            host.fill(f"#seat-name-{seat}", names[seat])


def create(night: Night, kind: str, names: list[str], bots: int = 0,
           settings: dict[str, str] | None = None) -> str:
    """The host form: the kind, its settings, the seats, teams on; "Créer"; the new lobby."""
    host = night.host
    before = host.evaluate("state ? state.meta.game : null")
    if host.input_value("#c-kind") != kind:  # choosing it again draws its settings afresh
        host.select_option("#c-kind", kind)
    if host.input_value("#c-language") != night.lang:
        host.select_option("#c-language", night.lang)
    for key, value in (settings or {}).items():
        if host.locator(f"select#s-{key}").count():
            host.select_option(f"#s-{key}", value)
        else:
            host.fill(f"#s-{key}", value)
    form_seats(host, names, bots)
    if not host.is_checked("#c-teams"):
        host.click("#c-teams")
    host.click("#c-create")
    host.wait_for_function("(before) => state && state.meta.game !== before && "
                           "state.meta.status === 'lobby'", arg=before)
    host.wait_for_selector("#live:not([hidden]) [data-cmd='start']:not([disabled])")
    assert host.inner_text("#create-msg") == ""
    return str(host.evaluate("state.meta.game"))


def end_game(night: Night) -> None:
    """"Terminer" on the host page, with its confirmation."""
    night.host.click("#commands [data-cmd='end']")
    night.host.wait_for_selector("#confirm[open]")
    night.host.click("#confirm-yes")
    night.host.wait_for_function("state.meta.status === 'over'")


# -- the quiz round -------------------------------------------------------------------------


def create_quiz(night: Night) -> str:
    """Two rounds picked by hand: a choice, a typed and an ordering question, then a clip;
    the leaderboard at the end; the teams named by the host."""
    host = night.host
    host.select_option("#c-kind", "quiz-round")
    for key, value in QUIZ.items():  # before the rounds: a round starts from these
        host.fill(f"#s-{key}", value)
    host.select_option("#s-leaderboard", "end")
    mixed, music = PICKED[night.lang]
    for title, ids in zip(ROUNDS[night.lang], (mixed, music), strict=True):
        host.click("#qr-add-round")
        block = host.locator(".qr-plan-round").last
        block.locator("[data-key='title']").fill(title)
        block.locator("[data-key='ids']").fill(", ".join(ids))
    plan = json.loads(host.input_value("#s-plan"))
    assert [(r["ids"], r["seconds"]) for r in plan] == [(mixed, 60), (music, 60)]
    return create(night, "quiz-round", night.teams)


def next_step(night: Night) -> None:
    night.host.click("#qr-commands [data-cmd='next']:not([disabled])")


def same_question(night: Night, prompt: str) -> None:
    """The projector and every phone show the question (as its words begin)."""
    start = prompt[:20]
    for page, where in ((night.screen, "#qr-prompt"),
                        *((phone, "#qr-p-prompt") for phone in night.phones)):
        page.wait_for_function("([where, p]) => (document.querySelector(where)?.textContent"
                               " || '').replace(/\\u00a0/g, ' ').startsWith(p)",
                               arg=[where, start])


def tap_choice(phone: Any, text: str) -> None:
    phone.locator(".qr-choice", has_text=text).click()
    phone.wait_for_selector(LOCKED_OR_REVEALED)


def type_answer(phone: Any, text: str) -> None:
    phone.wait_for_selector("#qr-text").fill(text)
    phone.click("#qr-text-ok")
    phone.wait_for_selector(LOCKED_OR_REVEALED)


def put_in_order(phone: Any, items: list[str]) -> None:
    for item in items:
        phone.locator(".qr-order-item", has_text=item).click()
    phone.click("#qr-order-lock")
    phone.wait_for_selector(LOCKED_OR_REVEALED)


def answering(night: Night, game: str) -> list[dict[str, Any]]:
    """The host page's states of the game's clip question while teams answer."""
    return [s for s in night.recorder.states if s["meta"]["game"] == game and s.get("view")
            and s["view"].get("stage") == "answering" and s["view"].get("clip")]


def play_quiz(night: Night) -> str:
    """The quiz round to its podium: the projector's sound unlocked in the lobby by one tap."""
    game = create_quiz(night)
    night.join()
    # Nothing is asked of the projector before its tap (a Playwright evaluation there would
    # count as a gesture): the host page shows the teams, and that the projector waits.
    night.host.wait_for_selector("#h-seats tr[data-seat='2']")
    # The host page asks for the projector's sound once a game with clips is there (its lobby).
    notice = night.host.wait_for_selector("#projector-sound", state="visible")
    assert night.words["needs_click"] in notice.inner_text()
    night.shoot("lobby-sound-blocked", "screen", settle=False)
    night.tap_projector()
    night.team_names_in_lobby()
    title = night.screen.inner_text("#night-title")  # before any game: none played
    assert title == f"{night.words['night']} · {night.words['after'][0]}", title
    night.shoot("lobby")
    host, screen, phones = night.host, night.screen, night.phones
    mixed, music = PICKED[night.lang]

    host.click("#commands [data-cmd='start']")
    screen.wait_for_selector(".qr-intro h1")
    title = screen.inner_text(".qr-intro h1")
    assert title == ROUNDS[night.lang][0], title
    next_step(night)
    # A choice question: Ana's teammate Zoé answers for Les Ours; Les Loups wrong.
    choice = question(mixed[0])
    same_question(night, choice["prompt"])
    # No picture: the question starts under the timer, no empty band above it (1920x1080).
    gap = screen.evaluate("document.querySelector('#qr-prompt').getBoundingClientRect().top -"
                          " document.querySelector('.qr-timer').getBoundingClientRect().bottom")
    assert gap < 100, gap
    night.shoot("question-choice")
    wrong = next(o for o in choice["options"] if o != choice["answer"])
    tap_choice(phones[1], choice["answer"])
    locked = phones[0].wait_for_selector(".qr-status.locked")  # the team's answer, on its phones
    assert choice["answer"] in locked.inner_text()
    tap_choice(phones[3], wrong)
    tap_choice(phones[4], choice["answer"])
    screen.wait_for_selector(".qr-option.right")
    for phone, look in ((phones[0], "good"), (phones[2], "bad"), (phones[4], "good")):
        phone.wait_for_selector(f"#qr-verdict.{look}")
    # Times in the page's language: "(4,9 s)" in French, "(4.9 s)" in English.
    point = "," if night.lang == "fr" else "."
    summary = screen.inner_text("#qr-summary")
    assert re.search(rf"\(\d+{re.escape(point)}\d\s?s\)", summary), summary
    host.wait_for_selector(".qr-host-answers tr.good")  # the host page's reveal
    times = host.eval_on_selector_all(".qr-host-answers td:last-child",
                                      "(cells) => cells.map((c) => c.textContent)")
    assert times and all(re.fullmatch(rf"\d+{re.escape(point)}\d\d\s?s", t) for t in times), times
    night.shoot("reveal-choice", phone=2)

    # A typed answer: right, wrong, right in capitals; the host reveals after the review.
    next_step(night)
    typed = question(mixed[1])
    same_question(night, typed["prompt"])
    type_answer(phones[0], typed["answer"])
    type_answer(phones[2], "Paris" if night.lang == "fr" else "London")
    phones[4].wait_for_selector("#qr-text").fill(typed["answer"].upper())
    night.shoot("question-typed", "phone", "host", phone=4)
    phones[4].click("#qr-text-ok")
    host.wait_for_selector("#qr-commands [data-cmd='next']:not([disabled])")
    night.shoot("review-typed", "screen", "host")
    next_step(night)
    assert typed["answer"] in screen.wait_for_selector("#qr-truth").inner_text()
    phones[0].wait_for_selector("#qr-verdict.good")
    phones[2].wait_for_selector("#qr-verdict.bad")
    night.shoot("reveal-typed", "screen", "phone")

    # Put in order: Les Ours right, Les Loups half, Les Aigles backwards.
    next_step(night)
    order = question(mixed[2])
    items = list(order["answer"])
    same_question(night, order["prompt"])
    night.shoot("question-order", "screen", "phone")
    put_in_order(phones[1], items)
    put_in_order(phones[2], [items[1], items[0], *items[2:]])
    put_in_order(phones[4], list(reversed(items)))
    screen.wait_for_selector("#qr-order-right")
    night.shoot("reveal-order", "screen", "phone")

    # The music round: the clip plays on the projector, the time starts only then.
    next_step(night)
    screen.wait_for_function("(t) => document.querySelector('.qr-intro h1')?.textContent === t",
                             arg=ROUNDS[night.lang][1])
    next_step(night)
    clip = question(music[0])
    same_question(night, clip["prompt"])
    screen.wait_for_function("(() => { const a = document.querySelector('#qr-audio');"
                             " return !!a && !a.paused && a.currentTime > 0.3; })()")
    host.wait_for_selector("#qr-host-clip", state="detached")
    badge = screen.wait_for_selector("#qr-clip.on")
    assert night.words["clip_on"] in badge.inner_text()
    assert screen.is_hidden("#qr-sound-overlay")
    states = answering(night, game)
    assert states[0]["view"]["clip"]["waiting"] is True and states[0]["meta"]["timer"] is None
    started = [s for s in states if s["meta"]["timer"] is not None]
    assert started and all(s["view"]["clip"]["waiting"] is False for s in started)
    night.shoot("question-clip", phone=3)
    wrong = next(o for o in clip["options"] if o != clip["answer"])
    for phone, text in ((phones[0], clip["answer"]), (phones[2], clip["answer"]),
                        (phones[4], wrong)):
        tap_choice(phone, text)
    screen.wait_for_selector(".qr-option.right")

    # The final board, then the game is over: its podium.
    next_step(night)
    screen.wait_for_selector("#qr-board-list")
    night.shoot("quiz-board", "screen", "phone")
    next_step(night)
    host.wait_for_function("state.meta.status === 'over'")
    status = host.inner_text("#h-status")  # "… · Partie terminée", said once
    over = night.words["game_over"]
    assert status.endswith(" · " + over) and status.count(over.split()[-1]) == 1, status
    assert host.locator("#cmd-msg [data-undo-last]").count() == 0  # no "Fait. Annuler" now
    # The game named as a person names it, never by its id: "Partie 1 · Quiz par équipes".
    first = {"fr": "Partie 1 · Quiz par équipes", "en": "Game 1 · Quiz round"}[night.lang]
    assert status.startswith(first) and game not in status, status
    listed = host.inner_text(f"#games li[data-game='{game}']")
    assert listed.startswith(first) and game not in listed, listed
    names = night.podium()
    assert set(names) <= set(night.teams) and names, names
    night.night_table_checks(played=1)
    night.shoot("quiz-podium-night-table", host_at="#night-card")
    return game


# -- the buzzer board, the territory game, the card game ---------------------------------------


def play_buzzer(night: Night) -> str:
    """The teams come back on their colours, named as before; one team scores; "Terminer"."""
    game = create(night, "buzzer", ["", "", ""])
    night.followed(game)
    night.team_names_in_lobby()
    night.phone_header_whole(night.phones[0], night.teams[0])  # Ana, of a team of two phones
    night.shoot("buzzer-lobby", "screen", "phone")
    night.host.click("#commands [data-cmd='start']")
    night.host.wait_for_selector("[data-cmd='open-first']:not([disabled])")
    night.host.click("[data-cmd='open-first']")
    night.phones[3].wait_for_function("document.body.dataset.buzz === 'live'")
    night.phones[3].click("#bz-button", force=True)
    night.screen.wait_for_selector("#bz-winner[data-seat='1']")
    assert night.teams[1] in night.screen.inner_text("#bz-winner")
    night.shoot("buzzer-floor", phone=3)
    night.host.click("[data-cmd='right']")
    end_game(night)
    names = night.podium()  # Les Loups first; Les Ours and Les Aigles share the second step
    assert sorted(names) == sorted(night.teams), names
    assert night.teams[1] in night.screen.inner_text("#podium-steps .step.place-1")
    shared = night.screen.inner_text("#podium-steps .step.place-2[data-names='2']")
    assert night.teams[0] in shared and night.teams[2] in shared, shared
    night.night_table_checks(played=2)
    night.shoot("buzzer-podium", "screen", "phone")
    return game


def play_territory(night: Night) -> str:
    """A small map, short timers: the first number question answered on the phones' keypads,
    the map on the projector; then the host ends it."""
    night.host.select_option("#c-kind", "territory")
    night.host.select_option("#c-map", "generated:12:1")
    game = create(night, "territory", ["", "", ""], settings=TERRITORY)
    night.followed(game)
    night.team_names_in_lobby()
    night.host.click("#commands [data-cmd='start']")
    for seat, phone in ((0, night.phones[0]), (1, night.phones[2]), (2, night.phones[4])):
        phone.wait_for_selector(".keypad [data-key='ok']")
        for digit in str(10 + seat):
            phone.click(f".keypad [data-key='{digit}']")
        phone.click(".keypad [data-key='ok']")
    # The reveal at 1920: each name whole, each row's gap and time on one line; the verdict's
    # words read right for a team ("Les Aigles" is plural: not "Les Aigles choisit").
    night.screen.wait_for_selector("#q-result .reveal-row[data-seat='2']")
    night.screen.wait_for_function(SETTLED)
    cut = night.screen.eval_on_selector_all(
        "#q-result .reveal-row", "(rows) => rows.map((r) => { const who = r.querySelector('.who'),"
        " d = r.querySelector('.detail'); return [who.scrollWidth > who.clientWidth ? who.innerText"
        " : null, d.getClientRects().length && d.getBoundingClientRect().height >"
        " 1.6 * parseFloat(getComputedStyle(d).lineHeight) ? d.innerText : null]; })")
    assert all(c == [None, None] for c in cut), cut
    verdict = night.screen.inner_text("#q-result .verdict")
    first = {"fr": "Premier choix pour ", "en": "First pick to "}[night.lang]
    assert first in verdict, verdict
    night.shoot("territory-reveal", "screen", "phone", phone=2)
    night.screen.wait_for_selector("svg .land")
    # The map's values read as the scores do: "1 000" / "1,000", never "1000".
    values = night.screen.eval_on_selector_all("svg text.value",
                                               "(t) => t.map((e) => e.textContent)")
    assert values and not any(re.fullmatch(r"\d{4,}", v) for v in values), values
    night.shoot("territory-running", phone=2)
    night.phone_header_whole(night.phones[2], night.teams[1])  # its score on the right
    night.host_hand_menus()
    end_game(night)
    night.podium()
    # Ended by the host, no tie-break played: equal scores share a place and a step.
    players = night.host.evaluate("state.view.players.map((p) => [p.score, p.place])")
    for score, place in players:
        assert all(p == place for s, p in players if s == score), players
        steps = night.screen.locator(f"#podium-steps .step.place-{place}")
        assert place > 3 or steps.count() == 1, players
    night.night_table_checks(played=3)
    night.shoot("territory-podium", "screen")
    return game


def play_cards(night: Night) -> str:
    """Q Squared Joe: the three teams and a robot in the fourth seat, at a quick pace; the
    teams' phones show their hands; the host ends it. The robot scores but has no place."""
    night.host.fill("#c-pace", "0.2")
    game = create(night, "q-squared-joe", ["", "", ""], bots=1)
    night.host.fill("#c-pace", "1")
    night.followed(game)
    night.team_names_in_lobby()
    night.host.click("#commands [data-cmd='start']")
    night.screen.wait_for_selector(".cards-kind")
    night.phones[0].wait_for_selector(".qsj")
    # Whose turn, in words that read right for a team ("Les Ours" is plural): "À jouer : …".
    turn = {"fr": "À jouer : ", "en": "To play: "}[night.lang]
    for page in (night.screen, night.host):
        head = page.wait_for_selector(".qsj-head").inner_text()
        assert head.strip().startswith(turn) or f" {turn}" in head, head
    night.shoot("cards-running", phone=0)
    end_game(night)
    # Stopped by the host: said so, not "a drawn game (move limit)" at move 0.
    stopped = {"fr": "Partie arrêtée par l’animateur", "en": "Game ended by the host"}[night.lang]
    night.screen.wait_for_function(
        "(text) => [...document.querySelectorAll('.qsj-head.over')].some((e) =>"
        " e.textContent === text)", arg=stopped)
    ranking = night.podium()
    night.fits_on_screen("#kind-over .cards-kind")  # the boards under the ranking too
    robot = str(night.host.evaluate("state.meta.seats[3].name"))
    assert robot == "Robot 1", robot  # a robot's name, never its colour ("Vert")
    assert len(ranking) == 4 and any(robot in line for line in ranking), ranking
    for team in night.teams:
        assert any(team in line for line in ranking), ranking
    night.night_table_checks(played=4, bots=(robot,))
    night.shoot("cards-podium-night-table", "screen", "host", host_at="#night-card")
    return game


def end_night(night: Night) -> None:
    """"Terminer la soirée", confirmed: the night's podium on the projector, of people only."""
    night.host.click("#n-end")
    night.host.wait_for_selector("#confirm[open]")
    night.host.click("#confirm-yes")
    night.screen.wait_for_function("document.body.dataset.night === 'over'")
    night.screen.wait_for_selector("#podium:not([hidden]) .step")
    assert night.screen.inner_text("#podium h1") == night.words["podium"]
    names = night.podium(phones=False)
    assert names and set(names) <= set(night.teams), names
    night.host.wait_for_selector("#n-choose option[data-status='over']:checked", state="attached")
    chosen = night.host.eval_on_selector("#n-choose", "(s) => s.selectedOptions[0].textContent")
    assert chosen == f"{night.words['night']} · {night.words['night_over']}", chosen
    night.shoot("night-over", host_at="#night-card")


def create_again(night: Night) -> None:
    """After the night: "Créer" makes a game, outside the ended night (no refusal)."""
    create(night, "buzzer", ["", "", ""])
    assert night.host.evaluate("state.meta.night") is None
    night.shoot("after-night", "host")
