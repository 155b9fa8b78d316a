// Q Squared Joe NG: every player's field, resource pile and hand size on the projector; on the
// phone the private hand and the five actions (draw, take, defend, sacrifice, attack). Tap a
// hand card, then where it goes: one of your field cards (defend) or another player's hand,
// resource pile or field (attack). When the attacker names the attacked hand card (open cards
// with choose_hand_target: the attacks in view.legal carry a "victim"), the other players' hand
// cards are the targets instead of their whole hands. Only the moves in view.legal are offered.
"use strict";

(() => {
  // Cards.WORDS (what every card game says alike), then its own words/kinds/q-squared-joe.json (a key there wins).
  const STRINGS = { ...Cards.WORDS, ...WORDS.kinds["q-squared-joe"] };
  const t = kindStrings(STRINGS);
  const ZONE_WORDS = { hand: "hand", resource: "resource", field: "field" };

  // Fields the edge requires on every action; null means "not given" (host/cards/common/adapter.py).
  const NULLS = { take: { card: null }, attack: { slot: null, victim: null } };

  function full(action) {
    const out = Object.assign({}, NULLS[action.type] || {}, action);
    delete out.seat;
    return out;
  }

  function lastText(state) {
    const last = state.view.last;
    if (!last) return "";
    const who = seatName(state, last.seat);
    let what = t("r_" + last.type);
    if (last.type === "attack") {
      what = t("r_attack", { target: seatName(state, last.target), zone: t(ZONE_WORDS[last.zone] || last.zone),
        card: last.card ? Cards.words(last.card, T.lang) : "?", outcome: t(last.outcome || "lost") });
    }
    const out = last.eliminated !== undefined
      ? " · " + t("eliminated", { who: seatName(state, last.eliminated) }) : "";
    return t("last", { what: who + " " + what + out });
  }

  function headline(state) {
    const view = state.view;
    if (view.over) {
      const text = view.end === "host" ? t("host_end") // stopped by the host: its standing, no winner named
        : view.winner === null || view.winner === undefined ? t("draw_game")
        : t("winner", { who: seatName(state, view.winner) });
      return h("p", { class: "qsj-head over" }, text);
    }
    return h("p", { class: "qsj-head" }, seatChip(view.turn), " ", t("turn_of", { who: seatName(state, view.turn) }),
      h("small", {}, " · ", t("moves", { n: view.move_no, max: view.move_limit })));
  }

  /** One field position: its base (face up or a back) with its defence cards stacked on it. */
  function fieldSlot(slot, seat, index) {
    const zone = { "data-zone": "field:" + seat + ":" + index, class: "qsj-slot" };
    if (!slot) return h("div", zone, Cards.slot({ class: "gone" }, "✕"));
    const base = slot.base ? Cards.face(slot.base, T.lang, { class: "base" }) : Cards.back({ class: "base" });
    return h("div", zone, base, slot.defence.map((code, i) => Cards.face(code, T.lang, { class: "defence d" + i })));
  }

  /** A player's side of the table; `mine` draws the hand big (the phone's own seat). */
  function playerPanel(state, p, mine) {
    const view = state.view;
    const lang = T.lang;
    const last = view.last || {};
    const classes = ["qsj-player", "seat-" + p.seat];
    if (view.turn === p.seat && !view.over) classes.push("on-turn");
    if (!p.alive) classes.push("out");
    if (last.seat === p.seat) classes.push("last-actor");
    if (last.type === "attack" && last.target === p.seat) classes.push("last-target", "zone-" + last.zone);
    if (mine) classes.push("mine");
    // Another player's visible hand (open cards): each card may be the attacked one ("victim").
    const handCard = (code) => (mine ? Cards.face(code, lang, { "data-hand": code })
      : Cards.face(code, lang, { "data-hand": code, "data-zone": "hand:" + p.seat, "data-victim": code }));
    const hand = p.hand
      ? h("div", { class: "qsj-hand", "data-zone": "hand:" + p.seat },
        p.hand.length ? p.hand.map(handCard) : Cards.slot({}))
      : h("div", { class: "qsj-hand", "data-zone": "hand:" + p.seat },
        Cards.pile(p.hand_count ? "back" : null, p.hand_count, lang),
        h("small", {}, t("hand") + " · " + p.hand_count));
    const resourceTop = p.resource.length ? p.resource[p.resource.length - 1] : null;
    const resource = h("div", { class: "qsj-resource", "data-zone": "resource:" + p.seat },
      p.resource.length > 1 && mine ? Cards.fan(p.resource, lang, {}, "right")
        : Cards.pile(resourceTop, p.resource.length, lang),
      h("small", {}, t("resource")));
    const field = h("div", { class: "qsj-field", "data-zone": "field:" + p.seat },
      p.field.map((slot, i) => fieldSlot(slot, p.seat, i)));
    return h("section", { class: classes.join(" "), "data-seat": p.seat },
      h("header", {}, seatChip(p.seat), h("strong", {}, p.name),
        p.alive ? h("small", {}, t("cards_left", { n: p.score })) : h("em", {}, t("out"))),
      h("div", { class: "qsj-row" }, field, resource), hand);
  }

  function middle(state) {
    const view = state.view;
    const lang = T.lang;
    const top = view.discard.length ? view.discard[view.discard.length - 1] : null;
    return h("div", { class: "qsj-middle" },
      h("div", { class: "qsj-pile", "data-zone": "draw" },
        Cards.pile(view.draw_count ? "back" : null, view.draw_count, lang),
        h("small", {}, t("draw_pile") + " · " + view.draw_count)),
      h("div", { class: "qsj-pile", "data-zone": "discard" }, Cards.pile(top, view.discard.length, lang),
        h("small", {}, t("discard") + " · " + view.discard.length)),
      h("p", { class: "qsj-last" }, lastText(state)));
  }

  // ------------------------------------------------------------- projector

  function drawScreen(root, state) {
    const players = state.view.players;
    root.replaceChildren(h("div", { class: "cards-kind qsj players-" + players.length },
      headline(state),
      h("div", { class: "qsj-table" }, players.map((p) => playerPanel(state, p, false)), middle(state))));
  }

  // ------------------------------------------------------------- phone

  function drawPhone(root, state, ctx) {
    const view = state.view;
    const me = view.you;
    const actions = view.legal || [];
    const has = (type) => actions.some((a) => a.type === type);
    if (phone.card && !actions.some((a) => a.card === phone.card)) phone.card = null;
    const mine = view.players.find((p) => p.seat === me);
    const others = view.players.filter((p) => p.seat !== me);
    const redraw = () => drawPhone(root, phone.state, ctx);
    const modeButton = (type) => h("button", {
      class: "qsj-action" + (phone.mode === type ? " on" : ""), "data-action": type, disabled: !has(type),
      onclick: () => {
        phone.error = "";
        if (type === "draw") return act({ type: "draw" });
        const takes = actions.filter((a) => a.type === "take");
        if (type === "take" && takes.length === 1) return act(full(takes[0]));
        phone.mode = phone.mode === type ? null : type;
        if (type === "sacrifice" || type === "take") phone.card = null;
        redraw();
      },
    }, t(type));
    const myTurn = actions.length > 0;
    const victims = phone.card && actions.some((a) => a.card === phone.card && a.victim !== undefined);
    let hint = t("wait_turn");
    if (myTurn) {
      if (phone.mode === "sacrifice") hint = t("pick_sacrifice");
      else if (phone.mode === "take") hint = t("pick_take");
      else if (phone.card) {
        hint = phone.mode === "defend" ? t("pick_defend")
          : phone.mode === "attack" ? t(victims ? "pick_victim" : "pick_attack") : t("pick_target");
      }
      else hint = t("pick_card");
    }
    root.replaceChildren(h("div", { class: "cards-kind qsj phone-table" + (myTurn ? " my-turn" : "") },
      h("p", { class: "qsj-head" }, myTurn ? t("your_turn") : headline(state).textContent),
      h("div", { class: "qsj-others" }, others.map((p) => playerPanel(state, p, false))),
      middle(state),
      playerPanel(state, mine, true),
      h("div", { class: "qsj-actions" }, ["draw", "take", "defend", "sacrifice", "attack"].map(modeButton),
        phone.card || phone.mode ? h("button", {
          class: "ghost", onclick: () => { phone.card = null; phone.mode = null; redraw(); },
        }, t("cancel")) : null),
      h("p", { class: "qsj-hint" }, hint),
      h("p", { class: "error", role: "alert" }, phone.error)));
    wire(root, state, ctx, actions, me);
  }

  /** The actions a tap on `node` would send, given the selected card and mode. */
  function matching(actions, node, me) {
    const zone = node.dataset.zone || "";
    const parts = zone.split(":");
    const seat = Number(parts[1]);
    const mode = phone.mode;
    if (mode === "sacrifice") {
      return parts[0] === "field" && parts.length === 3 && seat === me
        ? actions.filter((a) => a.type === "sacrifice" && a.slot === Number(parts[2])) : [];
    }
    if (mode === "take") {
      const card = node.dataset.card;
      const takes = parts[0] === "resource" && seat === me ? actions.filter((a) => a.type === "take") : [];
      return card ? takes.filter((a) => a.card === card) : takes.reverse(); // the top card first
    }
    if (!phone.card) return [];
    const withCard = actions.filter((a) => a.card === phone.card && (!mode || a.type === mode));
    if (seat === me) {
      return parts[0] === "field" && parts.length === 3
        ? withCard.filter((a) => a.type === "defend" && a.slot === Number(parts[2])) : [];
    }
    // A hand attack names its victim (a card of that hand) or none (the whole hand, at random).
    const victim = node.dataset.victim;
    return withCard.filter((a) => a.type === "attack" && a.target === seat && a.zone === parts[0]
      && (parts[0] !== "field" || a.slot === undefined || (parts.length === 3 && a.slot === Number(parts[2])))
      && (a.victim === undefined ? victim === undefined : a.victim === victim));
  }

  function wire(root, state, ctx, actions, me) {
    const redraw = () => drawPhone(root, phone.state, ctx);
    for (const node of root.querySelectorAll(".qsj-player.mine [data-hand]")) {
      const code = node.dataset.hand;
      if (phone.mode === "sacrifice" || phone.mode === "take") continue;
      if (!actions.some((a) => a.card === code && a.type !== "take")) { node.classList.add("illegal"); continue; }
      node.classList.add(phone.card === code ? "selected" : "source");
      node.addEventListener("click", (event) => {
        event.stopPropagation();
        phone.card = phone.card === code ? null : code;
        phone.error = "";
        redraw();
      });
    }
    if (!phone.card && !phone.mode) return;
    // Targets: a field position, a whole zone (hand, resource, field) of another player, or,
    // when the attacker names it, a card of another player's hand.
    const naming = actions.some((a) => a.victim !== undefined);
    const nodes = [...root.querySelectorAll(".qsj-player [data-zone]")]
      .filter((node) => !node.closest(".qsj-hand.mine-hand") && !(node.dataset.zone || "").startsWith("hand:" + me)
        && (naming || node.dataset.victim === undefined));
    for (const node of nodes) {
      const found = matching(actions, node, me);
      if (!found.length) { node.classList.add("illegal"); continue; }
      node.classList.add("target");
      node.addEventListener("click", (event) => {
        event.stopPropagation();
        phone.card = null;
        phone.mode = null;
        act(full(found[0]));
      });
    }
    // A zone that holds a target (a field around its positions) is not greyed itself.
    for (const node of root.querySelectorAll(".illegal")) {
      if (node.querySelector(".target")) node.classList.remove("illegal");
    }
  }

  const { phone, act } = Cards.registerCardKind("q-squared-joe", {
    strings: STRINGS,
    css: "qsj",
    screen: drawScreen,
    phone: drawPhone,
    choices: { card: null, mode: null },
    sound: (last) => (last.type === "attack" ? (last.outcome === "won" ? "right" : "wrong") : null),
    over: {
      head: headline,
      detail: (state, seat) => t("cards_left", { n: state.view.players.find((p) => p.seat === seat).score }),
      rest: (state) => h("div", { class: "qsj-table" }, state.view.players.map((p) => playerPanel(state, p, false))),
    },
  });
})();
