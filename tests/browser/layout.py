"""Draw a catalogued screen in a page and measure it: what is cut, what overlaps.

The projector and phone pages are opened once each with their Socket.IO blocked (no live
game may draw over the state under test); a state from tests/browser/screen_catalog.py is
handed to the page's own `render`, as if the host had sent it. `problems(page)` lists every
visible element outside the viewport (or outside a box that clips it), every pair of text
runs that overlap, and a projector page that scrolls.
"""

from __future__ import annotations

import json
from typing import Any

from tests.browser.screen_catalog import Screen

SIZES = {
    "projector": [(1920, 1080), (1280, 720)],
    "phone": [(390, 844), (360, 640)],
    "host": [(1366, 768)],
}

# Run in the page: visible boxes outside the viewport or their clipping ancestor, text runs
# (text nodes' line boxes, clipped like the page clips them) that overlap, and page scroll.
MEASURE = r"""
(scrollAllowed) => {
  const vw = document.documentElement.clientWidth, vh = window.innerHeight;
  const out = [];
  const label = (el) => {
    let s = el.tagName.toLowerCase();
    if (el.id) s += "#" + el.id;
    const cls = (el.getAttribute("class") || "").trim();
    if (cls) s += "." + cls.split(/\s+/).join(".");
    const text = (el.textContent || "").trim().replace(/\s+/g, " ").slice(0, 40);
    return text ? s + " \"" + text + "\"" : s;
  };
  const visible = (el) => {
    if (el.closest("[hidden]")) return false;
    const style = getComputedStyle(el);
    return style.visibility !== "hidden" && style.display !== "none" && Number(style.opacity) > 0.05;
  };
  // The boxes that clip an element: ancestors whose overflow is not visible.
  const clipOf = (el) => {
    let box = { left: -1e9, top: -1e9, right: 1e9, bottom: 1e9 };
    for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
      const st = getComputedStyle(a);
      if (st.overflowX === "visible" && st.overflowY === "visible") continue;
      const r = a.getBoundingClientRect();
      box = { left: Math.max(box.left, r.left), top: Math.max(box.top, r.top),
        right: Math.min(box.right, r.right), bottom: Math.min(box.bottom, r.bottom) };
    }
    return box;
  };
  const TOL = 1.5;
  const skip = (el) => el.closest("svg") && el.tagName.toLowerCase() !== "svg";
  for (const el of document.body.querySelectorAll("*")) {
    if (skip(el) || !visible(el)) continue;
    const r = el.getBoundingClientRect();
    if (r.width < 1 || r.height < 1) continue;
    const viewBottom = scrollAllowed ? 1e9 : vh; // a phone or the host page may scroll down
    if (r.left < -TOL || r.top < -TOL || r.right > vw + TOL || r.bottom > viewBottom + TOL) {
      out.push("outside the viewport: " + label(el) + " at " + [r.left, r.top, r.right, r.bottom].map(Math.round).join(","));
      continue;
    }
    const clip = clipOf(el);
    const st = getComputedStyle(el);
    const ellipsis = st.textOverflow === "ellipsis";
    if (!ellipsis && (r.left < clip.left - TOL || r.top < clip.top - TOL || r.right > clip.right + TOL || r.bottom > clip.bottom + TOL)) {
      out.push("cut by its box: " + label(el) + " at " + [r.left, r.top, r.right, r.bottom].map(Math.round).join(","));
    }
  }
  // Text runs: every text node's line boxes, clipped by their element's clipping boxes.
  const runs = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.textContent.trim()) continue;
    const el = node.parentElement;
    // A playing card's rank and suit are its picture: fanned and stacked cards overlap by design.
    if (!el || skip(el) || el.closest(".card") || !visible(el)) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    const clip = clipOf(el);
    const own = getComputedStyle(el).overflowX !== "visible" ? el.getBoundingClientRect() : null;
    for (const r of range.getClientRects()) {
      const box = { left: Math.max(r.left, clip.left, own ? own.left : -1e9),
        top: Math.max(r.top, clip.top, own ? own.top : -1e9),
        right: Math.min(r.right, clip.right, own ? own.right : 1e9),
        bottom: Math.min(r.bottom, clip.bottom, own ? own.bottom : 1e9) };
      if (box.right - box.left > 1 && box.bottom - box.top > 1) runs.push({ box, el, node });
    }
  }
  for (let i = 0; i < runs.length; i++) {
    for (let j = i + 1; j < runs.length; j++) {
      if (runs[i].node === runs[j].node) continue;
      const a = runs[i].box, b = runs[j].box;
      const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
      const hgt = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
      if (w > 2 && hgt > 3) out.push("text overlaps: " + label(runs[i].el) + " / " + label(runs[j].el));
    }
  }
  const doc = document.documentElement;
  if ((!scrollAllowed && doc.scrollHeight > vh + 1) || doc.scrollWidth > vw + 1) {
    out.push("the page scrolls: " + doc.scrollWidth + "x" + doc.scrollHeight);
  }
  return [...new Set(out)];
}
"""


def problems(page: Any, scroll_allowed: bool = False) -> list[str]:
    """What is cut or overlapping on the page as drawn now (empty: it fits)."""
    return list(page.evaluate(MEASURE, scroll_allowed))


# Animations and transitions at their end: a row rising into place is measured where it stays.
STILL = "*, *::before, *::after { animation: none !important; transition: none !important; }"


def catalogue_page(browser: Any, url: str, recorder: Any = None) -> Any:
    """A page for catalogued states: no Socket.IO (nothing live draws over them), no motion."""
    context = browser.new_context(viewport={"width": 800, "height": 600}, locale="fr-FR")
    context.route("**/socket.io/**", lambda route: route.abort())
    page = context.new_page()
    if recorder is not None:
        recorder.watch(page)
    page.goto(url)
    page.add_style_tag(content=STILL)
    return page


def show(page: Any, screen: Screen, audience: str) -> None:
    """Hand the page a catalogued state as if the host had sent it, and wait for a frame."""
    if audience == "projector":
        if screen.screen is None:
            page.evaluate("showLobby(null)")
        else:
            page.evaluate("(s) => render(s)", screen.screen)
    else:
        payload = json.loads(json.dumps(screen.phone))
        page.evaluate("([s, seat]) => { joined = { game: s.meta.game, seat }; state = s; render(); }",
                      [payload, screen.seat])
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
