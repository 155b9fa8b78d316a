"""The break's music (host/room/break_sounds.py, host/routes/break_sounds.py): a sound the
host uploads is checked as a pack's sound is (by its first bytes, its size), kept whole in
the data folder, served to the projector; a refused upload writes nothing. A break with music
tells the projectors and host pages its music and the phones none; the music stops and plays
again; the break and its music are kept across a restart of the host."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest
import yaml

from host.quiz.audio import MAX_AUDIO_BYTES
from host.room.break_sounds import SoundError
from tests.routes.test_plans_api import Host
from tests.synthetic import silent_mp3


def packs_with_a_clip(root: Path) -> None:
    folder = root / "packs"
    (folder / "clips").mkdir(parents=True)
    (folder / "clips" / "anthem.mp3").write_bytes(silent_mp3(4.0))
    questions = [{"id": "fr-mus-001", "category": "music", "difficulty": 2, "kind": "text",
                  "prompt": "Quel hymne entendez-vous ?", "answer": "La Marseillaise",
                  "source": "domaine public", "audio": "clips/anthem.mp3", "clip": [1, 3]}]
    (folder / "music.yaml").write_text(yaml.safe_dump(
        {"pack": "music", "language": "fr", "title": "Musique", "questions": questions},
        allow_unicode=True), encoding="utf-8")


@pytest.fixture
def host(tmp_path: Path) -> Any:
    packs_with_a_clip(tmp_path / "one")
    made = Host(tmp_path / "one")
    yield made
    made.hub.close()


def upload(host: Host, name: str, data: bytes) -> Any:
    return host.call("POST", "/api/break/sounds", data={"file": (io.BytesIO(data), name)},
                     content_type="multipart/form-data")


def sounds_folder(host: Host) -> list[str]:
    folder = host.data / "sounds"
    return sorted(p.name for p in folder.iterdir()) if folder.is_dir() else []


def test_a_refused_sound_says_why_and_writes_nothing(host: Host) -> None:
    wrong = upload(host, "jingle.mp3", b"<html>not a sound at all</html>")
    assert wrong.status_code == 400 and wrong.get_json()["code"] == "not_clip"
    assert "jingle.mp3" in wrong.get_json()["reason"]
    assert "jingle.mp3 : pas un son" in wrong.get_json()["text"]["fr"]
    big = upload(host, "long.mp3", silent_mp3(1.0) + bytes(MAX_AUDIO_BYTES))
    assert big.status_code == 413 and big.get_json()["code"] == "too_large"
    assert "rien n’a été enregistré" in big.get_json()["text"]["fr"]
    empty = upload(host, "rien.mp3", b"")
    assert empty.status_code == 400 and empty.get_json()["code"] == "empty"
    assert host.client.post("/api/break/sounds").status_code == 403  # the host key
    assert sounds_folder(host) == []
    # Refused below the routes too (a sound over the limit, a file of other bytes).
    with pytest.raises(SoundError):
        host.hub.break_sounds.add("x.ogg", b"OggS" + bytes(MAX_AUDIO_BYTES))
    assert sounds_folder(host) == []


def test_a_sound_is_kept_listed_and_served_to_the_projector(host: Host) -> None:
    data = silent_mp3(2.0)
    added = upload(host, "Jazz du Jeudi.MP3", data)
    assert added.status_code == 201, added.get_json()
    sound = added.get_json()["sound"]
    assert sound["name"] == "jazz-du-jeudi.mp3" and sound["id"].endswith("-jazz-du-jeudi.mp3")
    assert sounds_folder(host) == [sound["id"]]  # no staged file left beside it
    again = upload(host, "autre nom.mp3", data)  # the same bytes: its own name, same digest
    assert again.get_json()["sound"]["id"].split("-")[0] == sound["id"].split("-")[0]
    listed = host.call("GET", "/api/break/sounds").get_json()
    assert sound in listed["sounds"]
    assert listed["clips"] == [{"question": "fr-mus-001", "pack": "music", "language": "fr",
                                "prompt": "Quel hymne entendez-vous ?", "clip": [1, 3]}]
    served = host.client.get(f"/break/sounds/{sound['id']}")
    assert served.status_code == 200 and served.mimetype == "audio/mpeg"
    assert served.data == data
    part = host.client.get(f"/break/sounds/{sound['id']}", headers={"Range": "bytes=0-9"})
    assert part.status_code == 206 and part.data == data[:10]
    assert host.client.get("/break/sounds/..%2Fhost.key").status_code == 404
    assert host.call("DELETE", f"/api/break/sounds/{again.get_json()['sound']['id']}")\
        .get_json()["ok"]


def told(client: Any, namespace: str) -> dict[str, Any] | None:
    found = [m for m in client.get_received(namespace) if m["name"] == "break"]
    shown: dict[str, Any] | None = found[-1]["args"][0]["break"]
    return shown


def test_a_break_with_music_reaches_the_projector_only_and_is_kept_across_a_restart(
        host: Host, tmp_path: Path) -> None:
    sound = upload(host, "pause.mp3", silent_mp3(2.0)).get_json()["sound"]
    page = host.host_socket()
    screen = host.socketio.test_client(host.app, namespace="/screen")
    phone = host.socketio.test_client(host.app, namespace="/seat")
    refused = page.emit("break", {"message": "Pause", "seconds": 600,
                                  "music": {"sound": "0123456789ab-nothing.mp3"}},
                        namespace="/host", callback=True)
    assert not refused["ok"] and refused["code"] == "bad_message"
    assert "n’a pas de son" in refused["text"]["fr"]
    assert host.client.get("/api/break?for=screen").get_json()["break"] is None
    ack = page.emit("break", {"message": "Reprise à 21 h 15", "seconds": 600,
                              "music": {"sound": sound["id"]}}, namespace="/host", callback=True)
    assert ack["ok"], ack
    music = told(screen, "/screen")["music"]  # type: ignore[index]
    assert music == {"sound": sound["id"], "name": "pause.mp3", "clip": None, "playing": True,
                     "url": f"/break/sounds/{sound['id']}"}
    on_phone = told(phone, "/seat")
    assert on_phone is not None and "music" not in on_phone
    assert "music" not in host.client.get("/api/break").get_json()["break"]
    assert host.client.get("/api/break?for=screen").get_json()["break"]["music"] == music

    stopped = page.emit("break_music", {"playing": False}, namespace="/host", callback=True)
    assert stopped["ok"] and told(screen, "/screen")["music"]["playing"] is False  # type: ignore[index]
    phone.get_received("/seat")
    # A pack question's clip instead: its URL and the part of the file it loops.
    clip = page.emit("break", {"message": "Pause", "seconds": 300,
                               "music": {"question": "fr-mus-001"}}, namespace="/host",
                     callback=True)
    assert clip["ok"] and clip["break"]["music"]["clip"] == [1, 3]
    assert clip["break"]["music"]["url"].startswith("/media/questions/fr-mus-001/audio")
    assert "music" not in told(phone, "/seat")  # type: ignore[operator]
    page.disconnect(namespace="/host")
    host.hub.close()

    # The host restarts on the same data folder: the break and its music are still shown.
    again = Host(tmp_path / "one")
    try:
        kept = again.client.get("/api/break?for=screen").get_json()["break"]
        assert kept["message"] == "Pause" and 290 < kept["left"] <= 300
        assert kept["music"]["question"] == "fr-mus-001" and kept["music"]["playing"]
        page = again.host_socket()
        state = page.emit("host_state", {}, namespace="/host", callback=True)
        assert state["break"]["music"]["clip"] == [1, 3]
        assert page.emit("break_end", {}, namespace="/host", callback=True)["ok"]
        assert page.emit("break_music", {"playing": True}, namespace="/host",
                         callback=True)["code"] == "bad_message"
    finally:
        again.hub.close()
