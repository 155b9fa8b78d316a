"""The French of the quiz round's English refusal reasons (host/quiz_round/*); keys as in
host/messages/fr.py. A round's settings name where a problem is ("round 2: unknown keys
['x']"): "round {number}" and "settings" below translate that part."""

from __future__ import annotations

FRENCH_QUIZ: dict[str, str] = {
    # ---- where a setting is (host/quiz_round/state.py, kind.py; the hub's plan checks)
    "round {number}": "manche {number}",
    "round {number}: {what}": "manche {number} : {what}",
    "settings": "réglages",
    "settings: {what}": "réglages : {what}",
    # ---- the game and its settings (host/quiz_round/game.py, state.py)
    "a quiz round takes {low} to {high} teams":
        "un quiz par équipes se joue de {low} à {high} équipes",
    "setting {key} is a whole number from {low} to {high}":
        "le réglage {key} est un nombre entier de {low} à {high}",
    "setting {key} is one of {allowed}": "le réglage {key} vaut l’un de : {allowed}",
    "{where} is an object": "{where} est un objet",
    "{where}: unknown keys {keys}": "{where} : clés inconnues {keys}",
    "{where}: a title is text of at most 60 characters":
        "{where} : un titre est un texte de 60 caractères au plus",
    "{where}: min_difficulty is above max_difficulty":
        "{where} : min_difficulty est au-dessus de max_difficulty",
    "{where}: unknown categories {categories}": "{where} : catégories inconnues {categories}",
    "{where}: ids are up to 50 different question ids":
        "{where} : « ids » donne au plus 50 identifiants de question, tous différents",
    "{where} is a list of names": "{where} est une liste de noms",
    "settings are an object": "les réglages sont un objet",
    "unknown quiz round settings {unknown}": "réglages inconnus du quiz par équipes : {unknown}",
    "'plan' is a list of 1 to {most} rounds": "« plan » est une liste de 1 à {most} manches",
    "a plan asks at most {most} questions in all":
        "les manches sur mesure posent au plus {most} questions en tout",
    # ---- the questions it is given (host/quiz_round/rules.py)
    "a question is an object": "une question est un objet",
    "a {kind} question is needed, not {got}": "il faut une question de type {kind}, pas {got}",
    "a question needs a string id and prompt":
        "une question a besoin d’un identifiant et d’un énoncé (textes)",
    "a text question needs its answer and accepted answers as text":
        "une question à réponse tapée a besoin de sa réponse et de ses réponses acceptées "
        "(textes)",
    "a question's answer is an integer": "la réponse d’une question est un nombre entier",
    "a choice question needs {low} to {high} text options":
        "un QCM a besoin de {low} à {high} options (textes)",
    "a choice question's answer is an option's index":
        "la réponse d’un QCM est le numéro d’une option",
    "no question is awaited now": "aucune question n’est attendue maintenant",
    "this question answers request {request_id}, not {current}":
        "cette question répond à la demande {request_id}, pas à la demande {current}",
    # ---- the teams' answers (host/quiz_round/rules.py, typed.py, buzz.py)
    "no seat {seat} in this game": "pas de place {seat} dans cette partie",
    "answers are closed for this question": "les réponses sont closes pour cette question",
    "no question is open for answers now": "aucune question n’attend de réponse maintenant",
    "this is a buzz question: buzz, then answer aloud":
        "c’est une question au buzzer : buzzez, puis répondez à voix haute",
    "your team is out for this question": "votre équipe est hors jeu pour cette question",
    "your team has already buzzed": "votre équipe a déjà buzzé",
    "another team has the floor: if it is wrong, you may buzz again":
        "une autre équipe a la parole : si elle se trompe, vous pourrez buzzer à nouveau",
    "your team has already locked in its answer": "votre équipe a déjà verrouillé sa réponse",
    "an answer is a whole number (an option's index for a choice)":
        "une réponse est un nombre entier (le numéro d’une option pour un QCM)",
    "a choice answer is an option from 0 to {last}":
        "une réponse de QCM est une option de 0 à {last}",
    "that number is too large": "ce nombre est trop grand",
    # ---- ordering questions (host/quiz_round/ordering.py)
    "an ordering question needs {low} to {high} text items":
        "une question à remettre dans l’ordre a besoin de {low} à {high} éléments (textes)",
    "an ordering question's answer puts each of its items once":
        "la réponse d’une question à remettre dans l’ordre place chacun de ses éléments une fois",
    "an ordering answer is the list of the items' numbers, first item first":
        "une réponse à remettre dans l’ordre est la liste des numéros des éléments, le premier "
        "d’abord",
    "an ordering answer puts all {count} items in order, not {got}":
        "une réponse à remettre dans l’ordre place les {count} éléments, pas {got}",
    "an ordering answer gives each item from 0 to {last} once":
        "une réponse à remettre dans l’ordre donne chaque élément de 0 à {last} une fois",
    # ---- several right options (host/quiz_round/several.py)
    "a question with several right options lists 1 to {most} of its options once each":
        "une question à plusieurs bonnes réponses en donne de 1 à {most}, chacune une fois",
    "ticks are the list of the ticked options' numbers":
        "les cases cochées sont la liste des numéros des options cochées",
    "tick at least one option before you lock in":
        "cochez au moins une option avant de valider",
    "a tick is an option from 0 to {last}, not {index}":
        "une case cochée est une option de 0 à {last}, pas {index}",
    "option {index} is ticked twice": "l’option {index} est cochée deux fois",
    "an answer needs its lock-in time t_ns (integer)":
        "une réponse a besoin de son heure de verrouillage t_ns (entier)",
    "a typed answer is text": "une réponse tapée est un texte",
    "an answer has at most {most} characters": "une réponse fait au plus {most} caractères",
    "type an answer (letters or digits)": "tapez une réponse (des lettres ou des chiffres)",
    "that answer is not accepted here (a rude word)":
        "cette réponse n’est pas acceptée ici (mot grossier)",
    # ---- the host's commands (host/quiz_round/rules.py, typed.py, clip.py)
    "nothing to move on from at stage {stage}":
        "impossible de passer à la suite à l’étape {stage}",
    "timer {timer} is not running now": "le minuteur {timer} ne tourne pas maintenant",
    "the answers are open: close them first":
        "les réponses sont encore ouvertes : il faut d’abord les clore",
    "a question is being drawn": "une question est en cours de tirage",
    "no question is open for answers": "aucune question n’attend de réponse",
    "only an open question can be skipped": "seule une question ouverte peut être passée",
    "a score edit is a whole number of points from -{low} to {high}, not 0":
        "une correction de score est un nombre entier de points de -{low} à {high}, sauf 0",
    "a score edit needs its reason": "une correction de score a besoin d’une raison",
    "a reason has at most {most} characters": "une raison fait au plus {most} caractères",
    # ---- corrections after the reveal (host/quiz_round/corrections.py)
    "a correction needs its reason": "une correction a besoin d’une raison",
    "no revealed question {index} to correct": "pas de question révélée {index} à corriger",
    "that question is voided already": "cette question est déjà annulée",
    "only a typed answer's ruling can be corrected; void the question":
        "seul le verdict d’une réponse tapée se corrige ; annulez la question",
    "a correction says whether the answer is right (true or false)":
        "une correction dit si la réponse est juste (true ou false)",
    "there are no typed answers to review now":
        "il n’y a pas de réponses tapées à vérifier maintenant",
    "no team gave the answer {key}": "aucune équipe n’a donné la réponse {key}",
    "this question has no sound to play": "cette question n’a pas de son à jouer",
    "no question's time waits for a clip now":
        "aucune question n’attend son extrait pour lancer le temps",
    "step {step} is not the open question's":
        "l’étape {step} n’est pas celle de la question ouverte",
    "this question's time is already running": "le temps de cette question tourne déjà",
    # ---- paper teams (host/quiz_round/paper.py, host/session/seats.py)
    "no revealed question {index} to enter an answer for":
        "pas de question révélée {index} pour y saisir une réponse",
    "that team answers on its phones, not on paper":
        "cette équipe répond sur ses téléphones, pas sur papier",
    "that round's answer sheets are closed: its leaderboard was shown":
        "les feuilles de cette manche sont closes : son classement a été affiché",
    "a buzz question is answered aloud, not on paper":
        "une question au buzzer se répond à voix haute, pas sur papier",
    "a wager question is staked on a phone: give a paper team its points with a score edit":
        "une question à miser se mise sur un téléphone : donnez ses points à une équipe "
        "papier par une correction de score",
    "a paper team's answers are entered from its sheet after the reveal":
        "les réponses d’une équipe papier se saisissent depuis sa feuille, après la réponse",
    # ---- wager questions (host/quiz_round/wager.py)
    "stakes are closed: the question is out":
        "les mises sont closes : la question est posée",
    "no stake is asked now": "aucune mise n’est demandée maintenant",
    "your team has already locked in its stake": "votre équipe a déjà verrouillé sa mise",
    "a stake is a whole number of points, from 0":
        "une mise est un nombre entier de points, à partir de 0",
    "your stake is at most {most} points": "votre mise est de {most} points au plus",
    "{where}: a buzz round takes no stakes": "{where} : une manche au buzzer ne prend pas de mises",
    # ---- picture reveal and catch-up (host/quiz_round/state.py)
    "{where}: a picture reveal takes 2 to 12 steps (0: none)":
        "{where} : une image se dévoile en 2 à 12 étapes (0 : pas de dévoilement)",
    "{where}: a buzz round has no picture reveal":
        "{where} : une manche au buzzer ne dévoile pas ses images par étapes",
    "{where}: a wager round has no picture reveal":
        "{where} : une manche à miser ne dévoile pas ses images par étapes",
    "a catch-up comes at half-time: it needs 2 rounds or more":
        "le rattrapage vient à la mi-temps : il faut au moins 2 manches",
    "{where}: {key} is true or false": "{where} : {key} vaut true ou false",
    # ---- wipeout, double or nothing, knock-out rounds (wipeout.py, knockout.py)
    "this round has no double or nothing": "cette manche n’a pas de quitte ou double",
    "your team has already doubled this round": "votre équipe a déjà choisi le quitte ou double",
    "too late: the round's last question is out":
        "trop tard : la dernière question de la manche est posée",
    "your team is wiped out this round: nothing to double":
        "votre équipe a tout perdu dans cette manche : rien à doubler",
    "your team is out until the round ends":
        "votre équipe est éliminée jusqu’à la fin de la manche",
    "{where}: a buzz round cannot be a wipeout, double-or-nothing or knock-out round":
        "{where} : une manche au buzzer ne peut être ni à tout perdre, ni à quitte ou double, "
        "ni à élimination",
    "{where}: a wager round cannot be a wipeout, double-or-nothing or knock-out round":
        "{where} : une manche à miser ne peut être ni à tout perdre, ni à quitte ou double, "
        "ni à élimination",
    "{where}: a knock-out round cannot be a wipeout or double-or-nothing round":
        "{where} : une manche à élimination ne peut être ni à tout perdre, ni à quitte ou "
        "double",
    "your team has already played its joker": "votre équipe a déjà joué son joker",
    "a joker is played before a round starts, on its title card":
        "un joker se joue avant le début d’une manche, pendant l’affichage de son titre",
    "the quiz is over": "le quiz est terminé",
    "bad event: {error}": "demande mal formée : {error}",
}
