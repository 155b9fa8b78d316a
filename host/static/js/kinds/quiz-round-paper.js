// Quiz round, the host page's paper sheets: the tables without phones (paper teams) hand in
// their sheets and the host enters each answer of the round under way, after its reveal and
// until the round's board: a choice's letter, a number, the written answer, an order's letters
// (host/quiz_round/paper.py). Loaded before quiz-round-host.js; offers window.QuizRoundPaper.
"use strict";

window.QuizRoundPaper = (() => {
  const { LETTERS, answerText, signed } = window.QuizRound;
  const tr = kindStrings(WORDS.kinds["quiz-round-paper"]); // words/kinds/quiz-round-paper.json

  let card = null;

  function mount() {
    card = {
      root: h("div", { class: "card qr-host-paper", id: "qr-paper", hidden: true }),
      team: h("select", { id: "qr-paper-team", "aria-label": tr("paper_team"), onchange: () => draw(true) }),
      body: h("div", { id: "qr-paper-body" }),
      msg: h("p", { class: "error host-msg", id: "qr-paper-msg", role: "alert" }),
      seen: "", sheets: null, send: null,
    };
    card.title = h("h3", {});
    card.waiting = h("p", { class: "note qr-paper-waiting", id: "qr-paper-waiting" }, tr("paper_waiting"));
    card.root.append(card.title, h("p", { class: "note" }, tr("paper_help")), card.waiting,
      h("div", { class: "qr-adjust-row" }, card.team), card.body, card.msg);
    return card.root;
  }

  function update(view, send) {
    card.send = send;
    const sheets = view && view.paper;
    card.root.hidden = !sheets || view.stage === "over";
    if (!sheets) return;
    const seen = JSON.stringify(sheets);
    if (seen === card.seen) return;
    card.seen = seen;
    card.sheets = sheets;
    card.title.textContent = tr("paper_title", { n: sheets.round });
    card.waiting.hidden = !sheets.waiting;
    const chosen = card.team.value;
    fill(card.team, sheets.teams.map((t) => h("option", { value: t.seat, selected: String(t.seat) === chosen },
      t.name)));
    card.team.hidden = sheets.teams.length < 2;
    draw(false);
  }

  function enter(question, value) {
    const seat = Number(card.team.value || card.sheets.teams[0].seat);
    card.send({ type: "paper", seat, question: question.question, value }).then((ack) => {
      card.msg.textContent = ack && ack.ok ? "" : T.refusal(ack);
    });
  }

  /** A written entry: a field and its button (Enter sends too). */
  function typedEntry(question, attrs, read) {
    const input = h("input", { ...attrs, "data-paper-input": question.number });
    const go = () => {
      const value = read(input.value.trim());
      if (value !== null) enter(question, value);
    };
    input.addEventListener("keydown", (event) => { if (event.key === "Enter") go(); });
    return [input, h("button", { type: "button", class: "small", "data-paper-enter": question.number, onclick: go },
      tr("paper_enter"))];
  }

  function orderFrom(text, count) {
    const letters = LETTERS.slice(0, count);
    const order = text.toUpperCase().replace(/[^A-F]/g, "").split("").map((l) => letters.indexOf(l));
    if (order.length !== count || order.includes(-1) || new Set(order).size !== count) {
      card.msg.textContent = tr("paper_order_bad", { letters });
      return null;
    }
    return order;
  }

  function entry(q, given) {
    if (!q.open) return h("span", { class: "note" }, tr("paper_not_here"));
    if (q.kind === "choice") {
      return h("span", { class: "qr-paper-letters" }, q.options.map((option, i) => h("button", {
        type: "button", class: "small" + (given === i ? " primary" : ""),
        "data-paper-choice": q.number + ":" + LETTERS[i],
        title: option, onclick: () => enter(q, i) }, LETTERS[i])));
    }
    if (q.kind === "numeric") {
      return typedEntry(q, { type: "number", step: 1, class: "qr-paper-number", "aria-label": tr("paper_number"),
        value: given === null ? "" : given }, (text) => (text === "" ? null : Math.round(Number(text))));
    }
    if (q.kind === "order") {
      const example = LETTERS.slice(0, q.options.length).split("").reverse().join("");
      return typedEntry(q, { maxlength: 12, class: "qr-paper-order", placeholder: tr("paper_order", { example }),
        "aria-label": tr("paper_order", { example }),
        value: given === null ? "" : given.map((i) => LETTERS[i]).join("") },
      (text) => orderFrom(text, q.options.length));
    }
    return typedEntry(q, { maxlength: 80, class: "qr-paper-text", "aria-label": tr("paper_text"),
      placeholder: tr("paper_text"), value: given === null ? "" : given }, (text) => text || null);
  }

  /** The round's questions for the chosen team: what is entered, its points, the entry. */
  function draw(fresh) {
    if (fresh) card.msg.textContent = "";
    const sheets = card.sheets;
    const seat = card.team.value || String(sheets.teams[0].seat);
    if (!sheets.questions.length) return fill(card.body, h("p", { class: "note" }, tr("paper_none")));
    fill(card.body, h("table", { class: "live-table qr-paper-table" }, sheets.questions.map((q) => {
      const given = q.answers[seat];
      return h("tr", { "data-paper-q": q.number, class: given === null ? "" : q.points[seat] > 0 ? "good" : "bad" },
        h("td", {}, h("b", {}, tr("paper_q", { n: q.number })), " ", h("small", {}, T.prose(q.prompt).slice(0, 60))),
        h("td", { class: "qr-paper-entry" }, entry(q, given)),
        h("td", { class: "qr-paper-given" }, given === null ? h("small", { class: "note" }, tr("paper_missing"))
          : [answerText(q, given), " · ", tr("paper_pts", { pts: signed(q.points[seat]) })]));
    })));
  }

  return { mount, update };
})();
