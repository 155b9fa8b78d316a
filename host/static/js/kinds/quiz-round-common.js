// Quiz round, shared by its page parts (js/kinds/quiz-round.js draws the projector, phone and
// host page): its French and English strings, formatting, and the host form's round builder.
// Loaded before quiz-round.js (KIND.page_helpers); offers window.QuizRound.
"use strict";

window.QuizRound = (() => {
  const tr = kindStrings({
    label: ["Quiz par équipes", "Quiz round"],
    round_n: ["Manche {n}", "Round {n}"],
    round_of: ["Manche {n}/{of}", "Round {n}/{of}"],
    question_of: ["Question {n}/{of}", "Question {n}/{of}"],
    answered: ["{n}/{of} équipes ont répondu", "{n}/{of} teams answered"],
    plan_line: ["{q} questions · {s} s · {p} points", "{q} questions · {s} s · {p} points"],
    bonus_line: [" (+{b} pour la rapidité)", " (+{b} for speed)"],
    joker_hint: ["Jokers : doublez vos points de cette manche, sur votre téléphone, maintenant",
      "Jokers: double your points for this round, on your phone, now"],
    drawing: ["Question suivante…", "Next question…"],
    right_count: ["{n}/{of} bonnes réponses", "{n}/{of} right answers"],
    fastest: ["Plus rapide : {who} ({s}\u00a0s)", "Fastest: {who} ({s}\u00a0s)"],
    answer: ["Réponse : {v}", "Answer: {v}"],
    closest: ["Les plus proches", "Closest"],
    board: ["Classement", "Leaderboard"],
    board_round: ["Classement après la manche {n}", "Leaderboard after round {n}"],
    final: ["Classement final", "Final standings"],
    more: ["… et {n} autres équipes", "… and {n} more teams"],
    edit: ["{who} {pts} : {why}", "{who} {pts}: {why}"],
    round_pts: ["+{n} cette manche", "+{n} this round"],
    joker: ["Jouer le joker (points doublés cette manche)", "Play the joker (double points this round)"],
    joker_on: ["Joker joué : points doublés", "Joker played: double points"],
    joker_done: ["Joker déjà joué", "Joker already played"],
    locked: ["Verrouillé : {v}", "Locked in: {v}"],
    wait_next: ["Attendez la question", "Wait for the question"],
    right: ["Bonne réponse !", "Right!"],
    wrong: ["Raté", "Missed"],
    none: ["Pas de réponse", "No answer"],
    points: ["+{n} points", "+{n} points"],
    bonus: ["dont {n} de rapidité", "{n} of them for speed"],
    your_place: ["{place} sur {of}", "{place} of {of}"],
    first: ["1er", "1st"],
    place: ["{n}e", "#{n}"],
    top: ["En tête", "Top"],
    next: ["Suivant", "Next"],
    close: ["Clore les réponses", "Close answers"],
    skip: ["Passer la question", "Skip question"],
    adjust: ["Corriger un score", "Edit a score"],
    reason: ["Raison", "Reason"],
    pts: ["Points", "Points"],
    apply: ["Appliquer", "Apply"],
    truth: ["Réponse juste : {v}", "Right answer: {v}"],
    stage_intro: ["Titre de manche", "Round title"],
    stage_drawing: ["Tirage", "Drawing"],
    stage_answering: ["Réponses ouvertes", "Answers open"],
    stage_reveal: ["Réponse", "Answer"],
    stage_board: ["Classement", "Leaderboard"],
    stage_over: ["Terminé", "Over"],
    place_of: ["Place {n}", "Place {n}"],
    exact: ["pile !", "spot on!"],
    within: ["dans la marge de {n} %", "within {n} %"],
    add_round: ["Ajouter une manche", "Add a round"],
    remove_round: ["Retirer la manche", "Remove the round"],
    plan_none: ["Sans manche ici, les réglages ci-dessus font chaque manche",
      "With no round here, the settings above make every round"],
    plan_total: ["Questions en tout : {n}", "Questions in all: {n}"],
    col_title: ["Titre", "Title"],
    col_questions: ["Questions", "Questions"],
    col_seconds: ["Secondes", "Seconds"],
    col_points: ["Points", "Points"],
    col_speed_bonus: ["Bonus", "Bonus"],
    col_mix: ["Questions", "Questions"],
    mix_mixed: ["QCM et chiffrées", "choice and numbers"],
    mix_choice: ["QCM", "choice"],
    mix_numeric: ["chiffrées", "numbers"],
    col_categories: ["Catégorie", "Category"],
    col_packs: ["Pack", "Pack"],
    col_min_difficulty: ["Difficulté min", "Difficulty min"],
    col_max_difficulty: ["max", "max"],
    any_categories: ["toutes", "any"],
    any_packs: ["tous", "any"],
    col_ids: ["Ou ses questions, choisies (identifiants de l’éditeur)", "Or its questions, picked (the editor's ids)"],
    mix_buzz: ["au buzzer", "buzzers"],
    buzz: ["BUZZ", "BUZZ"],
    buzz_now: ["Buzzez !", "Buzz!"],
    has_floor: ["{who} a la parole", "{who} has the floor"],
    you_live: ["Buzzez pour répondre à voix haute", "Buzz to answer aloud"],
    you_floor: ["À vous : répondez à voix haute !", "Your turn: answer aloud!"],
    you_out: ["Raté : votre équipe est hors jeu pour cette question", "Missed: your team is out for this question"],
    you_buzzed: ["Buzzé : on départage…", "Buzzed: settling…"],
    you_early: ["Trop tôt ! Bloqué un instant", "Too early! Locked out for a moment"],
    you_waiting: ["Attendez", "Wait"],
    you_lost: ["Trop tard : {who} a la parole", "Too late: {who} has the floor"],
    mark_right: ["Juste", "Right"],
    mark_wrong: ["Faux", "Wrong"],
    team_answered: ["Votre équipe a déjà répondu ({who}) : sa première réponse compte",
      "Your team has already answered ({who}): its first answer counts"],
    spread: ["Réponses de {low} à {high}", "Answers from {low} to {high}"],
    half_time: ["Mi-temps : le classement", "Half-time: the standings"],
    refused_stale: ["Trop tard : la réponse est déjà donnée ou la question est close",
      "Too late: the answer is in or the question is closed"],
    refused_paused: ["La partie est en pause", "The game is paused"],
    refused_out_of_turn: ["Pas maintenant", "Not now"],
    refused_bad_event: ["Réponse refusée", "Answer refused"],
    refused_forbidden: ["Refusé", "Refused"],
    reason_needed: ["Donnez la raison de la correction", "Give the edit's reason"],
    points_needed: ["Donnez un nombre de points (pas 0)", "Give a number of points (not 0)"],
    mix_text: ["réponses à taper", "typed answers"],
    type_here: ["Votre réponse", "Your answer"],
    type_ok: ["Valider", "Lock in"],
    type_left: ["{n}/{max}", "{n}/{max}"],
    type_hint: ["Tapez votre réponse sur votre téléphone", "Type your answer on your phone"],
    review_wait: ["Réponses closes : l’animateur les vérifie", "Answers closed: the host is checking them"],
    stage_review: ["Vérification des réponses", "Checking answers"],
    reveal: ["Révéler la réponse", "Reveal the answer"],
    accept: ["Accepter", "Accept"],
    reject: ["Refuser", "Reject"],
    auto_right: ["juste d’après la machine", "right by the machine"],
    auto_wrong: ["faux d’après la machine", "wrong by the machine"],
    queue: ["Réponses tapées", "Typed answers"],
    queue_teams: ["{n} équipe(s)", "{n} team(s)"],
    queue_empty: ["Aucune réponse pour l’instant", "No answer yet"],
    ruled_right: ["acceptée", "accepted"],
    ruled_wrong: ["refusée", "rejected"],
    also: ["Aussi acceptées : {v}", "Also accepted: {v}"],
    host_also: ["Acceptées par l’animateur : {v}", "Accepted by the host: {v}"],
    refused_rude: ["Cette réponse n’est pas acceptée ici (mot grossier)",
      "That answer is not accepted here (a rude word)"],
    refused_empty: ["Tapez une réponse (des lettres ou des chiffres)", "Type an answer (letters or digits)"],
    refused_long: ["64 caractères au plus", "At most 64 characters"],
    clip_play: ["▶ Lire l’extrait", "▶ Play the clip"],
    clip_pause: ["❚❚ Pause", "❚❚ Pause"], // not U+23F8: DejaVu, the usual Linux font, has no such glyph
    clip_replay: ["↺ Reprendre du début", "↺ Replay"],
    mix_order: ["à remettre dans l’ordre", "put in order"],
    mix_varied: ["QCM, chiffrées et dans l’ordre", "choice, numbers and order"],
    sound_click: ["Touchez ici pour activer le son", "Click here to enable sound"],
  });

  linkStylesheet("quiz-round", "../../css/kinds/quiz-round.css",
    document.currentScript ? document.currentScript.src : location.origin + "/static/js/kinds/quiz-round-common.js");

  const LETTERS = "ABCDEF";

  function roundTitle(view) {
    return view.round_title || tr("round_n", { n: view.round });
  }

  /** Grouped digits from five up: a year is "1889", not "1 889" (French and English typography
   * both leave four-digit numbers whole). */
  function num(value) {
    const n = Number(value);
    return n.toLocaleString(T.lang, { useGrouping: Math.abs(n) >= 10000, maximumFractionDigits: 3 });
  }

  function answerText(question, value) {
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
        const round = {};
        for (const input of block.querySelectorAll("[data-key]")) {
          const key = input.dataset.key;
          if (key === "categories" || key === "packs") {
            if (input.value) round[key] = [input.value];
          } else if (key === "ids") { // picked by hand: the editor's ids, in order
            const ids = input.value.split(/[\s,;]+/).filter(Boolean);
            if (ids.length) round.ids = ids;
          } else {
            round[key] = key === "title" || key === "mix" ? input.value : Math.round(Number(input.value));
          }
        }
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
    const addRound = () => {
      const n = rounds.children.length + 1;
      const mix = h("select", { "data-key": "mix", onchange: sync },
        MIXES.map((m) => h("option", { value: m, selected: m === flat("mix", "mixed") }, tr("mix_" + m))));
      rounds.append(h("li", { class: "qr-plan-round" },
        h("div", { class: "qr-plan-line" },
          h("input", { "data-key": "title", maxlength: 60, placeholder: tr("round_n", { n }),
            "aria-label": tr("col_title"), oninput: sync }),
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
          placeholder: "fr-geo-001, fr-his-004", oninput: sync })))));
      sync();
    };
    // The round's own selection, within the game's: one category, one pack (or any), difficulties.
    const pick = (key, options) => h("select", { "data-key": key, onchange: sync },
      h("option", { value: "" }, tr("any_" + key)), options.map(([value, text]) => h("option", { value }, text)));
    const categories = () => [...document.querySelectorAll("#q-categories input[data-category]")]
      .map((box) => [box.value, T.t("cat_" + box.value)]);
    const packs = () => [...document.querySelectorAll("#q-packs input[data-pack]")]
      .map((box) => [box.value, ((box.nextSibling && box.nextSibling.textContent) || box.value).trim().slice(0, 40)]);
    return h("div", { class: "qr-plan" }, value, rounds,
      h("div", { class: "buttons" },
        h("button", { type: "button", id: "qr-add-round", onclick: addRound }, tr("add_round")), total));
  }

  return { tr, LETTERS, roundTitle, num, answerText, placeText, showPicture, planLine, settingEditor };
})();
