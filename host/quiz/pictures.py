"""Pictures of questions (`image:` beside the pack): which files are allowed, checked by
their first bytes and their size like sounds and videos (host/quiz/media.py), and an SVG's
safety (no scripts, no links or styles that reach outside the file).

Pages fetch a picture by question id (host/routes/media.py), never by path.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ElementTree
from pathlib import Path

from host.quiz.media import MediaKind, check_file, check_ref

# The picture formats a question may carry, by file suffix, and what the host serves them as.
IMAGE_TYPES: dict[str, str] = {
    ".png": "image/png",
    ".jpg": "image/jpeg",
    ".jpeg": "image/jpeg",
    ".webp": "image/webp",
    ".svg": "image/svg+xml",
}
MAX_IMAGE_BYTES = 1_000_000  # a projector picture; phones on a pub's Wi-Fi load it too

_SVG_NS = "{http://www.w3.org/2000/svg}"
_XLINK_HREF = "{http://www.w3.org/1999/xlink}href"
# Elements that run code or pull in other documents: refused, even though an <img> would
# not run them, because an SVG opened on its own (a new tab) would.
_SVG_FORBIDDEN = frozenset({"script", "foreignObject", "iframe", "embed", "object", "handler"})
# Animations can turn a harmless link into a script one: none may target a link.
_SVG_ANIMATIONS = frozenset({"set", "animate", "animateMotion", "animateTransform"})


def check_image_ref(ref: str) -> str | None:
    """What is wrong with an `image:` value as written in a pack, or None.

    It must name a file beside the pack or in a folder under it, with forward slashes:
    no absolute path, no '..', so a pack cannot point at the host's other files.
    """
    return check_ref(PICTURE, ref)


def sniff_image(head: bytes) -> str | None:
    """The suffix family a file's first bytes belong to: '.png', '.jpg', '.webp', '.svg'."""
    if head.startswith(b"\x89PNG\r\n\x1a\n"):
        return ".png"
    if head.startswith(b"\xff\xd8\xff"):
        return ".jpg"
    if head[:4] == b"RIFF" and head[8:12] == b"WEBP":
        return ".webp"
    text = head.lstrip(b"\xef\xbb\xbf \t\r\n")
    if text.startswith(b"<") and b"<svg" in head:
        return ".svg"
    return None


def check_image_file(path: str | Path, max_bytes: int = MAX_IMAGE_BYTES) -> list[str]:
    """Every problem of a picture file for a question; an empty list means it is good.

    The suffix must be one of IMAGE_TYPES and the content must match it (PNG, JPEG, WebP
    magic bytes; SVG parsed as XML without a DOCTYPE, so without entities, and without
    scripts, event handlers or references outside the file). At most `max_bytes`.
    """
    return check_file(PICTURE, path, max_bytes)


def _svg_safety(family: str, data: bytes) -> list[str]:
    return svg_problems(data) if family == ".svg" else []


def svg_problems(data: bytes) -> list[str]:
    """What makes an SVG unsafe or unreadable: not XML, a DOCTYPE (entities), scripts,
    event handler attributes, links or styles that reach outside the file."""
    if re.search(rb"<!DOCTYPE|<!ENTITY", data, re.IGNORECASE):
        return ["the SVG has a DOCTYPE or entity declarations, which are not allowed"]
    try:
        root = ElementTree.fromstring(data)
    except ElementTree.ParseError as err:
        return [f"the SVG is not well-formed XML: {err}"]
    if root.tag not in (_SVG_NS + "svg", "svg"):
        return [f"the SVG's root element is {_local(root.tag)!r}, not 'svg'"]
    problems: list[str] = []
    for element in root.iter():
        name = _local(element.tag)
        if name in _SVG_FORBIDDEN:
            problems.append(f"the SVG has a <{name}> element, which is not allowed")
        for key, value in element.attrib.items():
            attr = _local(key)
            if attr.lower().startswith("on"):
                problems.append(f"the SVG has an event handler ({attr} on <{name}>)")
            elif key in ("href", _XLINK_HREF) and not _inside_reference(value):
                problems.append(f"the SVG links outside itself (<{name} {attr}={value!r}>)")
            elif ("url(" in value.lower() or attr == "style") and _reaches_out(value):
                problems.append(f"the SVG's {attr} on <{name}> loads something from outside")
            elif (name in _SVG_ANIMATIONS and attr == "attributeName"
                  and value.strip().lower().endswith("href")):
                problems.append(f"the SVG animates a link (<{name} attributeName={value!r}>)")
        if name == "style" and _reaches_out(element.text or ""):
            problems.append("the SVG's <style> loads something from outside")
    return sorted(set(problems), key=problems.index)


def _local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1]


def _inside_reference(value: str) -> bool:
    """A link to a part of the same file, or a picture embedded in it."""
    value = value.strip()
    return value.startswith("#") or value.startswith("data:image/")


def _reaches_out(css: str) -> bool:
    if "@import" in css.lower():
        return True
    return any(not _inside_reference(target.strip("'\" "))
               for target in re.findall(r"url\(([^)]*)\)", css, re.IGNORECASE))


PICTURE = MediaKind(
    field="image", noun="picture", types=IMAGE_TYPES,
    families={".png": ".png", ".jpg": ".jpg", ".jpeg": ".jpg", ".webp": ".webp", ".svg": ".svg"},
    sniff=sniff_image, max_bytes=MAX_IMAGE_BYTES, formats="PNG, JPEG, WebP or SVG",
    smaller="make it smaller", head_bytes=65536, inspect=_svg_safety,
    shown=lambda family: family[1:].upper())
