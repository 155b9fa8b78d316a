"""The SVG pictures: a country's silhouette, a département filled on the outline of France."""

from __future__ import annotations

from tools.picturepacks.countries import Country
from tools.picturepacks.departements import Departement
from tools.picturepacks.geometry import Frame, Ring

FILL = "#f1dca7"
STROKE = "#5b4320"
DEPT_FILL = "#d9452b"
SMALL_DEPT = 40.0  # viewBox units: a smaller département also gets a ring around it


def path_data(rings: list[Ring]) -> str:
    """SVG path data: relative moves in whole units (small files)."""
    parts: list[str] = []
    for ring in rings:
        pts = [(round(x), round(y)) for x, y in ring]
        if pts[0] == pts[-1]:
            pts = pts[:-1]
        steps = [f"M{pts[0][0]} {pts[0][1]}"]
        prev = pts[0]
        for x, y in pts[1:]:
            dx, dy = x - prev[0], y - prev[1]
            if dx or dy:
                steps.append(f"{dx} {dy}")
            prev = (x, y)
        parts.append(steps[0] + "l" + " ".join(steps[1:]) + "z")
    return "".join(parts)


def svg(country: Country) -> str:
    """A silhouette: one path, no text (no name to read)."""
    width, height = round(country.width), round(country.height)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
            f'width="{width}" height="{height}">'
            f'<path fill="{FILL}" stroke="{STROKE}" stroke-width="4" stroke-linejoin="round" '
            f'fill-rule="evenodd" d="{path_data(country.rings)}"/></svg>\n')


def departement_svg(dept: Departement, france: Country, frame: Frame) -> str:
    """Metropolitan France's outline with one département filled (and ringed when small)."""
    rings = frame.project(dept.lonlat, min_ring=1.0)
    xs = [x for r in rings for x, _ in r]
    ys = [y for r in rings for _, y in r]
    ring = ""
    if max(xs) - min(xs) < SMALL_DEPT and max(ys) - min(ys) < SMALL_DEPT:
        cx, cy = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
        ring = (f'<circle cx="{round(cx)}" cy="{round(cy)}" r="{round(SMALL_DEPT)}" fill="none" '
                f'stroke="{DEPT_FILL}" stroke-width="6"/>')
    width, height = round(frame.width), round(frame.height)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
            f'width="{width}" height="{height}">'
            f'<path fill="{FILL}" stroke="{STROKE}" stroke-width="3" stroke-linejoin="round" '
            f'fill-rule="evenodd" d="{path_data(france.rings)}"/>'
            f'<path fill="{DEPT_FILL}" stroke="{STROKE}" stroke-width="2" stroke-linejoin="round" '
            f'fill-rule="evenodd" d="{path_data(rings)}"/>{ring}</svg>\n')
