"""Whether a venue's accent colour can be read on Tourelle's pages (WCAG 2.x contrast), and the
nearest colour of the same hue that can.

The pages have one theme, dark (templates/base.html `color-scheme: dark`; app.css `--bg`,
`--panel`). The venue's accent is a text colour there: its name in the projector's header and
the phones' top bar (on `--panel`), the lobby's and the podium's headings (on `--bg`), and the
rule under those bars (a part of the page: 3:1 would do, the text's 4.5:1 covers it). It is
never a fill under text. So the accent must reach 4.5:1 (WCAG 2.x AA, normal text) against
both backgrounds; a colour that does not is refused with the measured ratio, and the nearest
passing colour is proposed: the same hue and saturation, its HSL lightness moved the least.

Pure: no I/O. Ratios by WCAG 2.x's relative luminance (sRGB, 0.03928 threshold as written
in WCAG 2.x; #777777 on white is 4.48:1).
"""

from __future__ import annotations

import colorsys
import math
import re
from dataclasses import dataclass

HEX = re.compile(r"#[0-9a-f]{6}")
AA_TEXT = 4.5  # WCAG 2.x AA, normal text
AA_LARGE = 3.0  # large text and parts of the page (borders, icons)

# Where the accent is drawn: the background under it, what that background is, the ratio.
PAGE_BG = "#14161f"  # app.css --bg: the lobby, the podium
PANEL_BG = "#1f2330"  # app.css --panel: the top bars
USES: tuple[tuple[str, str, float], ...] = (
    (PANEL_BG, "bar", AA_TEXT),
    (PAGE_BG, "page", AA_TEXT),
)
# What each background is called, in both languages (the refusal's words).
BACKGROUNDS = {
    "bar": ("le fond des bandeaux", "the top bars' background"),
    "page": ("le fond de la page", "the page's background"),
}


def normalise(colour: str) -> str | None:
    """'#3A86FF' or '#3af' as '#3a86ff'; None when it is not a colour in hex."""
    text = colour.strip().lower()
    if re.fullmatch(r"#[0-9a-f]{3}", text):
        text = "#" + "".join(c * 2 for c in text[1:])
    return text if HEX.fullmatch(text) else None


def _rgb(colour: str) -> tuple[float, float, float]:
    return (int(colour[1:3], 16) / 255, int(colour[3:5], 16) / 255, int(colour[5:7], 16) / 255)


def _channel(value: float) -> float:
    return value / 12.92 if value <= 0.03928 else ((value + 0.055) / 1.055) ** 2.4


def luminance(colour: str) -> float:
    """WCAG 2.x relative luminance of '#rrggbb': 0 (black) to 1 (white)."""
    r, g, b = (_channel(v) for v in _rgb(colour))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def ratio(first: str, second: str) -> float:
    """WCAG 2.x contrast ratio of two '#rrggbb' colours: 1 to 21, in either order."""
    light, dark = sorted((luminance(first), luminance(second)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


@dataclass(frozen=True)
class Shortfall:
    """The first use the colour fails: the background, its name, the ratio measured, the
    ratio needed, and the nearest colour that passes every use."""

    colour: str
    background: str
    where: str
    measured: float
    least: float
    proposal: str

    def shown_ratio(self, decimal: str = ".") -> str:
        """The measured ratio as a person reads it: one decimal, two where one would round
        up to the ratio needed (4.48 is "4.48", never "4.5")."""
        text = f"{self.measured:.1f}"
        if float(text) >= self.least:
            text = f"{self.measured:.2f}"
        if float(text) >= self.least:
            text = f"{math.floor(self.measured * 100) / 100:.2f}"
        return text.replace(".", decimal)

    def reason(self) -> str:
        """The English sentence (the refusal's `reason`)."""
        return (f"Contrast {self.shown_ratio()}:1 with {BACKGROUNDS[self.where][1]} "
                f"({self.background}): at least {self.least:g}:1; {self.proposal} passes")

    def text(self) -> dict[str, str]:
        """What the host reads, in both languages (French decimals with a comma)."""
        fr_least = f"{self.least:g}".replace(".", ",")
        return {
            "fr": (f"Contraste {self.shown_ratio(',')}:1 avec {BACKGROUNDS[self.where][0]} "
                   f"({self.background})\u00a0: {fr_least}:1 au moins. "
                   f"{self.proposal} passe."),
            "en": (f"Contrast {self.shown_ratio()}:1 with {BACKGROUNDS[self.where][1]} "
                   f"({self.background}): at least {self.least:g}:1. {self.proposal} passes."),
        }


def passes(colour: str) -> bool:
    return all(ratio(colour, background) >= least for background, _, least in USES)


def _with_lightness(colour: str, lightness: float) -> str:
    hue, _, saturation = colorsys.rgb_to_hls(*_rgb(colour))
    r, g, b = colorsys.hls_to_rgb(hue, lightness, saturation)
    return "#" + "".join(f"{round(v * 255):02x}" for v in (r, g, b))


def nearest_passing(colour: str) -> str:
    """The colour of the same hue and saturation whose lightness is the nearest that passes
    every use (searched both ways, by steps of 1/1000; white always passes on a dark page)."""
    if passes(colour):
        return colour
    _, start, _ = colorsys.rgb_to_hls(*_rgb(colour))
    for step in range(1, 1001):
        for lightness in (start + step / 1000, start - step / 1000):
            if 0 <= lightness <= 1:
                found = _with_lightness(colour, lightness)
                if passes(found):
                    return found
    return "#ffffff"


def check(colour: str) -> Shortfall | None:
    """None when `colour` ('#rrggbb') reads on every background it is drawn on; else the
    first shortfall, with the nearest passing colour."""
    for background, where, least in USES:
        measured = ratio(colour, background)
        if measured < least:
            return Shortfall(colour, background, where, measured, least,
                             nearest_passing(colour))
    return None
