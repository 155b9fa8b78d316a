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

/** Rows {seat, name, score} ranked for the scoreboard and the podium: view.ranking when given, else by score. */
function rankedPlayers(view) {
  const players = (view && (view.players || view.scores)) || [];
  if (view && view.ranking && view.ranking.length && typeof view.ranking[0] === "number") {
    return view.ranking.map((seat) => players.find((p) => p.seat === seat)).filter(Boolean);
  }
  return [...players].sort((a, b) => b.score - a.score || a.seat - b.seat);
}

/** The podium (top three) for `rows` ranked best first, drawn into `holder`. */
function drawPodium(holder, rows) {
  // Ties share a step (1, 1, 3): a row's place is that of the first row with its score.
  const placeOf = (i) => rows.findIndex((r) => r.score === rows[i].score) + 1;
  const steps = [1, 0, 2].filter((i) => i < rows.length).map((i) => {
    const p = rows[i];
    const place = placeOf(i);
    return h("div", { class: "step place-" + place, "data-seat": p.seat, "data-place": place },
      // A night's player not in its latest game has no colour tonight (seat null).
      h("div", { class: "who" }, p.seat === null ? null : seatChip(p.seat), h("strong", {}, p.name),
        p.seat === null ? null : h("small", {}, T.colour(p.seat))),
      h("div", { class: p.seat === null ? "block" : "block seat-bg-" + (p.seat % 4) }, h("span", {}, String(place)),
        h("small", {}, Number(p.score).toLocaleString(T.lang))));
  });
  fill(holder, steps);
}
