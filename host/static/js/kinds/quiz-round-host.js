// Quiz round, the host page's panel: next, close, skip, a buzz question's right and wrong, a
// clip's commands, the question with its truth, every team's answer, the typed answers' review
// and score edits. Loaded before quiz-round.js (KIND.page_helpers); offers window.QuizRoundHost.
"use strict";

window.QuizRoundHost = (() => {
  const { tr, answerText, signed, secondsOf } = window.QuizRound;
  const Typed = window.QuizRoundTyped;
  const Clip = window.QuizRoundClip;

  let host = null;

  function hostPanel(root) {
    host = {
      buttons: h("div", { class: "buttons", id: "qr-commands" }),
      now: h("div", { id: "qr-host-now" }),
      seat: h("select", { id: "qr-adjust-seat", "aria-label": T.t("seats") }),
      points: h("input", { id: "qr-adjust-points", type: "number", min: -1000, max: 1000, step: 1, value: 1,
        "aria-label": tr("pts") }),
      reason: h("input", { id: "qr-adjust-reason", maxlength: 80, placeholder: tr("reason"),
        "aria-label": tr("reason") }),
      msg: h("p", { class: "error host-msg", id: "qr-adjust-msg", role: "alert" }),
      seats: "",
    };
    const apply = h("button", { type: "button", id: "qr-adjust-apply", onclick: () => {
      const edit = { seat: Number(host.seat.value), points: Number(host.points.value), reason: host.reason.value };
      if (!edit.reason.trim() || !edit.points) { // the server refuses them too, in English
        host.msg.textContent = tr(edit.points ? "reason_needed" : "points_needed");
        return;
      }
      host.ctx.send({ type: "adjust", ...edit })
        .then((ack) => {
          host.msg.textContent = ack && ack.ok ? "" : T.refusal(ack);
          if (ack && ack.ok) host.reason.value = "";
        });
    } }, tr("apply"));
    root.append(h("div", { class: "card qr-host" }, h("h2", {}, tr("label")), host.buttons, host.now),
      h("div", { class: "card qr-host-adjust" }, h("h3", {}, tr("adjust")),
        h("div", { class: "qr-adjust-row" }, host.seat, host.points, host.reason, apply), host.msg),
      window.QuizRoundPaper.mount(), fixCard());
  }

  // ------------------------------------------------------------- corrections after the reveal

  /** A revealed question corrected without undo: pick it, give the reason, then rule a typed
   * answer's group again or void the question; each after the host's yes (a dialog). */
  function fixCard() {
    host.fix = {
      pick: h("select", { id: "qr-fix-pick", "aria-label": tr("fix_pick"), onchange: () => drawFix() }),
      reason: h("input", { id: "qr-fix-reason", maxlength: 80, placeholder: tr("reason"), "aria-label": tr("reason") }),
      body: h("div", { id: "qr-fix-body" }),
      msg: h("p", { class: "error host-msg", id: "qr-fix-msg", role: "alert" }),
      played: [], seen: "",
    };
    const card = h("div", { class: "card qr-host-fix", id: "qr-fix", hidden: true }, h("h3", {}, tr("fix_title")),
      h("p", { class: "note" }, tr("fix_hint")),
      h("div", { class: "qr-adjust-row" }, host.fix.pick, host.fix.reason), host.fix.body, host.fix.msg);
    host.fix.card = card;
    return card;
  }

  const questionLabel = (p) => tr("fix_label", { r: p.round, n: p.number });

  function updateFix(view) {
    const played = (view && view.played) || [];
    const seen = JSON.stringify(played);
    host.fix.card.hidden = !played.length || view.stage === "over";
    if (seen === host.fix.seen) return;
    host.fix.seen = seen;
    const chosen = host.fix.pick.value;
    host.fix.played = played;
    fill(host.fix.pick, played.map((p) => h("option", { value: p.question,
      selected: String(p.question) === chosen },
    questionLabel(p) + (p.void ? " · " + tr("fix_voided") : "") + " · " + T.prose(p.prompt).slice(0, 50))));
    drawFix();
  }

  function drawFix() {
    const p = host.fix.played.find((q) => String(q.question) === host.fix.pick.value) || host.fix.played[0];
    if (!p) return fill(host.fix.body);
    const send = (message, type, extra) => {
      const reason = host.fix.reason.value.trim();
      if (!reason) {
        host.fix.msg.textContent = tr("reason_needed");
        return;
      }
      host.ctx.ask(message).then((yes) => yes && host.ctx.send({ type, question: p.question, reason, ...extra }))
        .then((ack) => {
          host.fix.msg.textContent = !ack || ack.ok ? "" : T.refusal(ack);
          if (ack && ack.ok) host.fix.reason.value = "";
        });
    };
    const group = (g) => h("li", { class: "qr-fix-group " + (g.right ? "good" : "bad"), "data-key": g.key },
      h("span", {}, (g.right ? "✔ " : "✘ ") + g.shown + " (" + g.teams + ")"), " ",
      h("button", { type: "button", class: "small", "data-fix": g.right ? "wrong" : "right",
        onclick: () => send(tr(g.right ? "fix_confirm_wrong" : "fix_confirm_right",
          { what: g.shown, q: questionLabel(p) }), "correct", { key: g.key, right: !g.right }),
      }, tr(g.right ? "fix_make_wrong" : "fix_make_right")));
    const groups = p.void ? [] : (p.groups || []).map(group);
    fill(host.fix.body, groups.length ? h("ul", { class: "qr-fix-groups" }, groups) : null,
      p.void ? h("p", { class: "note" }, tr("fix_voided_why", { why: p.void }))
        : h("button", { type: "button", class: "bad", id: "qr-fix-void",
          onclick: () => send(tr("fix_confirm_void", { q: questionLabel(p) }), "void", {}) }, tr("fix_void")));
  }

  function updateHost(state, ctx) {
    host.ctx = ctx;
    const { meta, view } = state;
    const running = meta.status === "running" && !meta.paused;
    const stage = view ? view.stage : "lobby";
    const buttons = [
      ["next", ["intro", "wager", "review", "reveal", "board"].includes(stage), "primary"],
      ["close", stage === "answering", "good"],
      ["skip", stage === "answering", ""],
    ]; // "end" is among the page's own commands
    if (view && view.buzz) {
      const floor = view.buzz.floor !== null;
      buttons.push(["right", floor, "good"], ["wrong", floor, "bad"]);
    }
    buttons.push(...Clip.hostButtons(view));
    commandButtons(host.buttons, buttons.map(([type, enabled, cls]) => ({
      cmd: type, enabled: running && enabled, cls, label: tr(commandLabel(type, stage)),
      onclick: () => ctx.send({ type }).then((ack) => {
        host.msg.textContent = ack && ack.ok ? "" : T.refusal(ack);
      }),
    })));
    const seats = (meta.seats || []).map((s) => s.seat + ":" + s.name).join("|");
    if (seats !== host.seats) {
      host.seats = seats;
      fill(host.seat, (meta.seats || []).map((s) => h("option", { value: s.seat }, s.name)));
    }
    window.QuizRoundPaper.update(view, ctx.send); // the paper teams' sheets (quiz-round-paper.js)
    if (!view) {
      fill(host.now, h("p", { class: "note" }, T.t("host_not_started")));
      return;
    }
    updateFix(view);
    const q = view.question;
    fill(host.now,
      h("p", { class: "qr-host-stage", id: "qr-host-stage" }, tr("stage_" + stage), " · ",
        [tr("round_of", { n: view.round, of: view.rounds }), view.round_title,
          tr("question_of", { n: view.number, of: view.of })].filter(Boolean).join(" · ")),
      q ? h("p", { class: "qr-host-q" }, T.prose(q.prompt)) : null,
      view.truth ? h("p", { class: "truth", id: "qr-host-truth" }, tr("truth", { v: answerText(q, view.truth.answer) }),
        view.truth.source ? h("small", { class: "note" }, " · " + view.truth.source) : null) : null,
      stage === "answering" && view.buzz ? hostFloor(view.buzz)
        : stage === "answering" ? h("p", {}, tr("answered",
          { n: view.answered, of: view.knockout ? view.knockout.in : view.teams })) : null,
      view.clip && view.clip.waiting ? h("p", { class: "note", id: "qr-host-clip" }, tr("clip_host_waiting")) : null,
      q && q.kind === "text" && stage !== "reveal" ? Typed.queue(view, (event) => ctx.send(event).then((ack) => {
        host.msg.textContent = ack && ack.ok ? "" : T.refusal(ack);
      })) : null,
      window.QuizRoundReveal.hostLine(view), window.QuizRoundCatchUp.hostLine(view),
      window.QuizRoundWager.hostStakes(view), window.QuizRoundRisk.hostLine(view),
      window.QuizRoundKnockout.hostLine(view), hostAnswers(view, q));
  }

  /** A buzz question on the host page: which team has the floor (the host judges it), or that
   * the buzzers are live; the teams already out. */
  function hostFloor(buzz) {
    const names = Object.fromEntries(buzz.marks.map((m) => [m.seat, m.name]));
    return h("p", { class: "qr-host-floor" + (buzz.floor !== null ? " taken" : ""), id: "qr-host-floor" },
      buzz.floor !== null ? [seatChip(buzz.floor), " ", tr("has_floor", { who: buzz.floor_name })] : tr("buzz_now"),
      buzz.out.map((seat) => h("small", { class: "bad" }, " ✘ " + (names[seat] || ""))));
  }

  /** A host command's button text: marks and a clip's commands have their own words. */
  function commandLabel(type, stage) {
    if (type === "right" || type === "wrong") return "mark_" + type;
    if (type === "next" && stage === "wager") return "close_stakes";
    return type === "next" && stage === "review" ? "reveal" : type;
  }

  /** Every answer (up to 200 teams): at the reveal with its points, before it as it came in. */
  function hostAnswers(view, q) {
    const rows = view.rows || view.answers || [];
    if (!rows.length || !q) return null;
    const names = Object.fromEntries(view.players.map((p) => [p.seat, p.name]));
    return h("table", { class: "live-table qr-host-answers" }, rows.map((row) =>
      h("tr", { class: row.right === undefined ? "" : row.right ? "good" : row.points > 0 ? "part" : "bad" },
        // A buzz row has no value (the team answered aloud): its mark, not "undefined. undefined".
        h("td", {}, seatChip(row.seat), " ", names[row.seat]),
        h("td", {}, row.value === null || row.value === undefined
          ? (row.right === undefined ? "" : row.right ? "✔" : "✘") : answerText(q, row.value)),
        h("td", {}, row.points === undefined ? "" : signed(row.points) + (row.joker ? " ★" : "")),
        h("td", {}, row.ms === undefined ? "" : secondsOf(row.ms, 2) + " s"))));
  }

  return { panel: hostPanel, update: updateHost };
})();
