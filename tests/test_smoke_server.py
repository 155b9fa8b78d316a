from tests.live import Peer


def test_healthz_and_a_game_created_by_the_host(server):
    health = server.get("/healthz")
    assert health["ok"] is True and health["async_mode"] == server.async_mode
    host = Peer(server, "/host", auth={"key": server.key})
    created = host.call("create", {"kind": "territory", "map": "generated:14:3",
                                   "seats": [{"name": "Ana"}, {"name": "Bob"}, {"bot": 3}]})
    assert created["ok"], created
    games = server.get("/api/games")["games"]
    assert [g["id"] for g in games] == [created["game"]]
    host.close()
