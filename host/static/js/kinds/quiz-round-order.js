// Quiz round, ordering questions (kind "order"): the phone's tap-to-order (tap the items in
// the order you think, tap the last one again to take it back, then lock the order in), the
// phone's own order against the right one at the reveal, and the projector's panel (the
// items as shown while teams order them; the right order, how many teams had it all right
// and how many in part at the reveal). Loaded after quiz-round-common.js and before
// quiz-round.js (KIND.page_helpers); offers window.QuizRoundOrder.
// An answer is the shown items' indexes, first item first (docs/PROTOCOL.md).
"use strict";

window.QuizRoundOrder = (() => {
  const { LETTERS } = window.QuizRound;
  const base = window.QuizRound.tr; // the round's own words: right, points, bonus
  const tr = kindStrings(WORDS.kinds["quiz-round-order"]); // host/static/words/kinds/quiz-round-order.json

  // The phone's order being built: the question's step and the shown indexes tapped so far.
  const picking = { step: null, order: [] };

  linkStylesheet("quiz-round-order", "../../css/kinds/quiz-round-order.css",
    document.currentScript ? document.currentScript.src : location.origin + "/static/js/kinds/quiz-round-order.js");

  /** The phone's picker: each item a button; a tap gives it the next place, a tap on the last
   * placed takes it back; "lock in" sends the order once every item has its place. */
  function picker(q, step, lockIn) {
    if (picking.step !== step) {
      picking.step = step;
      picking.order = [];
    }
    const holder = h("div", { class: "qr-order", id: "qr-order" });
    const draw = () => {
      const order = picking.order;
      const left = q.options.length - order.length;
      const items = q.options.map((text, i) => {
        const place = order.indexOf(i);
        const last = place >= 0 && place === order.length - 1;
        return h("button", { type: "button", class: "qr-order-item choice-" + i + (place >= 0 ? " placed" : "")
          + (last ? " last" : ""), "data-item": i, "aria-pressed": String(place >= 0),
        onclick: () => {
          if (place < 0) order.push(i);
          else if (last) order.pop();
          else return;
          draw();
        } },
        h("b", { class: "qr-order-place" }, place >= 0 ? String(place + 1) : LETTERS[i]),
        h("span", { class: "qr-order-text" }, text));
      });
      fill(holder,
        h("p", { class: "note qr-order-hint", id: "qr-order-hint" },
          left ? (order.length ? tr("order_left", { n: left }) : tr("order_hint")) : tr("order_ready")),
        h("div", { class: "qr-order-items n" + q.options.length }, items),
        h("div", { class: "qr-order-line" },
          h("button", { type: "button", class: "key qr-order-undo", id: "qr-order-undo", disabled: !order.length,
            onclick: () => { order.pop(); draw(); } }, tr("order_undo")),
          h("button", { type: "button", class: "key ok qr-order-lock", id: "qr-order-lock", disabled: left > 0,
            onclick: (event) => { if (order.length === q.options.length) lockIn([...order], event); } },
          tr("order_lock"))));
    };
    draw();
    return holder;
  }

  /** The order a team locked in, item by item (the phone, until the reveal). */
  function lockedList(q, order) {
    return h("ol", { class: "qr-order-list", id: "qr-order-locked" }, order.map((i) =>
      h("li", { class: "choice-" + i }, q.options[i])));
  }

  /** "1st", "2nd"... in the page's language (French: "1er", "2e"). */
  function ordinal(n) {
    if (n === 1) return tr("first");
    if (T.lang === "en" && n === 2) return tr("second");
    if (T.lang === "en" && n === 3) return tr("third");
    return tr("nth", { n });
  }

  /** The phone at the reveal: the right order, each item marked right or wrong for this team,
   * with the place the team gave it when wrong. */
  function phoneReveal(q, outcome, you) {
    const mine = you.result ? you.result.value : null;
    return h("ol", { class: "qr-order-list qr-order-truth", id: "qr-order-truth" }, outcome.answer.map((i, place) => {
      const ok = mine !== null && mine[place] === i;
      return h("li", { class: mine === null ? "" : ok ? "good" : "bad", "data-place": place },
        h("b", { class: "qr-order-n" }, String(place + 1)),
        h("span", { class: "qr-order-mark" }, mine === null ? "" : ok ? "✔" : "✘"),
        h("span", { class: "qr-order-text" }, q.options[i]),
        mine !== null && !ok
          ? h("small", { class: "qr-order-mine" }, tr("order_mine", { n: ordinal(mine.indexOf(i) + 1) })) : null);
    }));
  }

  /** The phone's verdict for an order: all right, or how many items were in place. */
  function verdict(q, you) {
    const result = you.result;
    const count = q.options.length;
    const look = "verdict-big " + (result.right ? "good" : result.points > 0 ? "good part" : "bad");
    return h("div", { class: look, id: "qr-verdict", "data-points": result.points },
      result.right ? "✔ " + base("right") : tr("order_in_place", { n: result.in_place, of: count }),
      h("small", {}, base("points", { n: result.points })
        + (result.bonus ? " · " + base("bonus", { n: result.bonus }) : "")));
  }

  /** The projector: the items as shown while teams order them; at the reveal the right order
   * and how many teams had it in part or not at all (all right: the round's summary line). */
  function screenPanel(q, outcome, view) {
    if (!outcome) {
      return h("div", { class: "qr-order-screen" },
        h("ol", { class: "qr-options qr-order-shown n" + q.options.length, id: "qr-options" },
          q.options.map((text, i) => h("li", { class: "qr-option choice-" + i, "data-option": i },
            h("b", {}, LETTERS[i]), h("span", { class: "qr-text-opt" }, text)))),
        view.stage === "answering" ? h("p", { class: "qr-numeric-hint", id: "qr-order-tap" }, tr("order_tap")) : null);
    }
    const counts = outcome.in_place || [];
    const all = counts.length ? counts[counts.length - 1] : 0;
    const none = counts.length ? counts[0] : 0;
    const part = outcome.answered - all - none;
    return h("div", { class: "qr-order-screen" },
      h("p", { class: "qr-order-title" }, tr("order_right")),
      h("ol", { class: "qr-order-right n" + q.options.length, id: "qr-order-right" }, outcome.answer.map((i, place) =>
        h("li", { class: "qr-option choice-" + i, "data-option": i,
          style: `animation-delay:${(place * 0.25).toFixed(2)}s` },
          h("b", {}, String(place + 1)), h("span", { class: "qr-text-opt" }, q.options[i])))),
      h("p", { class: "qr-order-counts", id: "qr-order-counts", "data-all": all },
        tr("order_part", { n: part }), " · ", tr("order_none", { n: none })));
  }

  return { picker, lockedList, phoneReveal, verdict, screenPanel, tr };
})();
