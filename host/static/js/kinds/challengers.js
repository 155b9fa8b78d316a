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
  const STRINGS = {
    fr: {
      label: "Challengers!", round: "Manche {n}/7", deck: "Phase de deck", match: "Matchs", final_deck: "Préparation de la finale",
      final: "Finale", over: "Partie terminée", drafting: "choisit ses cartes", finished: "a fini", flag: "Drapeau",
      attack: "Attaque", defence: "Défense", bench: "Banc", deck_n: "Deck {n}", discard_n: "Défausse {n}",
      reveals: "révèle", robot: "Robot", winner_is: "{who} remporte le match", lost_no_draw: "plus de carte",
      lost_bench: "banc plein", trophies: "Trophées", fans: "{n} fans", hidden: "?", your_turn: "À vous !",
      reveal: "Révéler", choose: "Choisissez une offre", offer: "Niveau {level} · garder {keep}",
      keep: "Touchez {n} carte(s) à garder", redraw: "Repiocher (une fois)", remove_hint: "Touchez une carte pour la retirer du deck (facultatif)",
      done: "Terminé", your_deck: "Votre deck ({n})", removed_n: "Retirées : {n}", waiting: "En attente des autres joueurs…",
      waiting_match: "Attendez : {who} révèle", no_match: "Vous ne jouez pas ce match-ci", finalists: "Finalistes : {who}",
      last_reveal: "{who} révèle {card}", last_capture: "{who} prend le drapeau !", last_lost: "{who} perd le match ({why})",
      level_piles: "Piles A {a} · B {b} · C {c}", winner: "{who} gagne la partie !", robot_won: "Le robot gagne !",
      draw_game: "Égalité", sets: "Sets : {sets}", vs: "contre", under: "+{n} dessous",
    },
    en: {
      label: "Challengers!", round: "Round {n}/7", deck: "Deck phase", match: "Matches", final_deck: "Final deck phase",
      final: "Final", over: "Game over", drafting: "drafting", finished: "done", flag: "Flag",
      attack: "Attack", defence: "Defence", bench: "Bench", deck_n: "Deck {n}", discard_n: "Discard {n}",
      reveals: "reveals", robot: "Robot", winner_is: "{who} wins the match", lost_no_draw: "no card left",
      lost_bench: "bench full", trophies: "Trophies", fans: "{n} fans", hidden: "?", your_turn: "Your turn!",
      reveal: "Reveal", choose: "Choose an offer", offer: "Level {level} · keep {keep}",
      keep: "Tap {n} card(s) to keep", redraw: "Redraw (once)", remove_hint: "Tap a card to remove it from your deck (optional)",
      done: "Done", your_deck: "Your deck ({n})", removed_n: "Removed: {n}", waiting: "Waiting for the other players…",
      waiting_match: "Wait: {who} reveals", no_match: "You are not in a match now", finalists: "Finalists: {who}",
      last_reveal: "{who} reveals {card}", last_capture: "{who} takes the flag!", last_lost: "{who} loses the match ({why})",
      level_piles: "Piles A {a} · B {b} · C {c}", winner: "{who} wins the game!", robot_won: "The robot wins!",
      draw_game: "Draw", sets: "Sets: {sets}", vs: "vs", under: "+{n} under it",
    },
  };
  const t = kindStrings(STRINGS);
  const ROBOT = -1;
  const SET_NAMES = {
    cities: { fr: "Villes", en: "Cities" }, space: { fr: "Espace", en: "Space" }, jungle: { fr: "Jungle", en: "Jungle" },
    ocean: { fr: "Océan", en: "Ocean" }, volcano: { fr: "Volcan", en: "Volcano" }, circus: { fr: "Cirque", en: "Circus" },
    glacier: { fr: "Glacier", en: "Glacier" },
  };

  const STYLE = `
.chc { --chc-w: clamp(4.6rem, 7vw, 8rem); display: flex; flex-direction: column; gap: 0.5em; }
body.phone .chc { --chc-w: clamp(4.2rem, 27vw, 7rem); }
body.hostpage .chc { --chc-w: 4.6rem; }
.chc-head { display: flex; flex-wrap: wrap; gap: 0.4em 1.2em; align-items: baseline; margin: 0.2em 0; }
.chc-head strong { font-size: 1.35em; }
.chc-head small { color: var(--muted); }
.chc-card { box-sizing: border-box; width: var(--chc-w); min-height: calc(var(--chc-w) * 1.05); border-radius: 0.45em;
  padding: 0.25em 0.35em; background: #f6f3ea; color: #16161a; border-top: 0.5em solid var(--set, #777);
  display: flex; flex-direction: column; gap: 0.15em; font-size: calc(var(--chc-w) * 0.125); line-height: 1.15;
  box-shadow: 0 0.1em 0.3em rgba(0,0,0,0.35); position: relative; }
.chc-card .nm { font-weight: 800; padding-right: 1.9em; overflow-wrap: break-word; hyphens: auto; }
.chc-card .st { position: absolute; top: 0.15em; right: 0.25em; font-weight: 900; font-size: 1.5em; color: var(--set, #333); }
.chc-card .st sup { font-size: 0.55em; color: #0a7d2c; }
.chc-card .tx { font-size: 0.88em; color: #3a3a44; }
.chc-card.small { --chc-w: clamp(4rem, 6.8vw, 8.4rem); min-height: calc(var(--chc-w) * 0.8); }
body.phone .chc-card.small { --chc-w: clamp(3.6rem, 19vw, 5rem); }
.chc-card.tiny { width: auto; min-height: 0; padding: 0.1em 0.25em; font-size: clamp(0.6rem, 0.75vw, 0.95rem); border-top: 0; border-left: 0.4em solid var(--set, #777); }
.chc-card.tiny .st { position: static; font-size: 1em; display: inline; margin-left: 0.3em; }
.chc-card.tiny .nm { display: inline; padding: 0; }
.chc-card.back { background: repeating-linear-gradient(45deg, #3b2d6b 0 0.4em, #4b3b86 0.4em 0.8em); color: #fff;
  display: grid; place-items: center; border-top-color: #2a1f4f; }
.chc-card.empty { background: transparent; border: 2px dashed var(--free, #555); box-shadow: none; min-height: 2.2em; }
.set-cities { --set: #51657d; } .set-space { --set: #6a3fb5; } .set-jungle { --set: #2e8b3a; } .set-ocean { --set: #1f6fb8; }
.set-volcano { --set: #c2461b; } .set-circus { --set: #c2327a; } .set-glacier { --set: #2a9bb0; } .set-robot { --set: #6c7480; }
.set-solo { --set: #b8860b; } .chc-card.lv-S { background: #e9eef5; }
.chc-matches { display: grid; gap: 0.8em; grid-template-columns: repeat(auto-fit, minmax(min(100%, 30rem), 1fr)); }
.chc-matches.n-1 { grid-template-columns: 1fr; }
.chc.screen .chc-matches.n-3 { grid-template-columns: repeat(3, 1fr); }
.chc.screen .chc-matches.n-4 { grid-template-columns: repeat(4, 1fr); }
.chc.screen .chc-matches.n-3 .chc-match, .chc.screen .chc-matches.n-4 .chc-match { grid-template-columns: 1fr; }
.chc-fa { display: flex; gap: 0.6em; align-items: flex-start; }
.chc-fa > .flag { flex: 0 0 auto; max-width: 45%; }
.chc-fa > .attack { flex: 1 1 auto; }
.chc-side .counts { color: var(--muted); }
.chc-match { background: var(--panel); border-radius: 0.7em; padding: 0.5em; display: grid; grid-template-columns: 1fr 1fr; gap: 0.5em; align-content: start; }
.chc-match.over { opacity: 0.75; }
.chc-match > .result { grid-column: 1 / -1; text-align: center; font-weight: 700; color: var(--accent); }
.chc-side { display: flex; flex-direction: column; gap: 0.35em; padding: 0.35em; border-radius: 0.5em; border: 2px solid transparent; }
.chc-side.actor { border-color: var(--accent); }
.chc-side.holder .who::before { content: "⚑"; color: var(--accent); font-size: 1.3em; }
.chc-side.loser { filter: grayscale(0.8); }
.chc-side .who { display: flex; flex-wrap: wrap; gap: 0.35em; align-items: center; font-weight: 700; }
.chc-side .who small { font-weight: 400; color: var(--muted); }
.chc-zone { display: flex; flex-wrap: wrap; gap: 0.25em; align-items: flex-start; min-height: 1.6em; }
.chc-zone > label { width: 100%; font-size: 0.8em; color: var(--muted); }
.chc-zone > .chc-bench { width: 100%; }
.chc-robot { display: inline-grid; place-items: center; width: 1.3em; height: 1.3em; border-radius: 50%; background: #6c7480; color: #fff; font-size: 0.9em; }
.chc-total { font-size: 1.6em; font-weight: 900; }
.chc-total.win { color: var(--good); }
.chc-bench { display: grid; grid-template-columns: repeat(6, 1fr); gap: 0.2em; }
.chc-slot { min-width: 0; min-height: 2.6em; font-size: clamp(0.62rem, 0.72vw, 0.9rem); border: 1px dashed var(--free, #555); border-radius: 0.35em; padding: 0.1em;
  display: flex; flex-direction: column; align-items: stretch; overflow: hidden; }
.chc-chip { background: var(--set, #777); color: #fff; border-radius: 0.3em; padding: 0.15em 0.25em; width: 100%; height: 100%; box-sizing: border-box;
  display: flex; flex-direction: column; justify-content: space-between; overflow-wrap: break-word; hyphens: auto; line-height: 1.1; }
.chc-slot b { text-align: center; }
.chc-players { display: flex; flex-wrap: wrap; gap: 0.5em; }
.chc-player { background: var(--panel); border-radius: 0.6em; padding: 0.35em 0.7em; display: flex; gap: 0.5em; align-items: center; }
.chc-player.done { outline: 2px solid var(--good); }
.chc-player .state { color: var(--muted); font-size: 0.85em; }
.chc-trophy { display: inline-block; min-width: 1.6em; padding: 0 0.3em; border-radius: 0.4em; background: #b8860b; color: #000;
  font-weight: 800; text-align: center; font-size: 0.85em; }
.chc-hand, .chc-deck { display: flex; flex-wrap: wrap; gap: 0.35em; justify-content: center; }
.chc-offer { display: flex; gap: 0.5em; justify-content: center; flex-wrap: wrap; }
.chc .bigbtn { font-size: 1.25rem; padding: 0.6em 1.4em; border-radius: 0.6em; border: 0; background: var(--accent); color: #000; font-weight: 800; }
.chc .bigbtn[disabled] { opacity: 0.4; }
.chc .hint { color: var(--muted); text-align: center; margin: 0.2em 0; }
.chc-last { color: var(--muted); }
`;

  function injectStyle() {
    if (document.getElementById("chc-style")) return;
    document.head.append(h("style", { id: "chc-style" }, STYLE));
  }

  // ------------------------------------------------------------- helpers

  function kindId(code) {
    const body = String(code).split("#")[0];
    return body.includes(":") ? body.split(":")[1] : body;
  }

  function info(view, code) {
    return (view.cards || {})[kindId(code)] || { name: { fr: code, en: code }, strength: "?", text: {}, set: "cities", level: "" };
  }

  /** A card face: name, strength (+ the bonus it got when revealed) and its effect text. */
  function cardBox(view, code, opts) {
    const o = opts || {};
    const c = info(view, code);
    const lang = T.lang;
    const bonus = o.bonus || 0;
    const text = (c.text && (c.text[lang] || c.text.en)) || "";
    return h("div", Object.assign({ class: ["chc-card", "set-" + c.set, "lv-" + c.level, o.size || ""].join(" "), "data-card": code,
      title: text }, o.attrs || {}),
    h("span", { class: "nm" }, c.name[lang] || c.name.en),
    h("span", { class: "st" }, String(c.strength), bonus ? h("sup", {}, "+" + bonus) : null),
    o.size === "tiny" ? null : h("span", { class: "tx" }, text));
  }

  function sideOf(view, seat) { return view.sides.find((s) => s.seat === seat); }

  function nameOf(state, seat) { return seat === ROBOT ? t("robot") : seatName(state, seat); }

  function chip(seat) { return seat === ROBOT ? h("span", { class: "chc-robot", "aria-hidden": "true" }, "⚙") : seatChip(seat); }

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
      view.finalists.length ? h("small", {}, t("finalists", { who: view.finalists.map((s) => nameOf(state, s)).join(" · ") })) : null);
  }

  /** Every player: drafting or done (deck phases), trophies and fans. */
  function players(state) {
    const view = state.view;
    const deckPhase = view.phase === "deck" || view.phase === "final_deck";
    return h("div", { class: "chc-players" }, view.sides.map((side) => {
      const drafting = deckPhase && side.seat !== ROBOT && !side.done;
      return h("div", { class: "chc-player" + (deckPhase && side.seat !== ROBOT && side.done ? " done" : ""), "data-seat": side.seat },
        chip(side.seat), h("strong", {}, nameOf(state, side.seat)),
        deckPhase && side.seat !== ROBOT ? h("span", { class: "state" }, drafting ? "✎ " + t("drafting") : "✔ " + t("finished")) : null,
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
      h("span", {}, c.name[T.lang] || c.name.en), h("b", {}, String(c.strength) + (slot.length > 1 ? " ×" + slot.length : "")));
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
      h("small", { class: "counts" }, t("deck_n", { n: side.deck_count }), " · ", t("discard_n", { n: side.discard.length })),
      h("div", { class: "chc-fa" }, h("div", { class: "chc-zone flag" }, h("label", {}, t("flag"), side.defence !== null ? " · " + t("defence") + " " + side.defence : ""),
        flag ? cardBox(view, flag, { bonus: side.bonus[flag], size: "small" }) : null,
        side.pile.length > 1 ? h("small", {}, t("under", { n: side.pile.length - 1 })) : null),
      h("div", { class: "chc-zone attack" }, h("label", {}, t("attack")),
        side.attack.map((code) => cardBox(view, code, { bonus: side.bonus[code], size: "small" })),
        total !== null ? h("span", { class: "chc-total" + (foe && foe.defence !== null && total >= foe.defence ? " win" : "") },
          String(total), h("small", {}, " / " + (foe && foe.defence !== null ? foe.defence : "–"))) : null)),
      h("div", { class: "chc-zone" }, h("label", {}, t("bench") + (side.bench_power ? " · +" + side.bench_power : "")), bench(view, side)));
  }

  function matchPanel(state, m) {
    const result = m.winner !== null && m.winner !== undefined
      ? h("div", { class: "result" }, t("winner_is", { who: nameOf(state, m.winner) }), " · ",
        t(m.end === "bench_full" ? "lost_bench" : "lost_no_draw"))
      : null;
    return h("section", { class: "chc-match" + (result ? " over" : ""), "data-match": m.seats.join(":") },
      m.seats.map((seat) => matchSide(state, m, seat)), result);
  }

  function lastLine(state) {
    const reports = (state.view.last || []).filter((r) => ["reveal", "capture", "lost"].includes(r.type));
    const r = reports[reports.length - 1];
    if (!r) return h("p", { class: "chc-last" });
    const who = nameOf(state, r.seat);
    let text = "";
    if (r.type === "reveal") text = t("last_reveal", { who, card: r.card ? info(state.view, r.card).name[T.lang] : "?" });
    if (r.type === "capture") text = t("last_capture", { who });
    if (r.type === "lost") text = t("last_lost", { who, why: t(r.why === "bench_full" ? "lost_bench" : "lost_no_draw") });
    return h("p", { class: "chc-last" }, text);
  }

  // ------------------------------------------------------------- projector

  function drawScreen(root, state, ctx) {
    const view = state.view;
    const playing = view.phase === "match" || view.phase === "final" || view.over;
    if (ctx && ctx.title) ctx.title(t("label") + " · " + t("round", { n: view.round }) + " · " + phaseText(view));
    root.replaceChildren(h("div", { class: "cards-kind chc screen phase-" + view.phase, "data-round": view.round },
      header(state), players(state),
      playing && view.matches.length ? h("div", { class: "chc-matches n-" + view.matches.length }, view.matches.map((m) => matchPanel(state, m))) : null,
      lastLine(state)));
  }

  function drawOver(root, state) {
    const view = state.view;
    const text = view.winner === ROBOT ? t("robot_won") : view.winner === null || view.winner === undefined ? t("draw_game")
      : t("winner", { who: nameOf(state, view.winner) });
    const rows = (view.ranking || []).map((seat) => {
      const side = sideOf(view, seat);
      return h("li", {}, chip(seat), " ", nameOf(state, seat), " · ", trophies(side), " ", fansText(side));
    });
    root.replaceChildren(h("div", { class: "cards-kind chc over" }, h("p", { class: "chc-head" }, h("strong", {}, text)),
      h("ol", { class: "cards-ranking" }, rows),
      view.matches.length ? h("div", { class: "chc-matches n-" + view.matches.length }, view.matches.map((m) => matchPanel(state, m))) : null));
  }

  // ------------------------------------------------------------- phone

  const phone = { error: "", state: null };

  function act(ctx, action) {
    const out = Object.assign({}, action);
    delete out.seat;
    phone.error = "";
    ctx.send(out).then((ack) => {
      if (!ack.ok) {
        phone.error = ack.reason || "?";
        if (ctx.sounds) ctx.sounds.play("wrong");
        if (phone.state) drawPhone(ctx.root, phone.state, ctx);
      } else if (navigator.vibrate) navigator.vibrate(15);
    });
  }

  function draftPart(state, ctx, me, actions) {
    const view = state.view;
    const of = (type) => actions.filter((a) => a.type === type);
    const parts = [];
    if (of("choose").length) {
      parts.push(h("p", { class: "hint" }, t("choose")), h("div", { class: "chc-offer" }, of("choose").map((a) => {
        const offer = view.offers[a.offer];
        return h("button", { class: "bigbtn", "data-action": "choose", "data-offer": a.offer, onclick: () => act(ctx, a) },
          t("offer", { level: offer.level, keep: offer.keep }));
      })));
      return parts;
    }
    if (of("pick").length) {
      parts.push(h("p", { class: "hint" }, t("keep", { n: me.to_pick })),
        h("div", { class: "chc-hand" }, me.hand.map((code) => cardBox(view, code, {
          attrs: { "data-action": "pick", onclick: () => act(ctx, { type: "pick", card: code }) },
        }))));
      if (of("redraw").length) parts.push(h("div", { class: "chc-offer" }, h("button", { class: "ghost", "data-action": "redraw", onclick: () => act(ctx, of("redraw")[0]) }, t("redraw"))));
      return parts;
    }
    if (of("done").length) {
      const removable = new Set(of("remove").map((a) => a.card));
      parts.push(h("div", { class: "chc-offer" }, h("button", { class: "bigbtn", "data-action": "done", onclick: () => act(ctx, of("done")[0]) }, t("done"))),
        h("p", { class: "hint" }, removable.size ? t("remove_hint") : ""),
        h("p", { class: "hint" }, t("your_deck", { n: (me.deck || []).length }), me.removed_count ? " · " + t("removed_n", { n: me.removed_count }) : ""),
        h("div", { class: "chc-deck" }, (me.deck || []).map((code) => cardBox(view, code, {
          size: "small", attrs: removable.has(code) ? { "data-action": "remove", onclick: () => act(ctx, { type: "remove", card: code }) } : {},
        }))));
      return parts;
    }
    parts.push(h("p", { class: "hint" }, t("waiting")), players(state));
    return parts;
  }

  function matchPart(state, ctx, me, actions) {
    const view = state.view;
    const m = view.matches.find((x) => x.seats.includes(me.seat));
    if (!m) return [h("p", { class: "hint" }, t("no_match")), players(state)];
    const reveal = actions.find((a) => a.type === "reveal");
    const other = m.seats[0] === me.seat ? m.seats[1] : m.seats[0];
    return [
      h("div", { class: "chc-offer" }, h("button", { class: "bigbtn", "data-action": "reveal", disabled: !reveal,
        onclick: () => reveal && act(ctx, reveal) }, t("reveal"))),
      h("p", { class: "hint" }, reveal ? t("your_turn") : m.actor !== null && m.actor !== undefined ? t("waiting_match", { who: nameOf(state, m.actor) }) : ""),
      h("section", { class: "chc-match phone" + (m.winner !== null && m.winner !== undefined ? " over" : "") },
        matchSide(state, m, me.seat), matchSide(state, m, other),
        m.winner !== null && m.winner !== undefined ? h("div", { class: "result" }, t("winner_is", { who: nameOf(state, m.winner) })) : null),
      h("p", { class: "hint" }, t("your_deck", { n: me.deck_count })),
    ];
  }

  function drawPhone(root, state, ctx) {
    phone.state = state;
    const view = state.view;
    const actions = view.actions || [];
    const me = sideOf(view, view.you);
    const matchTime = view.phase === "match" || view.phase === "final";
    root.replaceChildren(h("div", { class: "cards-kind chc phone-table" + (actions.length ? " my-turn" : "") },
      h("div", { class: "chc-head" }, h("strong", {}, t("round", { n: view.round }), " · ", phaseText(view)),
        h("span", {}, trophies(me)), h("small", {}, fansText(me))),
      matchTime ? matchPart(state, ctx, me, actions) : draftPart(state, ctx, me, actions),
      lastLine(state),
      h("p", { class: "error", role: "alert" }, phone.error)));
  }

  function sounds(previous, state, ctx) {
    const before = previous && previous.view && JSON.stringify(previous.view.last);
    const now = state.view && state.view.last;
    if (!ctx.sounds || !now || JSON.stringify(now) === before) return;
    if (now.some((r) => r.type === "capture")) ctx.sounds.play("right");
  }

  registerKind("challengers", {
    label: { fr: STRINGS.fr.label, en: STRINGS.en.label },
    strings: STRINGS,
    screen: {
      mount() { injectStyle(); },
      update(state, ctx) {
        if (!state.view) return;
        drawScreen(ctx.root, state, ctx);
        sounds(ctx.previous, state, ctx);
      },
      over(root, state) { injectStyle(); drawOver(root, state); },
    },
    phone: {
      mount() { injectStyle(); phone.error = ""; },
      update(state, ctx) { if (state.view) drawPhone(ctx.root, state, ctx); },
    },
    host: {
      panel() { injectStyle(); },
      update(state, ctx) { if (state.view) drawScreen(ctx.root, state, null); },
    },
  });
})();
