"""The reveal's words as the pages write them: the engine's real views (seeded positions)
rendered in Chromium by the page's own code (js/kinds/territory-words.js and the projector's
reveal in js/kinds/territory.js), in French and English.

Lives beside the engine tests for their position helpers (the `kit` fixture); it is a browser
test all the same (marked, and skipped without Debian's chromium)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser.driver import CHROMIUM, PROJECTOR, Recorder, chromium, new_page
from tests.live import LiveServer

pytestmark = [pytest.mark.browser,
              pytest.mark.skipif(not CHROMIUM.exists(), reason=f"{CHROMIUM} is missing")]

NAMES = ["Ana", "Bruno", "Chloé", "David"]


@pytest.fixture(scope="module")
def pages(live: LiveServer) -> Iterator[dict[str, Any]]:
    """The projector page in French and in English (the territory scripts are on every page)."""
    recorder = Recorder()
    with chromium() as browser:
        out = {}
        for lang in ("fr", "en"):
            page = new_page(browser, recorder, live.url + "/screen", PROJECTOR, locale=lang)
            page.wait_for_function("typeof TerritoryWords === 'object'")
            page.evaluate(f"T.use('{lang}')")
            out[lang] = page
        yield out
    assert not recorder.errors, recorder.errors


def named_seats(count: int) -> list[dict[str, Any]]:
    return [{"seat": i, "name": NAMES[i], "bot": None} for i in range(count)]


def words(page: Any, view: dict[str, Any]) -> dict[str, Any]:
    """Each row's value, mark and detail, the verdict and the pickers' line, as the page says."""
    return page.evaluate("""(view) => {
        const W = TerritoryWords, q = view.question, state = { view, meta: { seats: [] } };
        const rows = q.outcome.answers.map((row) => {
            const answer = (q.answers || []).find((a) => a.seat === row.seat);
            return { seat: row.seat, value: answer ? W.answerText(q.content, answer.value) : null,
                     mark: W.rowMark(q.content, row).text, detail: W.rowDetail(q.content, row) };
        });
        return { truth: W.answerText(q.content, q.content.answer), rows,
                 verdict: W.verdictText(state, q, (id) => "«" + id + "»"),
                 pickers: W.pickersText(state, q.outcome.pickers) };
    }""", view)


def expansion(kit: Any, game: Any, truth: int, answers: dict[int, tuple[int, int]],
              overrides: dict[int, bool] | None = None, seats: int = 3, **question: Any) -> Any:
    d = kit.Driver(game, game.setup({}, named_seats(seats), 5))
    d.ask(truth, **question)
    for seat, (value, t_ns) in answers.items():
        d.answer(seat, value, t_ns)
    if d.state.stage == "answering":
        d.timeout()
    for seat, correct in (overrides or {}).items():
        d.do({"type": "override", "seat": seat, "correct": correct})
    return game.view(d.state, "screen")


def test_closest_is_not_right_and_the_loser_is_not_praised(kit, grid_game, pages):
    # Bruno is faster but further off; Ana is 191 off: closest, not "Juste".
    view = expansion(kit, grid_game, 1905, {0: (1714, 2_274_000_000), 1: (1500, 1_000_000_000)},
                     prompt="En quelle année a été fondé le club ?")
    fr = words(pages["fr"], view)
    rows = {row["seat"]: row for row in fr["rows"]}
    assert fr["truth"] == "1905" and rows[0]["value"] == "1714"  # a year: no separator
    assert rows[0]["mark"] == "◎ Le plus proche" and "Juste" not in json.dumps(fr)
    assert rows[1]["mark"] == "2ᵉ plus proche"  # the runner-up still picks: not "Faux"
    assert rows[0]["detail"] == "écart 191 · +1274 ms"
    assert rows[1]["detail"] == "écart 405 · 1ᵉʳ à valider"
    assert "+-" not in json.dumps(fr)
    assert fr["verdict"] == "Premier choix pour Ana : le plus proche (écart 191)"
    assert fr["pickers"] == "Choisissent : Ana, Bruno"
    en = words(pages["en"], view)
    assert en["verdict"] == "First pick to Ana: closest (off by 191)"
    assert {row["seat"]: row["mark"] for row in en["rows"]}[0] == "◎ Closest"


def test_right_only_when_exact_and_numbers_keep_their_separator(kit, grid_game, pages):
    view = expansion(kit, grid_game, 12000, {0: (12000, 3_000_000_000), 1: (10500, 1_000_000_000)},
                     prompt="Combien de marches ?")
    fr = words(pages["fr"], view)
    rows = {row["seat"]: row for row in fr["rows"]}
    assert rows[0]["mark"] == "✔ Juste !" and rows[0]["value"] == "12\u202f000"
    assert rows[1]["detail"] == "écart 1\u202f500 · 1ᵉʳ à valider"
    assert rows[0]["detail"] == "+2\u202f000 ms"
    assert fr["verdict"] == "Premier choix pour Ana : bonne réponse"
    en = words(pages["en"], view)
    assert {row["seat"]: row["value"] for row in en["rows"]}[0] == "12,000"


def test_faster_decides_only_between_equally_close_answers(kit, grid_game, pages):
    view = expansion(kit, grid_game, 100, {0: (95, 260_000_000), 1: (105, 1_000_000)})
    fr = words(pages["fr"], view)
    assert fr["verdict"] == "Premier choix pour Bruno : aussi proche que Ana, plus rapide de 259 ms"
    assert words(pages["en"], view)["verdict"] == (
        "First pick to Bruno: as close as Ana, faster by 259 ms")


def test_an_overridden_silence_reads_like_any_row_and_nobody_picks_nothing(kit, grid_game, pages):
    view = expansion(kit, grid_game, 100, {0: (90, 1_000_000), 1: (80, 2_000_000)},
                     overrides={2: True, 1: False})
    fr = words(pages["fr"], view)
    rows = {row["seat"]: row for row in fr["rows"]}
    assert rows[2] == {"seat": 2, "value": None, "mark": "✔ Juste ! (animateur)", "detail": ""}
    assert rows[1]["mark"] == "✘ Faux (animateur)"
    assert str(1 << 62)[:12] not in json.dumps(fr)
    silent = words(pages["fr"], expansion(kit, grid_game, 100, {}))
    assert silent["pickers"] is None and silent["verdict"] == "Personne n’a répondu"


def test_the_duels_name_the_player_and_what_decided(kit, grid_game, pages):
    state = kit.position(grid_game, {0: "a1", 1: "c1", 2: "b3"}, {"b1": (1, 200)}, rest=2)
    d = kit.Driver(grid_game, state)
    d.attack(0, "b1")
    d.ask(1)
    d.answer(0, 2, 5)  # the attacker is wrong, and faster
    d.answer(1, 1, 9)
    fr = words(pages["fr"], grid_game.view(d.state, "screen"))
    names = {0: "Rouge", 1: "Bleu"}  # kit.position seats are named after colours
    assert fr["verdict"] == (f"Défense réussie pour {names[1]} : "
                             f"pas de bonne réponse chez {names[0]}")
    assert {row["seat"]: row["mark"] for row in fr["rows"]} == {0: "✘ Faux", 1: "✔ Juste !"}


def test_a_conquest_says_which_territory_each_right_player_takes(kit, pages):
    """Issue 49, point 9: never "takes the territory aimed at" without saying which."""
    game = kit.TerritoryGame(kit.maps["grid12"]())
    d = kit.Driver(game, game.setup({"mode": "campaign"}, kit.seats(3), 5))
    bases = {0: "a0", 1: "c2", 2: "a3"}
    while d.state.phase == "castles":
        d.pick(d.state.picks[0], bases[d.state.picks[0]])
    aims = {0: "a1", 1: "c1", 2: "a2"}
    for seat in d.state.picks:
        d.pick(seat, aims[seat])
    first, second, _ = d.state.question.seats
    d.ask(1)
    d.answer(first, 1, 5)
    d.answer(second, 1, 6)
    d.timeout()  # the third never answers
    names = {0: "Rouge", 1: "Bleu", 2: "Vert"}  # kit.seats are named after colours
    view = game.view(d.state, "screen")
    fr = words(pages["fr"], view)
    assert fr["verdict"] == (f"Conquête pour {names[first]} : «{aims[first]}» · "
                             f"Conquête pour {names[second]} : «{aims[second]}»")
    en = words(pages["en"], view)
    assert en["verdict"] == (f"Taken by {names[first]}: «{aims[first]}» · "
                             f"Taken by {names[second]}: «{aims[second]}»")


def test_the_speed_duel_says_who_holds_and_why(kit, grid_game, pages):
    state = kit.position(grid_game, {0: "a1", 1: "c1", 2: "b3"}, {"b1": (1, 200)}, rest=2)
    d = kit.Driver(grid_game, state)
    d.attack(0, "b1")
    d.ask(1)
    d.answer(0, 1, 5)
    d.answer(1, 1, 9)
    both = words(pages["fr"], grid_game.view(d.state, "screen"))
    assert both["verdict"] == "Égalité : question de rapidité"
    d.cont()
    d.ask(50)
    d.answer(0, 40, 1_000_000)  # the attacker is faster, and further off
    d.answer(1, 47, 9_000_000)
    fr = words(pages["fr"], grid_game.view(d.state, "screen"))
    assert fr["verdict"] == "Défense réussie pour Bleu : le plus proche (écart 3)"
    assert {row["seat"]: row["mark"] for row in fr["rows"]} == {1: "◎ Le plus proche",
                                                                 0: "2ᵉ plus proche"}
    en = words(pages["en"], grid_game.view(d.state, "screen"))
    assert en["verdict"] == "Held by Bleu: closest (off by 3)"


def test_the_projector_draws_the_reveal_with_these_words(live, kit, pages):
    """The projector's own reveal (kinds/territory.js) on the shipped map, a year question."""
    from host.territory.game import TerritoryGame
    from host.territory.maps import load_map

    game = TerritoryGame(load_map("france-regions"))
    view = expansion(kit, game, 1905, {0: (1714, 2_274_000_000), 1: (1500, 1_000_000_000)},
                     seats=2, prompt="En quelle année a été fondé le club ?")
    page = pages["fr"]
    text = page.evaluate("""(view) => {
        const root = document.createElement("div");
        document.body.append(root);
        const kind = window.TourelleKinds.territory.screen;
        const meta = { game: "g", kind: "territory", config: { map: "france-regions" },
                       status: "running" };
        kind.mount(root, {});
        kind.update({ meta, view }, { previous: null, sounds: { play() {} } });
        return root.querySelector("#q-result").innerText;  // the map is drawn after: root stays
    }""", view)
    # (French typography: the verdict's colon has a no-break space before it, T.prose)
    assert "Premier choix pour Ana\xa0: le plus proche (écart 191)" in text
    assert "Réponse : 1905" in text and "1 905" not in text and "Juste" not in text
    assert "Choisissent : Ana, Bruno" in text


def duel_lines(page: Any, view: dict[str, Any]) -> dict[str, Any]:
    """TerritoryWords.duelLine for each seat of `view` (keyed "0", "1"...) and for the room
    (null), the territory named «id»."""
    return dict(page.evaluate("""(view) => {
        const state = { view, meta: { seats: [] } }, place = (id) => "«" + id + "»";
        const out = { room: TerritoryWords.duelLine(state, null, place) };
        for (const p of view.players) out[p.seat] = TerritoryWords.duelLine(state, p.seat, place);
        return out;
    }""", view))


@pytest.mark.parametrize("attacker,defender", [("Kim", "Les Ours"), ("Les Aigles", "Kim")])
def test_a_duel_line_says_who_attacks_whom_where_for_each_side(kit, grid_game, pages,
                                                              attacker, defender):
    """Issue 49, point 7: a duel's phone said only "Duel". Each side reads its part, the room
    reads both names; no verb has a player as subject ("Les Ours" is plural)."""
    state = kit.position(grid_game, {0: "a1", 1: "c1", 2: "b3"}, {"b1": (1, 200)}, rest=2)
    d = kit.Driver(grid_game, state)
    d.attack(0, "b1")
    d.ask(1)
    view = grid_game.view(d.state, "screen")
    for player, name in zip(view["players"], (attacker, defender, "Zoé"), strict=True):
        player["name"] = name
    fr = duel_lines(pages["fr"], view)
    assert fr == {"room": f"Attaque\xa0: {attacker} → «b1» (défense\xa0: {defender})",
                  "0": f"Vous attaquez «b1» (défense\xa0: {defender})",
                  "1": f"Vous défendez «b1» contre {attacker}",
                  "2": f"Attaque\xa0: {attacker} → «b1» (défense\xa0: {defender})"}
    en = duel_lines(pages["en"], view)
    assert en == {"room": f"Attack: {attacker} → «b1» (defended by {defender})",
                  "0": f"You attack «b1» (defended by {defender})",
                  "1": f"You defend «b1» against {attacker}",
                  "2": f"Attack: {attacker} → «b1» (defended by {defender})"}
    assert duel_lines(pages["fr"], {**view, "attack": None})["room"] is None


def test_a_team_as_subject_reads_right_in_both_languages(pages):
    """Issue 42: the territory sentences naming a player read right for "Kim" and for a plural
    team ("Les Ours", "The Bears"), in French and English: no verb agrees with the name."""
    keys = ["marked", "picks_base", "conquest_took", "v_wins", "v_holds", "v_first", "v_final",
            "why_missed", "duel_you_attack", "duel_you_defend", "attack_on", "picks", "attacks"]
    verbs = {"fr": (" vise", " prend", " attaque", " tient", " choisit", " passe", " n’a",
                    " l’emporte", " vous"),
             "en": (" aims", " takes", " attacks", " holds", " picks", " goes", " wins",
                    " missed")}
    for lang, page in pages.items():
        said = page.evaluate("""(keys) => {
            const own = { ...WORDS.kinds.territory, ...WORDS.kinds["territory-words"] };
            return Object.fromEntries(keys.map((key) => [key, own[key]
              ? own[key][T.lang === "fr" ? 0 : 1] : T.t(key)]));
        }""", keys)
        assert set(said) == set(keys) and all(said.values())
        for key, text in said.items():
            for name in ("Kim", "Les Ours", "The Bears"):
                line = text
                for slot in ("{who}", "{a}", "{d}", "{other}"):
                    line = line.replace(slot, name)
                assert not any(name + verb in line for verb in verbs[lang]), (lang, key, line)
