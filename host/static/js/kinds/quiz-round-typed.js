// Quiz round, typed answers (text questions): the phone's text field, the host page's review
// queue (typed answers grouped, accept or reject a group in one tap) and the projector's
// panel (a hint while teams type, "the host is checking" during the review, the accepted
// answers at the reveal; never a typed answer before it). Loaded after quiz-round-common.js
// and before quiz-round.js (KIND.page_helpers); offers window.QuizRoundTyped.
"use strict";

window.QuizRoundTyped = (() => {
  const { tr } = window.QuizRound;
  const MAX_TYPED = 64; // host/quiz/matching.py MAX_TYPED: the server refuses longer

  /** The phone's field: a keyboard in the question's language (its pack's), no autocorrect,
   * 64 characters with a count; Enter or the button locks the answer in with the tap's time. */
  function field(lockIn, language) {
    const input = h("input", { type: "text", id: "qr-text", class: "qr-text-input", lang: language || T.lang,
      autocapitalize: "sentences", autocomplete: "off", autocorrect: "off", spellcheck: "false",
      enterkeyhint: "send", maxlength: MAX_TYPED, placeholder: tr("type_here"), "aria-label": tr("type_here") });
    const left = h("small", { class: "note qr-text-left", id: "qr-text-left" },
      tr("type_left", { n: 0, max: MAX_TYPED }));
    const send = (event) => {
      const text = input.value.trim();
      if (text) lockIn(text, event);
    };
    input.addEventListener("input", () => {
      left.textContent = tr("type_left", { n: input.value.length, max: MAX_TYPED });
    });
    input.addEventListener("keydown", (event) => {
      if (event.key === "Enter") {
        event.preventDefault();
        send(event);
      }
    });
    const ok = h("button", { type: "button", class: "key ok qr-text-ok", id: "qr-text-ok", onclick: send },
      tr("type_ok"));
    return h("div", { class: "qr-text-field" }, input, h("div", { class: "qr-text-line" }, left, ok));
  }

  /** A typed answer's refusal in the page's language (the server's reason is English). */
  function refusal(reason) {
    if (/rude word/.test(reason)) return tr("refused_rude");
    if (/type an answer/.test(reason)) return tr("refused_empty");
    if (/at most 64/.test(reason)) return tr("refused_long");
    return null;
  }

  /** The projector's panel for a text question. */
  function screenPanel(view, outcome) {
    if (view.stage === "review") return h("p", { class: "qr-review-wait", id: "qr-review-wait" }, tr("review_wait"));
    if (!outcome) return h("p", { class: "qr-numeric-hint", id: "qr-type-hint" }, tr("type_hint"));
    const also = outcome.accepted.slice(1);
    return h("div", { class: "qr-typed-reveal" },
      h("p", { class: "qr-truth", id: "qr-truth" }, tr("answer", { v: outcome.answer })),
      also.length ? h("p", { class: "note qr-also", id: "qr-also" }, tr("also", { v: also.join(", ") })) : null,
      outcome.host_accepted.length ? h("p", { class: "note qr-also", id: "qr-host-also" },
        tr("host_also", { v: outcome.host_accepted.join(", ") })) : null);
  }

  /** The host's review queue: each distinct normalised answer, how many teams gave it, the
   * machine's verdict and the host's ruling; one tap accepts or rejects the whole group. */
  function queue(view, send) {
    const groups = view.groups || [];
    const rows = groups.map((g) => {
      const state = g.ruling === null ? "" : g.ruling ? " ruled-right" : " ruled-wrong";
      const rule = (type) => h("button", { type: "button", class: "small " + (type === "accept" ? "good" : "bad")
        + ((type === "accept") === g.ruling ? " chosen" : ""), "data-rule": type, "data-key": g.key,
      "aria-pressed": String((type === "accept") === g.ruling), onclick: () => send({ type, key: g.key }) }, tr(type));
      return h("tr", { class: "qr-group" + (g.right ? " good" : " bad") + state, "data-key": g.key },
        h("td", { class: "qr-group-text" }, g.shown), h("td", {}, tr("queue_teams", { n: g.teams })),
        h("td", { class: "note" }, tr(g.auto ? "auto_right" : "auto_wrong"),
          g.ruling === null ? "" : " · " + tr(g.ruling ? "ruled_right" : "ruled_wrong")),
        h("td", { class: "qr-group-rule" }, rule("accept"), " ", rule("reject")));
    });
    return h("div", { class: "qr-queue", id: "qr-queue" }, h("h3", {}, tr("queue")),
      rows.length ? h("table", { class: "live-table qr-queue-table" }, rows)
        : h("p", { class: "note" }, tr("queue_empty")));
  }

  return { field, refusal, screenPanel, queue };
})();
