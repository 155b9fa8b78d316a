// Territory (the map game): its projector screen, phone controls and host panel.
// Its strings are the shared ones in i18n.js (it was the first game).
"use strict";

(() => {
  // ------------------------------------------------------------- projector

  let screenRefs = null;

  function mountScreen(root) {
    const q = h("div", { id: "question", class: "question-panel", hidden: true },
      h("div", { class: "q-head" }, h("span", { id: "q-title" }), h("span", { id: "q-count", class: "count" })),
      h("div", { class: "timer" }, h("div", { id: "q-bar", class: "timer-bar" })),
      h("p", { id: "q-prompt", class: "prompt" }),
      h("ol", { id: "q-options", class: "options" }),
      h("div", { id: "q-result", class: "result" }));
    const game = h("div", { class: "game" },
      h("div", { id: "map", class: "map-holder" }),
      h("aside", { class: "side" }, h("ol", { id: "scores", class: "scores" }), h("div", { id: "turn", class: "turn" }),
        q));
    root.append(game);
    screenRefs = { game, question: q, latest: null };
  }

  function updateScreen(state, ctx) {
    const { meta, view } = state;
    screenRefs.latest = state;
    if (ctx.title) ctx.title(phaseTitle(view));
    Maps.load(meta.config.map).then((gameMap) => {
      if (state !== screenRefs.latest) return;
      drawMap($("#map"), gameMap, view, { names: true });
      renderTurn(state, gameMap);
    });
    renderScores(state);
    renderQuestion(state);
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

  function territoryName(gameMap, id) {
    const t = gameMap && gameMap.byId[id];
    return t ? (T.lang === "fr" ? t.name_fr : t.name_en) : id;
  }

  function renderTurn(state, gameMap) {
    const { view } = state;
    const parts = [];
    if (view.attack) {
      const a = view.attack;
      parts.push(h("p", { class: "attack-line" }, seatChip(a.attacker), " ",
        T.t("attack_on", {
          a: seatLabel(state, a.attacker), d: seatLabel(state, a.defender), t: territoryName(gameMap, a.target),
        })));
      const target = view.territories.find((t) => t.id === a.target);
      if (target && target.castle) parts.push(h("p", {}, T.t("tower_left", { n: target.towers })));
    } else if (view.stage === "pick") {
      parts.push(h("p", {}, seatChip(view.turn_seat), " ", T.t("picks", { who: seatLabel(state, view.turn_seat) })));
    } else if (view.stage === "attack") {
      parts.push(h("p", {}, seatChip(view.turn_seat), " ", T.t("attacks", { who: seatLabel(state, view.turn_seat) })));
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
    $("#q-title").textContent = questionTitle(q);
    $("#q-prompt").textContent = q.content.prompt;
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

  /** Each answer at the reveal: who, what, right or wrong, and the timing. */
  function revealRows(state, q) {
    const rows = [];
    if (q.content.kind === "numeric") {
      rows.push(h("p", { class: "truth" }, T.t("answer_was", { v: formatAnswer(q.content, q.content.answer) })));
    }
    const outcome = q.outcome || { answers: [] };
    for (const row of outcome.answers) {
      const answer = (q.answers || []).find((a) => a.seat === row.seat);
      const good = row.correct !== undefined ? row.correct : row.rank === 1;
      const detail = [];
      if (row.distance !== undefined && row.distance !== null) detail.push(T.t("off_by", { d: row.distance }));
      if (row.rank) detail.push(row.rank === 1 ? T.t("first") : T.t("rank", { n: row.rank }));
      if (row.margin_ms !== null && row.margin_ms !== undefined) detail.push("+" + Math.round(row.margin_ms) + " ms");
      rows.push(h("div", { class: "reveal-row " + (row.answered ? (good ? "good" : "bad") : "none") },
        seatChip(row.seat), h("span", { class: "who" }, seatName(state, row.seat)),
        h("span", { class: "val" }, answer ? formatAnswer(q.content, answer.value) : T.t("no_answer")),
        h("span", { class: "mark" }, row.answered ? (good ? "✔ " + T.t("right") : "✘ " + T.t("wrong")) : ""),
        h("span", { class: "detail" }, detail.join(" · "))));
    }
    const quick = fastest(q.answers);
    if (quick) rows.push(h("p", { class: "margin" }, T.t("by_ms", { who: T.colour(quick.seat), ms: quick.ms })));
    if (outcome.result) rows.push(h("p", { class: "verdict" }, T.t(outcome.result)));
    if (outcome.pickers) {
      const who = outcome.pickers.map((s) => seatName(state, s)).join(", ");
      rows.push(h("p", { class: "verdict" }, T.t("pickers", { who })));
    }
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

  // ------------------------------------------------------------- phone

  let phone = null; // {typed, typedFor, state}

  function mountPhone(root) {
    root.append(
      h("p", { id: "status", class: "status", "aria-live": "polite" }),
      h("div", { class: "timer" }, h("div", { id: "p-bar", class: "timer-bar" })),
      h("p", { id: "p-prompt", class: "prompt" }),
      h("div", { id: "controls", class: "controls" }),
      h("div", { id: "p-map", class: "map-holder" }));
    root.classList.add("play");
    phone = { typed: "", typedFor: null, state: null };
  }

  /** Send an action for the current step; vibrate when it is taken, show the reason when not. */
  function act(ctx, event) {
    return ctx.send({ ...event, stage: phone.state.meta.stage }).then((ack) => {
      if (ack && ack.ok) {
        if (navigator.vibrate) navigator.vibrate(60);
      } else {
        $("#status").textContent = (ack && ack.reason) || "?";
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
    fill("#controls");
    $("#p-prompt").textContent = "";
    $("#status").textContent = meta.paused ? T.t("paused") : "";
    const q = view.question;
    let tap = null;
    if (q && q.content && view.stage === "answering") {
      renderPhoneQuestion(q, view.your_answer, seat, ctx);
    } else if (q && q.content && view.stage === "reveal") {
      renderPhoneReveal(q, seat);
    } else if (view.stage === "pick" || view.stage === "attack") {
      tap = renderPhoneTurn(state, seat, ctx);
    } else if (!meta.paused) {
      $("#status").textContent = T.t("waiting_host");
    }
    const mapWanted = !(view.stage === "answering" && q && q.seats.includes(seat) && !view.your_answer);
    if (!mapWanted) {
      fill("#p-map");
      return;
    }
    Maps.load(meta.config.map).then((gameMap) => {
      if (state !== phone.state) return;
      const legal = tap ? (view.legal || []).map((action) => action.territory) : []; // the server's list
      drawMap($("#p-map"), gameMap, view, { legal, onTap: tap });
    });
  }

  function renderPhoneQuestion(q, mine, seat, ctx) {
    $("#p-prompt").textContent = q.content.prompt;
    if (!q.seats.includes(seat)) {
      $("#status").textContent = questionTitle(q);
      return;
    }
    if (mine) {
      $("#status").textContent = T.t("locked_in", { v: formatAnswer(q.content, mine.value) });
      return;
    }
    $("#status").textContent = questionTitle(q);
    if (phone.typedFor !== q.request_id) {
      phone.typed = "";
      phone.typedFor = q.request_id;
    }
    if (q.content.kind === "choice") fill("#controls", choiceButtons(q, ctx));
    else fill("#controls", keypad(ctx));
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

  function renderPhoneReveal(q, seat) {
    $("#p-prompt").textContent = q.content.prompt;
    const row = q.outcome && q.outcome.answers.find((r) => r.seat === seat);
    const truth = T.t("answer_was", { v: formatAnswer(q.content, q.content.answer) });
    $("#status").textContent = truth;
    if (!row) return;
    const good = row.correct !== undefined ? row.correct : row.rank === 1;
    const verdict = !row.answered ? T.t("no_answer") : good ? "✔ " + T.t("right") : "✘ " + T.t("wrong");
    fill("#controls", h("div", { class: "verdict-big " + (row.answered ? (good ? "good" : "bad") : "none") }, verdict,
      row.rank ? h("small", {}, row.rank === 1 ? T.t("first") : T.t("rank", { n: row.rank })) : null));
  }

  function renderPhoneTurn(state, seat, ctx) {
    const { view } = state;
    if (view.turn_seat !== seat) {
      const key = view.stage === "pick" ? "picks" : "attacks";
      $("#status").textContent = T.t(key, { who: seatLabel(state, view.turn_seat) });
      return null;
    }
    $("#status").textContent = T.t(view.stage === "pick" ? "your_pick" : "your_attack");
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
    fill("#t-commands", buttons.map(([type, enabled, cls]) =>
      h("button", {
        type: "button", "data-cmd": type, class: cls || null, disabled: !enabled, onclick: () => ctx.send({ type }),
      }, T.t(type))));
    renderHostQuestion(state, ctx);
    if (view) Maps.load(meta.config.map).then((m) => drawMap($("#h-map"), m, view, { names: true }));
    else fill("#h-map");
  }

  function renderHostQuestion(state, ctx) {
    const view = state.view;
    const q = view && view.question;
    if (!q || !q.content) {
      fill("#h-question", h("h2", {}, T.t("lock_ins")),
        h("p", { class: "note" }, view ? view.stage : T.t("waiting_start")));
      return;
    }
    const first = Math.min(...(q.answers || []).map((a) => a.t_ns));
    const judged = Object.fromEntries(((q.outcome && q.outcome.answers) || []).map((r) => [r.seat, r]));
    const reveal = view.stage === "reveal";
    const rows = q.seats.map((seat) => {
      const answer = (q.answers || []).find((a) => a.seat === seat);
      const row = judged[seat] || {};
      const good = row.correct !== undefined ? row.correct : row.rank === 1;
      return h("tr", { "data-seat": seat },
        h("td", {}, seatChip(seat), " ", seatName(state, seat)),
        h("td", {}, answer ? formatAnswer(q.content, answer.value) : "…"),
        h("td", {}, answer ? "+" + Math.round((answer.t_ns - first) / 1e6) + " ms" : ""),
        h("td", {}, reveal ? (good ? "✔" : "✘") : ""),
        h("td", {}, reveal ? [
          h("button", { type: "button", "data-override": "right",
            onclick: () => ctx.send({ type: "override", seat, correct: true }) }, T.t("mark_right")),
          " ",
          h("button", { type: "button", "data-override": "wrong",
            onclick: () => ctx.send({ type: "override", seat, correct: false }) }, T.t("mark_wrong")),
        ] : null));
    });
    fill("#h-question",
      h("h2", {}, questionTitle(q)),
      h("p", { class: "prompt" }, q.content.prompt),
      h("p", { class: "answer-key" }, T.t("correct_answer", { v: formatAnswer(q.content, q.content.answer) })),
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
