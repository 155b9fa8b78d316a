// Quiz round, shared by its page parts (js/kinds/quiz-round.js draws the projector, phone and
// host page): its French and English strings, formatting, and the host form's round builder.
// Loaded before quiz-round.js (KIND.page_helpers); offers window.QuizRound.
"use strict";

window.QuizRound = (() => {
  const tr = kindStrings({
    fr: {
      label: "Quiz par équipes", round_n: "Manche {n}", round_of: "Manche {n}/{of}",
      question_of: "Question {n}/{of}", answered: "{n}/{of} équipes ont répondu",
      plan_line: "{q} questions · {s} s · {p} points", bonus_line: " (+{b} pour la rapidité)",
      joker_hint: "Jokers : doublez vos points de cette manche, sur votre téléphone, maintenant",
      drawing: "Question suivante…", right_count: "{n}/{of} bonnes réponses",
      fastest: "Plus rapide : {who} ({s}\u00a0s)", answer: "Réponse : {v}", closest: "Les plus proches",
      board: "Classement", board_round: "Classement après la manche {n}", final: "Classement final",
      more: "… et {n} autres équipes", edit: "{who} {pts} : {why}", round_pts: "+{n} cette manche",
      joker: "Jouer le joker (points doublés cette manche)", joker_on: "Joker joué : points doublés",
      joker_done: "Joker déjà joué", locked: "Verrouillé : {v}", wait_next: "Attendez la question",
      right: "Bonne réponse !", wrong: "Raté", none: "Pas de réponse", points: "+{n} points",
      bonus: "dont {n} de rapidité", your_place: "{place} sur {of}", first: "1er",
      place: "{n}e", top: "En tête", next: "Suivant", close: "Clore les réponses", skip: "Passer la question",
      adjust: "Corriger un score", reason: "Raison", pts: "Points",
      apply: "Appliquer", truth: "Réponse juste : {v}", stage_intro: "Titre de manche",
      stage_drawing: "Tirage", stage_answering: "Réponses ouvertes", stage_reveal: "Réponse",
      stage_board: "Classement", stage_over: "Terminé", place_of: "Place {n}", exact: "pile !",
      within: "dans la marge de {n} %",
      add_round: "Ajouter une manche", remove_round: "Retirer la manche",
      plan_none: "Sans manche ici, les réglages ci-dessus font chaque manche",
      plan_total: "Questions en tout : {n}", col_title: "Titre", col_questions: "Questions", col_seconds: "Secondes",
      col_points: "Points", col_speed_bonus: "Bonus", col_mix: "Questions", mix_mixed: "QCM et chiffrées",
      mix_choice: "QCM", mix_numeric: "chiffrées", col_categories: "Catégorie", col_packs: "Pack",
      col_min_difficulty: "Difficulté min", col_max_difficulty: "max", any_categories: "toutes", any_packs: "tous",
      col_ids: "Ou ses questions, choisies (identifiants de l’éditeur)",
      mix_buzz: "au buzzer", buzz: "BUZZ", buzz_now: "Buzzez !", has_floor: "{who} a la parole",
      you_live: "Buzzez pour répondre à voix haute", you_floor: "À vous : répondez à voix haute !",
      you_out: "Raté : votre équipe est hors jeu pour cette question", you_buzzed: "Buzzé : on départage…",
      you_early: "Trop tôt ! Bloqué un instant", you_waiting: "Attendez", you_lost: "Trop tard : {who} a la parole",
      mark_right: "Juste", mark_wrong: "Faux",
      team_answered: "Votre équipe a déjà répondu ({who}) : sa première réponse compte",
      spread: "Réponses de {low} à {high}", half_time: "Mi-temps : le classement",
      refused_stale: "Trop tard : la réponse est déjà donnée ou la question est close",
      refused_paused: "La partie est en pause", refused_out_of_turn: "Pas maintenant",
      refused_bad_event: "Réponse refusée", refused_forbidden: "Refusé",
      reason_needed: "Donnez la raison de la correction", points_needed: "Donnez un nombre de points (pas 0)",
      mix_text: "réponses à taper", type_here: "Votre réponse", type_ok: "Valider", type_left: "{n}/{max}",
      type_hint: "Tapez votre réponse sur votre téléphone", review_wait: "Réponses closes : l’animateur les vérifie",
      stage_review: "Vérification des réponses", reveal: "Révéler la réponse", accept: "Accepter", reject: "Refuser",
      auto_right: "juste d’après la machine", auto_wrong: "faux d’après la machine", queue: "Réponses tapées",
      queue_teams: "{n} équipe(s)", queue_empty: "Aucune réponse pour l’instant", ruled_right: "acceptée",
      ruled_wrong: "refusée", also: "Aussi acceptées : {v}", host_also: "Acceptées par l’animateur : {v}",
      refused_rude: "Cette réponse n’est pas acceptée ici (mot grossier)",
      refused_empty: "Tapez une réponse (des lettres ou des chiffres)", refused_long: "64 caractères au plus",
      clip_play: "▶ Lire l’extrait", clip_pause: "⏸ Pause", clip_replay: "↺ Reprendre du début",
      mix_order: "à remettre dans l’ordre", mix_varied: "QCM, chiffrées et dans l’ordre",
      sound_click: "Touchez ici pour activer le son",
    },
    en: {
      label: "Quiz round", round_n: "Round {n}", round_of: "Round {n}/{of}",
      question_of: "Question {n}/{of}", answered: "{n}/{of} teams answered",
      plan_line: "{q} questions · {s} s · {p} points", bonus_line: " (+{b} for speed)",
      joker_hint: "Jokers: double your points for this round, on your phone, now",
      drawing: "Next question…", right_count: "{n}/{of} right answers",
      fastest: "Fastest: {who} ({s}\u00a0s)", answer: "Answer: {v}", closest: "Closest",
      board: "Leaderboard", board_round: "Leaderboard after round {n}", final: "Final standings",
      more: "… and {n} more teams", edit: "{who} {pts}: {why}", round_pts: "+{n} this round",
      joker: "Play the joker (double points this round)", joker_on: "Joker played: double points",
      joker_done: "Joker already played", locked: "Locked in: {v}", wait_next: "Wait for the question",
      right: "Right!", wrong: "Missed", none: "No answer", points: "+{n} points",
      bonus: "{n} of them for speed", your_place: "{place} of {of}", first: "1st",
      place: "#{n}", top: "Top", next: "Next", close: "Close answers", skip: "Skip question",
      adjust: "Edit a score", reason: "Reason", pts: "Points",
      apply: "Apply", truth: "Right answer: {v}", stage_intro: "Round title",
      stage_drawing: "Drawing", stage_answering: "Answers open", stage_reveal: "Answer",
      stage_board: "Leaderboard", stage_over: "Over", place_of: "Place {n}", exact: "spot on!",
      within: "within {n} %",
      add_round: "Add a round", remove_round: "Remove the round",
      plan_none: "With no round here, the settings above make every round",
      plan_total: "Questions in all: {n}", col_title: "Title", col_questions: "Questions", col_seconds: "Seconds",
      col_points: "Points", col_speed_bonus: "Bonus", col_mix: "Questions", mix_mixed: "choice and numbers",
      mix_choice: "choice", mix_numeric: "numbers", col_categories: "Category", col_packs: "Pack",
      col_min_difficulty: "Difficulty min", col_max_difficulty: "max", any_categories: "any", any_packs: "any",
      col_ids: "Or its questions, picked (the editor's ids)",
      mix_buzz: "buzzers", buzz: "BUZZ", buzz_now: "Buzz!", has_floor: "{who} has the floor",
      you_live: "Buzz to answer aloud", you_floor: "Your turn: answer aloud!",
      you_out: "Missed: your team is out for this question", you_buzzed: "Buzzed: settling…",
      you_early: "Too early! Locked out for a moment", you_waiting: "Wait", you_lost: "Too late: {who} has the floor",
      mark_right: "Right", mark_wrong: "Wrong",
      team_answered: "Your team has already answered ({who}): its first answer counts",
      spread: "Answers from {low} to {high}", half_time: "Half-time: the standings",
      refused_stale: "Too late: the answer is in or the question is closed",
      refused_paused: "The game is paused", refused_out_of_turn: "Not now",
      refused_bad_event: "Answer refused", refused_forbidden: "Refused",
      reason_needed: "Give the edit's reason", points_needed: "Give a number of points (not 0)",
      mix_text: "typed answers", type_here: "Your answer", type_ok: "Lock in", type_left: "{n}/{max}",
      type_hint: "Type your answer on your phone", review_wait: "Answers closed: the host is checking them",
      stage_review: "Checking answers", reveal: "Reveal the answer", accept: "Accept", reject: "Reject",
      auto_right: "right by the machine", auto_wrong: "wrong by the machine", queue: "Typed answers",
      queue_teams: "{n} team(s)", queue_empty: "No answer yet", ruled_right: "accepted",
      ruled_wrong: "rejected", also: "Also accepted: {v}", host_also: "Accepted by the host: {v}",
      refused_rude: "That answer is not accepted here (a rude word)",
      refused_empty: "Type an answer (letters or digits)", refused_long: "At most 64 characters",
      clip_play: "▶ Play the clip", clip_pause: "⏸ Pause", clip_replay: "↺ Replay",
      mix_order: "put in order", mix_varied: "choice, numbers and order",
      sound_click: "Click here to enable sound",
    },
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
