"""Paper teams on a real server with real Socket.IO clients (issue 45, point 5): a table
without phones is marked in the lobby, no phone may take it, the host enters its answers
after each reveal (journaled: a restart of the server replays them), each refusal has its
reason in French and English, and the final board and the result rank it with everyone."""

from __future__ import annotations

from typing import Any

from tests.live import LiveServer, Peer
from tests.quiz_round.test_live import join, phone_ms, view_of


def command(host: Peer, game: str, **body: Any) -> dict[str, Any]:
    reply: dict[str, Any] = host.call("command", {"game": game, **body})
    return reply


def test_a_paper_team_entered_by_the_host_ranks_with_the_phones(server: LiveServer) -> None:
    host = Peer(server, "/host", auth={"key": server.key})
    reply = host.call("create", {
        "kind": "quiz-round", "language": "fr",
        "seats": [{"name": "Les Ours"}, {"name": "Les Loups"}, {"name": "Table 5", "paper": True},
                  {"name": "Table 6"}],
        "settings": {"rounds": 1, "questions": 2, "mix": "choice", "intro_seconds": 0,
                     "reveal_seconds": 30, "board_seconds": 0, "seconds": 60}})
    assert reply["ok"], reply
    game = reply["game"]
    # Table 6 has no phone either: the host marks it in the lobby, and a phone is kept off it.
    assert command(host, game, type="hand", seat=3, paper=True)["ok"]
    lobby = host.wait_for(lambda s: any(seat.get("paper") for seat in s["meta"]["seats"]
                                        if seat["seat"] == 3))
    seats = {s["seat"]: s for s in lobby["meta"]["seats"]}
    assert seats[2].get("paper") and seats[3].get("paper") and not seats[2]["empty"]
    intruder = Peer(server, "/seat")
    refused = intruder.call("join", {"game": game, "seat": 2, "token": "paper-intruder-00000",
                                     "name": "X"})
    assert not refused["ok"] and "papier" in refused["text"]["fr"] and "paper" in refused[
        "text"]["en"]
    phones = [join(server, game, seat, f"paper-phone-{seat:02d}-0000", f"P{seat}")
              for seat in (0, 1)]
    assert command(host, game, type="start")["ok"]
    late = command(host, game, type="hand", seat=1, paper=True)
    assert not late["ok"] and "avant le début" in late["text"]["fr"]
    assert command(host, game, type="next")["ok"]  # the title card
    for number in (1, 2):
        seen = view_of(host, lambda v, n=number: v["stage"] == "answering" and v["number"] == n)
        truth, options = seen["truth"]["answer"], len(seen["question"]["options"])
        assert seen["teams"] == 2  # the phones answer; the sheets come after the reveal
        for seat, phone in enumerate(phones):
            value = truth if seat == 0 else (truth + 1) % options
            assert phone.call("action", {"type": "answer", "value": value,
                                         "t_client": phone_ms()})["ok"]
        revealed = view_of(host, lambda v, n=number: v["stage"] == "reveal" and v["number"] == n)
        question = revealed["paper"]["questions"][-1]["question"]
        wrong = command(host, game, type="paper", seat=0, question=question, value=truth)
        assert not wrong["ok"] and "téléphones" in wrong["text"]["fr"] \
            and "phones" in wrong["text"]["en"]
        out = command(host, game, type="paper", seat=2, question=question, value=options + 2)
        assert not out["ok"] and out["code"] == "bad_event"
        assert command(host, game, type="paper", seat=2, question=question, value=truth)["ok"]
        assert command(host, game, type="paper", seat=3, question=question,
                       value=(truth + 1) % options)["ok"]
        if number == 1:
            assert command(host, game, type="next")["ok"]
    last = view_of(host, lambda v: v["stage"] == "reveal" and v["paper"]["waiting"]
                   and v["paper"]["questions"][1]["answers"]["3"] is not None)
    assert [q["number"] for q in last["paper"]["questions"]] == [1, 2]
    # The server restarts: the journal replays the sheets as entered.
    server.stop()
    server.start()
    host = Peer(server, "/host", auth={"key": server.key})
    assert host.call("watch", {"game": game})["ok"]
    again = view_of(host, lambda v: v["stage"] == "reveal")
    scores = {p["name"]: p["score"] for p in again["players"]}
    assert scores["Table 5"] == 20 and scores["Table 6"] == 0  # no speed bonus on paper
    assert scores["P0"] > 20 and scores["P1"] == 0  # the phones named their seats
    assert command(host, game, type="next")["ok"]  # the board: the sheets close
    board = view_of(host, lambda v: v["stage"] in ("board", "over"))
    places = {p["name"]: p["place"] for p in board["players"]}
    assert places == {"P0": 1, "Table 5": 2, "P1": 3, "Table 6": 3}
    closed = command(host, game, type="paper", seat=2, question=0, value=0)
    assert not closed["ok"] and "classement" in closed["text"]["fr"]
    if board["stage"] == "board":
        assert command(host, game, type="next")["ok"]
    over = host.wait_for(lambda s: s["meta"]["status"] == "over")
    podium = {p["name"]: p["place"] for p in over["view"]["players"]}
    assert podium["Table 5"] == 2 and podium["Table 6"] == 3
