// Shared by the projector, phone and host pages: DOM helpers, the map as SVG,
// the countdown, the sounds, and language choice. No framework, no network
// beyond this host.
/* exported h, $, fill, seatName, seatLabel, seatChip, seatLook, Maps, drawMap, castle, Countdown,
   Sound, formatAnswer, scoreText, questionTitle, phaseTitle, onLoopback, joinAddress, storageNotice, linkStylesheet,
   HALL_SEATS, NAME_MAX, fitText, fitZoom, keepScreenAwake, getJson, waitingNotice, commandButtons, drawKeyed */
"use strict";

const SVG_NS = "http://www.w3.org/2000/svg";
const FREE = -1;
// A game of more seats than this is a hall (a buzzer board for dozens or hundreds of
// phones): the host form takes a number instead of seat rows, the join page one button for
// the next free seat instead of colours, the projector's lobby only the names given.
const HALL_SEATS = 16;
// The characters a player's or team's name keeps (host/people/names.py MAX_NAME).
const NAME_MAX = 24;

/** Create an element: h("div", {class: "x", onclick: f}, child, "text", ...). */
function h(tag, attrs, ...children) {
  const node = tag.startsWith("svg:") ? document.createElementNS(SVG_NS, tag.slice(4)) : document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

function $(selector) {
  return document.querySelector(selector);
}

/** Replace the children of `node` (found by selector or given). */
function fill(node, ...children) {
  const target = typeof node === "string" ? $(node) : node;
  target.replaceChildren(...children.flat().filter((c) => c !== null && c !== undefined && c !== false));
  return target;
}

/**
 * `build()` draws into `box` only when `key` (what the drawing is made of) changed since the
 * last drawing there, else the box keeps its nodes: a button replaced between a tap's press and
 * its release loses the tap, and a game's states arrive many times a second, most of them
 * about others (a phone's own panel then looks the same). True when drawn.
 */
function drawKeyed(box, key, build) {
  if (box.dataset.drawn === key && box.firstChild) return false;
  build();
  box.dataset.drawn = key;
  return true;
}

/**
 * A row of command buttons kept from one render to the next: the same buttons (by their
 * data-cmd) get their new label, class, title, enabled state and handler. A button replaced
 * between a tap's press and its release loses the tap, and states arrive many times a second.
 * `commands` is [{ cmd, label, enabled, cls, title, onclick }].
 */
function commandButtons(node, commands) {
  const box = typeof node === "string" ? $(node) : node;
  const shown = [...box.children].map((button) => button.dataset.cmd).join();
  if (shown !== commands.map((c) => c.cmd).join()) {
    fill(box, commands.map((c) => h("button", { type: "button", "data-cmd": c.cmd })));
  }
  commands.forEach((c, i) => {
    const button = box.children[i];
    button.className = c.cls || "";
    button.disabled = !c.enabled;
    if (c.title) button.title = c.title;
    else button.removeAttribute("title");
    if (button.textContent !== c.label) button.textContent = c.label;
    button.onclick = c.onclick;
  });
  return box;
}

function seatName(state, seat) {
  const players = (state.view && state.view.players) || state.meta.seats;
  const row = players.find((p) => p.seat === seat);
  return row ? row.name : T.colour(seat);
}

/** "Rouge (Ana)": colour first so a colour-blind player can match it with the pattern. */
function seatLabel(state, seat) {
  const colour = T.colour(seat);
  const name = seatName(state, seat);
  return name === colour ? name : colour + " · " + name; // a hall's "#40" is said once
}

/** A seat's look, 0 to 15: its colour and its pattern (.seat-N, .seat-bg-N, --seat-N in
 *  app.css). Sixteen seats, as many as the host form's rows, each its own pair; a hall's
 *  seats beyond them come round again and are told apart by their number. */
const SEAT_LOOKS = 16;
function seatLook(seat) {
  return seat % SEAT_LOOKS;
}

function seatChip(seat) {
  return h("span", { class: "chip seat-" + seatLook(seat), "aria-hidden": "true" });
}

// ----------------------------------------------------------------- map

const Maps = {
  cache: new Map(),
  /** The map JSON for a game's config.map (a promise, fetched once). */
  load(name) {
    const key = name || "";
    if (!this.cache.has(key)) {
      const url = "/api/maps/" + encodeURIComponent(name || "france-regions");
      this.cache.set(key, fetch(url).then((r) => (r.ok ? r.json() : Promise.reject(new Error(url)))).then(indexMap));
    }
    return this.cache.get(key);
  },
};

function indexMap(data) {
  const neighbours = {};
  for (const t of data.territories) neighbours[t.id] = new Set(data.adjacency[t.id] || []);
  for (const [a, b] of data.links || []) {
    neighbours[a].add(b);
    neighbours[b].add(a);
  }
  for (const [a, list] of Object.entries(data.adjacency)) for (const b of list) neighbours[b] && neighbours[b].add(a);
  data.neighbours = neighbours;
  data.byId = Object.fromEntries(data.territories.map((t) => [t.id, t]));
  return data;
}

/** Hatching, dots, cross-hatching, stripes: one pattern per seat over its colour. */
function seatPatterns() {
  const marks = [
    () => [h("svg:path", { d: "M-2,2 l4,-4 M0,12 l12,-12 M10,14 l4,-4", class: "mark" })],
    () => [h("svg:circle", { cx: 3, cy: 3, r: 1.8, class: "dot" }),
      h("svg:circle", { cx: 9, cy: 9, r: 1.8, class: "dot" })],
    () => [h("svg:path", { d: "M0,6 h12 M6,0 v12", class: "mark" })],
    () => [h("svg:path", { d: "M3,0 v12 M9,0 v12", class: "mark" })],
  ];
  return marks.map((draw, seat) =>
    h("svg:pattern",
      { id: "pat-" + seat, width: 12, height: 12, patternUnits: "userSpaceOnUse", patternTransform: "scale(1.6)" },
      h("svg:rect", { width: 12, height: 12, class: "bg seat-fill-" + seat }), draw()));
}

/**
 * Draw (or update) the map in `holder`. Options: legal (ids to highlight),
 * onTap(id), labels (show values), names (show names).
 * Remembers the previous owners and towers to animate a conquest or a falling tower.
 */
function drawMap(holder, gameMap, view, options) {
  const opts = options || {};
  const legal = new Set(opts.legal || []);
  const previous = holder._last || {};
  const attacked = view.attack ? view.attack.target : null;
  const [x, y, w, hgt] = gameMap.view_box;
  const scale = Math.max(w, hgt) / 1000;
  const svg = h("svg:svg", { viewBox: `${x} ${y} ${w} ${hgt}`, class: "map", role: "img" },
    h("svg:defs", {}, seatPatterns()));
  for (const [a, b] of gameMap.links || []) {
    const ta = gameMap.byId[a], tb = gameMap.byId[b];
    if (ta && tb) {
      svg.append(h("svg:line",
        { x1: ta.label[0], y1: ta.label[1], x2: tb.label[0], y2: tb.label[1], class: "sea-link" }));
    }
  }
  const labels = [];
  for (const t of view.territories) {
    const shape = gameMap.byId[t.id];
    if (!shape) continue;
    const classes = ["land", t.owner === FREE ? "free" : "owned"];
    if (legal.has(t.id)) classes.push("legal");
    if (attacked === t.id) classes.push("attacked");
    const before = previous[t.id];
    if (before && before.owner !== t.owner && t.owner !== FREE) classes.push("conquered");
    const path = h("svg:path", {
      d: shape.path, class: classes.join(" "), "data-id": t.id,
      fill: t.owner === FREE ? null : `url(#pat-${t.owner})`,
    });
    if (opts.onTap && legal.has(t.id)) {
      path.addEventListener("click", () => opts.onTap(t.id));
      path.setAttribute("tabindex", "0");
      path.setAttribute("role", "button");
      path.setAttribute("aria-label", T.lang === "fr" ? shape.name_fr : shape.name_en);
    } else if (opts.onIllegal) {
      path.addEventListener("click", () => opts.onIllegal(t.id)); // the phone says why nothing happens
    }
    svg.append(path);
    const [lx, ly] = shape.label;
    const group = h("svg:g", { transform: `translate(${lx} ${ly}) scale(${scale})`, class: "label" });
    if (opts.names) {
      group.append(h("svg:text", { y: -34, class: "name" }, T.lang === "fr" ? shape.name_fr : shape.name_en));
    }
    // Written as the scores are: "1 000" / "1,000".
    if (t.value) group.append(h("svg:text", { y: t.castle ? 36 : 8, class: "value" }, formatAnswer(null, t.value)));
    if (t.castle) group.append(castle(t.towers, before ? before.towers : t.towers));
    labels.push(group);
  }
  svg.append(...labels);
  fill(holder, svg);
  holder._last = Object.fromEntries(view.territories.map((t) => [t.id, { owner: t.owner, towers: t.towers }]));
  return svg;
}

/** Three little towers; fallen ones lie down, the one that just fell animates. */
function castle(standing, before) {
  const g = h("svg:g", { class: "castle" });
  for (let i = 0; i < 3; i++) {
    const up = i < standing;
    const justFell = !up && i < before;
    g.append(h("svg:g", { transform: `translate(${(i - 1) * 22} -8)` },
      h("svg:path", {
        d: "M-8,10 v-22 h4 v4 h4 v-4 h4 v4 h4 v-4 h4 v22 z",
        class: "tower" + (up ? "" : " fallen") + (justFell ? " falling" : ""),
      })));
  }
  return g;
}

// ----------------------------------------------------------------- storage

/** The storage notice, first in <body> (made on first use): the card is full, read-only or
 * failing (meta.storage; the game is paused), or, with `lowSpace`, nearly full (meta.low_space). */
function storageNotice(meta, lowSpace) {
  const low = lowSpace && meta.low_space !== null && meta.low_space !== undefined;
  const key = meta.storage ? "storage_" + meta.storage : low ? "low_space" : null;
  let note = document.getElementById("storage-notice");
  if (!note) {
    if (!key) return;
    note = h("p", { id: "storage-notice", class: "paused-banner", role: "alert" });
    document.body.prepend(note);
  }
  note.hidden = !key;
  note.dataset.storage = meta.storage || (low ? "low" : "");
  note.textContent = key ? T.t(key, { mb: Number(meta.low_space).toLocaleString(T.lang) }) : ""; // "12,5 Mo"
}

/** Who a running game waits on with no phone on the seat (meta.waiting): shown in `box`, for
 * the projector and the host page. Returns whether it says anything. */
function waitingNotice(box, meta) {
  const seats = (meta.seats || []).filter((s) => (meta.waiting || []).includes(s.seat));
  box.hidden = !seats.length;
  box.dataset.waiting = seats.map((s) => s.seat).join(",");
  box.textContent = seats.length ? T.t("waiting_for", {
    names: seats.map((s) => T.colour(s.seat) + " · " + s.name).join(", ") }) : "";
  return seats.length > 0;
}

// ----------------------------------------------------------------- countdown

/** A bar and a number that run down from meta.timer until the next state. */
const Countdown = {
  due: 0,
  total: 0,
  paused: false,
  bar: null,
  number: null,
  onEnd: null,
  set(meta, bar, number) {
    // The seconds left, as a number beside the bar (its track's data-secs, css .timer::after).
    if (this.bar && this.bar !== bar && this.bar.parentNode) delete this.bar.parentNode.dataset.secs;
    this.bar = bar;
    this.number = number;
    const timer = meta.timer;
    this.paused = !!meta.paused;
    this.total = timer ? timer.total : 0;
    this.left = timer ? timer.left : 0;
    this.due = performance.now() + this.left * 1000;
    this.tick();
    if (!this.handle) this.handle = setInterval(() => this.tick(), 100);
  },
  tick() {
    if (!this.bar) return;
    const left = this.paused ? this.left : Math.max(0, (this.due - performance.now()) / 1000);
    const share = this.total > 0 ? left / this.total : 0;
    this.bar.style.transform = `scaleX(${share.toFixed(3)})`;
    this.bar.classList.toggle("late", share < 0.25);
    const secs = this.total > 0 ? String(Math.ceil(left)) : "";
    if (this.number) this.number.textContent = secs;
    else if (this.bar.parentNode && this.bar.parentNode.dataset.secs !== secs) this.bar.parentNode.dataset.secs = secs;
  },
};

/**
 * Zoom the drawing inside `section` (its first element) out until it fits the section's height:
 * a card game's table of four players, drawn at its natural size, never runs off the projector
 * (cards and words shrink together; CSS zoom lays the table out again at that scale).
 */
function fitZoom(section) {
  const inner = section && section.firstElementChild;
  if (!inner || section.hidden) return;
  inner.style.zoom = "";
  for (let i = 0; i < 3; i++) {
    const room = section.clientHeight, need = inner.getBoundingClientRect().height;
    if (need <= room + 1 || room <= 0) return;
    const zoom = Number(inner.style.zoom || 1) * Math.max(0.3, (room / need) * 0.99);
    inner.style.zoom = zoom.toFixed(3);
  }
}

/**
 * Shrink `el`'s text (to `min` of its size at most) until it fits its own box, which the page's
 * CSS bounds (a max-height, a flex share, a grid cell): a long prompt, four reveal rows or a
 * 24-character winner's name stay on the projector, never run off it.
 */
function fitText(el, min = 0.5) {
  if (!el) return;
  el.style.fontSize = "";
  const over = () => el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1;
  if (el.hidden || !el.isConnected || !over()) return;
  const size = parseFloat(getComputedStyle(el).fontSize);
  for (let scale = 0.95; scale >= min - 0.001 && over(); scale -= 0.05) {
    el.style.fontSize = (size * scale).toFixed(1) + "px";
  }
}

// ----------------------------------------------------------------- sound

/** Four short sounds made with WebAudio (no files); muted state kept in localStorage. */
const Sound = {
  ctx: null,
  muted: localStorage.getItem("tourelle.muted") === "1",
  toggle() {
    this.muted = !this.muted;
    localStorage.setItem("tourelle.muted", this.muted ? "1" : "0");
    this.unlock();
    return this.muted;
  },
  unlock() {
    if (!this.ctx && window.AudioContext) this.ctx = new AudioContext();
    if (this.ctx && this.ctx.state === "suspended") this.ctx.resume();
  },
  tone(freq, start, length, type, gain) {
    const ctx = this.ctx;
    const osc = ctx.createOscillator();
    const amp = ctx.createGain();
    osc.type = type;
    osc.frequency.setValueAtTime(freq, ctx.currentTime + start);
    amp.gain.setValueAtTime(0.0001, ctx.currentTime + start);
    amp.gain.exponentialRampToValueAtTime(gain, ctx.currentTime + start + 0.02);
    amp.gain.exponentialRampToValueAtTime(0.0001, ctx.currentTime + start + length);
    osc.connect(amp).connect(ctx.destination);
    osc.start(ctx.currentTime + start);
    osc.stop(ctx.currentTime + start + length + 0.05);
  },
  play(name) {
    if (this.muted || !this.ctx || this.ctx.state !== "running") return;
    if (name === "buzz") this.tone(180, 0, 0.18, "square", 0.15);
    if (name === "right") { this.tone(660, 0, 0.15, "sine", 0.3); this.tone(990, 0.12, 0.3, "sine", 0.3); }
    if (name === "wrong") { this.tone(220, 0, 0.25, "sawtooth", 0.15); this.tone(160, 0.2, 0.35, "sawtooth", 0.15); }
    if (name === "timeup") for (let i = 0; i < 3; i++) this.tone(880, i * 0.15, 0.1, "triangle", 0.25);
  },
};

// ----------------------------------------------------------------- formatting

/** A score as the page's language writes it, below zero with a minus sign ("−10", not the
 * hyphen of toLocaleString): the phones' header, the quiz round's boards. */
function scoreText(value) {
  const n = Number(value);
  return (n < 0 ? "−" : "") + Math.abs(n).toLocaleString(T.lang);
}

function formatAnswer(content, value) {
  if (value === null || value === undefined) return "—";
  if (content && content.kind === "choice" && content.options && content.options[value] !== undefined) {
    return "ABCDEF"[value] + ". " + content.options[value];
  }
  return Number(value).toLocaleString(T.lang);
}

function questionTitle(q) {
  return T.t("question_" + q.purpose);
}

function phaseTitle(view) {
  if (view.phase === "combat") {
    // The campaign mode has 6 rounds, the others 4 (view.rounds, host/territory/modes.py).
    return T.t("combat") + " · " + T.t("order_round", { n: view.round, total: view.rounds || 4 });
  }
  return T.t(view.phase);
}

/** Whether this page was opened on this machine itself (a phone could not use that address). */
function onLoopback() {
  const host = location.hostname.replace(/^\[|\]$/g, "");
  return host === "localhost" || host === "::1" || host === "0.0.0.0" || host.startsWith("127.");
}

/** A JSON read that never leaves the page waiting: a request that stalls (a busy host, a
 * flaky Wi-Fi) is abandoned after a few seconds and tried again; `fallback` after that. */
async function getJson(url, fallback, tries = 3) {
  for (let attempt = 1; attempt <= tries; attempt += 1) {
    try {
      const response = await fetch(url, AbortSignal.timeout ? { signal: AbortSignal.timeout(8000) } : {});
      if (response.ok) return await response.json();
      if (response.status < 500) return fallback;
    } catch {
      // timed out or cut off: try again
    }
  }
  return fallback;
}

/**
 * Where phones join: {url, addresses, mdns}. A page opened on a LAN address keeps its own
 * origin; one opened on localhost (the Pi's own projector) asks the host (GET /api/join).
 */
async function joinAddress() {
  let found = { url: location.origin + "/", addresses: [location.origin + "/"], mdns: null };
  try {
    found = await (await fetch("/api/join")).json();
  } catch {
    // an older host or no network: this page's own origin
  }
  if (!onLoopback()) found.url = location.origin + "/";
  return found;
}

/** A script's own stylesheet, linked once (`key` names it), at `relative` to the script's
 * URL (`here`: document.currentScript.src while the script runs): the templates need no
 * extra <link> for a kind's styles. */
function linkStylesheet(key, relative, here) {
  if (document.querySelector(`link[data-css="${key}"]`)) return;
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = new URL(relative, here).pathname;
  link.dataset.css = key;
  document.head.append(link);
}

/**
 * Keep the screen on (a phone that sleeps drops out, a projector must not show a screensaver):
 * a wake lock, taken again each time the page is shown (the browser lets it go when the page
 * is hidden) and on `gesture` (some browsers grant it only after one). Browsers without it,
 * or that refuse it, carry on as before; `body[data-wake-lock]` says which ("on", "refused").
 */
function keepScreenAwake(gesture) {
  let sentinel = null;
  async function take() {
    if (!("wakeLock" in navigator) || document.visibilityState !== "visible") return;
    if (sentinel && !sentinel.released) return;
    try {
      sentinel = await navigator.wakeLock.request("screen");
      document.body.dataset.wakeLock = "on";
    } catch {
      document.body.dataset.wakeLock = "refused";
    }
  }
  document.addEventListener("visibilitychange", take);
  document.addEventListener(gesture, take);
  take();
}
