// Quiz round, the round's points at risk: the wipeout round and double or nothing. The
// projector's line on the title card and badge over a question, who was wiped out or won or
// lost a double at the reveal, the leaderboard's marks; the phone's "double or nothing" button
// (with its yes/no), its state and its verdict's words; the host page's line. Loaded after
// quiz-round-common.js and before quiz-round.js (KIND.page_helpers); offers
// window.QuizRoundRisk. Rules: docs/rules/quiz-round.md, "Wipeout and double or nothing".
"use strict";

window.QuizRoundRisk = (() => {
  const { num, signed } = window.QuizRound;
  const tr = kindStrings(WORDS.kinds["quiz-round-risk"]); // host/static/words/kinds/quiz-round-risk.json

  // The phone's "are you sure?" for the double: the round it was asked in (a redraw keeps it).
  const sure = { round: null };

  linkStylesheet("quiz-round-risk", "../../css/kinds/quiz-round-risk.css",
    document.currentScript ? document.currentScript.src : location.origin + "/static/js/kinds/quiz-round-risk.js");

  /** The title card's lines: the round's rule. */
  function introLines(view) {
    const risk = view.risk;
    if (!risk) return [];
    const rule = (id, key) => h("p", { class: "qr-plan qr-risk-rule", id }, tr(key));
    return [risk.wipeout ? rule("qr-wipeout-round", "wipeout_round") : null,
      risk.double ? rule("qr-double-round", "double_round") : null];
  }

  /** The badge over a question: the round's kind, how many doubled, the last question's word. */
  function badge(view) {
    const risk = view.risk;
    if (!risk) return null;
    const words = [risk.wipeout ? tr("wipeout") : "", risk.double ? tr("double") : ""].filter(Boolean).join(" · ");
    const more = risk.double ? (risk.late ? tr("last_question") : tr("doubled_count", { n: risk.doubled })) : "";
    return h("p", { class: "qr-risk-badge", id: "qr-risk-badge" }, h("b", {}, words), more ? " " + more : "");
  }

  /** At the reveal: the teams wiped out, and the doubles won and lost, with their figures. */
  function revealPanel(outcome) {
    const risk = outcome && outcome.risk;
    if (!risk || !risk.teams.length) return null;
    const group = (kind, title, sign) => {
      const teams = risk.teams.filter((t) => t.kind === kind);
      return teams.length ? h("p", { class: "qr-risk-line " + kind, "data-kind": kind }, h("b", {}, tr(title)),
        teams.slice(0, 16).map((t) => h("span", { class: "qr-risk-team", "data-seat": t.seat }, seatChip(t.seat),
          " " + t.name + " " + (sign ? signed(sign * t.points) : "→ " + num(t.points))))) : null;
    };
    return h("div", { class: "qr-risk-box", id: "qr-risk" }, group("wiped", "reveal_wiped", -1),
      group("won", "reveal_won", 0), group("lost", "reveal_lost", -1));
  }

  /** A leaderboard row's marks: ×2 (doubled), "wiped out". */
  function boardMarks(p) {
    return [p.double ? h("span", { class: "qr-mark double" }, tr("double_mark")) : null,
      p.wiped ? h("span", { class: "qr-mark wiped" }, tr("wiped_mark")) : null];
  }

  /** The phone: the team's double (its button, then "are you sure?"), or what it is now. */
  function phone(view, you, act) {
    const mine = you.risk;
    if (!mine) return null;
    if (mine.wiped) return h("p", { class: "note qr-risk-you wiped", id: "qr-wiped-you" }, tr("wiped_you"));
    if (view.risk.late || !view.risk.double) return null; // decided now: the verdict says how
    if (mine.doubled) return h("p", { class: "verdict-big good qr-double-on", id: "qr-double-on" }, tr("double_on"));
    if (!mine.may_double) return null;
    if (sure.round === view.round) {
      return h("div", { class: "qr-double-sure", id: "qr-double-sure" }, h("p", {}, tr("double_sure")),
        h("div", { class: "buttons" },
          h("button", { type: "button", class: "qr-double-yes", id: "qr-double-yes", onclick: () => {
            sure.round = null;
            act({ type: "double" });
          } }, tr("double_yes")),
          h("button", { type: "button", id: "qr-double-back", onclick: (event) => {
            sure.round = null;
            event.target.closest(".qr-double-sure").replaceWith(phone(view, you, act));
          } }, tr("double_back"))));
    }
    return h("button", { type: "button", class: "qr-double", id: "qr-double", onclick: (event) => {
      sure.round = view.round;
      event.target.replaceWith(phone(view, you, act));
    } }, tr("double_button"));
  }

  /** A verdict's extra words: wiped out, a double won or lost. */
  function verdictExtra(result) {
    return [result.wiped !== undefined ? tr("v_wiped") : "",
      result.wiped_out ? tr("v_wiped_out") : "",
      result.double === "won" ? tr("v_won", { n: num(result.doubled) }) : "",
      result.double === "lost" ? tr("v_lost", { n: num(result.lost) }) : ""]
      .filter(Boolean).map((text) => " · " + text).join("");
  }

  /** The host page's line: the round's kind and how many teams doubled. */
  function hostLine(view) {
    const risk = view.risk;
    if (!risk) return null;
    const words = [risk.wipeout ? tr("host_line_wipeout") : "",
      risk.double ? tr("host_line_double", { n: risk.doubled }) : ""].filter(Boolean).join(" · ");
    return h("p", { class: "qr-host-risk", id: "qr-host-risk" }, words);
  }

  /** Refusals of a double in the page's language (the server's reasons are English). */
  function refusal(reason) {
    if (/^too late: the round's last question/.test(reason)) return tr("too_late");
    return null;
  }

  return { tr, introLines, badge, revealPanel, boardMarks, phone, verdictExtra, hostLine, refusal };
})();
