// Quiz round, choice questions with several right options (`several: true`): the phone's
// ticks ("Tick every right answer": each option a toggle, then one lock-in button, the
// ticks going out as one answer), the team's ticks until the reveal, its own verdict at the
// reveal ("2 of 3 right, 1 wrong: +3") with each option marked, and the projector's line
// that says several options are right. The projector's bars per option are quiz-round.js's
// (every right option lit). Loaded after quiz-round-common.js and before quiz-round.js
// (KIND.page_helpers); offers window.QuizRoundSeveral.
// An answer is the ticked options' indexes (docs/PROTOCOL.md); scoring: docs/rules/quiz-round.md.
"use strict";

window.QuizRoundSeveral = (() => {
  const { LETTERS, signed } = window.QuizRound;
  const base = window.QuizRound.tr; // the round's own words: right, points, bonus
  const tr = kindStrings(WORDS.kinds["quiz-round-several"]); // host/static/words/kinds/quiz-round-several.json

  // The phone's ticks being made: the question's step and the ticked indexes.
  const ticking = { step: null, ticked: new Set() };

  linkStylesheet("quiz-round-several", "../../css/kinds/quiz-round-several.css",
    document.currentScript ? document.currentScript.src : location.origin + "/static/js/kinds/quiz-round-several.js");

  /** Whether a reveal's right answer lists option `i` (one index, or several). */
  function isRight(answer, i) {
    return Array.isArray(answer) ? answer.includes(i) : answer === i;
  }

  /** The phone's ticks: each option a toggle; the lock-in button sends them all at once (one
   * answer, no changing) and says how many are ticked; with none ticked it is disabled. */
  function picker(q, step, lockIn) {
    if (ticking.step !== step) {
      ticking.step = step;
      ticking.ticked = new Set();
    }
    const holder = h("div", { class: "qr-several", id: "qr-several" });
    const draw = () => {
      const ticked = ticking.ticked;
      const boxes = q.options.map((text, i) => {
        const on = ticked.has(i);
        return h("button", { type: "button", class: "qr-tick choice-" + i + (on ? " on" : ""),
          "data-tick": i, "aria-pressed": String(on), role: "checkbox", "aria-checked": String(on),
          onclick: () => {
            if (on) ticked.delete(i);
            else ticked.add(i);
            draw();
          } },
        h("b", { class: "qr-tick-box", "aria-hidden": "true" }, on ? "✔" : ""),
        h("b", { class: "qr-tick-letter" }, LETTERS[i]),
        h("span", { class: "qr-tick-text" }, text));
      });
      fill(holder,
        h("p", { class: "qr-several-hint", id: "qr-several-hint" }, tr("tick_all")),
        h("div", { class: "qr-ticks n" + q.options.length }, boxes),
        h("button", { type: "button", class: "key ok qr-tick-lock", id: "qr-tick-lock", disabled: !ticked.size,
          onclick: (event) => {
            if (ticked.size) lockIn([...ticked].sort((a, b) => a - b), event);
          } }, ticked.size ? tr("tick_lock", { n: ticked.size }) : tr("tick_none")));
    };
    draw();
    return holder;
  }

  /** The options a team ticked (the phone, until the reveal). */
  function lockedList(q, ticks) {
    return h("ul", { class: "qr-ticked", id: "qr-ticked" }, ticks.map((i) =>
      h("li", { class: "choice-" + i }, h("b", {}, LETTERS[i]), " ", q.options[i])));
  }

  /** "2 of 3 right, 1 wrong" (the wrong part only when there is one). */
  function tally(result, of) {
    return tr("hits", { n: result.hits, of }) + (result.misses ? ", " + tr("misses", { n: result.misses }) : "");
  }

  /** The phone's verdict: all right, or "2 of 3 right, 1 wrong: +3". */
  function verdict(outcome, you) {
    const result = you.result;
    if (!result) return h("div", { class: "verdict-big none", id: "qr-verdict" }, base("none"));
    const of = Array.isArray(outcome.answer) ? outcome.answer.length : 1;
    const look = "verdict-big " + (result.right ? "good" : result.points > 0 ? "good part" : "bad");
    const said = tally(result, of);
    return h("div", { class: look, id: "qr-verdict", "data-points": result.points },
      result.right ? "✔ " + base("right") : tr("tally_points", { t: said, p: signed(result.points) }),
      h("small", {}, (result.right ? said + " · " : "") + base("points", { n: result.points })
        + (result.bonus ? " · " + base("bonus", { n: result.bonus }) : "")
        + window.QuizRoundWager.verdictExtra(result)));
  }

  /** The phone at the reveal: every option, the right ones marked, the team's ticks shown. */
  function phoneReveal(q, outcome, you) {
    const mine = you.result && Array.isArray(you.result.value) ? you.result.value : [];
    return h("ul", { class: "qr-several-truth", id: "qr-several-truth" }, q.options.map((text, i) => {
      const right = isRight(outcome.answer, i);
      const ticked = mine.includes(i);
      const look = right ? (ticked ? "good" : "missed") : ticked ? "bad" : "";
      return h("li", { class: look, "data-option": i, "data-right": String(right) },
        h("span", { class: "qr-tick-box small" }, ticked ? "✔" : ""),
        h("b", {}, LETTERS[i]), h("span", { class: "qr-tick-text" }, text),
        h("small", { class: "qr-several-mark" }, right ? tr("mark_right") : ticked ? tr("mark_wrong") : ""));
    }));
  }

  /** The projector's line under the prompt: several options are right, tick them all. */
  function screenHint(view) {
    return h("p", { class: "qr-several-screen", id: "qr-several-screen" },
      view.stage === "reveal" ? tr("screen_right") : tr("screen_tick"));
  }

  return { isRight, picker, lockedList, verdict, phoneReveal, screenHint, tr };
})();
