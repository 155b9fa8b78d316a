"""host/people/names.py and the night's identity rule (host/people/night.py `identify`)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from host.people.names import ANIMALS, NameFilter, clean, fold, generated_name, renamed_in
from host.people.night import PlayedGame, identify


@pytest.mark.parametrize("name", ["connard", "CONNARD", "Cönnärd", "c0nn4rd", "C.O.N.N.A.R.D",
                                  "Super-Connnnard", "gros con", "PUTAIN", "p\u00e9t@sse",
                                  "fuck3r", "sh1t happens", "Mother Fucker"])
def test_rude_names_in_any_dress_are_found(name: str) -> None:
    assert NameFilter(None).blocked(name) is not None


@pytest.mark.parametrize("name", ["Constance", "Hercule", "Dispute", "Scunthorpe", "Montenegro",
                                  "Pénélope", "Chloé 🦊", "Les Castors", "Alex", "Pédestre",
                                  "Bassin", "Culotte"])
def test_ordinary_names_pass(name: str) -> None:
    assert NameFilter(None).blocked(name) is None


def test_the_host_adds_words_kept_in_the_data_folder(tmp_path: Path) -> None:
    names = NameFilter(tmp_path)
    assert names.blocked("Brocoli") is None
    assert names.add("  Brocôli ") == "brocoli"
    assert names.add("*navet") == "*navet"
    assert names.blocked("BR0COLI") == "brocoli" and names.blocked("Les brocolis") is None
    assert names.blocked("Supernavet") == "navet"
    assert NameFilter(tmp_path).host_words() == ["*navet", "brocoli"]  # read back from the file
    for bad in ("", "two words", "x" * 41, "***"):
        with pytest.raises(ValueError):
            names.add(bad)
    with pytest.raises(ValueError):
        NameFilter(None).add("zut")


def test_names_are_cut_and_made_up_in_the_games_language() -> None:
    assert clean("  " + "x" * 30) == "x" * 24
    assert fold("Éléonore L33T") == "eleonore leet"
    made = generated_name("fr", rng=random.Random(1))
    assert made.split()[0] in ANIMALS["fr"] and made.split()[1].isdigit()
    assert generated_name("en", rng=random.Random(1)).split()[0] in ANIMALS["en"]
    taken = {f"{animal} {n}" for animal in ANIMALS["fr"] for n in range(1, 100)}
    assert generated_name("fr", taken) not in taken


def test_renamed_in_names_every_seat_object_and_shares_the_rest() -> None:
    view = {"players": [{"seat": 0, "name": "Rouge"}, {"seat": 1, "name": "Bleu"}],
            "floor": 1, "floor_name": "Bleu", "map": {"a": [1, 2]},
            "card": {"name": {"fr": "As", "en": "Ace"}}}
    renamed = renamed_in(view, {1: "Zoé"})
    assert renamed["players"] == [{"seat": 0, "name": "Rouge"}, {"seat": 1, "name": "Zoé"}]
    assert renamed["floor_name"] == "Zoé" and renamed["card"] is view["card"]
    assert renamed["map"] is view["map"] and renamed["players"][0] is view["players"][0]
    assert view["players"][1]["name"] == "Bleu"  # the engine's view is left as it was
    assert renamed_in(view, {}) is view


def game(game_id: str, *seats: tuple[str, list[str]], team: bool = False) -> PlayedGame:
    return PlayedGame(game_id, "buzzer", "over",
                      [{"seat": n, "name": name, "phones": phones, "team": team}
                       for n, (name, phones) in enumerate(seats)], None)


def test_identity_players_by_phone_teams_by_shared_phones_others_by_name() -> None:
    games = [game("g1", ("Ana", ["a"]), ("Rouge", []), ("Bob", ["b"])),
             game("g2", ("Bob", ["b"]), ("Ana", ["a"]), ("Rouge", []))]
    assert identify(games) == [{0: "phone:a", 1: "name:Rouge", 2: "phone:b"},
                               {0: "phone:b", 1: "phone:a", 2: "name:Rouge"}]
    teams = [game("t1", ("A", ["a1", "a2", "a3"]), ("B", ["b1", "b2"]), team=True),
             # B's captain now leads a team with two of A's phones: it is still A (2 shared)
             game("t2", ("X", ["b1", "a2", "a3"]), ("Y", ["a1"]), team=True),
             game("t3", ("Z", ["b2"]), ("W", ["a2"]), team=True)]
    assert identify(teams) == [{0: "team:a1", 1: "team:b1"},
                               {0: "team:a1", 1: "team:a1@t2:1"},  # a1 left alone: new
                               {0: "team:b1", 1: "team:a1"}]
    # A team's first captain who comes back alone later is a new team, not the old one.
    back = [game("u1", ("A", ["a1", "a2"]), team=True), game("u2", ("A", ["a2"]), team=True),
            game("u3", ("C", ["a1"]), ("A", ["a2"]), team=True)]
    assert identify(back)[2] == {0: "team:a1@u3:0", 1: "team:a1"}


def test_an_unheld_seat_of_a_lobby_is_nobodys_row() -> None:
    from host.people.night import NightRules, standings

    first = PlayedGame("g1", "buzzer", "over",
                       [{"seat": 0, "name": "Ana", "phones": ["a"]},
                        {"seat": 1, "name": "Bot", "bot": 2}],
                       {"players": [{"seat": 0, "score": 3}, {"seat": 1, "score": 1}]})
    lobby = PlayedGame("g2", "buzzer", "lobby",
                       [{"seat": 0, "name": "Ana"}, {"seat": 1, "name": "Bot", "bot": 2},
                        {"seat": 2, "name": "Zed", "phones": ["z"]}], None)
    table = standings(NightRules(), [first, lobby])["table"]
    # Ana's phone has not joined the new lobby yet: no second "Ana" (name:Ana) row; the
    # bot played before (listed after the people, with no place); Zed's phone is a new
    # player with 0 points.
    assert [(r["id"], r["points"], r["seat"], r["place"]) for r in table] == [
        ("phone:a", 10, None, 1), ("phone:z", 0, 2, 2), ("name:Bot", 6, 1, None)]


def test_an_unnamed_robot_gets_a_robots_name_never_a_colour(tmp_path: Path) -> None:
    """Issue 42: a robot left unnamed on the host form was "Vert" in the night's table."""
    from host.room.hub import Hub
    from host.store.journal import Journal
    from tests.core.test_session import BANK

    hub = Hub(Journal(tmp_path / "j.sqlite"), BANK, publish=None, threaded=False)
    seats = [{"name": "Les Ours"}, {}, {"bot": 3}, {"bot": 2, "name": "Robot 2"}, {"bot": 1}]
    config = hub.game_config("q-squared-joe", seats[:4], language="fr")
    assert [s["name"] for s in config["seats"]][2:] == ["Robot 1", "Robot 2"]
    english = hub.game_config("watchtower", [{}, {"bot": 3}, seats[3], seats[4]], language="en")
    assert [s["name"] for s in english["seats"]][1:] == ["Robot 1", "Robot 2", "Robot 3"]
