// Quiz round, wager questions and the streak bonus: the projector's wager stage (the rule, the
// floor and cap, how many teams have bet) and the bets at the reveal; the phone's bet keypad
// (0 to the most it may bet, locked in once) and its bet and streak in its verdict; the host
// page's list of bets. Loaded after quiz-round-common.js and before quiz-round.js
// (KIND.page_helpers); offers window.QuizRoundWager. Rules: docs/rules/quiz-round.md.
"use strict";

window.QuizRoundWager = (() => {
  const { num, signed } = window.QuizRound;
  const base = window.QuizRound.tr;
  const tr = kindStrings(WORDS.kinds["quiz-round-wager"]); // host/static/words/kinds/quiz-round-wager.json

  // The phone's bet being typed: the wager stage's step and its digits (kept while other
  // teams' bets redraw the page).
  const draft = { step: null, typed: "" };

  linkStylesheet("quiz-round-wager", "../../css/kinds/quiz-round-wager.css",
    document.currentScript ? document.currentScript.src : location.origin + "/static/js/kinds/quiz-round-wager.js");

  /** The rule's lines: the floor for a team on 0 points, the cap when the host set one. */
  function ruleLines(wager) {
    return [tr("wager_rule"), wager.floor ? tr("wager_floor", { n: num(wager.floor) }) : "",
      wager.cap ? tr("wager_cap", { n: num(wager.cap) }) : ""].filter(Boolean);
  }

  /** The projector while the teams bet: nothing of the question exists yet. */
  function screen(view) {
    return h("div", { class: "qr-wager", id: "qr-wager" }, // no rise: it redraws as teams bet
      h("p", { class: "qr-round-no" }, base("round_of", { n: view.round, of: view.rounds })
        + " · " + base("question_of", { n: view.number, of: view.of })),
      h("h1", {}, tr("wager_title")),
      ruleLines(view.wager).map((line) => h("p", { class: "qr-wager-rule" }, line)),
      h("p", { class: "qr-staked", id: "qr-staked" }, tr("staked", { n: view.wager.staked, of: view.teams })));
  }

  /** The badge over a wager question, and the round's line on its title card. */
  function badge() {
    return h("p", { class: "qr-wager-badge", id: "qr-wager-badge" }, tr("wager_title"));
  }

  function introLine(view) {
    return view.wager ? h("p", { class: "qr-plan qr-wager-round", id: "qr-wager-round" }, tr("wager_round")) : null;
  }

  /** At the reveal: each team's bet, biggest first, won (green) or lost (red). */
  function stakesPanel(outcome) {
    if (!outcome.stakes || !outcome.stakes.length) return null;
    return h("div", { class: "qr-stakes-box" }, h("b", {}, tr("stakes")),
      h("ol", { class: "qr-stakes", id: "qr-stakes" }, outcome.stakes.slice(0, 16).map((s) =>
        h("li", { "data-seat": s.seat }, seatChip(s.seat), h("span", { class: "who" }, s.name),
          h("span", { class: "pts " + (s.points > 0 ? "good" : "bad") }, signed(s.points))))));
  }

  /** The phone during the wager stage: its keypad (digits, ⌫, "all") and "Bet", or its bet. */
  function phone(view, you, act, status) {
    const mine = you.wager || {};
    if (mine.stake !== null && mine.stake !== undefined) {
      status.textContent = tr("stake_locked", { n: num(mine.stake) });
      status.classList.add("locked");
      return h("p", { class: "note", id: "qr-stake-wait" }, tr("stake_wait"));
    }
    const most = mine.most || 0;
    status.textContent = tr("wager_title") + " · " + tr("stake_hint", { most: num(most) });
    if (!(view.legal || []).some((a) => a.type === "stake")) return null;
    if (draft.step !== view.step) {
      draft.step = view.step;
      draft.typed = "";
    }
    const display = h("output", { class: "typed", id: "qr-stake-typed", "aria-live": "polite" });
    const show = () => {
      display.classList.toggle("empty", !draft.typed);
      display.textContent = draft.typed ? num(Number(draft.typed)) : "0";
    };
    const press = (key) => {
      if (key === "⌫") draft.typed = draft.typed.slice(0, -1);
      else if (key === "all") draft.typed = String(most);
      else if (Number((draft.typed === "0" ? "" : draft.typed) + key) <= most) {
        draft.typed = (draft.typed === "0" ? "" : draft.typed) + key;
      } else {
        status.textContent = tr("stake_too_much", { most: num(most) });
      }
      show();
    };
    const keys = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "all", "0", "⌫"];
    show();
    return h("div", { class: "keypad qr-stake", id: "qr-stake" }, display,
      h("div", { class: "keys" }, keys.map((k) => h("button", { type: "button", class: "key", "data-key": k,
        onclick: () => press(k) }, k === "all" ? tr("stake_all") : k))),
      h("button", { type: "button", class: "key ok", id: "qr-stake-lock",
        onclick: () => act({ type: "stake", points: Number(draft.typed || "0") }) }, tr("stake_lock")));
  }

  /** A verdict's extra words: the team's bet, and its streak bonus. */
  function verdictExtra(result) {
    return [result.stake !== undefined ? tr("your_stake", { n: num(result.stake) }) : "",
      result.streak_bonus ? tr("streak", { n: result.streak, b: num(result.streak_bonus) }) : ""]
      .filter(Boolean).map((text) => " · " + text).join("");
  }

  /** The host page: every team's bet (or "not yet") while they come in and after. */
  function hostStakes(view) {
    if (!view.stakes) return null;
    const bet = Object.fromEntries(view.stakes.map((s) => [s.seat, s.points]));
    return h("div", { class: "qr-host-stakes", id: "qr-host-stakes" },
      h("p", {}, tr("host_stakes", { n: view.stakes.length, of: view.teams })),
      h("table", { class: "live-table" }, view.players.map((p) => h("tr", { "data-seat": p.seat },
        h("td", {}, seatChip(p.seat), " ", p.name), h("td", {}, num(p.score)),
        h("td", { class: p.seat in bet ? "" : "note" }, p.seat in bet ? num(bet[p.seat]) : tr("host_no_stake"))))));
  }

  /** Refusals of a bet in the page's language (the server's reasons are English). */
  function refusal(reason) {
    const most = reason.match(/^your stake is at most (\d+) points/);
    if (most) return tr("stake_too_much", { most: num(Number(most[1])) });
    if (/^stakes are closed/.test(reason)) return tr("stake_closed");
    return null;
  }

  return { tr, screen, badge, introLine, stakesPanel, phone, verdictExtra, hostStakes, refusal };
})();
