// Quiz round, shared by its page parts (js/kinds/quiz-round.js draws the projector, phone and
// host page): its French and English strings, formatting, and the host form's round builder.
// Loaded before quiz-round.js (KIND.page_helpers); offers window.QuizRound.
"use strict";

window.QuizRound = (() => {
  const tr = kindStrings(WORDS.kinds["quiz-round-common"]); // host/static/words/kinds/quiz-round-common.json

  linkStylesheet("quiz-round", "../../css/kinds/quiz-round.css",
    document.currentScript ? document.currentScript.src : location.origin + "/static/js/kinds/quiz-round-common.js");

  const LETTERS = "ABCDEF";

  function roundTitle(view) {
    return view.round_title || tr("round_n", { n: view.round });
  }

  /** Grouped digits from five up: a year is "1889", not "1 889" (French and English typography
   * both leave four-digit numbers whole); below zero a minus sign, "−10", as `signed` writes a
   * loss (toLocaleString writes a hyphen, "-10"). */
  function num(value) {
    const n = Number(value);
    const shown = Math.abs(n).toLocaleString(T.lang, { useGrouping: Math.abs(n) >= 10000, maximumFractionDigits: 3 });
    return n < 0 && shown !== "0" ? "−" + shown : shown;
  }

  /** A gain or a loss with its sign: "+7", "−6" (a minus sign, never "+-6"), "0". */
  function signed(value) {
    const n = Number(value);
    return n > 0 ? "+" + num(n) : n < 0 ? num(n) : "0";
  }

  /** Milliseconds as seconds with `digits` decimals, as the page's language writes them
   *  ("11,1" in French, "11.1" in English). */
  function secondsOf(ms, digits) {
    return (ms / 1000).toLocaleString(T.lang, { minimumFractionDigits: digits, maximumFractionDigits: digits });
  }

  function answerText(question, value) {
    if (question && question.kind === "choice" && Array.isArray(value)) { // several right options, ticked
      return value.map((i) => LETTERS[i] + ". " + question.options[i]).join(" + ");
    }
    if (question && question.kind === "choice") return LETTERS[value] + ". " + question.options[value];
    if (question && question.kind === "text") return String(value);
    if (question && question.kind === "order") return value.map((i) => question.options[i]).join(" → ");
    return num(value) + (question && question.unit ? " " + question.unit : "");
  }

  function placeText(n) {
    return n === 1 ? tr("first") : tr("place", { n });
  }

  function showPicture(holder, url) {
    const current = holder.firstChild;
    if (current && current.getAttribute("src") === url) return;
    fill(holder, url ? h("img", { src: url, alt: T.t("question_image"), class: "q-image" }) : []);
    holder.hidden = !url;
  }

  function planLine(view) {
    return tr("plan_line", { q: view.of, s: view.seconds, p: view.points })
      + (view.speed_bonus ? tr("bonus_line", { b: view.speed_bonus }) : "");
  }

  // ------------------------------------------------------------- host form: the round builder

  const MIXES = ["mixed", "choice", "numeric", "buzz", "text", "order", "varied"];

  /** The rounds one by one: a block per round (title, questions, seconds, points, bonus, mix).
   * No round: the flat settings make every round. The plan goes out as the hidden input's JSON. */
  function settingEditor(setting, id) {
    const value = h("input", { type: "hidden", id, "data-setting": setting.key, "data-type": "json", value: "" });
    const rounds = h("ol", { class: "qr-plan-rounds", id: "qr-plan-rounds" });
    const total = h("small", { class: "note", id: "qr-plan-total" }, tr("plan_none"));
    const flat = (key, fallback) => {
      const input = document.getElementById("s-" + key);
      return input ? input.value : fallback;
    };
    const sync = () => {
      const plan = [...rounds.children].map((block) => {
        // A planned round's keys this editor does not show (a wager's cap, two packs...) stay.
        const round = block.dataset.extra ? JSON.parse(block.dataset.extra) : {};
        for (const input of block.querySelectorAll("[data-key]")) {
          const key = input.dataset.key;
          if (key === "categories" || key === "packs") {
            if (input.value) round[key] = [input.value];
          } else if (input.type === "checkbox") { // wager, wipeout, double or nothing, knock-out
            if (input.checked) round[key] = true;
          } else if (key === "ids") { // picked by hand: the editor's ids, in order
            const ids = input.value.split(/[\s,;]+/).filter(Boolean);
            if (ids.length) round.ids = ids;
          } else {
            round[key] = key === "title" || key === "mix" ? input.value : Math.round(Number(input.value));
          }
        }
        // A knock-out's number only with its box, a reveal's steps only when there are some.
        if (!round.knockout && !(block.dataset.extra || "").includes("knockout_survivors")) {
          delete round.knockout_survivors;
        }
        if (!round.reveal_steps) delete round.reveal_steps;
        return round;
      });
      value.value = plan.length ? JSON.stringify(plan) : "";
      total.textContent = plan.length
        ? tr("plan_total", { n: plan.reduce((sum, r) => sum + (r.ids ? r.ids.length : r.questions), 0) })
        : tr("plan_none");
    };
    const field = (key, input) => h("label", { class: "qr-plan-field" }, h("small", {}, tr("col_" + key)), input);
    const number = (key, low, high, start) => field(key, h("input", { type: "number", min: low, max: high, step: 1,
      value: start, "data-key": key, oninput: sync }));
    const addRound = (ready, given) => {
      const n = rounds.children.length + 1;
      const mix = h("select", { "data-key": "mix", onchange: sync },
        MIXES.map((m) => h("option", { value: m, selected: m === flat("mix", "mixed") }, tr("mix_" + m))));
      rounds.append(h("li", { class: "qr-plan-round", "data-ready": ready ? ready.id : null },
        ready ? h("small", { class: "note qr-plan-ready" }, tr("ready_line", { title: ready.title })) : null,
        h("div", { class: "qr-plan-line" },
          h("input", { "data-key": "title", maxlength: 60, placeholder: tr("round_n", { n }),
            value: ready ? ready.title : null, "aria-label": tr("col_title"), oninput: sync }),
          h("button", { type: "button", class: "small", title: tr("remove_round"), "aria-label": tr("remove_round"),
            onclick: (event) => { event.target.closest("li").remove(); sync(); } }, "✕")),
        h("div", { class: "qr-plan-line" },
          number("questions", 1, 50, flat("questions", 8)), number("seconds", 5, 300, flat("seconds", 20)),
          number("points", 1, 1000, flat("points", 10)), number("speed_bonus", 0, 1000, flat("speed_bonus", 5)),
          field("mix", mix)),
        h("div", { class: "qr-plan-line" }, field("categories", pick("categories", categories())),
          number("min_difficulty", 1, 5, 1), number("max_difficulty", 1, 5, 5),
          field("packs", pick("packs", packs()))),
        h("div", { class: "qr-plan-line" }, field("ids", h("input", { "data-key": "ids", class: "qr-plan-ids",
          placeholder: "fr-geo-001, fr-his-004", value: ready ? ready.ids.join(", ") : null,
          oninput: sync })), ["wager", "wipeout", "double_or_nothing", "knockout"].map((key) =>
          field(key, h("input", { type: "checkbox", "data-key": key, class: "qr-plan-" + key, onchange: sync }))),
        number("knockout_survivors", 1, 199, 1),
        // picture reveal: its picture questions shown in N steps (0: not), quiz-round-reveal.js
        number("reveal_steps", 0, 12, flat("reveal_steps", 0)))));
      if (given) showRound(rounds.lastChild, given);
      sync();
    };
    /** A planned round in its block (a plan opened in the form, host-form.js `fillForm`). */
    const showRound = (block, round) => {
      const extra = {};
      for (const [key, value] of Object.entries(round)) {
        const input = block.querySelector(`[data-key="${key}"]`);
        const list = key === "categories" || key === "packs";
        if (!input || (list && value.length > 1)) extra[key] = value;
        else if (input.type === "checkbox") input.checked = !!value; // wager, wipeout, knockout…
        else if (key === "ids") input.value = value.join(", ");
        else if (list) {
          const known = [...input.options].some((o) => o.value === value[0]);
          if (!known) input.append(h("option", { value: value[0] }, value[0]));
          input.value = value[0] || "";
        } else input.value = value;
      }
      if (Object.keys(extra).length) block.dataset.extra = JSON.stringify(extra);
    };
    value.addEventListener("tourelle:load", (event) => {
      rounds.replaceChildren();
      for (const round of Array.isArray(event.detail) ? event.detail : []) addRound(null, round);
      sync();
    });
    // Ready rounds (questions/rounds/*.yaml): one picked adds a round of its questions, titled.
    let readyRounds = [];
    const ready = h("select", { id: "qr-ready", "aria-label": tr("ready_round") });
    const readyButton = h("button", { type: "button", id: "qr-add-ready", disabled: true,
      onclick: () => {
        const chosen = readyRounds.find((r) => r.id === ready.value);
        if (chosen) addRound(chosen);
      } }, tr("add_ready"));
    ready.addEventListener("change", () => { readyButton.disabled = !ready.value; });
    const readyRow = h("div", { class: "buttons qr-ready-row", hidden: true }, ready, readyButton);
    const fillReady = () => {
      const language = document.getElementById("q-language");
      const mine = readyRounds.filter((r) => r.language === (language ? language.value : T.lang));
      fill(ready, h("option", { value: "" }, tr("ready_pick")),
        mine.map((r) => h("option", { value: r.id }, tr("ready_option", { title: r.title, n: r.ids.length }))));
      readyButton.disabled = true;
      readyRow.hidden = !mine.length;
    };
    getJson("/api/questions/rounds", { rounds: [] }).then((answer) => {
      readyRounds = answer.rounds || [];
      fillReady();
    });
    const languageMenu = document.getElementById("q-language");
    if (languageMenu) languageMenu.addEventListener("change", fillReady);
    // The round's own selection, within the game's: one category, one pack (or any), difficulties.
    const pick = (key, options) => h("select", { "data-key": key, onchange: sync },
      h("option", { value: "" }, tr("any_" + key)), options.map(([value, text]) => h("option", { value }, text)));
    const categories = () => [...document.querySelectorAll("#q-categories input[data-category]")]
      .map((box) => [box.value, T.t("cat_" + box.value)]);
    const packs = () => [...document.querySelectorAll("#q-packs input[data-pack]")]
      .map((box) => [box.value, ((box.nextSibling && box.nextSibling.textContent) || box.value).trim().slice(0, 40)]);
    return h("div", { class: "qr-plan" }, value, rounds,
      h("div", { class: "buttons" },
        h("button", { type: "button", id: "qr-add-round", onclick: () => addRound(null) }, tr("add_round")), total),
      readyRow);
  }

  return { tr, LETTERS, roundTitle, num, signed, secondsOf, answerText, placeText, showPicture, planLine,
    settingEditor };
})();
