// Watchtower: every player's fort (its watchtowers stacked), army and trick counts, the barracks,
// the campaigns and the challenge under way on the projector; on the phone the private army and
// the moves in view.legal: draw, place (tap an army card, then your fort), burn, challenge with
// 1 or 2 soldiers (tap the mode, then a fort card), seize, blind picks by position, ready, end,
// showdown. Moves not in view.legal are greyed. Styles: css/kinds/watchtower.css (prefix "wt-").
"use strict";

(() => {
  // Cards.WORDS (what every card game says alike), then its own words/kinds/watchtower.json (a key there wins).
  const STRINGS = { ...Cards.WORDS, ...WORDS.kinds.watchtower };
  const t = kindStrings(STRINGS);

  const words = (code) => (code ? Cards.words(code, T.lang) : "?");

  function headline(state, forPhone) {
    const view = state.view;
    if (view.over) {
      const text = view.end === "host" ? t("host_end") // stopped by the host: its standing, no winner named
        : view.winner === null || view.winner === undefined ? t("draw_game")
        : t("winner", { who: seatName(state, view.winner) });
      return h("p", { class: "wt-head over" }, text);
    }
    const moves = h("small", {}, "· ", t("moves", { n: view.move_no, max: view.move_limit }));
    const pick = view.pending && view.pending.next_pick;
    if (pick) {
      return h("p", { class: "wt-head" }, seatChip(pick.chooser), " ",
        t("picks_of", { who: seatName(state, pick.chooser), owner: seatName(state, pick.owner) }), moves);
    }
    if (view.phase === "showdown") return h("p", { class: "wt-head" }, t("showdown_now"), moves);
    const key = view.phase === "setup" ? "setup_of" : "turn_of";
    return h("p", { class: "wt-head" + (forPhone ? " small" : "") }, seatChip(view.turn), " ",
      t(key, { who: seatName(state, view.turn) }), moves);
  }

  /** The card codes the last move put in view (placed, seized...), to outline them. */
  function lastCards(view) {
    const last = view.last || {};
    if (last.type === "place") return [last.card];
    if (last.type === "battle" && last.replacement) return last.replacement;
    return [];
  }

  /** One fort stack, bottom card first; the top card carries data-card for taps. */
  function stack(p, cards, view) {
    const highlight = new Set(lastCards(view));
    const pending = view.pending && view.pending.target;
    const size = cards.length;
    const top = cards[size - 1];
    const node = h("div", { class: "wt-stack tower-" + size, "data-stack": top, "data-owner": p.seat },
      cards.map((code) => Cards.face(code, T.lang, {
        class: (highlight.has(code) ? "last-card" : "") + (code === pending ? " pending-target" : ""),
      })),
      size >= 2 ? h("small", {}, t(size === 2 ? "double" : "triple")) : null);
    return node;
  }

  /** A player's side: fort (or tower on campaign), army count or cards, tricks. */
  function playerPanel(state, p, mine) {
    const view = state.view;
    const lang = T.lang;
    const last = view.last || {};
    const classes = ["wt-player", "seat-" + p.seat];
    if (!view.over && ((view.pending && view.pending.next_pick && view.pending.next_pick.chooser === p.seat)
      || (!(view.pending && view.pending.next_pick) && view.turn === p.seat))) classes.push("on-turn");
    if (p.out) classes.push("out");
    if (last.seat === p.seat && last.type !== "pick") classes.push("last-actor");
    if (mine) classes.push("mine");
    const fort = h("div", { class: "wt-fort", "data-zone": "fort:" + p.seat },
      p.fort.length ? p.fort.map((cards) => stack(p, cards, view)) : Cards.slot({}, "—"));
    const tower = p.tower && p.tower.length
      ? h("div", { class: "wt-zone wt-tower" }, Cards.fan(p.tower, lang, {}, "right"), h("small", {}, t("tower")))
      : null;
    const army = p.army
      ? h("div", { class: "wt-army", "data-zone": "army:" + p.seat },
        p.army.length ? p.army.map((code) => Cards.face(code, lang, { "data-army": code })) : Cards.slot({}))
      : h("div", { class: "wt-zone", "data-zone": "army:" + p.seat },
        Cards.pile(p.army_count ? "back" : null, p.army_count, lang),
        h("small", {}, t("army") + " · " + p.army_count));
    const tricks = p.tricks && p.tricks.length
      ? h("div", { class: "wt-zone" }, Cards.pile(p.tricks[p.tricks.length - 1], p.tricks.length, lang),
        h("small", {}, t("tricks") + " · " + p.tricks.length)) : null;
    return h("section", { class: classes.join(" "), "data-seat": p.seat },
      h("header", {}, seatChip(p.seat), h("strong", {}, p.name),
        p.campaign ? h("span", { class: "wt-badge" }, t("campaign")) : null,
        p.out ? h("em", {}, t("out")) : mine ? h("small", {}, t("army") + " · " + p.army_count) : null),
      h("div", { class: "wt-row" }, p.campaign ? tower : fort, mine ? null : army, tricks),
      mine ? army : null);
  }

  /** The challenge or for-all under way: target, soldiers picked so far (backs, or faces one owns). */
  function fight(state) {
    const view = state.view;
    const pending = view.pending;
    if (!pending) return battleReport(state);
    const lang = T.lang;
    const head = pending.kind === "challenge"
      ? h("strong", {}, t("challenge_head",
        { att: seatName(state, pending.attacker), def: seatName(state, pending.defender) }))
      : h("strong", {}, t("forall_head", { who: seatName(state, pending.attacker), card: words(pending.contested) }));
    const target = pending.kind === "challenge" && pending.target
      ? Cards.face(pending.target, lang, { class: "pending-target" })
      : pending.contested ? Cards.face(pending.contested, lang) : null;
    const owners = pending.kind === "challenge" ? [pending.attacker, pending.defender]
      : Object.keys(pending.lines).map(Number);
    const lines = owners.map((owner) => {
      const line = pending.lines[String(owner)] || { count: 0, cards: null };
      const size = pending.kind === "challenge" ? pending.size : 1;
      const codes = line.cards || Array.from({ length: line.count }, () => null);
      return h("div", { class: "wt-line", "data-line": owner },
        h("small", {}, t("line_of", { who: seatName(state, owner), n: line.count, size })),
        Cards.fan(codes, lang, {}, "right"));
    });
    return h("div", { class: "wt-fight", "data-fight": pending.kind },
      head, h("div", { class: "wt-row" },
        h("div", { class: "wt-line" }, h("small", {}, pending.kind === "challenge"
          ? t("soldiers", { n: pending.size }) : t("tower")), target),
        lines));
  }

  /** The battle just resolved, pair by pair: the attacker's soldier, the mark, the defender's.
   * The soldiers are turned up while the battle is the last move (the views give their faces);
   * a face the view blanks is drawn as a back. */
  function battleReport(state) {
    const last = state.view.last;
    if (!last || last.type !== "battle") return null;
    const lang = T.lang;
    const attackers = last.attacker_cards || [];
    const defenders = last.defender_cards || [];
    const face = (code, side) => (code ? Cards.face(code, lang, { "data-soldier": side })
      : Cards.back({ "data-soldier": side }));
    const pairs = (last.outcomes || []).map((o, i) => h("div",
      { class: "wt-pair " + (o > 0 ? "win" : o < 0 ? "loss" : "tie"), "data-pair": i,
        style: "display: flex; align-items: center; gap: 0.2em" },
      face(attackers[i], "attacker"),
      h("span", { class: "wt-mark" }, o > 0 ? "▲" : o < 0 ? "▼" : "＝"),
      face(defenders[i], "defender")));
    return h("div", { class: "wt-fight battle", "data-fight": "battle" },
      h("strong", {}, t("challenge_head", { att: seatName(state, last.seat), def: seatName(state, last.defender) })),
      h("div", { class: "wt-pairs" }, pairs),
      h("span", {}, t(last.result === "draw" ? "draw_result" : last.result)));
  }

  function lastText(state) {
    const last = state.view.last;
    if (!last) return "";
    const who = seatName(state, last.seat);
    const target = last.target !== undefined && last.target !== null ? seatName(state, last.target) : "";
    let what;
    switch (last.type) {
      case "place":
        what = t(last.campaign ? "r_place_done" : last.forall ? "r_forall" : "r_place", { card: words(last.card) });
        break;
      case "burn": what = t("r_burn", { card: words(last.card) }); break;
      case "challenge":
        what = t("r_challenge", { target, card: last.card ? words(last.card) : t("army"), n: last.cards });
        break;
      case "seize": what = t("r_seize", { card: words(last.card), target }); break;
      case "pick": what = t("r_pick", { pos: last.position + 1, owner: seatName(state, last.owner) }); break;
      case "battle": what = t("r_battle", { target: seatName(state, last.defender),
        result: t(last.result === "draw" ? "draw_result" : last.result) }); break;
      case "forall": what = t("r_forall_done", { winner: seatName(state, last.winner) }); break;
      case "showdown": what = t("r_showdown", { tricks: Object.entries(last.tricks || {})
        .map(([seat, n]) => seatName(state, Number(seat)) + " " + n).join(", ") }); break;
      default: what = t("r_" + last.type);
    }
    const extra = [];
    if (last.retired) extra.push(t("retired", { card: words(last.retired) }));
    if (last.eliminated !== undefined) extra.push(t("eliminated", { who: seatName(state, last.eliminated) }));
    for (const seat of last.campaign_lost || []) extra.push(t("campaign_lost", { who: seatName(state, seat) }));
    return t("last", { what: [who + " " + what, ...extra].join(" · ") });
  }

  function middle(state) {
    const view = state.view;
    return h("div", { class: "wt-middle" },
      h("div", { class: "wt-zone", "data-zone": "barracks" },
        Cards.pile(view.barracks_count ? "back" : null, view.barracks_count, T.lang),
        h("small", {}, t("barracks") + " · " + view.barracks_count)),
      fight(state),
      h("p", { class: "wt-last" }, lastText(state)));
  }

  // ------------------------------------------------------------- projector

  function drawScreen(root, state) {
    const players = state.view.players;
    root.replaceChildren(h("div", { class: "cards-kind wt players-" + players.length },
      headline(state), middle(state),
      h("div", { class: "wt-table" }, players.map((p) => playerPanel(state, p, false)))));
  }

  // ------------------------------------------------------------- phone

  const MODES = {
    place: "place", burn: "burn", challenge1: "challenge", challenge2: "challenge", seize: "seize", duel: "challenge",
  };

  /** The actions of a mode button ("challenge1" = challenges with one soldier a side...). */
  function ofMode(actions, mode) {
    if (mode === "challenge1") return actions.filter((a) => a.type === "challenge" && a.card && a.cards === 1);
    if (mode === "challenge2") return actions.filter((a) => a.type === "challenge" && a.card && a.cards === 2);
    if (mode === "duel") return actions.filter((a) => a.type === "challenge" && !a.card);
    return actions.filter((a) => a.type === MODES[mode]);
  }

  function drawPhone(root, state, ctx) {
    const view = state.view;
    const me = view.you;
    const actions = view.legal || [];
    if (phone.mode && !ofMode(actions, phone.mode).length) phone.mode = null;
    if (phone.card && !actions.some((a) => a.type === "place" && a.card === phone.card)) phone.card = null;
    const mine = view.players.find((p) => p.seat === me);
    const others = view.players.filter((p) => p.seat !== me);
    const redraw = () => drawPhone(root, phone.state, ctx);
    const myTurn = actions.length > 0;
    const picks = actions.filter((a) => a.type === "pick");
    const once = (type) => h("button", {
      class: "wt-action", "data-action": type, disabled: !actions.some((a) => a.type === type),
      onclick: () => { const found = actions.find((a) => a.type === type); if (found) act(found); },
    }, t(type));
    const modeButton = (mode) => h("button", {
      class: "wt-action" + (phone.mode === mode ? " on" : ""), "data-action": mode,
      disabled: !ofMode(actions, mode).length,
      onclick: () => { phone.error = ""; phone.card = null; phone.mode = phone.mode === mode ? null : mode; redraw(); },
    }, t(mode));
    let hint = t("wait_turn");
    let body;
    if (picks.length) {
      const owner = view.pending.next_pick.owner;
      hint = owner === me ? t("your_own_pick") : t("your_pick", { owner: seatName(state, owner) });
      body = h("div", { class: "wt-picks", "data-zone": "picks" }, picks.map((a) => Cards.back({
        class: "source", "data-position": a.position, onclick: () => act(a),
      })));
    } else {
      if (myTurn) {
        hint = phone.card ? t("pick_fort") : phone.mode === "burn" ? t("pick_burn")
          : phone.mode === "duel" ? t("pick_duel") : phone.mode ? t("pick_target") : t("pick_card");
      }
      const buttons = view.phase === "showdown" ? [once("showdown")]
        : [once("draw"), modeButton("burn"), modeButton("challenge1"), modeButton("challenge2"),
          ofMode(actions, "seize").length ? modeButton("seize") : null,
          ofMode(actions, "duel").length ? modeButton("duel") : null,
          view.phase === "setup" ? once("ready") : once("end")];
      body = h("div", { class: "wt-actions" }, buttons,
        phone.card || phone.mode ? h("button", {
          class: "ghost", onclick: () => { phone.card = null; phone.mode = null; redraw(); },
        }, t("cancel")) : null);
    }
    const classes = "cards-kind wt phone-table" + (myTurn ? " my-turn" : "") + (picks.length ? " picking" : "");
    root.replaceChildren(h("div", { class: classes },
      myTurn ? h("p", { class: "wt-head" }, t("your_turn")) : headline(state, true),
      h("div", { class: "wt-others wt-table" }, others.map((p) => playerPanel(state, p, false))),
      middle(state),
      playerPanel(state, mine, true),
      body,
      h("p", { class: "wt-hint" }, hint),
      h("p", { class: "error", role: "alert" }, phone.error)));
    wire(root, actions, me, ctx);
  }

  /** Make army cards, fort stacks and armies tappable for the chosen card or mode; grey the rest. */
  function wire(root, actions, me, ctx) {
    const redraw = () => drawPhone(root, phone.state, ctx);
    for (const node of root.querySelectorAll(".wt-player.mine [data-army]")) {
      const code = node.dataset.army;
      if (!actions.some((a) => a.type === "place" && a.card === code)) {
        if (actions.length) node.classList.add("illegal"); // greyed only when it is this seat's move
        continue;
      }
      node.classList.add(phone.card === code ? "selected" : "source");
      node.addEventListener("click", (event) => {
        event.stopPropagation();
        phone.card = phone.card === code ? null : code;
        phone.mode = null;
        phone.error = "";
        redraw();
      });
    }
    if (phone.card) {
      const place = actions.find((a) => a.type === "place" && a.card === phone.card);
      const fort = root.querySelector(".wt-player.mine [data-zone='fort:" + me + "']");
      if (place && fort) target(fort, place);
      return;
    }
    if (!phone.mode) return;
    const found = ofMode(actions, phone.mode);
    for (const node of root.querySelectorAll(".wt-player [data-stack]")) {
      const owner = Number(node.dataset.owner);
      const action = found.find((a) => a.card === node.dataset.stack
        && (a.type === "burn" ? owner === me : a.target === owner));
      if (action) target(node, action); else node.classList.add("illegal");
    }
    if (phone.mode === "duel") {
      for (const node of root.querySelectorAll(".wt-others [data-zone^='army:']")) {
        const action = found.find((a) => "army:" + a.target === node.dataset.zone);
        if (action) target(node, action); else node.classList.add("illegal");
      }
    }
  }

  function target(node, action) {
    node.classList.add("target");
    node.addEventListener("click", (event) => {
      event.stopPropagation();
      phone.card = null;
      phone.mode = null;
      act(action);
    });
  }

  const { phone, act } = Cards.registerCardKind("watchtower", {
    strings: STRINGS,
    css: "wt",
    screen: drawScreen,
    phone: drawPhone,
    choices: { card: null, mode: null },
    sound: (last) => (last.type === "battle" ? (last.result === "attacker" ? "right" : "wrong") : null),
    over: {
      classes: (view) => "wt over players-" + view.players.length,
      head: headline,
      detail: (state, seat) => {
        const p = state.view.players.find((row) => row.seat === seat);
        return p.tricks && p.tricks.length ? t("tricks") + " " + p.tricks.length : t("cards", { n: p.army_count });
      },
      rest: (state) => [h("p", { class: "wt-last" }, lastText(state)),
        h("div", { class: "wt-table" }, state.view.players.map((p) => playerPanel(state, p, false)))],
    },
  });
})();
