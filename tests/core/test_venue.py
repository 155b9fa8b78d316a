"""The venue's look (host/room/venue.py) and its colour's contrast (host/room/contrast.py):
WCAG 2.x ratios on known pairs, a colour refused with its ratio and the nearest colour that
passes, the name cleaned, the logo checked by its first bytes and size (an SVG refused), and
nothing written on a refusal: the previous logo stays."""

from __future__ import annotations

import json
import struct
import zlib
from pathlib import Path

import pytest

from host import messages
from host.room import contrast
from host.room.venue import MAX_LOGO_BYTES, NAME_MAX, VenueError, Venues, clean_name


def png(width: int = 4, height: int = 4, rgb: tuple[int, int, int] = (200, 40, 40)) -> bytes:
    """A real PNG of one colour, made here."""
    def chunk(kind: bytes, body: bytes) -> bytes:
        return (struct.pack(">I", len(body)) + kind + body
                + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF))

    rows = b"".join(b"\x00" + bytes(rgb) * width for _ in range(height))
    return (b"\x89PNG\r\n\x1a\n"
            + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))


def files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())} if folder.is_dir() else {}


# ------------------------------------------------------------------ contrast


@pytest.mark.parametrize(("first", "second", "expected"), [
    ("#777777", "#ffffff", 4.48),  # the classic just-failing grey
    ("#000000", "#ffffff", 21.0),
    ("#ffffff", "#ffffff", 1.0),
    ("#767676", "#ffffff", 4.54),  # the lightest grey that passes on white
    ("#ff0000", "#ffffff", 4.0),
    ("#0000ff", "#ffffff", 8.59),
])
def test_wcag_ratios_of_known_pairs(first: str, second: str, expected: float) -> None:
    assert round(contrast.ratio(first, second), 2) == expected
    assert contrast.ratio(second, first) == contrast.ratio(first, second)


def test_colours_are_read_as_hex_only() -> None:
    assert contrast.normalise("#3A86FF") == "#3a86ff"
    assert contrast.normalise(" #3af ") == "#33aaff"
    for bad in ("blue", "#12345", "#1234567", "3a86ff", "#ggg000", "rgb(1,2,3)"):
        assert contrast.normalise(bad) is None, bad


def test_the_default_accent_and_white_pass_on_the_dark_pages() -> None:
    assert contrast.check("#ffcc33") is None  # app.css --accent: today's look
    assert contrast.check("#ffffff") is None


def test_a_dark_colour_is_refused_with_its_ratio_and_the_nearest_passing_one() -> None:
    short = contrast.check("#333366")
    assert short is not None
    assert short.background == contrast.PANEL_BG and short.least == 4.5
    assert round(short.measured, 1) == 1.3
    text = short.text()
    assert text["fr"].startswith("Contraste 1,3:1 avec le fond des bandeaux (#1f2330)\u00a0: "
                                 "4,5:1 au moins.")
    assert text["en"].startswith("Contrast 1.3:1 with the top bars' background (#1f2330): "
                                 "at least 4.5:1.")
    proposal = short.proposal
    assert contrast.check(proposal) is None and proposal in text["fr"] and proposal in text["en"]
    # the same hue, only lighter; and the nearest: one step darker would fail
    assert contrast.luminance(proposal) > contrast.luminance("#333366")
    blue = int(proposal[5:7], 16)
    assert blue > int(proposal[1:3], 16) and blue > int(proposal[3:5], 16)
    darker = contrast._with_lightness(proposal, _lightness(proposal) - 0.004)
    assert contrast.check(darker) is not None


def _lightness(colour: str) -> float:
    import colorsys
    return colorsys.rgb_to_hls(*contrast._rgb(colour))[1]


def test_a_ratio_just_under_the_line_never_reads_as_passing() -> None:
    short = contrast.check("#3a86ff")  # 4.497:1 on the bars: "4.5" would read as a pass
    assert short is not None
    assert short.shown_ratio() == "4.49" and short.shown_ratio(",") == "4,49"


# ------------------------------------------------------------------ the name


def test_a_venue_name_is_cleaned_like_a_team_name() -> None:
    assert clean_name("  Le   Chat\nNoir \t") == "Le Chat Noir"
    assert clean_name(None) == "" and clean_name("   ") == ""
    assert len(clean_name("x" * 100)) == NAME_MAX


# ------------------------------------------------------------------ the store


def test_the_venue_is_kept_whole_and_read_back_after_a_restart(tmp_path: Path) -> None:
    folder = tmp_path / "venue"
    venues = Venues(folder)
    assert venues.current.public() == {"name": "", "colour": None, "logo": None}
    venues.set(name=" Le Chat Noir ", colour="#FFCC33")
    venues.set_logo("chat.png", png())
    public = venues.current.public()
    assert public["name"] == "Le Chat Noir" and public["colour"] == "#ffcc33"
    assert public["logo"].startswith("/venue/logo?v=")
    assert sorted(files(folder)) == [venues.current.logo, "venue.json"]  # no temporary file
    again = Venues(folder)  # the host started again
    assert again.current == venues.current
    assert again.logo_path() == (folder / str(venues.current.logo), "image/png")
    venues.clear()
    assert Venues(folder).current.public() == {"name": "", "colour": None, "logo": None}
    assert sorted(files(folder)) == ["venue.json"]  # the logo file went with it


def test_a_refused_colour_changes_nothing(tmp_path: Path) -> None:
    venues = Venues(tmp_path / "venue")
    venues.set(name="Le Chat Noir", colour="#ffcc33")
    before = files(tmp_path / "venue")
    with pytest.raises(VenueError) as refused:
        venues.set(name="Autre nom", colour="#333366")
    assert refused.value.code == "low_contrast"
    assert refused.value.extra["proposal"] == contrast.nearest_passing("#333366")
    assert refused.value.text and refused.value.text["fr"].startswith("Contraste 1,3:1")
    with pytest.raises(VenueError) as bad:
        venues.set(colour="bleu")
    assert bad.value.code == "bad_colour"
    assert messages.text("bad_colour", str(bad.value))["fr"] == \
        "« colour » est une couleur écrite #rrvvbb."
    assert files(tmp_path / "venue") == before
    assert venues.current.name == "Le Chat Noir" and venues.current.colour == "#ffcc33"


@pytest.mark.parametrize(("name", "data", "code", "french"), [
    ("logo.png", b"GIF89a" + b"\x00" * 40, "not_image",
     "logo.png : pas un logo (son contenu n’est ni PNG, ni JPEG, ni WebP) ; "
     "rien n’a été enregistré."),
    ("logo.png", b"<?php echo 1; ?>", "not_image", "logo.png : pas un logo"),
    ("logo.svg", b'<svg xmlns="http://www.w3.org/2000/svg"><circle r="4"/></svg>', "not_image",
     "logo.svg : un logo SVG est refusé (un SVG peut contenir des scripts)"),
    ("big.png", png()[:-12] + b"\x00" * (MAX_LOGO_BYTES + 1), "too_large",
     "big.png : le logo fait 524"),
])
def test_a_refused_logo_keeps_the_previous_one(tmp_path: Path, name: str, data: bytes,
                                               code: str, french: str) -> None:
    folder = tmp_path / "venue"
    venues = Venues(folder)
    venues.set_logo("first.png", png(rgb=(10, 200, 10)))
    before, kept = files(folder), venues.current
    with pytest.raises(VenueError) as refused:
        venues.set_logo(name, data)
    assert refused.value.code == code
    assert refused.value.status == (413 if code == "too_large" else 400)
    said = messages.text(code, str(refused.value))
    assert said["fr"].startswith(french), said
    assert "nothing was written" in said["en"]
    assert files(folder) == before and venues.current == kept  # not even a staged file
    assert Venues(folder).current == kept


def test_a_new_logo_replaces_the_old_file(tmp_path: Path) -> None:
    folder = tmp_path / "venue"
    venues = Venues(folder)
    first = venues.set_logo("a.png", png(rgb=(1, 2, 3))).public()["logo"]
    second = venues.set_logo("b.png", png(rgb=(3, 2, 1))).public()["logo"]
    assert first != second  # a new version: no browser shows the old one from its cache
    assert sorted(files(folder)) == [venues.current.logo, "venue.json"]
    kept = json.loads((folder / "venue.json").read_text())
    assert kept["logo"] == venues.current.logo
    venues.clear_logo()
    assert sorted(files(folder)) == ["venue.json"] and venues.logo_path() is None
