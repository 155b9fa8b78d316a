"""The pack editor's clip preview (host/routes/pack_media.py) through Flask's test client: a
sound or video beside a pack, also one no saved question names yet, served behind the host key
with its type, `nosniff` and range requests; a name that leaves the pack, is not a clip, or
whose content is not what its name says is refused (404) with its reason in both languages."""

from __future__ import annotations

import os
from pathlib import Path


from host.quiz.packs import bundled_packs_dir
from host.routes.pack_media import KEY_HEADER
from tests.routes.test_packs_api import Host, new_pack, start, upload
from tests.synthetic import TINY_WEBM, silent_mp3



def stored(host: Host, pack_id: str, name: str, data: bytes, **form: str) -> str:
    answer = upload(host, f"/api/packs/{pack_id}/clips", name, data, **form)
    assert answer.status_code == 201, answer.get_json()
    file: str = answer.get_json()["file"]
    return file


def test_an_unsaved_clip_is_served_with_the_key_its_type_and_ranges(host: Host) -> None:
    pack_id = new_pack(host)
    film = TINY_WEBM.read_bytes()
    video = stored(host, pack_id, "scene.webm", film)
    sound = stored(host, pack_id, "air.mp3", silent_mp3(0.5))
    url = f"/api/packs/{pack_id}/clips/"

    served = host.call("GET", url + video)
    assert served.status_code == 200 and served.get_data() == film
    assert served.headers["Content-Type"] == "video/webm"
    assert served.headers["X-Content-Type-Options"] == "nosniff"
    assert served.headers["Accept-Ranges"] == "bytes"
    as_sound = host.call("GET", url + video + "?kind=audio")
    assert as_sound.status_code == 200 and as_sound.headers["Content-Type"] == "audio/webm"
    mp3 = host.call("GET", url + sound + "?kind=audio")
    assert mp3.status_code == 200 and mp3.headers["Content-Type"] == "audio/mpeg"
    assert host.call("GET", url + sound).headers["Content-Type"] == "audio/mpeg"

    part = host.client.get(url + video, headers={KEY_HEADER: host.key, "Range": "bytes=100-199"})
    assert part.status_code == 206 and part.get_data() == film[100:200]
    assert part.headers["Content-Range"] == f"bytes 100-199/{len(film)}"

    for key in (None, "wrong"):
        refused = host.call("GET", url + video, key=key)
        assert refused.status_code == 403 and refused.get_json()["code"] == "forbidden"
        assert refused.get_json()["text"]["fr"].startswith("Clé d’animateur")


def test_names_that_leave_the_pack_or_are_not_clips_are_refused(host: Host, tmp_path: Path) -> None:
    pack_id = new_pack(host)
    folder = host.packs_dir
    film = TINY_WEBM.read_bytes()
    (host.data / "secret.webm").write_bytes(film)  # a good clip, outside the packs folder
    (folder / "fake.webm").write_bytes(b"<html>not a film</html>")
    (folder / "empty.mp3").write_bytes(b"")
    os.symlink(host.data / "secret.webm", folder / "link.webm")
    url = f"/api/packs/{pack_id}/clips/"
    for name in ("../secret.webm", "%2E%2E/secret.webm", "link.webm", "fake.webm",
                 "empty.mp3?kind=audio", f"{pack_id}.yaml", f"{pack_id}.yaml?kind=audio",
                 "missing.webm", "music/../../secret.webm"):
        answer = host.call("GET", url + name)
        assert answer.status_code == 404, name
        body = answer.get_json()
        assert body["code"] == "no_clip", (name, body)
        assert body["text"]["fr"].startswith("Pas de son ni de vidéo valable"), body
        assert body["text"]["en"].startswith("No good sound or video")
    unknown = host.call("GET", "/api/packs/no-such-pack/clips/secret.webm")
    assert unknown.status_code == 404 and unknown.get_json()["code"] == "no_pack"
    odd = host.call("GET", url + "fake.webm?kind=picture")
    assert odd.status_code == 400 and odd.get_json()["code"] == "bad_request"


def test_a_bundled_packs_clip_in_a_folder_under_it_is_served(tmp_path: Path) -> None:
    made = start(tmp_path, bundled=True)
    try:
        answer = made.call("GET", "/api/packs/fr-music/clips/music/ode-to-joy.opus?kind=audio")
        assert answer.status_code == 200 and answer.headers["Content-Type"] == "audio/ogg"
        assert answer.get_data() == (bundled_packs_dir() / "music" / "ode-to-joy.opus").read_bytes()
    finally:
        made.hub.close()
