// Russian Bank (Crapette): the table on the projector, tap-to-move on the phone, the table
// on the host page. The phone taps a card (reserve, turned hand card, a house), then where
// it goes; only the moves in view.legal are offered, everything else is greyed out.
"use strict";

(() => {
  const STRINGS = {
    fr: {
      label: "Crapette", turn_of: "À {who} de jouer", your_turn: "À vous !", wait_turn: "Tour de l'adversaire",
      reserve: "Réserve", hand: "Talon", waste: "Défausse", turned: "Carte tournée", penalty: "Pénalité",
      draw: "Tourner une carte", pass: "Passer", stop: "Stop !", stop_hint: "L'adversaire a oublié un coup obligatoire",
      pick_source: "Touchez une carte à jouer", pick_target: "Touchez où la poser", cancel: "Annuler",
      last_move: "Dernier coup : {what}", moved: "{card} vers {to}", drew: "tourne une carte", passed: "passe",
      stopped: "Stop ! ({missed})", timeout: "temps écoulé", foundation: "fondation", house: "maison",
      opp_reserve: "réserve adverse", opp_waste: "défausse adverse", winner: "{who} gagne", draw_game: "Partie nulle",
      over_out: "a posé toutes ses cartes", over_stalemate: "blocage", over_move_cap: "limite de coups",
      points: "{n} pts",
    },
    en: {
      label: "Russian Bank", turn_of: "{who} to play", your_turn: "Your turn!", wait_turn: "Opponent's turn",
      reserve: "Reserve", hand: "Hand", waste: "Waste", turned: "Turned card", penalty: "Penalty",
      draw: "Turn a card", pass: "Pass", stop: "Stop!", stop_hint: "Your opponent skipped a compulsory move",
      pick_source: "Tap a card to play", pick_target: "Tap where it goes", cancel: "Cancel",
      last_move: "Last move: {what}", moved: "{card} to {to}", drew: "turns a card", passed: "passes",
      stopped: "Stop! ({missed})", timeout: "time ran out", foundation: "foundation", house: "house",
      opp_reserve: "opponent's reserve", opp_waste: "opponent's waste", winner: "{who} wins", draw_game: "Drawn game",
      over_out: "played every card", over_stalemate: "stalemate", over_move_cap: "move limit",
      points: "{n} pts",
    },
  };
  const t = kindStrings(STRINGS);

  // cards.js is loaded once for both card kinds; drawing waits for it.
  const cardsReady = window.Cards ? Promise.resolve() : (window.__cardsLoading = window.__cardsLoading || new Promise((resolve) => {
    const script = document.createElement("script");
    const here = document.currentScript ? document.currentScript.src : "/static/js/kinds/russian-bank.js";
    script.src = new URL("../cards.js", here).pathname;
    script.onload = resolve;
    document.head.append(script);
  }));

  /** The DOM zone name ("reserve:1", "house:3") of an engine zone named from `seat`'s side. */
  function domZone(zone, seat) {
    if (zone === "reserve" || zone === "waste") return zone + ":" + seat;
    if (zone === "hand") return "turned:" + seat;
    if (zone === "opp_reserve") return "reserve:" + (1 - seat);
    if (zone === "opp_waste") return "waste:" + (1 - seat);
    return zone;
  }

  function zoneWords(zone) {
    const [name, index] = zone.split(":");
    if (name === "house" || name === "foundation") return t(name) + " " + (Number(index) + 1);
    return t(name);
  }

  function lastMoveText(state) {
    const last = state.view.last;
    if (!last) return "";
    const who = seatName(state, last.seat);
    let what = "";
    if (last.type === "move") {
      what = t("moved", { card: last.card ? Cards.words(last.card, T.lang) : "?", to: zoneWords(last.to) });
    } else if (last.type === "draw") what = t("drew");
    else if (last.type === "pass") what = t("passed");
    else if (last.type === "stop") what = t("stopped", { missed: last.missed || "" });
    else what = t("timeout");
    return t("last_move", { what: who + " " + what });
  }

  /** Mark the last move's zones: where it came from, and where it landed (animated). */
  function markLast(root, view) {
    const last = view.last;
    if (!last || last.type !== "move") return;
    const from = root.querySelector('[data-zone="' + domZone(last.from, last.seat) + '"]');
    const to = root.querySelector('[data-zone="' + domZone(last.to, last.seat) + '"]');
    if (from) from.classList.add("last-from");
    if (to) to.classList.add("last-to");
  }

  function seatStrip(state, seat, opts) {
    const view = state.view;
    const s = view.seats[seat];
    const lang = T.lang;
    const zone = (name, child, label) => h("div", { class: "rb-zone", "data-zone": name + ":" + seat },
      child, h("small", {}, label));
    return h("div", { class: "rb-seat seat-" + seat + (view.turn === seat ? " on-turn" : "") },
      h("div", { class: "rb-name" }, seatChip(seat), h("strong", {}, s.name),
        h("small", {}, t("penalty") + " " + s.penalty)),
      zone("reserve", Cards.pile(s.reserve.top, s.reserve.count, lang, {}, seat), t("reserve") + " · " + s.reserve.count),
      zone("hand", Cards.pile(s.hand.count ? "back" : null, s.hand.count, lang, {}, seat), t("hand") + " · " + s.hand.count),
      zone("turned", s.turned ? Cards.face(s.turned, lang) : Cards.slot({}), t("turned")),
      zone("waste", Cards.pile(s.waste.top, s.waste.count, lang, {}, seat), t("waste") + " · " + s.waste.count),
      opts && opts.extra ? opts.extra : null);
  }

  /** The whole table; `bottom` is the seat drawn nearest (the phone's own seat). */
  function table(state, bottom) {
    const view = state.view;
    const lang = T.lang;
    const house = (i, direction) => h("div", { class: "rb-zone house", "data-zone": "house:" + i },
      Cards.fan(view.houses[i], lang, {}, direction));
    const foundation = (j) => {
      const pile = view.foundations[j];
      return h("div", { class: "rb-zone foundation", "data-zone": "foundation:" + j },
        Cards.pile(pile.length ? pile[pile.length - 1] : null, pile.length, lang));
    };
    const rows = [0, 1, 2, 3].map((r) => h("div", { class: "rb-row" },
      house(r, "left"), foundation(r), foundation(r + 4), house(r + 4, "right")));
    const top = 1 - bottom;
    return h("div", { class: "rb-table" }, seatStrip(state, top), h("div", { class: "rb-middle" }, rows),
      seatStrip(state, bottom));
  }

  function headline(state) {
    const view = state.view;
    const result = view.result || {};
    if (result.over) {
      const text = result.winner === null ? t("draw_game") : t("winner", { who: seatName(state, result.winner) });
      return h("p", { class: "rb-head over" }, text, " · ", t("over_" + result.reason));
    }
    return h("p", { class: "rb-head" }, seatChip(view.turn), " ", t("turn_of", { who: seatName(state, view.turn) }));
  }

  // ------------------------------------------------------------- projector

  function drawScreen(root, state) {
    root.replaceChildren(h("div", { class: "cards-kind rb" },
      headline(state), table(state, 0), h("p", { class: "rb-last" }, lastMoveText(state))));
    markLast(root, state.view);
  }

  // ------------------------------------------------------------- phone

  const phone = { selected: null, state: null, error: "" };

  function drawPhone(root, state, ctx) {
    phone.state = state;
    const view = state.view;
    const me = view.you;
    const legal = view.legal || [];
    const moves = legal.filter((a) => a.type === "move");
    const sources = new Set(moves.map((m) => domZone(m.from, me)));
    if (phone.selected && !sources.has(domZone(phone.selected, me))) phone.selected = null;
    const chosen = phone.selected ? moves.filter((m) => m.from === phone.selected) : [];
    const targets = new Map(chosen.map((m) => [domZone(m.to, me), m]));
    const draw = legal.find((a) => a.type === "draw" || a.type === "pass");
    const stop = legal.find((a) => a.type === "stop");
    const myTurn = view.turn === me && legal.length > 0;
    const buttons = h("div", { class: "rb-buttons" },
      stop ? h("button", { class: "big stop", "data-action": "stop", onclick: () => act(ctx, { type: "stop" }) }, t("stop")) : null,
      draw ? h("button", { class: "big", "data-action": draw.type, onclick: () => act(ctx, { type: draw.type }) }, t(draw.type)) : null,
      phone.selected ? h("button", { class: "ghost", onclick: () => { phone.selected = null; drawPhone(root, phone.state, ctx); } }, t("cancel")) : null);
    const hint = stop ? t("stop_hint") : !myTurn ? t("wait_turn") : phone.selected ? t("pick_target") : t("pick_source");
    root.replaceChildren(h("div", { class: "cards-kind rb phone-table" + (myTurn ? " my-turn" : "") },
      h("p", { class: "rb-head" }, myTurn ? t("your_turn") : hint), table(state, me), buttons,
      h("p", { class: "rb-hint" }, myTurn ? hint : lastMoveText(state)),
      h("p", { class: "error", role: "alert" }, phone.error)));
    markLast(root, view);
    for (const node of root.querySelectorAll("[data-zone]")) {
      const name = node.dataset.zone;
      const engineFrom = fromDomZone(name, me);
      if (phone.selected) {
        if (targets.has(name)) {
          node.classList.add("target");
          node.addEventListener("click", () => move(ctx, targets.get(name)));
        } else if (name === domZone(phone.selected, me)) node.classList.add("selected");
        else node.classList.add("illegal");
      } else if (engineFrom && sources.has(name)) {
        node.classList.add("source");
        node.addEventListener("click", () => { phone.selected = engineFrom; phone.error = ""; drawPhone(root, phone.state, ctx); });
      } else if (name === "hand:" + me && draw && draw.type === "draw") {
        node.classList.add("source");
        node.addEventListener("click", () => act(ctx, { type: "draw" }));
      } else node.classList.add("illegal");
    }
  }

  /** The engine's source name for a DOM zone of one's own side, or null. */
  function fromDomZone(name, me) {
    if (name === "reserve:" + me) return "reserve";
    if (name === "turned:" + me) return "hand";
    if (name.startsWith("house:")) return name;
    return null;
  }

  function move(ctx, legalMove) {
    phone.selected = null;
    act(ctx, { type: "move", from: legalMove.from, to: legalMove.to, count: legalMove.count || 1 });
  }

  function act(ctx, action) {
    phone.error = "";
    ctx.send(action).then((ack) => {
      if (!ack.ok) {
        phone.error = ack.reason || "?";
        if (ctx.sounds) ctx.sounds.play("wrong");
        if (phone.state) drawPhone(ctx.root, phone.state, ctx);
      } else if (navigator.vibrate) navigator.vibrate(15);
    });
  }

  // ------------------------------------------------------------- end screen

  function drawOver(root, state) {
    const view = state.view;
    const result = view.result || {};
    const rows = (view.ranking || [0, 1]).map((seat) => h("li", {}, seatChip(seat), " ", seatName(state, seat), " · ",
      t("points", { n: result.scores ? result.scores[seat] : 0 }), " · ", t("penalty"), " ", String(view.seats[seat].penalty)));
    root.replaceChildren(h("div", { class: "cards-kind rb over" }, headline(state), h("ol", { class: "cards-ranking" }, rows),
      table(state, 0)));
  }

  registerKind("russian-bank", {
    label: { fr: STRINGS.fr.label, en: STRINGS.en.label },
    strings: STRINGS,
    screen: {
      mount() {},
      update(state, ctx) {
        cardsReady.then(() => {
          if (state.view) drawScreen(ctx.root, state);
          const before = ctx.previous && ctx.previous.view && ctx.previous.view.last;
          const now = state.view && state.view.last;
          if (ctx.sounds && now && now.type === "stop" && JSON.stringify(before) !== JSON.stringify(now)) ctx.sounds.play("buzz");
        });
      },
      over(root, state) { cardsReady.then(() => drawOver(root, state)); },
    },
    phone: {
      mount() { phone.selected = null; phone.error = ""; },
      update(state, ctx) { cardsReady.then(() => { if (state.view) drawPhone(ctx.root, state, ctx); }); },
    },
    host: {
      panel() {},
      update(state, ctx) {
        cardsReady.then(() => {
          if (!state.view) return;
          ctx.root.replaceChildren(h("div", { class: "cards-kind rb host-table" }, headline(state), table(state, 0),
            h("p", { class: "rb-last" }, lastMoveText(state)),
            state.view.stop_call ? h("p", { class: "note" }, t("stop_hint"), " · ", state.view.stop_call) : null));
          markLast(ctx.root, state.view);
        });
      },
    },
  });
})();
