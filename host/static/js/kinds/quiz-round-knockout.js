// Quiz round, the knock-out round: the projector's rule on the title card, how many teams are
// still in over each question, who fell and who is left standing at the reveal, the
// leaderboard's "out"; the phone's "out until the round ends" (its answers refused) and its
// verdict's words; the host page's line. Loaded after quiz-round-common.js and before
// quiz-round.js (KIND.page_helpers); offers window.QuizRoundKnockout. Rules:
// docs/rules/quiz-round.md, "The knock-out round".
"use strict";

window.QuizRoundKnockout = (() => {
  const { num } = window.QuizRound;
  // host/static/words/kinds/quiz-round-knockout.json
  const tr = kindStrings(WORDS.kinds["quiz-round-knockout"]);

  /** The title card's lines: the rule and what the last teams standing win. */
  function introLines(view) {
    const ko = view.knockout;
    if (!ko) return [];
    return [h("p", { class: "qr-plan qr-risk-rule", id: "qr-knockout-round" }, tr("knockout_round")),
      ko.bonus ? h("p", { class: "qr-plan qr-risk-rule" },
        tr(ko.survivors === 1 ? "knockout_win_one" : "knockout_win", { n: ko.survivors, b: num(ko.bonus) })) : null];
  }

  /** The badge over a question: how many teams are still in. */
  function badge(view) {
    const ko = view.knockout;
    if (!ko) return null;
    return h("p", { class: "qr-risk-badge knockout", id: "qr-knockout-badge" }, h("b", {}, tr("knockout")),
      " " + tr("still_in", { n: ko.in, of: view.teams }));
  }

  /** At the reveal: who fell (or that nobody did), and the last teams standing when it is over. */
  function revealPanel(outcome) {
    const ko = outcome && outcome.knockout;
    if (!ko) return null;
    const names = (list, more) => list.join(", ") + (more > list.length ? " … (+" + (more - list.length) + ")" : "");
    return h("div", { class: "qr-risk-box", id: "qr-knockout" },
      ko.all_stay ? h("p", { class: "qr-risk-line stay" }, tr("all_stay")) : null,
      ko.fell_count ? h("p", { class: "qr-risk-line wiped", id: "qr-fell" }, h("b", {}, tr("fell")),
        names(ko.fell, ko.fell_count)) : null,
      ko.over ? h("p", { class: "qr-risk-line won", id: "qr-standing" },
        h("b", {}, tr(ko.in === 1 ? "standing_one" : "standing")),
        names(ko.survivors, ko.in), ko.bonus ? " +" + num(ko.bonus) : "")
        : h("p", { class: "qr-risk-line" }, tr("in_count", { n: ko.in })));
  }

  /** A leaderboard row's mark: "out". */
  function boardMarks(p) {
    return p.out ? h("span", { class: "qr-mark out" }, tr("out_mark")) : null;
  }

  /** The phone of a team out: it follows the round on the screen. */
  function phone(you) {
    const mine = you.knockout;
    if (!mine || !mine.out) return null;
    return h("div", { class: "qr-out", id: "qr-out" }, h("p", { class: "verdict-big bad qr-out-you" }, tr("out_you")),
      h("p", { class: "note" }, tr("out_note")));
  }

  /** A verdict's extra words: out, or the survivors' bonus. */
  function verdictExtra(result) {
    return [result.out ? tr("v_out") : "", result.survivor ? tr("v_survivor", { b: num(result.survivor) }) : ""]
      .filter(Boolean).map((text) => " · " + text).join("");
  }

  function hostLine(view) {
    const ko = view.knockout;
    if (!ko) return null;
    return h("p", { class: "qr-host-risk", id: "qr-host-knockout" },
      tr("host_line", { n: ko.in, of: view.teams, s: ko.survivors }));
  }

  function refusal(reason) {
    return /^your team is out until the round ends/.test(reason) ? tr("out_you") : null;
  }

  return { tr, introLines, badge, revealPanel, boardMarks, phone, verdictExtra, hostLine, refusal };
})();
