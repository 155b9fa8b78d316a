"""GET /media/questions/<id>: a question's picture, only for questions the bank knows."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask.testing import FlaskClient

from host.app import create_app
from host.config import HostConfig
from host.room.hub import Hub
from host.routes.media import SVG_POLICY, UNVERSIONED_CACHE, VERSIONED_CACHE

SAMPLES = Path(__file__).resolve().parents[1] / "questions" / "samples" / "pictures"


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[FlaskClient, Hub, Path]]:
    """The host on a copy of the picture fixtures (its good questions: en-pic-001, -002)."""
    packs = tmp_path / "packs"
    shutil.copytree(SAMPLES, packs)
    app, _socketio, hub = create_app(HostConfig(data_dir=tmp_path / "data", resume=False,
                                                bundled_packs=False, packs=[packs], mdns=False))
    try:
        yield app.test_client(), hub, packs
    finally:
        hub.close()


def test_a_png_is_served_with_its_type_and_cache_headers(
    served: tuple[FlaskClient, Hub, Path],
) -> None:
    client, hub, packs = served
    question = hub.bank.get("en-pic-001")
    url = question.image_url
    assert url == f"/media/questions/en-pic-001?v={question.image_version}"
    response = client.get(url)
    assert response.status_code == 200
    assert response.mimetype == "image/png"
    assert response.data == (packs / "img" / "tower.png").read_bytes()
    assert response.headers["Cache-Control"] == VERSIONED_CACHE
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    etag = response.headers["ETag"]
    again = client.get(url, headers={"If-None-Match": etag})
    assert again.status_code == 304 and again.data == b""
    unversioned = client.get("/media/questions/en-pic-001")
    assert unversioned.status_code == 200
    assert unversioned.headers["Cache-Control"] == UNVERSIONED_CACHE
    stale = client.get("/media/questions/en-pic-001?v=000000000000")
    assert stale.headers["Cache-Control"] == UNVERSIONED_CACHE


def test_an_svg_is_served_as_svg_with_a_policy_that_runs_nothing(
    served: tuple[FlaskClient, Hub, Path],
) -> None:
    client, _hub, _packs = served
    response = client.get("/media/questions/en-pic-002")
    assert response.status_code == 200
    assert response.mimetype == "image/svg+xml"
    assert response.headers["Content-Security-Policy"] == SVG_POLICY
    assert b"<circle" in response.data


@pytest.mark.parametrize(
    "path",
    [
        "/media/questions/en-geo-999",  # not in the bank
        "/media/questions/en-pic-003",  # in the pack, refused by the checks: not in the bank
        "/media/questions/..%2F..%2Fpyproject.toml",
        "/media/questions/../../pyproject.toml",
        "/media/questions/%2E%2E/img/tower.png",
        "/media/questions/img/tower.png",
        "/media/questions/" + str(SAMPLES / "img" / "tower.png"),
        "/media/questions/",
    ],
)
def test_only_pictures_of_known_questions_are_served_never_a_path(
    served: tuple[FlaskClient, Hub, Path], path: str,
) -> None:
    client, _hub, _packs = served
    response = client.get(path)
    assert response.status_code == 404
    assert not (response.mimetype or "").startswith("image/")


def test_a_picture_changed_into_something_else_after_loading_is_not_served(
    served: tuple[FlaskClient, Hub, Path],
) -> None:
    client, _hub, packs = served
    assert client.get("/media/questions/en-pic-001").status_code == 200
    (packs / "img" / "tower.png").write_text("<html><script>alert(1)</script></html>")
    assert client.get("/media/questions/en-pic-001").status_code == 404
