// The registry of game kinds: each kind file (js/kinds/<name>.js) registers how
// it draws itself on the projector, the phone and the host page. The generic
// pages (screen.js, phone.js, host.js) keep the connection, joining, lobby,
// seat header, pause banner, podium and language, and hand each kind an empty
// element plus a context:
//   ctx = { lang, t(key, params), send(action) -> Promise<ack>, seat, sounds, el(tag, attrs, ...children),
//           now() (ms on performance.timeOrigin's scale), heartbeat(on) (phone: fast clock pings) }
// A kind: { label: {fr, en},
//           screen: { mount(root, ctx), update(state, ctx), over?(root, state, ctx) },
//           phone:  { mount(root, ctx), update(state, ctx) },
//           host:   { panel(root, ctx), update(state, ctx) } }
/* exported registerKind, kindStrings, kindLabel, KindSlot, rankedPlayers, drawPodium */
"use strict";

window.TourelleKinds = window.TourelleKinds || {};

/** Register a kind under its game name ("territory", "buzzer", ...). */
function registerKind(name, definition) {
  window.TourelleKinds[name] = definition;
  return definition;
}

/**
 * A kind's own words, each key with its French and English side by side ({key: ["fr", "en"]}, so the
 * two languages are kept in step); a missing side (null) falls back on English, then on the shared
 * words (T.t).
 */
function kindStrings(words) {
  return function translate(key, params) {
    key = T.counted(key, params, (k) => Object.hasOwn(words, k));
    const pair = Object.hasOwn(words, key) ? words[key] : null;
    const own = pair ? pair[T.lang === "fr" ? 0 : 1] ?? pair[1] : null;
    if (own === null || own === undefined) return T.t(key, params);
    let text = own;
    for (const [name, value] of Object.entries(params || {})) text = text.split("{" + name + "}").join(String(value));
    return text;
  };
}

/** The label of a kind in the page's language ("Territoires", "Buzzers"); the name when unknown. */
function kindLabel(name, fromServer) {
  const kind = window.TourelleKinds[name];
  const label = (kind && kind.label) || fromServer;
  return (label && (label[T.lang] || label.en)) || name;
}

/**
 * One kind's part on one page: mounts it into `root` when the game (or its
 * kind) changes, then hands it every state. `part` is "screen", "phone" or
 * "host"; `makeCtx(state)` builds the page's context.
 */
class KindSlot {
  constructor(root, part, makeCtx) {
    this.root = root;
    this.part = part;
    this.makeCtx = makeCtx;
    this.key = null;
    this.ctx = null;
    this.baseClass = root.className;
  }

  /** The kind's part for this state, or a plain fallback for a kind with no page code. */
  impl(state) {
    const kind = window.TourelleKinds[state.meta.kind];
    return (kind && kind[this.part]) || FALLBACK[this.part];
  }

  update(state) {
    const impl = this.impl(state);
    const key = state.meta.game + "/" + state.meta.kind;
    this.ctx = this.makeCtx(state);
    this.ctx.root = this.root;
    if (key !== this.key) {
      this.key = key;
      this.root.replaceChildren();
      this.root.className = this.baseClass;
      if (this.part === "host") impl.panel(this.root, this.ctx);
      else impl.mount(this.root, this.ctx);
    }
    impl.update(state, this.ctx);
  }

  /** The kind's own end screen when it has one; false to let the page draw the podium. */
  over(root, state) {
    const impl = this.impl(state);
    if (!impl.over) return false;
    impl.over(root, state, this.makeCtx(state));
    return true;
  }

  reset() {
    this.key = null;
    this.root.replaceChildren();
    this.root.className = this.baseClass;
  }
}

/** What a page shows for a kind whose file is missing: its name and, if any, the players. */
const FALLBACK = (() => {
  const draw = (root, state) => {
    const players = (state.view && state.view.players) || [];
    fill(root, h("p", { class: "note" }, kindLabel(state.meta.kind), " · ", state.view ? state.view.stage || "" : ""),
      h("ul", {}, players.map((p) => h("li", {}, seatChip(p.seat), " ", p.name, " ", String(p.score)))));
  };
  const part = { mount() {}, panel() {}, update(state, ctx) { draw(ctx.root, state); } };
  return { screen: part, phone: part, host: part };
})();

/** Rows {seat, name, score, place} ranked for the scoreboard and the podium: view.ranking when
 * given, else by score. A row's place is the view's own when it gives one; else, ranked by
 * score, equal scores share the better place (1, 1, 3), as the night's table and the results. */
function rankedPlayers(view) {
  const players = (view && (view.players || view.scores)) || [];
  const ranked = !!(view && view.ranking && view.ranking.length && typeof view.ranking[0] === "number");
  const rows = ranked ? view.ranking.map((seat) => players.find((p) => p.seat === seat)).filter(Boolean)
    : [...players].sort((a, b) => b.score - a.score || a.seat - b.seat);
  const placed = [];
  rows.forEach((p, i) => {
    let place = i + 1;
    if (typeof p.place === "number") place = p.place;
    else if (!ranked && i && p.score === rows[i - 1].score) place = placed[i - 1].place;
    placed.push({ ...p, place });
  });
  return placed;
}

/** The podium for `rows` ranked best first, each with its `place`: one step per place up to
 * the 3rd, tied rows sharing their step (two firsts stand on the first step together); the
 * 2nd step left of the 1st, the 3rd right. `colour`: the seat whose colour a row wears (a
 * night's team not in the latest game keeps its own), else its seat. */
function drawPodium(holder, rows) {
  const byPlace = new Map();
  rows.forEach((p, i) => {
    const place = typeof p.place === "number" ? p.place : i + 1;
    if (place > 3) return;
    if (!byPlace.has(place)) byPlace.set(place, []);
    byPlace.get(place).push(p);
  });
  const side = { 2: 0, 1: 1, 3: 2 };
  const steps = [...byPlace.keys()].sort((a, b) => side[a] - side[b]).map((place) => {
    const group = byPlace.get(place);
    const colours = group.map((p) => (p.colour !== undefined && p.colour !== null ? p.colour : p.seat));
    const colour = colours.every((c) => c === colours[0]) ? colours[0] : null;
    // Tied teams of different colours share one step: its block in each one's colour, side by side.
    const shared = colour === null && colours.every((c) => c !== null);
    const share = (i) => (100 * i) / colours.length + "%";
    const split = shared ? colours.map((c, i) => `var(--seat-${seatLook(c)}) ${share(i)} ${share(i + 1)}`) : null;
    return h("div", { class: "step place-" + place + (group.length > 1 ? " tied" : ""), "data-place": place,
      "data-seat": group[0].seat, "data-names": group.length },
    ...group.map((p, i) => h("div", { class: "who" }, colours[i] === null ? null : seatChip(colours[i]),
      h("strong", {}, p.name), colours[i] === null ? null : h("small", {}, T.colour(colours[i])))),
    h("div", { class: colour === null ? "block" + (shared ? " shared" : "") : "block seat-bg-" + seatLook(colour),
      style: split ? `background: linear-gradient(90deg, ${split.join(", ")})` : null }, h("span", {}, String(place)),
      h("small", {}, Number(group[0].score).toLocaleString(T.lang))));
  });
  fill(holder, steps);
}
