// Russian Bank (Crapette): the table on the projector, tap-to-move on the phone, the table
// on the host page. The phone taps a card (reserve, turned hand card, a house), then where
// it goes; only the moves in view.legal are offered, everything else is greyed out.
"use strict";

(() => {
  // Cards.WORDS (what every card game says alike), then its own words/kinds/russian-bank.json (a key there wins).
  const STRINGS = { ...Cards.WORDS, ...WORDS.kinds["russian-bank"] };
  const t = kindStrings(STRINGS);

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
    let what;
    if (last.type === "move") {
      what = t("moved", { card: last.card ? Cards.words(last.card, T.lang) : "?", to: zoneWords(last.to) });
    } else if (last.type === "draw") what = t("drew");
    else if (last.type === "pass") what = t("passed");
    else if (last.type === "stop") {
      what = last.missed ? t("stopped", { missed: last.missed }) : t("wrong_stop", { n: last.fine || 0 });
    }
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
    // A zone's label: its word, then its count (a phone hides the count: the pile's badge says it,
    // and draws the short word where there is one).
    const zone = (name, child, count) => h("div", { class: "rb-zone", "data-zone": name + ":" + seat },
      child, h("small", {}, STRINGS[name + "_short"]
        ? [h("span", { class: "long" }, t(name)), h("span", { class: "short" }, t(name + "_short"))] : t(name),
      count === undefined ? null : h("span", { class: "n" }, " · " + count)));
    return h("div", { class: "rb-seat seat-" + seat + (view.turn === seat ? " on-turn" : "") },
      h("div", { class: "rb-name" }, seatChip(seat), h("strong", {}, s.name),
        h("small", {}, t("penalty") + " " + s.penalty)),
      zone("reserve", Cards.pile(s.reserve.top, s.reserve.count, lang, {}, seat), s.reserve.count),
      zone("hand", Cards.pile(s.hand.count ? "back" : null, s.hand.count, lang, {}, seat), s.hand.count),
      zone("turned", s.turned ? Cards.face(s.turned, lang) : Cards.slot({})),
      zone("waste", Cards.pile(s.waste.top, s.waste.count, lang, {}, seat), s.waste.count),
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

  function drawPhone(root, state, ctx) {
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
    const redraw = () => drawPhone(root, phone.state, ctx);
    const buttons = h("div", { class: "rb-buttons" },
      stop ? h("button", { class: "big stop", "data-action": "stop", onclick: () => act({ type: "stop" }) }, t("stop"))
        : null,
      draw ? h("button", { class: "big", "data-action": draw.type, onclick: () => act({ type: draw.type }) },
        t(draw.type)) : null,
      phone.selected ? h("button", { class: "ghost", onclick: () => { phone.selected = null; redraw(); } }, t("cancel"))
        : null);
    // In Stop! mode view.legal offers Stop! whether or not a move was skipped (ruling 14):
    // the button is always there for the player not moving, with no hint.
    const hint = !myTurn ? t("wait_turn")
      : phone.selected ? t("pick_target") : t("pick_source");
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
          node.addEventListener("click", () => move(targets.get(name)));
        } else if (name === domZone(phone.selected, me)) node.classList.add("selected");
        else node.classList.add("illegal");
      } else if (engineFrom && sources.has(name)) {
        node.classList.add("source");
        node.addEventListener("click", () => { phone.selected = engineFrom; phone.error = ""; redraw(); });
      } else if (name === "hand:" + me && draw && draw.type === "draw") {
        node.classList.add("source");
        node.addEventListener("click", () => act({ type: "draw" }));
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

  function move(legalMove) {
    phone.selected = null;
    act({ type: "move", from: legalMove.from, to: legalMove.to, count: legalMove.count || 1 });
  }

  // ------------------------------------------------------------- host page

  function drawHost(root, state) {
    root.replaceChildren(h("div", { class: "cards-kind rb host-table" }, headline(state), table(state, 0),
      h("p", { class: "rb-last" }, lastMoveText(state)),
      state.view.stop_call ? h("p", { class: "note" }, t("skipped"), " · ", state.view.stop_call) : null));
    markLast(root, state.view);
  }

  const { phone, act } = Cards.registerCardKind("russian-bank", {
    strings: STRINGS,
    css: "rb",
    screen: drawScreen,
    phone: drawPhone,
    host: drawHost,
    choices: { selected: null },
    sound: (last) => (last.type === "stop" ? "buzz" : null),
    over: {
      head: headline,
      seats: (view) => view.ranking || [0, 1],
      detail: (state, seat) => {
        const scores = (state.view.result || {}).scores;
        return [t("points", { n: scores ? scores[seat] : 0 }), " · ", t("penalty"), " ",
          String(state.view.seats[seat].penalty)];
      },
      rest: (state) => table(state, 0),
    },
  });
})();
