// Quiz round, catch-up at half-time: the rule on the half-time board with whom it will give to,
// the teams it gave to on the next round's title card, a "Catch-up +5" tag beside each of them
// on every later board, the phone's own line, the host page's line. The engine gives it
// (host/quiz_round/catchup.py). Loaded after quiz-round-common.js and quiz-round-reveal.js
// (whose words it shares) and before quiz-round.js; offers window.QuizRoundCatchUp.
"use strict";

window.QuizRoundCatchUp = (() => {
  const { signed } = window.QuizRound;
  const tr = window.QuizRoundReveal.tr; // quiz-round-reveal.json holds the catch-up's words too
  const SHOWN = 12; // the teams a line names on the projector

  function rule(c) {
    return tr("catch_up_rule_" + c.rule, { p: c.points });
  }

  function teams(c) {
    const named = c.teams.slice(0, SHOWN).map((t) => h("span", { class: "qr-catch-team", "data-seat": t.seat },
      seatChip(t.seat), " ", t.name, " ", h("b", {}, signed(t.points))));
    const more = c.count - SHOWN;
    return more > 0 ? [...named, h("span", { class: "note" }, tr("catch_up_more", { n: more }))] : named;
  }

  /** The board: before it is given (the half-time board), whom it will give to; nothing after. */
  function boardLine(view) {
    const c = view.catch_up;
    if (!c || c.done || !view.round_end || view.round !== c.after_round) return null;
    return h("p", { class: "qr-catch", id: "qr-catch-soon" }, c.teams.length // "none" names the catch-up itself
      ? [h("b", {}, tr("catch_up_soon")), " ", ...teams(c)] : tr("catch_up_none"));
  }

  /** The title card: the rule before half-time; right after it, the teams it gave to. */
  function introLine(view) {
    const c = view.catch_up;
    if (!c) return null;
    if (!c.done) return h("p", { class: "qr-plan qr-catch-rule", id: "qr-catch-rule" },
      tr("catch_up_when", { n: c.after_round, rule: rule(c) }));
    if (view.round !== c.after_round + 1) return null;
    return h("div", { class: "qr-catch", id: "qr-catch-given" }, c.teams.length
      ? [h("b", {}, tr("catch_up_given")), " ", ...teams(c)] : tr("catch_up_none"));
  }

  /** A board row's tag: what the catch-up gave that team. */
  function tag(player) {
    return player.catch_up
      ? h("span", { class: "qr-catch-tag" }, tr("catch_up_tag", { p: signed(player.catch_up) })) : null;
  }

  /** The phone: its team's catch-up, on the title card and the board; on the half-time board,
   * before it is given, what it will get as the projector says it (its list: the first 40). */
  function phoneLine(view, you) {
    if (you.catch_up) return h("p", { class: "note qr-catch-yours", id: "qr-p-catch" },
      tr("catch_up_yours", { p: signed(you.catch_up) }));
    const c = view.catch_up;
    const soon = c && !c.done && view.stage === "board" && view.round_end && view.round === c.after_round
      ? c.teams.find((t) => t.seat === you.seat) : null;
    return soon ? h("p", { class: "note qr-catch-yours", id: "qr-p-catch-soon" },
      tr("catch_up_yours_soon", { p: signed(soon.points) })) : null;
  }

  function hostLine(view) {
    const c = view.catch_up;
    if (!c) return null;
    const given = c.done ? c.teams.map((t) => t.name + " " + signed(t.points)).join(" · ") : "";
    return h("p", { class: "note", id: "qr-host-catch" }, tr("catch_up_when", { n: c.after_round, rule: rule(c) }),
      given ? " — " + given : "");
  }

  return { boardLine, introLine, tag, phoneLine, hostLine };
})();
