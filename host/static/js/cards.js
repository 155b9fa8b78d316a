// Playing cards drawn with HTML and CSS (no images): shared by the card game kinds.
// A card code is "7H", "10S", "QD", or "AC#1" for the second deck's ace of clubs.
// Suits are shown by symbol AND colour, so they read in black and white too.
/* exported Cards */
"use strict";

const Cards = (() => {
  // The words every card game's page says alike (host/static/words/kinds/cards.json, served in
  // window.WORDS by /words.js), spread first into each kind's own table.
  const WORDS = window.WORDS.kinds.cards;
  const SUITS = { C: "♣", D: "♦", H: "♥", S: "♠" };
  const SUIT_NAMES = {
    fr: { C: "trèfle", D: "carreau", H: "cœur", S: "pique" },
    en: { C: "clubs", D: "diamonds", H: "hearts", S: "spades" },
  };
  const RANKS = { fr: { 1: "A", 11: "V", 12: "D", 13: "R" }, en: { 1: "A", 11: "J", 12: "Q", 13: "K" } };
  const RANK_VALUES = { A: 1, J: 11, Q: 12, K: 13 };

  // The stylesheet goes with this file, so the templates need no extra <link>.
  linkStylesheet("cards", "../css/cards.css",
    document.currentScript ? document.currentScript.src : location.origin + "/static/js/cards.js");

  /** {rank: 1..13, suit: "C"|"D"|"H"|"S", deck: 0|1, red} of a card code. */
  function parse(code) {
    const [body, deck] = String(code).split("#");
    const suit = body.slice(-1);
    const rankText = body.slice(0, -1);
    const rank = RANK_VALUES[rankText] || Number(rankText);
    return { rank, suit, deck: deck ? Number(deck) : 0, red: suit === "D" || suit === "H" };
  }

  function rankText(rank, lang) {
    return (RANKS[lang] || RANKS.en)[rank] || String(rank);
  }

  /** "dame de cœur" / "queen of hearts" style words, for screen readers and titles. */
  function words(code, lang) {
    const c = parse(code);
    const names = SUIT_NAMES[lang] || SUIT_NAMES.en;
    return rankText(c.rank, lang) + " " + SUITS[c.suit] + " (" + names[c.suit] + ")";
  }

  /** A face-up card element; `attrs` may add classes (class), data-* and handlers. */
  function face(code, lang, attrs) {
    const c = parse(code);
    const extra = attrs && attrs.class ? " " + attrs.class : "";
    const label = rankText(c.rank, lang);
    return h("div", Object.assign({}, attrs || {}, {
      class: "card face " + (c.red ? "red" : "black") + (c.deck ? " deck-" + c.deck : "") + extra,
      "data-card": code,
      title: words(code, lang),
      role: "img",
      "aria-label": words(code, lang),
    }),
    h("span", { class: "corner" }, h("b", {}, label), h("i", {}, SUITS[c.suit])),
    h("span", { class: "pip" }, SUITS[c.suit]));
  }

  /** A face-down card (a back); deck 1 has a different back colour. */
  function back(attrs, deck) {
    const extra = attrs && attrs.class ? " " + attrs.class : "";
    return h("div", Object.assign({}, attrs || {}, {
      class: "card back" + (deck ? " deck-" + deck : "") + extra,
      role: "img",
      "aria-label": "?",
    }));
  }

  /** An empty place where a card may go. */
  function slot(attrs, text) {
    const extra = attrs && attrs.class ? " " + attrs.class : "";
    return h("div", Object.assign({}, attrs || {}, { class: "card slot" + extra }), text || "");
  }

  /**
   * A pile seen from above: its top card (face up, a back, or an empty slot)
   * with a count badge. `top` is a code, "back" or null.
   */
  function pile(top, count, lang, attrs, deck) {
    const card = top === "back" ? back({}, deck) : top ? face(top, lang) : slot({});
    const extra = attrs && attrs.class ? " " + attrs.class : "";
    return h("div", Object.assign({}, attrs || {}, { class: "pile" + extra }),
      card, count > 1 ? h("span", { class: "count" }, String(count)) : null);
  }

  /** Cards fanned (overlapping), e.g. a house in Russian Bank or a hand. */
  function fan(codes, lang, attrs, direction) {
    const extra = attrs && attrs.class ? " " + attrs.class : "";
    return h("div", Object.assign({}, attrs || {}, { class: "fan " + (direction || "right") + extra }),
      codes.length ? codes.map((code) => (code ? face(code, lang) : back({}))) : slot({}));
  }

  /**
   * Register a card game kind (js/kinds.js registerKind) with the parts every card kind shares:
   * the label from its strings, the end screen (a ranking over the table), the phone's act()
   * (send an action; on a refusal show why, play "wrong" and redraw), and the projector's sound
   * when view.last changes. `spec`:
   *   strings: its words, {key: ["fr", "en"]} with a label (kinds.js kindStrings)
   *   screen(root, state, ctx)  draws the projector (state.view is set); on the host page
   *                             too with ctx null, unless `host` is given
   *   host(root, state, ctx)    draws the host page (optional)
   *   phone(root, state, ctx)   draws the phone; redrawn after a refused action
   *   choices: {...}            the phone's own selections, reset when it mounts the kind
   *   sound(last) -> name|null  the sound for a new view.last on the projector (optional)
   *   over: { head(state), detail(state, seat) -> [...], rest(state) (below the ranking),
   *           classes(view) (default "<css> over"), seats(view) (default view.ranking),
   *           chip(seat), name(state, seat) (default seatChip, seatName) }
   *   css: the kind's class ("rb"), after "cards-kind" on its root element
   * Returns { phone, act }: phone = {state, error, ...choices}, act(action) sends from the phone.
   */
  function registerCardKind(name, spec) {
    const choices = spec.choices || {};
    const phone = Object.assign({ state: null, error: "" }, choices);
    let phoneCtx = null;

    function act(action) {
      const ctx = phoneCtx;
      const out = Object.assign({}, action);
      delete out.seat;
      phone.error = "";
      ctx.send(out).then((ack) => {
        if (!ack.ok) {
          phone.error = T.refusal(ack);
          if (ctx.sounds) ctx.sounds.play("wrong");
          if (phone.state) spec.phone(ctx.root, phone.state, ctx);
        } else if (navigator.vibrate) navigator.vibrate(15);
      });
    }

    function sound(previous, state, ctx) {
      const before = previous && previous.view && previous.view.last;
      const now = state.view && state.view.last;
      if (!spec.sound || !ctx.sounds || !now || JSON.stringify(before) === JSON.stringify(now)) return;
      const played = spec.sound(now);
      if (played) ctx.sounds.play(played);
    }

    function drawOver(root, state) {
      const view = state.view;
      const over = spec.over;
      const chip = over.chip || seatChip;
      const seatWords = over.name || seatName;
      const rows = (over.seats ? over.seats(view) : view.ranking || []).map((seat) => h("li", {},
        chip(seat), " ", seatWords(state, seat), " · ", [over.detail(state, seat)].flat(2)));
      root.replaceChildren(h("div", { class: "cards-kind " + (over.classes ? over.classes(view) : spec.css + " over") },
        over.head(state), h("ol", { class: "cards-ranking" }, rows), over.rest ? over.rest(state) : null));
    }

    registerKind(name, {
      label: { fr: spec.strings.label[0], en: spec.strings.label[1] },
      strings: spec.strings,
      screen: {
        mount() {},
        update(state, ctx) {
          if (state.view) spec.screen(ctx.root, state, ctx);
          sound(ctx.previous, state, ctx);
        },
        over: drawOver,
      },
      phone: {
        mount(root) {
          Object.assign(phone, choices, { error: "" });
          delete root.dataset.drawn;
          // A tap on a greyed card or place says why nothing happens.
          root.addEventListener("click", (event) => {
            const box = event.target.closest(".illegal") && root.querySelector(".cards-kind .error");
            if (box) box.textContent = T.t("illegal_card");
          });
        },
        update(state, ctx) {
          phoneCtx = ctx;
          if (!state.view) return;
          phone.state = state;
          // Drawn again only when what the phone shows changed (its taps kept meanwhile); a
          // tap's own redraw (a card chosen, a refusal) is the kind's, at once.
          const meta = state.meta;
          const key = JSON.stringify([T.lang, meta.game, meta.status, meta.paused, meta.seats,
            state.view]);
          drawKeyed(ctx.root, key, () => spec.phone(ctx.root, state, ctx));
        },
      },
      host: {
        panel() {},
        update(state, ctx) {
          if (!state.view) return;
          if (spec.host) spec.host(ctx.root, state, ctx);
          else spec.screen(ctx.root, state, null);
        },
      },
    });
    return { phone, act };
  }

  return { parse, words, face, back, slot, pile, fan, rankText, SUITS, WORDS, registerCardKind };
})();
