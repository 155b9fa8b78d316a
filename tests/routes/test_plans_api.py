"""Night plans over HTTP and the host's socket: saved, listed, edited, copied, deleted,
exported and imported on another data folder, started game after game; a plan file refused
with its file and line, and nothing written (host/room/plans.py, host/routes/plans.py)."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask_socketio import SocketIO

from host.app import create_app
from host.config import HostConfig, host_key
from host.routes.packs import KEY_HEADER
from tests.synthetic import write_pack

GAMES: list[dict[str, Any]] = [
    {"kind": "quiz-round", "language": "fr", "seats": [{"name": "Rouge"}, {"name": "Bleu"}],
     "settings": {"plan": [{"questions": 2, "mix": "numeric"}]},
     "questions": {"language": "fr"}, "teams": True, "team_answers": "first"},
    {"kind": "buzzer", "language": "fr", "seats": [{}, {}, {}], "settings": {}},
]
PLAN: dict[str, Any] = {"tourelle": "plan", "version": 1, "name": "Quiz du jeudi",
        "rules": {"default": {"places": [10, 6, 3]}}, "games": GAMES}


class Host:
    def __init__(self, root: Path) -> None:
        packs = root / "packs"
        packs.mkdir(parents=True, exist_ok=True)  # a restart: the same folders again
        write_pack(packs / "synthetic-fr.yaml", 40, "fr")
        self.data = root / "data"
        self.app: Flask
        self.socketio: SocketIO
        self.app, self.socketio, self.hub = create_app(HostConfig(
            data_dir=self.data, packs=[packs], bundled_packs=False, resume=False))
        self.key = host_key(self.data)
        self.client = self.app.test_client()

    def call(self, method: str, url: str, **kwargs: Any) -> Any:
        return self.client.open(url, method=method, headers={KEY_HEADER: self.key}, **kwargs)

    def files(self) -> dict[str, bytes]:
        folder = self.data / "plans"
        return {p.name: p.read_bytes() for p in sorted(folder.iterdir())} if folder.is_dir() \
            else {}

    def host_socket(self) -> Any:
        return self.socketio.test_client(self.app, namespace="/host", auth={"key": self.key})


@pytest.fixture
def host(tmp_path: Path) -> Any:
    made = Host(tmp_path / "one")
    yield made
    made.hub.close()


def test_every_plan_route_needs_the_host_key(host: Host) -> None:
    for method, url in (("GET", "/api/plans"), ("POST", "/api/plans"),
                        ("GET", "/api/plans/p00000000.json"), ("POST", "/api/plans/import"),
                        ("DELETE", "/api/plans/p00000000")):
        answer = host.client.open(url, method=method)
        assert answer.status_code == 403, url
        assert answer.get_json()["text"]["fr"]
    assert host.files() == {}


def test_a_plan_is_saved_listed_edited_copied_and_deleted(host: Host) -> None:
    saved = host.call("POST", "/api/plans", json=PLAN)
    assert saved.status_code == 201, saved.get_json()
    plan = saved.get_json()["plan"]
    assert list(host.files()) == [f"{plan['id']}.json"]
    on_disk = json.loads(host.files()[f"{plan['id']}.json"])
    assert on_disk["games"] == GAMES and on_disk["name"] == "Quiz du jeudi"
    listed = host.call("GET", "/api/plans").get_json()["plans"]
    assert [p["id"] for p in listed] == [plan["id"]]

    edited = host.call("PUT", f"/api/plans/{plan['id']}",
                       json={**PLAN, "name": "Quiz du jeudi 12", "games": GAMES[::-1]})
    assert edited.status_code == 200
    assert host.call("GET", f"/api/plans/{plan['id']}").get_json()["games"][0]["kind"] == "buzzer"

    copy = host.call("POST", f"/api/plans/{plan['id']}/copy", json={"name": "Quiz du jeudi 19"})
    assert copy.status_code == 201
    twin = copy.get_json()["plan"]
    assert twin["id"] != plan["id"] and twin["games"] == GAMES[::-1]
    assert len(host.call("GET", "/api/plans").get_json()["plans"]) == 2

    assert host.call("DELETE", f"/api/plans/{plan['id']}").get_json()["ok"]
    assert list(host.files()) == [f"{twin['id']}.json"]
    assert host.call("DELETE", f"/api/plans/{plan['id']}").status_code == 404


BAD_FILES = [
    ("broken.json", '{"tourelle": "plan",\n  "version": 1\n  "name": "x"}', 3, "not valid"),
    ("kind.yaml", "tourelle: plan\nversion: 1\nname: Jeudi\ngames:\n  - kind: buzzer\n"
     "    seats: [{}]\n  - kind: bowling\n    seats: [{}]\n", 7, "unknown game"),
    ("seats.yaml", "tourelle: plan\nversion: 1\nname: Jeudi\ngames:\n  - kind: buzzer\n"
     "    seats: [{bot: 9}]\n", 6, "bot level"),
    ("field.yaml", "tourelle: plan\nversion: 1\nname: Jeudi\ngames:\n  - kind: buzzer\n"
     "    seats: [{}]\n    night: n1\n", 7, "unknown field 'night'"),
    ("version.yaml", "tourelle: plan\nversion: 7\nname: Jeudi\ngames: []\n", 2, "version 1"),
    ("name.yaml", "tourelle: plan\nversion: 1\nname: ''\ngames: [{kind: buzzer}]\n", 3, "'name'"),
    ("packs.yaml", "tourelle: plan\nversion: 1\nname: Jeudi\ngames:\n  - kind: quiz-round\n"
     "    seats: [{}, {}]\n    questions: {language: fr, packs: [absent]}\n", 7, "absent"),
]


@pytest.mark.parametrize(("name", "text", "line", "says"), BAD_FILES)
def test_a_bad_plan_file_is_refused_with_its_file_and_line_and_nothing_is_written(
        host: Host, name: str, text: str, line: int, says: str) -> None:
    host.call("POST", "/api/plans", json=PLAN)
    before = host.files()
    answer = host.call("POST", "/api/plans/import",
                       data={"file": (io.BytesIO(text.encode()), name)})
    body = answer.get_json()
    assert answer.status_code == 400, body
    assert (body["code"], body["file"], body["line"]) == ("bad_plan", name, line), body
    assert says in body["reason"] and body["reason"].startswith(f"{name}, line {line}: ")
    assert body["text"]["fr"].startswith(f"{name}, ligne {line} : "), body["text"]
    assert host.files() == before


def test_an_edit_refused_leaves_the_saved_plan_as_it_was(host: Host) -> None:
    plan = host.call("POST", "/api/plans", json=PLAN).get_json()["plan"]
    before = host.files()
    bad = {**PLAN, "games": [{**GAMES[1], "seats": []}]}
    answer = host.call("PUT", f"/api/plans/{plan['id']}", json=bad)
    assert answer.status_code == 400 and "needs 1 to" in answer.get_json()["reason"]
    assert host.files() == before


def test_an_exported_plan_is_imported_on_another_data_folder_and_started(
        host: Host, tmp_path: Path) -> None:
    plan = host.call("POST", "/api/plans", json=PLAN).get_json()["plan"]
    exported = host.call("GET", f"/api/plans/{plan['id']}.json")
    assert "attachment" in exported.headers["Content-Disposition"]
    other = Host(tmp_path / "two")
    try:
        answer = other.call("POST", "/api/plans/import",
                            data={"file": (io.BytesIO(exported.data), "jeudi.json")})
        assert answer.status_code == 201, answer.get_json()
        imported = answer.get_json()["plan"]
        assert imported["games"] == GAMES and imported["name"] == "Quiz du jeudi"

        page = other.host_socket()
        ack = page.emit("plan_start", {"plan": imported["id"]}, namespace="/host",
                        callback=True)
        assert ack["ok"], ack
        first = other.hub.get(ack["game"])
        assert first is not None and first.kind.name == "quiz-round"
        assert first.config["night"] == ack["night"] and first.config["teams"]
        assert ack["plan"]["step"] == 1 and ack["plan"]["next"]["kind"] == "buzzer"
        assert ack["plan"]["current"] == {"number": 1, "kind": "quiz-round", "title": None,
                                          "teams": True}
        assert ack["plan"]["next"]["number"] == 2
        assert other.hub.night(ack["night"])["name"] == "Quiz du jeudi"  # type: ignore[index]

        following = page.emit("plan_next", {}, namespace="/host", callback=True)
        assert following["ok"], following
        second = other.hub.get(following["game"])
        assert second is not None and second.kind.name == "buzzer"
        assert second.config["night"] == ack["night"]
        assert following["plan"]["next"] is None
        done = page.emit("plan_next", {}, namespace="/host", callback=True)
        assert not done["ok"] and done["reason"] == "the plan has no more games"
        assert done["text"]["fr"]
        # The host leaves the plan: its night stays open, with its games.
        assert page.emit("plan_stop", {}, namespace="/host", callback=True)["ok"]
        state = page.emit("host_state", {}, namespace="/host", callback=True)
        assert state["plan"] is None and state["night"]["id"] == ack["night"]
        assert other.hub.night(ack["night"])["status"] == "open"  # type: ignore[index]
        page.disconnect(namespace="/host")
    finally:
        other.hub.close()


def test_a_break_reaches_the_projector_and_phones_and_is_read_back(host: Host) -> None:
    page = host.host_socket()
    screen = host.socketio.test_client(host.app, namespace="/screen")
    phone = host.socketio.test_client(host.app, namespace="/seat")
    refused = page.emit("break", {"message": "x", "seconds": 99999}, namespace="/host",
                        callback=True)
    assert not refused["ok"] and host.client.get("/api/break").get_json()["break"] is None
    ack = page.emit("break", {"message": "Reprise à 21 h 15", "seconds": 600},
                    namespace="/host", callback=True)
    assert ack["ok"] and ack["break"]["total"] == 600
    for client, namespace in ((screen, "/screen"), (phone, "/seat")):
        told = [m for m in client.get_received(namespace) if m["name"] == "break"]
        assert told[-1]["args"][0]["break"]["message"] == "Reprise à 21 h 15"
    shown = host.client.get("/api/break").get_json()["break"]
    assert shown["message"] == "Reprise à 21 h 15" and 590 < shown["left"] <= 600
    assert page.emit("break_end", {}, namespace="/host", callback=True)["ok"]
    assert host.client.get("/api/break").get_json()["break"] is None
    told = [m for m in screen.get_received("/screen") if m["name"] == "break"]
    assert told[-1]["args"][0]["break"] is None
