// The territory reveal's words: how numbers read, each row's mark and the verdict line.
// Kept apart from the page code (kinds/territory.js) so the wording can be tested on its own
// (tests/browser/test_reveal_words.py runs it in Chromium on the engine's real views).
// The facts come from the server (host/territory/verdict.py): rank, real distance, "right",
// the time after the first lock-in, and outcome.decision (who came out ahead, and by what).
/* exported TerritoryWords */
"use strict";

const TerritoryWords = (() => {
  const say = kindStrings(WORDS.kinds["territory-words"]); // host/static/words/kinds/territory-words.json

  /**
   * How this question's numbers read: a year ("En quelle année…", "In which year…", unit "year")
   * has no thousands separator, anything else the page language's; one format for every number
   * of a reveal line, so a year's gap and its times read alike.
   */
  function numberFormat(content) {
    const prompt = (content && content.prompt) || "";
    const year = (content && content.unit === "year") || /\b(quelle ann[ée]e|which year|what year)\b/i.test(prompt);
    return (n) => (year ? String(Math.round(n)) : Math.round(n).toLocaleString(T.lang));
  }

  /** An answer as shown: a choice's letter and text, a number in the question's format. */
  function answerText(content, value) {
    if (value === null || value === undefined) return "—";
    if (content && content.kind === "choice") return formatAnswer(content, value);
    return numberFormat(content)(value);
  }

  /**
   * A judged row's mark and class: "Juste !" only for a right answer (exact, or the host said
   * so), "Le plus proche" for the closest numeric one, the rank for the others (an answer that
   * still picks is not "wrong"), "Faux" for a wrong choice or the host's ruling.
   */
  function rowMark(content, row) {
    const ruled = row.overridden === true || row.overridden === false ? " " + say("judged") : "";
    if (row.overridden === false) return { cls: "bad", text: "✘ " + T.t("wrong") + ruled };
    if (!row.answered) return { cls: "none", text: "" };
    if (content.kind === "choice") {
      if (row.correct) return { cls: "good", text: "✔ " + T.t("right") + ruled };
      return { cls: "bad", text: "✘ " + T.t("wrong") };
    }
    if (row.right) return { cls: "good", text: "✔ " + T.t("right") + ruled };
    if (row.rank === 1) return { cls: "good", text: say("closest") };
    return { cls: "near", text: say("nth_closest", { n: row.rank }) };
  }

  /** A row's gap (none when exact) and its time after the question's first lock-in. */
  function rowDetail(content, row) {
    const num = numberFormat(content);
    const detail = [];
    if (row.distance !== undefined && row.distance !== null && row.distance !== 0) {
      detail.push(T.t("off_by", { d: num(row.distance) }));
    }
    if (row.after_ms !== undefined && row.after_ms !== null) {
      detail.push(row.after_ms === 0 ? say("first_in") : "+" + num(row.after_ms) + " ms");
    }
    return detail.join(" · ");
  }

  /** The verdict line: who came out ahead and what decided it (outcome.decision), or null.
   * `placeName(id)` names a territory (the map's name in the page's language). */
  function verdictText(state, q, placeName) {
    const outcome = q.outcome || {};
    const d = outcome.decision;
    if (!d) return outcome.result ? T.t(outcome.result) : null;
    const name = (seat) => seatName(state, seat);
    if (d.by === "both_right") return T.t("speed_question");
    if (d.by === "conquest") {
      if (!d.winners.length) return say("conquest_none");
      const place = placeName || ((id) => id);
      return (d.taken || []).map((taken) => say("conquest_took",
        { who: name(taken.seat), t: place(taken.territory) })).join(" · ");
    }
    if (d.seat === null || d.seat === undefined) return say("nobody");
    const attack = state.view.attack;
    const verb = q.purpose === "expansion" ? "v_first" : q.purpose === "final" ? "v_final"
      : attack && d.seat === attack.defender ? "v_holds" : "v_wins";
    const num = numberFormat(q.content);
    const why = say(d.by === "right" && q.purpose === "duel" ? "why_only_right" : "why_" + d.by, {
      other: d.over !== undefined ? name(d.over) : "",
      d: d.distance !== undefined && d.distance !== null ? num(d.distance) : "",
      ms: d.ms !== undefined ? num(d.ms) : "",
    });
    return say("verdict", { head: say(verb, { who: name(d.seat) }), why });
  }

  /** "Choisissent : Ana, Bruno" (one name: "Choisit"); null for nobody. */
  function pickersText(state, pickers) {
    if (!pickers || !pickers.length) return null;
    const who = pickers.map((s) => seatName(state, s)).join(", ");
    return pickers.length > 1 ? T.t("pickers", { who }) : say("picker_one", { who });
  }

  /**
   * Who duels whom for which territory, as `seat` reads it (null: the room): "You attack
   * Bavaria (defended by The Bears)", "You defend Bavaria against Kim", else "Attack: Kim →
   * Bavaria (defended by The Bears)". No verb has a player as its subject: a team's name is
   * often plural ("Les Ours"). `placeName(id)` names the territory; `nameOf(seat)` a player
   * (the seat's name unless given). Null when no attack is on.
   */
  function duelLine(state, seat, placeName, nameOf) {
    const attack = state.view && state.view.attack;
    if (!attack) return null;
    const name = nameOf || ((s) => seatName(state, s));
    const t = placeName(attack.target);
    if (seat === attack.attacker) return T.prose(say("duel_you_attack", { t, d: name(attack.defender) }));
    if (seat === attack.defender) return T.prose(say("duel_you_defend", { t, a: name(attack.attacker) }));
    return T.prose(T.t("attack_on", { a: name(attack.attacker), d: name(attack.defender), t }));
  }

  return { numberFormat, answerText, rowMark, rowDetail, verdictText, pickersText, duelLine };
})();
