// Run in the page by tests/browser/access.py: what a player cannot read or hit, as sentences.
// `what` is "contrast" or "taps".
//
// Contrast: every visible element with text of its own, its colour against the background it is
// drawn on (the first ancestor's solid background colour, each translucent one blended over the
// one below it, the element's and its ancestors' opacity applied to both), by WCAG 2's relative
// luminance formula; under 4.5:1 is a problem whatever the text's size (a pad read at arm's length
// in a dark pub). Text over a gradient is measured against the mean of its stops (the BUZZ
// button's highlight is a small spot); over an image, not at all (none carries text here). An
// inactive control's text (a disabled button) is exempt, as in WCAG 1.4.3.
//
// Taps: every visible control a finger uses (a button, link, field, menu, or an element the page
// made tappable: role=button, tabindex, a pointer cursor) at least 44x44 CSS px, unless it or an
// ancestor names its alternative in `data-tap-alt` (documented in docs/SCREENS.md).
(what) => {
  const out = [];
  const label = (el) => {
    let s = el.tagName.toLowerCase();
    if (el.id) s += "#" + el.id;
    const cls = (el.getAttribute("class") || "").trim();
    if (cls) s += "." + cls.split(/\s+/).slice(0, 3).join(".");
    const text = (el.textContent || "").trim().replace(/\s+/g, " ").slice(0, 30);
    return text ? s + " \"" + text + "\"" : s;
  };
  const visible = (el) => {
    if (el.closest("[hidden]")) return false;
    const style = getComputedStyle(el);
    if (style.visibility === "hidden" || style.display === "none") return false;
    const r = el.getBoundingClientRect();
    return r.width >= 1 && r.height >= 1;
  };
  const parse = (text) => {
    const m = String(text).match(/rgba?\(([^)]+)\)/);
    if (!m) return null;
    const p = m[1].split(/[ ,/]+/).filter(Boolean).map(Number);
    return { r: p[0], g: p[1], b: p[2], a: p.length > 3 ? p[3] : 1 };
  };
  const over = (top, below) => ({ // `top` drawn with its alpha over an opaque `below`
    r: top.r * top.a + below.r * (1 - top.a), g: top.g * top.a + below.g * (1 - top.a),
    b: top.b * top.a + below.b * (1 - top.a), a: 1,
  });
  const lum = (c) => {
    const ch = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * ch(c.r) + 0.7152 * ch(c.g) + 0.0722 * ch(c.b);
  };
  const ratio = (a, b) => {
    const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
    return (x + 0.05) / (y + 0.05);
  };
  const stops = (image) => (image.match(/rgba?\([^)]+\)/g) || []).map(parse);
  const WHITE = { r: 255, g: 255, b: 255, a: 1 };

  // The colours an element is drawn on, from the page down: a list (a gradient has several).
  const backdrop = (el) => {
    const chain = [];
    for (let a = el; a; a = a.parentElement) chain.push(a);
    let grounds = [WHITE];
    for (const a of chain.reverse()) {
      const st = getComputedStyle(a);
      const fill = parse(st.backgroundColor);
      if (fill && fill.a > 0) grounds = grounds.map((g) => over(fill, g));
      if (st.backgroundImage.includes("url(")) return null; // a picture: not measured
      const grad = stops(st.backgroundImage).filter((c) => c && c.a > 0).map((c) => over(c, grounds[0]));
      if (grad.length) {
        const mean = (k) => grad.reduce((sum, c) => sum + c[k], 0) / grad.length;
        grounds = [{ r: mean("r"), g: mean("g"), b: mean("b"), a: 1 }];
      }
    }
    return grounds;
  };
  const faded = (el) => { // the product of the element's and its ancestors' opacity
    let o = 1;
    for (let a = el; a; a = a.parentElement) o *= Number(getComputedStyle(a).opacity);
    return o;
  };

  if (what === "contrast") {
    for (const el of document.body.querySelectorAll("*")) {
      if (el.closest("svg, script, style, option, :disabled, [aria-disabled=true]") || !visible(el)) continue;
      const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
      if (!own) continue;
      const st = getComputedStyle(el);
      if (st.color === "transparent" || Number(st.opacity) === 0) continue;
      const grounds = backdrop(el);
      if (!grounds) continue;
      const text = parse(st.color);
      const o = faded(el);
      // Faded: the text and its ground are both blended over what lies under the faded box
      // (taken as the ground itself, blended again: a faded box over its own colour).
      const page = backdrop(el.parentElement || el) || [WHITE];
      // A halo (a blurred text-shadow, as on the map's seat chips) is the text's own ground.
      const halo = st.textShadow.match(/rgba?\([^)]+\)\s+[-\d.]+px\s+[-\d.]+px\s+([\d.]+)px/);
      const haloColour = halo && Number(halo[1]) > 0 ? parse(halo[0]) : null;
      if (haloColour && haloColour.a > 0.5) grounds.splice(0, grounds.length, over(haloColour, grounds[0]));
      const worst = Math.min(...grounds.map((g, i) => {
        const under = page[Math.min(i, page.length - 1)];
        const ground = o < 1 ? over({ ...g, a: o }, under) : g;
        const ink = over({ ...text, a: text.a * o }, ground);
        return ratio(ink, ground);
      }));
      if (worst < 4.5) out.push(`${label(el)}: ${worst.toFixed(2)}:1 (${st.color} on ${grounds.map((g) =>
        `rgb(${Math.round(g.r)},${Math.round(g.g)},${Math.round(g.b)})`).join(" / ")})`);
    }
  } else {
    const tappable = "button, a[href], input:not([type=hidden]), select, textarea, [role=button], [tabindex]";
    for (const el of document.body.querySelectorAll("*")) {
      if (el.closest("svg") || !visible(el) || el.closest("[data-tap-alt]")) continue;
      const st = getComputedStyle(el);
      const control = el.matches(tappable) || (st.cursor === "pointer"
        && !(el.parentElement && getComputedStyle(el.parentElement).cursor === "pointer"));
      if (!control || el.disabled) continue;
      const r = el.getBoundingClientRect();
      if (r.width < 44 - 0.5 || r.height < 44 - 0.5) {
        out.push(`${label(el)}: ${Math.round(r.width)}x${Math.round(r.height)} px`);
      }
    }
  }
  return out;
}
