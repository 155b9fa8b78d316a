// Run in the page by tests/browser/layout.py `problems`: visible boxes outside the viewport or
// their clipping ancestor, text runs (text nodes' line boxes, clipped like the page clips them)
// that overlap, and a page that scrolls. Returns the problems as sentences.
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
      // A box that scrolls keeps its content within reach where the page may scroll (not the projector).
      if (scrollAllowed && /auto|scroll/.test(st.overflowX + st.overflowY)) continue;
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
    // No word broken across two lines ("Chauffeu r"): each word's boxes sit on one line.
    for (const word of node.textContent.matchAll(/[^\s\-\u2010\u2013\u00ad/]{2,}/g)) {
      range.setStart(node, word.index);
      range.setEnd(node, word.index + word[0].length);
      const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
      if (tops.size > 1) out.push("a word broken across lines: \"" + word[0] + "\" in " + label(el));
    }
    range.selectNodeContents(node);
    const clip = clipOf(el);
    const own = getComputedStyle(el).overflowX !== "visible" ? el.getBoundingClientRect() : null;
    for (const r of range.getClientRects()) {
      const box = { left: Math.max(r.left, clip.left, own ? own.left : -1e9),
        top: Math.max(r.top, clip.top, own ? own.top : -1e9),
        right: Math.min(r.right, clip.right, own ? own.right : 1e9),
        bottom: Math.min(r.bottom, clip.bottom, own ? own.bottom : 1e9) };
      if (box.right - box.left > 1 && box.bottom - box.top > 1) runs.push({ box, el, node });
      // The room reads the projector from afar: no text against its left or right edge.
      if (!scrollAllowed && box.right - box.left > 1 && (box.left < 4 || box.right > vw - 4)) {
        out.push("text touches the screen's edge: " + label(el));
      }
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
