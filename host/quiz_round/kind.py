"""The quiz round as the host offers it: 2 to 200 teams, its settings, actions and page.
No bots: the contract test's random players answer for the teams."""

from __future__ import annotations

from typing import Any

from host.buzzer_board.kind import BUZZ_FIELDS
from host.games.contract import Game, GameKind, QuestionCount
from host.games.forms import boolean, choice, integer, json_value, label
from host.quiz_round.game import HOST_ACTIONS, SCREEN_ACTIONS, SEAT_ACTIONS, QuizRoundGame
from host.quiz_round import several
from host.quiz_round.rules import with_fact_age
from host.quiz_round.state import MAX_SEATS, MIN_SEATS, parse_settings


def make(config: dict[str, Any]) -> Game:
    """The game; its settings (a round plan included) are checked at once, so a bad plan is
    refused when the game is created."""
    settings = config.get("settings")
    if isinstance(settings, dict):
        parse_settings(settings)
    return QuizRoundGame()


def question_counts(settings: dict[str, Any]) -> list[QuestionCount]:
    """The plan's questions of each kind, round by round where a round narrows the
    selection, else together (a skipped question draws one more)."""
    # (kind, several right options drawn too: host/quiz_round/several.py) -> count
    together: dict[tuple[str, bool], int] = {}
    found: list[QuestionCount] = []
    parsed = parse_settings(settings)
    age = parsed.max_fact_age
    for index, plan in enumerate(parsed.rounds):
        if plan.ids:  # picked by hand: each must be in the bank
            found.append(QuestionCount("any", len(plan.ids), {"ids": list(plan.ids)},
                                       f"round {index + 1}"))
            continue
        narrow = plan.narrow()
        mine: dict[tuple[str, bool], int] = {}
        for number in range(plan.questions):
            kind = plan.kind_of(number)
            key = (kind, several.narrow_for(plan.mix, kind, None) is not None)
            counts = together if narrow is None else mine
            counts[key] = counts.get(key, 0) + 1
        found += [QuestionCount(kind, count, with_fact_age(_several(narrow, many), age),
                                f"round {index + 1}")
                  for (kind, many), count in sorted(mine.items())]
    return [QuestionCount(kind, count, with_fact_age(_several(None, many), age))
            for (kind, many), count in sorted(together.items())] + found


def _several(narrow: dict[str, Any] | None, several_too: bool) -> dict[str, Any] | None:
    return {**(narrow or {}), "several": True} if several_too else narrow


SETTINGS = (
    integer("rounds", label("Manches", "Rounds"), 3, 1, 20),
    integer("questions", label("Questions par manche", "Questions per round"), 8, 1, 50),
    integer("seconds", label("Temps par question (s)", "Time per question (s)"), 20, 5, 300),
    integer("points", label("Points pour une bonne réponse", "Points for a right answer"),
            10, 1, 1000),
    integer("speed_bonus", label("Bonus de rapidité (max, 0 : aucun)",
                                 "Speed bonus (most, 0: none)"), 5, 0, 1000),
    choice("mix", label("Questions", "Questions"), "mixed",
           ("mixed", label("QCM, une sur quatre chiffrée", "choice, every fourth a number")),
           ("choice", label("QCM seulement", "choice only")),
           ("numeric", label("chiffrées seulement", "numbers only")),
           ("buzz", label("au buzzer : le premier répond à voix haute",
                          "buzzers: the first answers aloud")),
           ("text", label("réponses à taper", "typed answers")),
           ("order", label("à remettre dans l’ordre", "put in order")),
           ("varied", label("QCM, chiffrées et à remettre dans l’ordre",
                            "choice, numbers and put in order"))),
    choice("numeric_scoring", label("Questions chiffrées", "Number questions"), "rank",
           ("rank", label("les 3 plus proches (tout, 2/3, 1/3)", "3 closest (all, 2/3, 1/3)")),
           ("closest", label("le plus proche seulement", "closest only")),
           ("tolerance", label("tous dans la marge", "all within the margin"))),
    integer("tolerance_pct", label("Marge des questions chiffrées (%)",
                                   "Number questions' margin (%)"), 10, 0, 100),
    choice("leaderboard", label("Classement", "Leaderboard"), "round",
           ("round", label("à la fin de chaque manche", "at each round's end")),
           ("question", label("après chaque question", "after every question")),
           ("end", label("à la fin seulement", "at the end only"))),
    integer("board_every", label("Et un classement toutes les N questions (0 : non)",
                                 "And a leaderboard every N questions (0: no)"), 0, 0, 50),
    integer("intro_seconds", label("Titre de manche (s, 0 : l’animateur)",
                                   "Round title (s, 0: the host)"), 10, 0, 120),
    integer("reveal_seconds", label("Réponse affichée (s, 0 : l’animateur)",
                                    "Answer shown (s, 0: the host)"), 8, 0, 300),
    integer("board_seconds", label("Classement affiché (s, 0 : l’animateur)",
                                   "Leaderboard shown (s, 0: the host)"), 12, 0, 300),
    integer("buzz_penalty", label("Buzzer : pénalité d’une erreur",
                                  "Buzzers: wrong answer penalty"), 0, 0, 1000),
    integer("early_lockout_ms", label("Buzzer : blocage si trop tôt (ms)",
                                      "Buzzers: lock-out for an early press (ms)"), 250, 0, 5000),
    integer("max_fact_age", label("Faits datés : écarter ceux de plus de N ans (0 : les garder)",
                                  "Dated facts: leave out those older than N years (0: keep)"),
            0, 0, 100),
    boolean("wager", label("Questions à miser : chaque équipe mise avant de voir la question",
                           "Wager questions: each team bets before it sees the question")),
    integer("wager_floor", label("Mise possible d’une équipe à 0 point",
                                 "What a team on 0 points may bet"), 10, 0, 1000),
    integer("wager_cap", label("Mise maximale (0 : tout son score)",
                               "Most a team may bet (0: its whole score)"), 0, 0, 100_000),
    integer("wager_seconds", label("Temps pour miser (s, 0 : l’animateur)",
                                   "Time to bet (s, 0: the host)"), 20, 0, 300),
    integer("streak_3", label("Série de 3 bonnes réponses : bonus (0 : aucun)",
                              "3 right in a row: bonus (0: none)"), 0, 0, 1000),
    integer("streak_5", label("Série de 5 ou plus : bonus (0 : aucun)",
                              "5 or more in a row: bonus (0: none)"), 0, 0, 1000),
    boolean("wipeout", label("Manche à tout perdre : une mauvaise réponse efface les points de "
                             "la manche (sans réponse : rien ne se perd)",
                             "Wipeout round: a wrong answer wipes out the round's points (no "
                             "answer loses nothing)")),
    boolean("double_or_nothing", label("Quitte ou double : chaque équipe peut doubler sa manche "
                                       "avant la dernière question",
                                       "Double or nothing: each team may double its round "
                                       "before the last question")),
    boolean("knockout", label("Manche à élimination : une mauvaise réponse (ou aucune) élimine "
                              "l’équipe jusqu’à la fin de la manche",
                              "Knock-out round: a wrong answer (or none) puts the team out "
                              "until the round ends")),
    integer("knockout_survivors", label("Élimination : la manche s’arrête à N équipes en jeu",
                                        "Knock-out: the round stops at N teams still in"),
            1, 1, 199),
    integer("knockout_bonus", label("Élimination : bonus des dernières équipes en jeu",
                                    "Knock-out: bonus for the last teams standing"),
            20, 0, 1000),
    integer("reveal_steps", label("Images dévoilées en N étapes, points en baisse (0 : non)",
                                  "Pictures revealed in N steps, points falling (0: no)"),
            0, 0, 12),
    choice("reveal_style", label("Dévoilement des images", "Picture reveal"), "tiles",
           ("tiles", label("par carreaux", "tile by tile")),
           ("blur", label("flou qui s’efface", "blur clearing"))),
    choice("catch_up", label("Rattrapage à la mi-temps", "Catch-up at half-time"), "off",
           ("off", label("aucun", "none")),
           ("bottom_third", label("points au tiers du bas", "points to the bottom third")),
           ("per_place", label("points par place de retard", "points per place behind"))),
    integer("catch_up_points", label("Rattrapage : points (au tiers du bas, ou par place de "
                                     "retard sur le premier)",
                                     "Catch-up: points (to the bottom third, or per place "
                                     "behind the leader)"), 5, 1, 1000),
    # Each round its own title, size, time, points, bonus and mix (the settings above are
    # the defaults); drawn on the host page by quiz-round.js's settingEditor.
    json_value("plan", label("Manches sur mesure", "Rounds one by one")),
)

KIND = GameKind(
    name="quiz-round",
    label=label("Quiz par équipes", "Quiz round"),
    make=make,
    min_seats=MIN_SEATS,
    max_seats=MAX_SEATS,
    seat_actions=SEAT_ACTIONS,
    host_actions=HOST_ACTIONS,
    screen_actions=SCREEN_ACTIONS,
    fields={
        # str: a typed answer (text questions); list: an order (the shown items' indexes)
        "answer": {"value": (int, str, list)},
        "joker": {},
        "stake": {"points": (int,)},  # a wager question's stake, before it shows
        "double": {},  # double or nothing, before the round's last question
        **BUZZ_FIELDS,  # the buzz round
        "clip_play": {},  # a question's sound or video clip, on the projector
        "clip_pause": {},
        "clip_replay": {},
        "clip_no_sound": {},  # the host: start the question's time without its clip
        "clip_heard": {"step": (int,)},  # the projector: the clip plays (its time starts)
        "accept": {"key": (str,)},  # text questions' review: a group of typed answers
        "reject": {"key": (str,)},
        # after the reveal: a typed ruling changed, or a question voided, with its reason
        "correct": {"question": (int,), "key": (str,), "right": (bool,), "reason": (str,)},
        "void": {"question": (int,), "reason": (str,)},
        # a paper team's answer from its sheet, for a revealed question (paper.py)
        "paper": {"seat": (int,), "question": (int,), "value": (int, str, list)},
        "next": {},
        "close": {},
        "skip": {},
        "adjust": {"seat": (int,), "points": (int,), "reason": (str,)},
        "end": {},
    },
    timed_seat_actions=frozenset({"answer", "buzz"}),
    typed_text_actions=frozenset({"answer"}),  # a text question's answer: the host's words too
    timed_host_actions=frozenset({"right", "wrong"}),
    press_action="buzz",  # phones' buzz button, GPIO and USB buttons (buzz rounds)
    settings=SETTINGS,
    uses_questions=True,
    question_kinds=(),  # each kind the plan asks is counted by question_counts (a music pack
    # of typed answers alone is enough for a round of them)
    question_counts=question_counts,
    page="js/kinds/quiz-round.js",
    page_helpers=("js/kinds/quiz-round-common.js", "js/kinds/quiz-round-typed.js",
                  "js/kinds/quiz-round-clip.js", "js/kinds/quiz-round-order.js",
                  "js/kinds/quiz-round-several.js", "js/kinds/quiz-round-wager.js",
                  "js/kinds/quiz-round-paper.js",
                  "js/kinds/quiz-round-risk.js", "js/kinds/quiz-round-knockout.js",
                  "js/kinds/quiz-round-reveal.js", "js/kinds/quiz-round-catchup.js",
                  "js/kinds/quiz-round-host.js"),
    private_keys=frozenset({"you"}),
    order=5,
    paper_teams=True,
)
