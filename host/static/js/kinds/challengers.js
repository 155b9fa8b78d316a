// Challengers!: deck building and flag matches (docs/rules/challengers.md).
// Projector: every match of the round side by side (the flag holder, the attacker's revealed
// cards and running total against the defence, both benches of six slots), the trophies won
// (values hidden until the final at 3-8 players), the round and phase, and during a deck phase
// who has finished drafting. Phone: the draft (choose an offer, keep 1 or 2 of the cards
// offered, redraw once, remove cards from the deck, done) and the own match (reveal, bench).
// Cards are our own: a box with the name, the strength and the effect text, coloured by set;
// the texts come with the view (view.cards, only the kinds this audience may see).
"use strict";

(() => {
  // Cards.WORDS (what every card game says alike), then its own words/kinds/challengers.json (a key there wins).
  const STRINGS = { ...Cards.WORDS, ...WORDS.kinds.challengers };
  const t = kindStrings(STRINGS);
  const ROBOT = -1;
  const SET_NAMES = {
    cities: { fr: "Villes", en: "Cities" }, space: { fr: "Espace", en: "Space" },
    jungle: { fr: "Jungle", en: "Jungle" }, ocean: { fr: "Océan", en: "Ocean" },
    volcano: { fr: "Volcan", en: "Volcano" }, circus: { fr: "Cirque", en: "Circus" },
    glacier: { fr: "Glacier", en: "Glacier" },
  };

  // ------------------------------------------------------------- helpers

  function kindId(code) {
    const body = String(code).split("#")[0];
    return body.includes(":") ? body.split(":")[1] : body;
  }

  function info(view, code) {
    return (view.cards || {})[kindId(code)]
      || { name: { fr: code, en: code }, strength: "?", text: {}, set: "cities", level: "" };
  }

  /** A card face: name, strength (+ the bonus it got when revealed) and its effect text. */
  function cardBox(view, code, opts) {
    const o = opts || {};
    const c = info(view, code);
    const lang = T.lang;
    const bonus = o.bonus || 0;
    const text = (c.text && (c.text[lang] || c.text.en)) || "";
    return h("div", Object.assign({
      class: ["chc-card", "set-" + c.set, "lv-" + c.level, o.size || ""].join(" "), "data-card": code, title: text,
    }, o.attrs || {}),
    h("span", { class: "nm" }, c.name[lang] || c.name.en),
    h("span", { class: "st" }, String(c.strength), bonus ? h("sup", {}, "+" + bonus) : null),
    o.size === "tiny" ? null : h("span", { class: "tx" }, text));
  }

  function sideOf(view, seat) { return view.sides.find((s) => s.seat === seat); }

  function nameOf(state, seat) { return seat === ROBOT ? t("robot") : seatName(state, seat); }

  function chip(seat) {
    return seat === ROBOT ? h("span", { class: "chc-robot", "aria-hidden": "true" }, "⚙") : seatChip(seat);
  }

  function phaseText(view) {
    return view.over ? t("over") : t(view.phase);
  }

  function trophies(side) {
    return side.trophies.map((tr) => h("span", { class: "chc-trophy", title: "R" + tr.round },
      tr.fans === null || tr.fans === undefined ? t("hidden") : String(tr.fans)));
  }

  function fansText(side) {
    return side.fans === null || side.fans === undefined ? "" : t("fans", { n: side.fans });
  }

  function header(state) {
    const view = state.view;
    const sets = view.sets.map((s) => (SET_NAMES[s] || {})[T.lang] || s).join(", ");
    return h("div", { class: "chc-head" },
      h("strong", {}, t("round", { n: view.round }), " · ", phaseText(view)),
      h("small", {}, t("sets", { sets })),
      h("small", {}, t("level_piles", { a: view.level_counts.A, b: view.level_counts.B, c: view.level_counts.C })),
      view.finalists.length
        ? h("small", {}, t("finalists", { who: view.finalists.map((s) => nameOf(state, s)).join(" · ") })) : null);
  }

  /** Every player: drafting or done (deck phases), trophies and fans. */
  function players(state) {
    const view = state.view;
    const deckPhase = view.phase === "deck" || view.phase === "final_deck";
    return h("div", { class: "chc-players" }, view.sides.map((side) => {
      const drafting = deckPhase && side.seat !== ROBOT && !side.done;
      const done = deckPhase && side.seat !== ROBOT && side.done;
      return h("div", { class: "chc-player" + (done ? " done" : ""), "data-seat": side.seat },
        chip(side.seat), h("strong", {}, nameOf(state, side.seat)),
        deckPhase && side.seat !== ROBOT
          ? h("span", { class: "state" }, drafting ? "✎ " + t("drafting") : "✔ " + t("finished")) : null,
        deckPhase ? h("small", { class: "state" }, t("deck_n", { n: side.deck_count })) : null,
        h("span", {}, trophies(side)), h("small", {}, fansText(side)));
    }));
  }

  function bench(view, side) {
    return h("div", { class: "chc-bench" }, side.bench.map((slot, i) => h("div", { class: "chc-slot", "data-slot": i },
      slot.length ? slotChip(view, slot) : null)));
  }

  /** A bench slot's cards: one name (all copies share it), its strength and how many. */
  function slotChip(view, slot) {
    const c = info(view, slot[0]);
    const text = (c.text && (c.text[T.lang] || c.text.en)) || "";
    return h("div", { class: "chc-chip set-" + c.set, title: text, "data-card": slot[0] },
      h("span", {}, c.name[T.lang] || c.name.en),
      h("b", {}, String(c.strength) + (slot.length > 1 ? " ×" + slot.length : "")));
  }

  /** One participant of a match: flag card (defence), attack cards and total, bench, counts. */
  function matchSide(state, m, seat) {
    const view = state.view;
    const side = sideOf(view, seat);
    const classes = ["chc-side"];
    if (m.actor === seat) classes.push("actor");
    if (m.holder === seat) classes.push("holder");
    if (m.loser === seat) classes.push("loser");
    const flag = side.pile.length ? side.pile[side.pile.length - 1] : null;
    const total = side.attack_total;
    const foe = sideOf(view, m.seats[0] === seat ? m.seats[1] : m.seats[0]);
    return h("div", { class: classes.join(" "), "data-seat": seat },
      h("div", { class: "who" }, chip(seat), nameOf(state, seat), h("span", {}, trophies(side))),
      h("small", { class: "counts" }, t("deck_n", { n: side.deck_count }), " · ",
        t("discard_n", { n: side.discard.length })),
      h("div", { class: "chc-fa" }, h("div", { class: "chc-zone flag" },
        h("label", {}, t("flag"), side.defence !== null ? " · " + t("defence") + " " + side.defence : ""),
        flag ? cardBox(view, flag, { bonus: side.bonus[flag], size: "small" }) : null,
        side.pile.length > 1 ? h("small", {}, t("under", { n: side.pile.length - 1 })) : null),
      h("div", { class: "chc-zone attack" }, h("label", {}, t("attack")),
        side.attack.map((code) => cardBox(view, code, { bonus: side.bonus[code], size: "small" })),
        total !== null
          ? h("span", { class: "chc-total" + (foe && foe.defence !== null && total >= foe.defence ? " win" : "") },
          String(total), h("small", {}, " / " + (foe && foe.defence !== null ? foe.defence : "–"))) : null)),
      h("div", { class: "chc-zone" }, h("label", {}, t("bench") + (side.bench_power ? " · +" + side.bench_power : "")),
        bench(view, side)));
  }

  function matchPanel(state, m) {
    const result = m.winner !== null && m.winner !== undefined
      ? h("div", { class: "result" }, t("winner_is", { who: nameOf(state, m.winner) }), " · ",
        t(m.end === "bench_full" ? "lost_bench" : "lost_no_draw"))
      : null;
    return h("section", { class: "chc-match" + (result ? " over" : ""), "data-match": m.seats.join(":") },
      m.seats.map((seat) => matchSide(state, m, seat)), result);
  }

  /** Every match of the round side by side. */
  function matchesPanel(state) {
    const matches = state.view.matches;
    return h("div", { class: "chc-matches n-" + matches.length }, matches.map((m) => matchPanel(state, m)));
  }

  function lastLine(state) {
    const reports = (state.view.last || []).filter((r) => ["reveal", "capture", "lost"].includes(r.type));
    const r = reports[reports.length - 1];
    if (!r) return h("p", { class: "chc-last" });
    const who = nameOf(state, r.seat);
    let text = "";
    if (r.type === "reveal") {
      text = t("last_reveal", { who, card: r.card ? info(state.view, r.card).name[T.lang] : "?" });
    }
    if (r.type === "capture") text = t("last_capture", { who });
    if (r.type === "lost") {
      text = t("last_lost", { who, why: t(r.why === "bench_full" ? "lost_bench" : "lost_no_draw") });
    }
    return h("p", { class: "chc-last" }, text);
  }

  // ------------------------------------------------------------- projector

  function drawScreen(root, state, ctx) {
    const view = state.view;
    const playing = view.phase === "match" || view.phase === "final" || view.over;
    if (ctx && ctx.title) ctx.title(t("label") + " · " + t("round", { n: view.round }) + " · " + phaseText(view));
    root.replaceChildren(h("div", { class: "cards-kind chc screen phase-" + view.phase, "data-round": view.round },
      header(state), players(state),
      playing && view.matches.length ? matchesPanel(state) : null,
      lastLine(state)));
    fitNames(root);
  }

  /** Card names too long for their card drawn smaller, never broken inside a word. */
  function fitNames(root) {
    for (const name of root.querySelectorAll(".chc-card .nm, .chc-chip")) fitText(name, 0.55);
  }

  // ------------------------------------------------------------- phone

  function draftPart(state, me, actions) {
    const view = state.view;
    const of = (type) => actions.filter((a) => a.type === type);
    const parts = [];
    if (of("choose").length) {
      parts.push(h("p", { class: "hint" }, t("choose")), h("div", { class: "chc-offer" }, of("choose").map((a) => {
        const offer = view.offers[a.offer];
        return h("button", { class: "bigbtn", "data-action": "choose", "data-offer": a.offer, onclick: () => act(a) },
          t("offer", { level: offer.level, keep: offer.keep }));
      })));
      return parts;
    }
    if (of("pick").length) {
      parts.push(h("p", { class: "hint" }, t("keep", { n: me.to_pick })),
        h("div", { class: "chc-hand" }, me.hand.map((code) => cardBox(view, code, {
          attrs: { "data-action": "pick", onclick: () => act({ type: "pick", card: code }) },
        }))));
      if (of("redraw").length) {
        parts.push(h("div", { class: "chc-offer" }, h("button", {
          class: "ghost", "data-action": "redraw", onclick: () => act(of("redraw")[0]),
        }, t("redraw"))));
      }
      return parts;
    }
    if (of("done").length) {
      const removable = new Set(of("remove").map((a) => a.card));
      parts.push(h("div", { class: "chc-offer" },
        h("button", { class: "bigbtn", "data-action": "done", onclick: () => act(of("done")[0]) }, t("done"))),
        h("p", { class: "hint" }, removable.size ? t("remove_hint") : ""),
        h("p", { class: "hint" }, t("your_deck", { n: (me.deck || []).length }),
          me.removed_count ? " · " + t("removed_n", { n: me.removed_count }) : ""),
        h("div", { class: "chc-deck" }, (me.deck || []).map((code) => cardBox(view, code, {
          size: "small",
          attrs: removable.has(code)
            ? { "data-action": "remove", onclick: () => act({ type: "remove", card: code }) } : {},
        }))));
      return parts;
    }
    parts.push(h("p", { class: "hint" }, t("waiting")), players(state));
    return parts;
  }

  function matchPart(state, me, actions) {
    const view = state.view;
    const m = view.matches.find((x) => x.seats.includes(me.seat));
    if (!m) return [h("p", { class: "hint" }, t("no_match")), players(state)];
    const reveal = actions.find((a) => a.type === "reveal");
    const other = m.seats[0] === me.seat ? m.seats[1] : m.seats[0];
    return [
      h("div", { class: "chc-offer" }, h("button", { class: "bigbtn", "data-action": "reveal", disabled: !reveal,
        onclick: () => reveal && act(reveal) }, t("reveal"))),
      h("p", { class: "hint" }, reveal ? t("your_turn") : m.actor !== null && m.actor !== undefined
        ? t("waiting_match", { who: nameOf(state, m.actor) }) : ""),
      h("section", { class: "chc-match phone" + (m.winner !== null && m.winner !== undefined ? " over" : "") },
        matchSide(state, m, me.seat), matchSide(state, m, other),
        m.winner !== null && m.winner !== undefined
          ? h("div", { class: "result" }, t("winner_is", { who: nameOf(state, m.winner) })) : null),
      h("p", { class: "hint" }, t("your_deck", { n: me.deck_count })),
    ];
  }

  function drawPhone(root, state) {
    const view = state.view;
    const actions = view.legal || [];
    const me = sideOf(view, view.you);
    const matchTime = view.phase === "match" || view.phase === "final";
    root.replaceChildren(h("div", { class: "cards-kind chc phone-table" + (actions.length ? " my-turn" : "") },
      h("div", { class: "chc-head" }, h("strong", {}, t("round", { n: view.round }), " · ", phaseText(view)),
        h("span", {}, trophies(me)), h("small", {}, fansText(me))),
      // A refusal shows above the turn's controls, on the first screen however tall the match.
      h("p", { class: "error", role: "alert" }, phone.error),
      matchTime ? matchPart(state, me, actions) : draftPart(state, me, actions),
      lastLine(state)));
    fitNames(root);
  }

  const { phone, act } = Cards.registerCardKind("challengers", {
    strings: STRINGS,
    css: "chc",
    screen: drawScreen,
    phone: drawPhone,
    sound: (last) => (last.some((r) => r.type === "capture") ? "right" : null),
    over: {
      head: (state) => {
        const view = state.view;
        const text = view.winner === ROBOT ? t("robot_won") : view.winner === null || view.winner === undefined
          ? t("draw_game") : t("winner", { who: nameOf(state, view.winner) });
        return h("p", { class: "chc-head" }, h("strong", {}, text));
      },
      chip,
      name: nameOf,
      // The robot that won (solo) heads the ranking as the headline says, its player second.
      seats: (view) => (view.winner === ROBOT ? [ROBOT] : []).concat(view.ranking || []),
      detail: (state, seat) => {
        const side = sideOf(state.view, seat);
        return [trophies(side), " ", fansText(side)];
      },
      rest: (state) => (state.view.matches.length ? matchesPanel(state) : null),
    },
  });
})();
