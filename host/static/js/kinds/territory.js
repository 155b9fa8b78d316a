// Territory (the map game): its projector screen, phone controls and host panel.
// Its strings are the shared ones in i18n.js (it was the first game), plus the modes' own below.
"use strict";

(() => {
  // The modes' own words (campaign and duel: docs/rules/territory.md, "Modes"); the rest is shared.
  const say = kindStrings(WORDS.kinds.territory); // host/static/words/kinds/territory.json

  /** The page title: the phase, and in combat the round out of this mode's rounds. */
  function titleOf(view) {
    if (view.phase === "combat") {
      return T.t("combat") + " · " + say("round_of", { n: view.round, of: view.rounds || 4 });
    }
    if (view.phase === "castles" || view.phase === "conquest") return say(view.phase);
    return phaseTitle(view);
  }

  function qTitle(q) {
    return q.purpose === "conquest" ? say("question_conquest") : questionTitle(q);
  }

  // This kind's own stylesheet (the battle-order strip).
  linkStylesheet("territory", "../../css/kinds/territory.css",
    document.currentScript ? document.currentScript.src : location.origin + "/static/js/kinds/territory.js");

  // ------------------------------------------------------------- projector

  let screenRefs = null;

  addEventListener("resize", () => { if (screenRefs) fitText(screenRefs.question); });

  function mountScreen(root) {
    const q = h("div", { id: "question", class: "question-panel", hidden: true },
      h("div", { class: "q-head" }, h("span", { id: "q-title" }), h("span", { id: "q-count", class: "count" })),
      h("div", { class: "timer" }, h("div", { id: "q-bar", class: "timer-bar" })),
      h("div", { id: "q-picture", class: "q-picture" }),
      h("p", { id: "q-prompt", class: "prompt" }),
      h("ol", { id: "q-options", class: "options" }),
      h("div", { id: "q-result", class: "result" }));
    // The battle-order strip runs under the map (css/kinds/territory.css), leaving the side
    // panel its height for the question.
    const game = h("div", { class: "game" },
      h("div", { id: "map", class: "map-holder" }),
      h("section", { id: "battle-order", class: "battle-order", hidden: true }),
      h("aside", { class: "side" }, h("ol", { id: "scores", class: "scores" }), h("div", { id: "turn", class: "turn" }),
        q));
    root.append(game);
    screenRefs = { game, question: q, order: game.querySelector("#battle-order"), latest: null };
  }

  function updateScreen(state, ctx) {
    const { meta, view } = state;
    screenRefs.latest = state;
    if (ctx.title) ctx.title(titleOf(view));
    Maps.load(meta.config.map).then((gameMap) => {
      shownMap = gameMap;
      if (state !== screenRefs.latest) return;
      drawMap($("#map"), gameMap, view, { names: true });
      renderTurn(state, gameMap);
      fitText(screenRefs.question); // the turn lines took their room: the panel fits what is left
    });
    renderScores(state);
    renderBattleOrder(state);
    renderQuestion(state);
    fitText(screenRefs.question);
    sounds(ctx.previous, state, ctx.sounds);
  }

  function renderScores(state) {
    const { view } = state;
    fill("#scores", view.ranking.map((seat) => {
      const p = view.players.find((row) => row.seat === seat);
      return h("li", { class: "score-row" + (p.eliminated ? " out" : "") + (view.turn_seat === seat ? " turn" : "") },
        seatChip(seat),
        h("span", { class: "who" }, h("small", {}, T.colour(seat)), p.name),
        h("span", { class: "pts" }, p.score.toLocaleString(T.lang)),
        p.eliminated ? h("em", {}, T.t("out")) : null);
    }));
  }

  /**
   * The combat's attack order (view.battle_order): the round's seats as coloured chips in the
   * order they attack, the attacker now highlighted and the next ones after it; then the rounds
   * to come, whose order the rules draw (or rank by score) only when they begin.
   */
  function renderBattleOrder(state) {
    const order = state.view.battle_order;
    const box = screenRefs.order;
    box.hidden = !order;
    screenRefs.game.classList.toggle("ordered", !!order);
    if (!order) {
      fill(box);
      return;
    }
    const now = order.rounds[0];
    const upNext = order.next[0];
    const chips = now.seats.map((row) => {
      const status = row.seat === upNext ? "next up" : row.status;
      const tag = row.status === "current" ? T.t("order_now") : row.seat === upNext ? T.t("order_next")
        : row.status === "out" ? T.t("out") : "";
      // A short name ("Ana", "Chloé") stays whole; the long ones share what the strip has left.
      const long = seatName(state, row.seat).length > 8 ? " long" : "";
      return h("li", { class: "bo-seat " + status + long, "data-seat": row.seat, "data-status": row.status,
        title: seatLabel(state, row.seat) },
      h("span", { class: "bo-chip seat-" + (row.seat % 4) }, row.status === "done" ? "✓" : null),
      h("span", { class: "bo-text" }, h("span", { class: "bo-name" }, seatName(state, row.seat)),
        h("small", { class: "bo-tag" }, tag)));
    });
    const later = laterRounds(order.rounds.slice(1)).map((run) =>
      h("span", { class: "bo-round", "data-rounds": run.rounds.join(","), "data-by": run.by },
        T.t((run.by === "score" ? "order_by_score" : "order_random") + (run.rounds.length > 1 ? "_span" : ""),
          { n: run.rounds[0], last: run.rounds[run.rounds.length - 1] })));
    fill(box,
      h("div", { class: "bo-top" },
        h("h2", { class: "bo-head" }, h("span", {}, T.t("battle_order")),
          h("span", { class: "bo-count" }, T.t("order_round", { n: order.round, total: order.rounds_total }))),
        later.length ? h("p", { class: "bo-later" }, later) : null),
      h("ol", { class: "bo-strip", "data-round": order.round, "aria-label": T.t("battle_order") }, chips));
  }

  /** The rounds to come in runs of the same rule: "Rounds 2-5: random draw", "Round 6: by score". */
  function laterRounds(rounds) {
    const runs = [];
    for (const r of rounds) {
      const run = runs[runs.length - 1];
      if (run && run.by === r.by) run.rounds.push(r.round);
      else runs.push({ by: r.by, rounds: [r.round] });
    }
    return runs;
  }

  let shownMap = null; // the map last drawn, for the reveal's territory names

  function territoryName(gameMap, id) {
    const t = gameMap && gameMap.byId[id];
    return t ? (T.lang === "fr" ? t.name_fr : t.name_en) : id;
  }

  function renderTurn(state, gameMap) {
    const { view } = state;
    const parts = [];
    if (view.attack) {
      const a = view.attack;
      parts.push(h("p", { class: "attack-line" }, seatChip(a.attacker), " ", TerritoryWords.duelLine(state, null,
        (id) => territoryName(gameMap, id), (seat) => seatLabel(state, seat))));
      const target = view.territories.find((t) => t.id === a.target);
      if (target && target.castle) parts.push(h("p", {}, T.t("tower_left", { n: target.towers })));
    } else if (view.stage === "pick") {
      const key = view.phase === "castles" ? "picks_base" : "picks";
      parts.push(h("p", {}, seatChip(view.turn_seat), " ", say(key, { who: seatLabel(state, view.turn_seat) })));
    } else if (view.stage === "attack") {
      parts.push(h("p", {}, seatChip(view.turn_seat), " ", T.t("attacks", { who: seatLabel(state, view.turn_seat) })));
    }
    for (const mark of view.marks || []) {
      parts.push(h("p", { class: "mark-line" }, seatChip(mark.seat), " ",
        say("marked", { who: seatLabel(state, mark.seat), t: territoryName(gameMap, mark.territory) })));
    }
    if (view.stage === "stalled") parts.push(h("p", { class: "stalled" }, T.t("nobody_answered")));
    if (view.reused) parts.push(h("p", { class: "reused" }, T.t("questions_reused", { n: view.reused })));
    if (view.stage === "pick" || view.stage === "attack") {
      const bar = h("div", { class: "timer" }, h("div", { class: "timer-bar" }));
      parts.push(bar);
      fill("#turn", parts);
      Countdown.set(state.meta, bar.firstChild, null);
    } else {
      fill("#turn", parts);
    }
  }

  function renderQuestion(state) {
    const { meta, view } = state;
    const q = view.question;
    const panel = screenRefs.question;
    const asking = !!(q && q.content);
    screenRefs.game.classList.toggle("asking", asking);
    panel.hidden = !asking;
    if (!asking) return;
    panel.dataset.purpose = q.purpose;
    const revealed = view.stage === "reveal";
    panel.classList.toggle("revealed", revealed);
    $("#q-title").textContent = qTitle(q);
    showPicture($("#q-picture"), q.content.image);
    panel.classList.toggle("has-picture", !!q.content.image);
    $("#q-prompt").textContent = T.prose(q.content.prompt);
    const correct = revealed ? q.content.answer : null;
    fill("#q-options", (q.content.options || []).map((text, i) =>
      h("li", { class: "option" + (revealed && i === correct ? " correct" : "") }, h("b", {}, "ABCDEF"[i]), text)));
    fill("#q-count", q.seats.map((seat) =>
      h("span", { class: "lock" + (q.answered.includes(seat) ? " in" : ""), title: seatName(state, seat) },
        seatChip(seat))));
    Countdown.set(meta, $("#q-bar"), null);
    $("#q-bar").parentNode.hidden = revealed;
    fill("#q-result", revealed ? revealRows(state, q) : []);
  }

  /** Each answer at the reveal: who, what, its mark, the gap and the time; the verdict (TerritoryWords). */
  function revealRows(state, q) {
    const W = TerritoryWords;
    const rows = [];
    if (q.content.kind === "numeric") {
      rows.push(h("p", { class: "truth" }, T.t("answer_was", { v: W.answerText(q.content, q.content.answer) })));
    }
    const outcome = q.outcome || { answers: [] };
    for (const row of outcome.answers) {
      const answer = (q.answers || []).find((a) => a.seat === row.seat);
      const mark = W.rowMark(q.content, row);
      rows.push(h("div", { class: "reveal-row " + mark.cls, "data-seat": row.seat },
        seatChip(row.seat), h("span", { class: "who" }, seatName(state, row.seat)),
        h("span", { class: "val" }, answer ? W.answerText(q.content, answer.value) : T.t("no_answer")),
        h("span", { class: "mark" }, mark.text),
        h("span", { class: "detail" }, W.rowDetail(q.content, row))));
    }
    const verdict = W.verdictText(state, q, (id) => territoryName(shownMap, id));
    if (verdict) rows.push(h("p", { class: "verdict" }, T.prose(verdict))); // no line starts with ":"
    const pickers = W.pickersText(state, outcome.pickers);
    if (pickers) rows.push(h("p", { class: "verdict pickers" }, pickers));
    return rows;
  }

  /** Buzz on each lock-in; right, wrong or time up at the reveal. */
  function sounds(before, now, sound) {
    if (!before || !before.view || !now.view || before.meta.game !== now.meta.game) return;
    const q0 = before.view.question, q1 = now.view.question;
    if (q0 && q1 && q0.request_id === q1.request_id && q1.answered.length > q0.answered.length) sound.play("buzz");
    if (before.view.stage === "answering" && now.view.stage === "reveal" && q1) {
      if (q1.answered.length < q1.seats.length) sound.play("timeup");
      const rows = (q1.outcome && q1.outcome.answers) || [];
      const anyRight = rows.some((r) => r.correct === true || r.rank === 1);
      setTimeout(() => sound.play(anyRight ? "right" : "wrong"), 450);
    }
  }

  /** A question's picture (its URL on this host) in `holder`, or nothing; kept when unchanged. */
  function showPicture(holder, url) {
    const current = holder.firstChild;
    if (current && current.getAttribute("src") === url) return;
    fill(holder, url ? h("img", { src: url, alt: T.t("question_image"), class: "q-image" }) : []);
    holder.hidden = !url;
  }

  // ------------------------------------------------------------- phone

  let phone = null; // {typed, typedFor, state}

  function mountPhone(root) {
    root.append(
      h("p", { id: "status", class: "status", "aria-live": "polite" }),
      h("p", { id: "p-duel", class: "duel-line", hidden: true }),
      h("div", { class: "timer" }, h("div", { id: "p-bar", class: "timer-bar" })),
      h("div", { id: "p-picture", class: "q-picture" }),
      h("p", { id: "p-look", class: "look-screen", hidden: true }),
      h("p", { id: "p-prompt", class: "prompt" }),
      h("div", { id: "controls", class: "controls" }),
      h("div", { id: "p-map", class: "map-holder" }),
      h("div", { id: "p-targets", class: "targets", hidden: true }));
    root.classList.add("play");
    phone = { typed: "", typedFor: null, state: null };
  }

  /** Send an action for the current step; vibrate when it is taken, show the reason when not. */
  function act(ctx, event) {
    return ctx.send({ ...event, stage: phone.state.meta.stage }).then((ack) => {
      if (ack && ack.ok) {
        if (navigator.vibrate) navigator.vibrate(60);
      } else {
        $("#status").textContent = T.refusal(ack);
      }
      return ack;
    });
  }

  function updatePhone(state, ctx) {
    phone.state = state;
    const seat = ctx.seat;
    const { meta, view } = state;
    Countdown.set(meta, $("#p-bar"), null);
    $("#p-bar").parentNode.hidden = !meta.timer;
    phone.controlsDrawn = false; // set by the part that draws #controls this time
    $("#p-prompt").textContent = "";
    const q0 = view.question && view.question.content;
    // A picture on the phones only for a choice question and when the game says so
    // (host form: images_on_phones); the projector always shows it, and a phone without it
    // says where to look (a question about "this outline" with nothing to see reads as a bug).
    const asked = !!(q0 && q0.image) && view.stage !== "pick" && view.stage !== "attack";
    const here = asked && q0.kind === "choice" && !!q0.image_on_phones;
    showPicture($("#p-picture"), here ? q0.image : null);
    $("#p-look").hidden = !asked || here;
    $("#p-look").textContent = asked && !here ? T.prose(say("look_screen")) : "";
    $("#status").textContent = meta.paused ? T.t("paused") : "";
    const q = view.question;
    let tap = null;
    if (q && q.content && view.stage === "answering") {
      renderPhoneQuestion(q, view.your_answer, seat, ctx);
    } else if (q && q.content && view.stage === "reveal") {
      renderPhoneReveal(state, q, seat);
    } else if (view.stage === "pick" || view.stage === "attack") {
      tap = renderPhoneTurn(state, seat, ctx);
    } else if (!meta.paused) {
      $("#status").textContent = T.t("waiting_host");
    }
    if (!phone.controlsDrawn) plainControls();
    const mapWanted = !(view.stage === "answering" && q && q.seats.includes(seat) && !view.your_answer);
    if (!mapWanted) {
      fill("#p-map");
      TerritoryTargets.clear($("#p-targets"));
    }
    Maps.load(meta.config.map).then((gameMap) => {
      shownMap = gameMap; // names for the reveal and the duel
      if (state !== phone.state) return;
      // Who duels whom, for which territory, and this phone's side ("Duel" alone said none of it).
      const duel = view.stage === "pick" || view.stage === "attack" ? null
        : TerritoryWords.duelLine(state, seat, (id) => territoryName(gameMap, id));
      $("#p-duel").hidden = !duel;
      $("#p-duel").textContent = duel || "";
      if (view.attack) $("#p-duel").dataset.side = seat === view.attack.attacker ? "attack"
        : seat === view.attack.defender ? "defend" : "watch";
      if (!mapWanted) return;
      const legal = tap ? (view.legal || []).map((action) => action.territory) : []; // the server's list
      const onIllegal = tap ? () => { $("#status").textContent = T.t("illegal_land"); } : null;
      // The lands and the names to tap kept while what they show is the same: a state for
      // another reason (a phone's presence, a rename) replaced the land under a finger
      // between its press and its release, and the tap was lost.
      const key = JSON.stringify([meta.game, meta.config.map, view.territories, view.attack ? view.attack.target : null,
        view.stage, view.turn_seat, legal, T.lang]);
      if (!drawKeyed($("#p-map"), key, () => drawMap($("#p-map"), gameMap, view, { legal, onTap: tap, onIllegal }))) {
        return;
      }
      if (tap) TerritoryTargets.offer($("#p-targets"), $("#p-map"), gameMap, view, legal, tap);
      else TerritoryTargets.clear($("#p-targets"));
    });
  }

  function renderPhoneQuestion(q, mine, seat, ctx) {
    $("#p-prompt").textContent = T.prose(q.content.prompt);
    if (!q.seats.includes(seat)) {
      $("#status").textContent = qTitle(q);
      return;
    }
    if (mine) {
      $("#status").textContent = T.t("locked_in", { v: TerritoryWords.answerText(q.content, mine.value) });
      return;
    }
    $("#status").textContent = qTitle(q);
    if (phone.typedFor !== q.request_id) {
      phone.typed = "";
      phone.typedFor = q.request_id;
    }
    // Kept while the question is the same (other players' answers bring states many times a
    // second: a key replaced between a tap's press and its release lost the digit).
    phone.controlsDrawn = true;
    const key = JSON.stringify([phone.state.meta.game, q.request_id, q.content.kind, q.content.options || null,
      T.lang]);
    drawKeyed($("#controls"), key, () => fill("#controls",
      q.content.kind === "choice" ? choiceButtons(q, ctx) : keypad(ctx)));
  }

  /** #controls drawn with no kept buttons (a verdict), or emptied. */
  function plainControls(...nodes) {
    phone.controlsDrawn = true;
    delete $("#controls").dataset.drawn;
    fill("#controls", ...nodes);
  }

  /** The tap's time on performance.timeOrigin's scale, the clock sync's base. */
  function tapTime(event) {
    return performance.timeOrigin + (event && event.timeStamp ? event.timeStamp : performance.now());
  }

  function choiceButtons(q, ctx) {
    return h("div", { class: "choices" }, q.content.options.map((text, i) =>
      h("button", { type: "button", class: "choice choice-" + i, "data-choice": i,
        onclick: (event) => act(ctx, { type: "answer", value: i, t_client: tapTime(event) }) },
      h("b", {}, "ABCDEF"[i]), h("span", {}, text))));
  }

  function keypad(ctx) {
    const display = h("output", { class: "typed", "aria-live": "polite" }, phone.typed || "0");
    const press = (key) => {
      let typed = phone.typed;
      if (key === "⌫") typed = typed.slice(0, -1);
      else if (key === "±") typed = typed.startsWith("-") ? typed.slice(1) : "-" + typed;
      else if (typed.replace("-", "").length < 12) typed = (typed === "0" ? "" : typed) + key;
      phone.typed = typed;
      display.textContent = typed || "0";
    };
    const keys = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "±", "0", "⌫"];
    const lockIn = (event) => {
      const value = parseInt(phone.typed || "0", 10);
      if (Number.isNaN(value)) return;
      act(ctx, { type: "answer", value, t_client: tapTime(event) });
    };
    return h("div", { class: "keypad" }, display,
      h("div", { class: "keys" },
        keys.map((k) => h("button", { type: "button", class: "key", "data-key": k, onclick: () => press(k) }, k))),
      h("button", { type: "button", class: "key ok", "data-key": "ok", onclick: lockIn }, T.t("ok")));
  }

  /** The phone's reveal: the answer, its own mark and gap, and the verdict the room reads. */
  function renderPhoneReveal(state, q, seat) {
    $("#p-prompt").textContent = T.prose(q.content.prompt);
    const row = q.outcome && q.outcome.answers.find((r) => r.seat === seat);
    const W = TerritoryWords;
    const truth = T.t("answer_was", { v: W.answerText(q.content, q.content.answer) });
    $("#status").textContent = truth;
    if (!row) return;
    const mark = W.rowMark(q.content, row);
    const gap = row.distance ? T.t("off_by", { d: W.numberFormat(q.content)(row.distance) }) : null;
    const verdict = W.verdictText(state, q, (id) => territoryName(shownMap, id));
    plainControls(h("div", { class: "verdict-big " + mark.cls }, mark.text || T.t("no_answer"),
      gap ? h("small", {}, gap) : null),
    verdict ? h("p", { class: "verdict phone-verdict" }, verdict) : null);
  }

  function renderPhoneTurn(state, seat, ctx) {
    const { view } = state;
    const base = view.phase === "castles";
    if (view.turn_seat !== seat) {
      const key = view.stage === "pick" ? (base ? "picks_base" : "picks") : "attacks";
      $("#status").textContent = say(key, { who: seatLabel(state, view.turn_seat) });
      return null;
    }
    $("#status").textContent = say(view.stage === "pick" ? (base ? "your_base" : "your_pick") : "your_attack");
    return (id) => act(ctx, { type: view.stage, territory: id });
  }

  // ------------------------------------------------------------- host page

  function hostPanel(root) {
    root.append(
      h("div", { class: "card" }, h("div", { class: "buttons", id: "t-commands" })),
      h("div", { class: "card", id: "h-question" }),
      h("div", { class: "card host-map", id: "h-map" }));
  }

  function updateHost(state, ctx) {
    const { meta, view } = state;
    const stage = view ? view.stage : null;
    const running = meta.status === "running";
    const buttons = [["continue", running && stage === "reveal", "primary"],
      ["skip", running && (stage === "answering" || stage === "reveal")]];
    commandButtons("#t-commands", buttons.map(([type, enabled, cls]) => ({
      cmd: type, enabled, cls, label: T.t(type), onclick: () => ctx.send({ type }),
    })));
    renderHostQuestion(state, ctx);
    if (view) Maps.load(meta.config.map).then((m) => drawMap($("#h-map"), m, view, { names: true }));
    else fill("#h-map");
  }

  function renderHostQuestion(state, ctx) {
    const view = state.view;
    const q = view && view.question;
    if (!q || !q.content) {
      fill("#h-question", h("h2", {}, T.t("lock_ins")),
        h("p", { class: "note" }, view ? T.stage(view.stage) : T.t("host_not_started")));
      return;
    }
    const first = Math.min(...(q.answers || []).map((a) => a.t_ns));
    const judged = Object.fromEntries(((q.outcome && q.outcome.answers) || []).map((r) => [r.seat, r]));
    const reveal = view.stage === "reveal";
    const rows = q.seats.map((seat) => {
      const answer = (q.answers || []).find((a) => a.seat === seat);
      const row = judged[seat] || {};
      return h("tr", { "data-seat": seat },
        h("td", {}, seatChip(seat), " ", seatName(state, seat)),
        h("td", {}, answer ? TerritoryWords.answerText(q.content, answer.value) : "…"),
        h("td", {}, answer ? "+" + TerritoryWords.numberFormat(q.content)((answer.t_ns - first) / 1e6) + " ms" : ""),
        h("td", {}, reveal && judged[seat] ? TerritoryWords.rowMark(q.content, row).text : ""),
        h("td", {}, reveal ? [
          h("button", { type: "button", "data-override": "right",
            onclick: () => ctx.send({ type: "override", seat, correct: true }) }, T.t("mark_right")),
          " ",
          h("button", { type: "button", "data-override": "wrong",
            onclick: () => ctx.send({ type: "override", seat, correct: false }) }, T.t("mark_wrong")),
        ] : null));
    });
    fill("#h-question",
      h("h2", {}, qTitle(q)),
      q.content.image ? h("img", { src: q.content.image, alt: T.t("question_image"), class: "q-thumb" }) : null,
      h("p", { class: "prompt" }, T.prose(q.content.prompt)),
      h("p", { class: "answer-key" },
        T.t("correct_answer", { v: TerritoryWords.answerText(q.content, q.content.answer) })),
      h("table", { class: "live-table" },
        h("tr", {}, h("th", {}, T.t("players")), h("th", {}, T.t("lock_ins")), h("th", {}, "ms"), h("th", {}),
          h("th", {})),
        rows));
  }

  registerKind("territory", {
    label: { fr: "Territoires", en: "Territory" },
    screen: { mount: mountScreen, update: updateScreen },
    phone: { mount: mountPhone, update: updatePhone },
    host: { panel: hostPanel, update: updateHost },
  });
})();
