"""The French of the server's English refusal reasons (host/messages/__init__.py explains the keys:
the English reason with `{name}` for what it fills in; `{{` and `}}` are literal braces in a
key that has a placeholder). "Host" is "l'animateur" throughout."""

from __future__ import annotations

import itertools

FRENCH: dict[str, str] = {
    # ---- the session, the sockets, the hub (host/session/core.py, host/sockets/, host/room/hub.py)
    "the host could not handle that; nothing changed":
        "l’animateur n’a pas pu traiter cela ; rien n’a changé",
    "the {role} role cannot send {kind}": "le rôle {role} ne peut pas envoyer {kind}",
    "unknown command {kind}": "commande inconnue {kind}",
    "an event needs a 'type'": "une demande doit avoir un « type »",
    "this game is over": "cette partie est terminée",
    "the game has not started yet": "la partie n’a pas encore commencé",
    "the game is paused": "la partie est en pause",
    "that was for a step of the game that is over":
        "c’était pour une étape de la partie déjà passée",
    "timers only time out": "un minuteur ne fait qu’expirer",
    "'{kind}' comes from the host itself": "« {kind} » vient de l’animateur lui-même",
    "unknown host command {kind}": "commande de l’animateur inconnue {kind}",
    "only the host may send {kind}": "seul l’animateur peut envoyer {kind}",
    "there is no such seat": "cette place n’existe pas",
    "a bot level is 1 to 5, or null for people":
        "un niveau de robot va de 1 à 5 (ou null pour une personne)",
    "{name} has no bots": "{name} n’a pas de robots",
    "the seat is already played that way": "cette place est déjà jouée ainsi",
    "that table answers on paper; ask the host":
        "cette table répond sur papier ; demandez à l’animateur",
    "'paper' is true or false": "« paper » vaut true ou false",
    "{name} has no paper teams": "{name} n’a pas d’équipes papier",
    "a paper team is marked before the game starts":
        "une équipe papier se déclare avant le début de la partie",
    "only a seat without a phone can be a paper team; free it first":
        "seule une place sans téléphone peut être une équipe papier ; libérez-la d’abord",
    "a paper team is people, not a bot": "une équipe papier est faite de personnes, pas d’un robot",
    "{kind_name} has no paper teams: every seat plays on a phone":
        "{kind_name} n’a pas d’équipes papier : chaque place joue sur un téléphone",
    "a claim needs a token": "il faut un jeton pour prendre une place",
    "this phone is no longer on that team; join again":
        "ce téléphone n’est plus dans cette équipe : rejoignez à nouveau",
    "only your team's captain ({name}) answers":
        "seul le capitaine de votre équipe ({name}) répond",
    "this game has no teams": "cette partie n’a pas d’équipes",
    "only the team's captain names the team": "seul le capitaine nomme l’équipe",
    "a team's name cannot be empty": "le nom de l’équipe ne peut pas être vide",
    "team_name needs a 'name' text": "il faut un nom d’équipe",
    "that team has no such phone": "cette équipe n’a pas ce téléphone",
    "there is no decision to undo": "il n’y a pas de décision à annuler",
    "the game did not answer in time; try again": "la partie n’a pas répondu à temps ; réessayez",
    "unknown action {kind}": "action inconnue {kind}",
    "join a seat first": "prenez d’abord une place",
    "this phone has no seat in this game": "ce téléphone n’a pas de place dans cette partie",
    "the game has started: ask the host to free your seat":
        "la partie a commencé : demandez à l’animateur de libérer votre place",
    "you can only act for your own seat": "vous ne pouvez jouer que pour votre place",
    "that seat is not a bot": "cette place n’est pas un robot",
    "a bot plays this seat now; ask the host to hand it back":
        "un robot joue cette place ; demandez à l’animateur de vous la rendre",
    "the game has already started": "la partie a déjà commencé",
    "the game is not running": "la partie n’est pas en cours",
    "the game is not paused": "la partie n’est pas en pause",
    "that seat is out of the game": "cette place n’est plus dans la partie",
    "every seat still in play is taken": "toutes les places encore en jeu sont prises",
    "only a seat with no phone can be left out":
        "seule une place sans téléphone peut être laissée de côté",
    "{kind} cannot leave a seat out": "{kind} ne peut pas laisser une place de côté",
    "'without' lists seat numbers": "« without » liste des numéros de place",
    "'start' takes only 'without'": "« start » ne prend que « without »",
    "that seat is taken; ask the host to free it":
        "cette place est prise ; demandez à l’animateur de la libérer",
    "every seat is taken": "toutes les places sont prises",
    "a team command is 'captain' or 'remove'":
        "une commande d’équipe est « captain » ou « remove »",
    "your team has already answered ({by}): its first answer counts":
        "votre équipe a déjà répondu ({by}) : sa première réponse compte",
    "there is no game yet": "pas encore de partie",
    "the token must be at least 16 characters": "le jeton doit faire au moins 16 caractères",
    "that game is gone": "cette partie n’existe plus",
    "only the host may send {event}": "seul l’animateur peut envoyer {event}",
    "the projector cannot send {event}": "le projecteur ne peut pas envoyer {event}",
    "this host keeps no question memory": "ce serveur ne garde pas la mémoire des questions",
    "'seats' must be a list of objects like {\"name\": ..., \"bot\": 3}":
        "« seats » doit être une liste d’objets comme {\"name\": ..., \"bot\": 3}",
    "uncertainty_ns must be >= 0": "uncertainty_ns doit être positif ou nul",
    "game {game} ({name}) takes no buzzer presses":
        "la partie {game} ({name}) ne prend pas de buzzers",
    "unknown event {event}": "demande inconnue {event}",
    "send one JSON object per event": "envoyez un objet JSON par demande",
    "no game {game_id}": "pas de partie {game_id}",
    "{kind} takes no fields": "{kind} ne prend pas de champs",
    "there is no night {night}": "il n’y a pas de soirée {night}",
    "a bot level is 1 to 5": "un niveau de robot va de 1 à 5",
    "a night needs a name": "une soirée a besoin d’un nom",
    "{kind_name} needs {min_seats} to {max_seats} seats, not {seats}":
        "{kind_name} se joue à {min_seats} à {max_seats} places, pas {seats}",
    "{kind_name} has no bots: every seat is a person":
        "{kind_name} n’a pas de robots : chaque place est une personne",
    "the pace is a factor between 0.001 and 100": "le rythme est un facteur entre 0,001 et 100",
    "there is no open night {night}": "il n’y a pas de soirée ouverte {night}",
    "the night “{name}” is over: create the game outside any night, or open a new night":
        "la soirée « {name} » est terminée : créez la partie hors soirée, ou ouvrez une "
        "nouvelle soirée",
    "{was}; the room moved to game {game}: choose a seat":
        "{was} ; la salle est passée à la partie {game} : choisissez une place",
    "game {origin} is over": "la partie {origin} est terminée",
    "there is no game {origin} any more": "la partie {origin} n’existe plus",
    "game {origin} is not the room's game": "la partie {origin} n’est pas celle de la salle",
    "the host removed this phone from this game":
        "l’animateur a retiré ce téléphone de cette partie",
    "the host removed this phone from tonight's games":
        "l’animateur a retiré ce téléphone des parties de la soirée",
    "the host removed this phone": "l’animateur a retiré ce téléphone",
    "this phone is no longer on that seat; join again":
        "ce téléphone n’est plus à cette place : rejoignez à nouveau",
    "that phone is no longer on that seat": "ce téléphone n’est plus à cette place",
    "a removal names a seat and a phone": "un retrait nomme une place et un téléphone",
    "a night's ban names a phone": "l’exclusion de la soirée nomme un téléphone",
    "the card is full: nothing is lost; free space, then resume":
        "la carte est pleine : rien n’est perdu ; libérez de la place, puis reprenez",
    "the card became read-only: nothing is lost; remount it read-write (or replace it), then "
    "resume":
        "la carte est passée en lecture seule : rien n’est perdu ; remontez-la en écriture (ou "
        "changez-la), puis reprenez",
    "the card could not be written (I/O error): nothing is lost; check it, then resume":
        "la carte n’a pas pu être écrite (erreur d’entrée-sortie) : rien n’est perdu ; "
        "vérifiez-la, puis reprenez",
    # ---- bans, nights, messages' shape (host/room/bans.py, host/people/night.py, host/schema.py)
    "that seat has no such phone": "cette place n’a pas ce téléphone",
    "'ban' is 'game', 'night' or null": "« ban » vaut « game », « night » ou null",
    "this game is not part of a night: ban it from the game":
        "cette partie ne fait pas partie d’une soirée : retirez-le de la partie",
    "name the team's phone to remove ('phone': its id)":
        "nommez le téléphone de l’équipe à retirer (« phone » : son id)",
    "that phone is not kept out": "ce téléphone n’est pas exclu",
    "that room code is an old one: this game is not on the projector; join game {game} "
    "(room code {code})":
        "ce code de salle est ancien : cette partie n’est pas au projecteur ; rejoignez la "
        "partie {game} (code de salle {code})",
    "that room code is an old one: this game is not on the projector; ask the host for the "
    "room code":
        "ce code de salle est ancien : cette partie n’est pas au projecteur ; demandez le code "
        "de salle à l’animateur",
    "only a game still in its lobby can be deleted":
        "seule une partie pas encore commencée peut être supprimée",
    "only a game still in its lobby can be ended this way":
        "seule une partie pas encore commencée se termine ainsi",
    "'scope' is 'game', or 'night' for a game of a night":
        "« scope » vaut « game », ou « night » pour une partie d’une soirée",
    "{where}: a rule is {{\"places\": [10, 6, 3]}} or {{\"scale\": 0.1}}":
        "{where} : une règle est {{\"places\": [10, 6, 3]}} ou {{\"scale\": 0.1}}",
    "{where}: 'places' lists 1 to {most} whole numbers of points from 0 to 1000, for 1st, 2nd, ...":
        "{where} : « places » donne de 1 à {most} nombres entiers de points de 0 à 1000, pour le "
        "1er, le 2e, ...",
    "'rules' is an object: {\"default\": {...}, \"<kind>\": {...}}":
        "« rules » est un objet : {\"default\": {...}, \"<kind>\": {...}}",
    "{where}: 'scale' is a number above 0 (up to 1000)":
        "{where} : « scale » est un nombre au-dessus de 0 (jusqu’à 1000)",
    "the {what} must be a JSON object": "le message ({what}) doit être un objet JSON",
    "the {what} is too large ({size} bytes, at most {limit})":
        "le message ({what}) est trop gros ({size} octets, au plus {limit})",
    "field '{name}' must be {types}, not a boolean":
        "le champ « {name} » doit être {types}, pas un booléen",
    "field '{name}' must be {types}": "le champ « {name} » doit être {types}",
    "field '{name}' is too long (at most {most} characters)":
        "le champ « {name} » est trop long (au plus {most} caractères)",
    "field '{name}' is out of range": "le champ « {name} » est hors limites",
    "an action needs a 'type' string": "une action a besoin d’un « type » (texte)",
    "unknown action {action}": "action inconnue {action}",
    "{kind} needs field(s) {missing}": "{kind} a besoin {missing|du champ|des champs} {missing}",
    "the {what} is not plain JSON": "le message ({what}) n’est pas du JSON simple",
    "unexpected field {field} in {kind}": "champ inattendu {field} dans {kind}",
    "unknown game {name}; known: {kinds}": "jeu inconnu {name} ; jeux connus : {kinds}",
    # ---- teams, the host's word, the question bank (host/people/teams.py, names.py, quiz/bank.py)
    "'packs' must be a list of pack ids": "« packs » doit être une liste d’identifiants de pack",
    "'team_answers' needs 'teams': true": "« team_answers » demande « teams » : true",
    "'teams' is true or false": "« teams » vaut true ou false",
    "'team_answers' is 'first' or 'captain'": "« team_answers » vaut « first » ou « captain »",
    "unknown language {language} (known: {known})":
        "langue inconnue {language} (connues : {known})",
    "unknown categories: {unknown}": "catégories inconnues : {unknown}",
    "an empty category set matches nothing; use None for any":
        "un ensemble de catégories vide ne trouve rien ; None pour toutes",
    "no pack chosen: choose at least one pack": "aucun pack choisi : choisissez-en au moins un",
    "facts_since {since} is not an ISO date": "facts_since {since} n'est pas une date ISO",
    "difficulty range {low}..{high} is not within {least}..{most}":
        "les difficultés {low} à {high} ne sont pas entre {least} et {most}",
    "unknown question kind {kind} (known: {known})":
        "type de question inconnu {kind} (connus : {known})",
    "no {kind} question{where} in the bank": "pas de question {kind}{where} dans la banque",
    "unknown pack(s): {unknown}": "{unknown|pack inconnu|packs inconnus} : {unknown}",
    "the question bank has no {kinds} question{where}; this game needs some: add a pack with them":
        "la banque n’a pas de question {kinds}{where} ; cette partie en a besoin : ajoutez un "
        "pack qui en a",
    # ---- the hub's plan checks (host/room/hub.py: _check_counts)
    "{where}: no question {ids} in the bank": "{where} : pas de question {ids} dans la banque",
    "not enough questions: {short}; choose more packs or categories, or ask fewer questions":
        "pas assez de questions : {short} ; choisissez plus de packs ou de catégories, ou posez "
        "moins de questions",
    "{where}: {count} {kind} questions but the selection holds {held}":
        "{where} : {count} questions de type {kind}, mais la sélection n’en a que {held}",
    "{count} {kind} questions but the selection holds {held}":
        "{count} questions de type {kind}, mais la sélection n’en a que {held}",
    # ---- the territory game (host/territory/*)
    "The duel mode is for 2 players, not {players}.": "Le mode duel se joue à 2, pas à {players}.",
    "An event must be an object with a type.": "Une demande doit être un objet avec un type.",
    "Unknown event type {kind}.": "Type de demande inconnu {kind}.",
    "The game is over.": "La partie est terminée.",
    "This state belongs to map {map_id}, not {other}.":
        "Cet état est celui de la carte {map_id}, pas {other}.",
    "No question is awaited now.": "Aucune question n’est attendue maintenant.",
    "This question answers request {request_id}, not the current one ({current}).":
        "Cette question répond à la demande {request_id}, pas à l’actuelle ({current}).",
    "The question must be an object.": "La question doit être un objet.",
    "A {kind} question is needed, not {other}.": "Il faut une question {kind}, pas {other}.",
    "A question needs a string id and prompt.":
        "Une question a besoin d’un identifiant et d’un énoncé (textes).",
    "A question's answer must be an integer.":
        "La réponse d’une question doit être un nombre entier.",
    "A numeric question's answer must be a positive integer.":
        "La réponse d’une question chiffrée doit être un entier positif.",
    "Answers are closed for this question.": "Les réponses sont closes pour cette question.",
    "No question is open for answers now.": "Aucune question n’attend de réponse maintenant.",
    "Seat {seat} does not answer this question.": "La place {seat} ne répond pas à cette question.",
    "Seat {seat} has already answered this question.":
        "La place {seat} a déjà répondu à cette question.",
    "An answer's value must be an integer.": "Une réponse doit être un nombre entier.",
    "A choice answer must be an option index 0-{count}.":
        "Une réponse de QCM est un numéro d’option de 0 à {count}.",
    "An answer needs its lock-in time t_ns (integer).":
        "Une réponse a besoin de son heure de validation t_ns (entier).",
    "Timer {timer} is not running now.": "Le minuteur {timer} ne tourne pas maintenant.",
    "A judgement can be changed only while answers are revealed.":
        "Un jugement ne se change que pendant la révélation des réponses.",
    "Seat {seat} did not take part in this question.":
        "La place {seat} n’a pas participé à cette question.",
    "An override needs correct: true or false.":
        "Une correction a besoin de correct : true ou false.",
    "There is no revealed outcome to apply now.": "Aucun résultat révélé à appliquer maintenant.",
    "No territory is being picked now.": "Personne ne choisit de territoire maintenant.",
    "{name} is picking now, not seat {seat}.": "C’est à {name} de choisir, pas à la place {seat}.",
    "{target} does not touch your land; pick a free neighbour.":
        "{target} ne touche pas vos terres : choisissez un territoire libre voisin.",
    "No attack is being chosen now.": "Personne ne choisit d’attaque maintenant.",
    "{name} attacks now, not seat {seat}.": "C’est à {name} d’attaquer, pas à la place {seat}.",
    "{target} does not touch your land this round.":
        "{target} ne touche pas vos terres dans cette manche.",
    "There is no open question to skip.": "Aucune question ouverte à passer.",
    "This event needs a seat number.": "Cette demande a besoin d’un numéro de place.",
    "There is no territory {tid} on this map.": "Il n’y a pas de territoire {tid} sur cette carte.",
    "A choice question needs {low} to {high} text options.":
        "Un QCM a besoin de {low} à {high} options (textes).",
    "A choice question's answer must be an option index 0-{options}.":
        "La réponse d’un QCM est un numéro d’option de 0 à {options}.",
    "{target} is already taken.": "{target} est déjà pris.",
    "{target} cannot hold your base: bases may not touch, and every player must still find room "
    "for one.":
        "{target} ne peut pas accueillir votre base : les bases ne se touchent pas, et chaque "
        "joueur doit encore trouver la place de la sienne.",
    "{target} is already marked this round.": "{target} est déjà visé dans cette manche.",
    "{target} is not an enemy territory.": "{target} n’est pas un territoire ennemi.",
    "Territory settings must be an object of key/value pairs.":
        "Les réglages de Territoires sont un objet clé/valeur.",
    "Unknown territory setting(s): {unknown}. Known: {known}.":
        "{unknown|Réglage inconnu|Réglages inconnus} : {unknown}. Connus : {known}.",
    "Setting {key} must be a number of seconds, not {value}.":
        "Le réglage {key} est un nombre de secondes, pas {value}.",
    "Setting {key} must be between 0 and {most} seconds.":
        "Le réglage {key} doit être entre 0 et {most} secondes.",
    "Setting {key} must be one of {allowed}, not {value}.":
        "Le réglage {key} doit être l’un de {allowed}, pas {value}.",
    "Map {map_id} has no {count} castle sites that do not touch each other.":
        "La carte {map_id} n’a pas {count} emplacements de château qui ne se touchent pas.",
    "The territory game needs 2 to 4 seats.": "Territoires se joue à 2 à 4 places.",
    "Two seats have the same number.": "Deux places ont le même numéro.",
    "Each seat must be an object with seat, name and bot.":
        "Chaque place est un objet avec seat, name et bot.",
    "Seat number must be a non-negative integer, not {seat}.":
        "Un numéro de place est un entier positif ou nul, pas {seat}.",
    "Seat {seat} needs a name.": "La place {seat} a besoin d’un nom.",
    "Seat {seat}: bot level must be 1 to 5 or null, not {bot}.":
        "Place {seat} : le niveau de robot va de 1 à 5 (ou null), pas {bot}.",
    "Unknown audience {audience}: use screen, host or seat:<n>.":
        "Public inconnu {audience} : screen, host ou seat:<n>.",
    # ---- the buzzer board (host/buzzer_board/*)
    "the buzzer board takes {low} to {high} seats":
        "le tableau des buzzers prend de {low} à {high} places",
    "the game is over": "la partie est terminée",
    "unknown buzzer event {kind}": "demande de buzzer inconnue {kind}",
    "mode must be one of {modes}, not {mode}": "le mode doit être l’un de {modes}, pas {mode}",
    "a buzz window is already open; close it first":
        "les buzzers sont déjà ouverts : fermez-les d’abord",
    "a buzz needs its host time 't_ns' (an integer)":
        "un buzz a besoin de son heure « t_ns » (un entier)",
    "'source' must be a string": "« source » doit être un texte",
    "that timer is no longer running": "ce minuteur ne tourne plus",
    "no buzz window is open": "les buzzers ne sont pas ouverts",
    "there is no seat {seat} (seats 0 to {seats})":
        "il n’y a pas de place {seat} (places 0 à {seats})",
    "{name} must be an integer >= 0": "{name} doit être un entier positif ou nul",
    "close the window first: marks come after the final ranking":
        "fermez d’abord les buzzers : les notes viennent après le classement final",
    "every ranked seat is already marked": "chaque place classée est déjà notée",
    "nobody has the floor": "personne n’a la parole",
    "seat {seat} does not have the floor": "la place {seat} n’a pas la parole",
    "seat {seat} is not in the ranking, or is already marked":
        "la place {seat} n’est pas classée, ou est déjà notée",
    "unknown buzzer settings {unknown}": "réglages de buzzers inconnus {unknown}",
    "tie_rule must be one of {rules}": "tie_rule doit être l’un de {rules}",
    "setting {name} must be an integer from 0 to 60000":
        "le réglage {name} est un entier de 0 à 60000",
    "you are locked out of this question": "vous êtes exclu de cette question",
    "too early: your buzzer is locked for a moment":
        "trop tôt : votre buzzer est bloqué un instant",
    "you already buzzed": "vous avez déjà buzzé",
    "the buzzers are not live": "les buzzers ne sont pas ouverts",
    # ---- the pack editor (host/routes/packs.py, pack_files.py)
    "there is no pack {pack_id}": "il n’y a pas de pack {pack_id}",
    "cannot tell the format of {name}: choose one (.xlsx or .json Kahoot, .gift, .csv, .json "
    "Open Trivia DB, .yaml pack, .zip pack with its files); nothing was written":
        "impossible de savoir le format de {name} : choisissez-en un (Kahoot .xlsx ou .json, "
        ".gift, .csv, .json Open Trivia DB, pack .yaml, pack .zip avec ses fichiers) ; rien "
        "n’a été enregistré",
    "pack {pack_id} is read-only ({source}); only the packs made or imported here can be edited":
        "le pack {pack_id} est en lecture seule ({source}) ; seuls les packs créés ou importés "
        "ici se modifient",
    "the request is larger than {most} KB": "la demande dépasse {most} Ko",
    "send a JSON object (Content-Type: application/json)":
        "envoyez un objet JSON (Content-Type: application/json)",
    "{name} is not a readable pack; see `tourelle questions check`":
        "{name} n’est pas un pack lisible ; voyez « tourelle questions check »",
    "no good picture {name} beside pack {pack_id}":
        "pas d’image valable {name} à côté du pack {pack_id}",
    "'question' must be an object with the question's fields":
        "« question » doit être un objet avec les champs de la question",
    "'replaces' must be the id of the question edited, or null":
        "« replaces » doit être l’identifiant de la question modifiée, ou null",
    "the file is larger than {most} MB; nothing was written":
        "le fichier dépasse {most} Mo ; rien n’a été enregistré",
    "no file: send it as the form field 'file'":
        "pas de fichier : envoyez-le dans le champ « file »",
    "the file is empty; nothing was written": "le fichier est vide ; rien n’a été enregistré",
    "unknown format {fmt} (known: {known})": "format inconnu {fmt} (connus : {known})",
    "{pack_id} is not a pack id (lower-case words joined by '-')":
        "{pack_id} n’est pas un identifiant de pack (mots en minuscules reliés par « - »)",
    "{name}: the sheet would inflate to {size} MB (too big); nothing was written":
        "{name} : la feuille ferait {size} Mo une fois décompressée (trop gros) ; rien n’a été "
        "enregistré",
    "no question could be imported from {name}{hint}; nothing was written":
        "aucune question n’a pu être importée de {name}{hint} ; rien n’a été enregistré",
    "not a question pack: {reason}; nothing was written":
        "pas un pack de questions : {reason} ; rien n’a été enregistré",
    "the pack has no good question; nothing was written":
        "le pack n’a aucune bonne question ; rien n’a été enregistré",
    "there is no question {qid} in pack {pack_id}":
        "il n’y a pas de question {qid} dans le pack {pack_id}",
    "a pack {pack_id} exists already: give another pack id, or delete that pack first; nothing "
    "was written":
        "un pack {pack_id} existe déjà : donnez un autre identifiant, ou supprimez d’abord ce "
        "pack ; rien n’a été enregistré",
    "question ids already used by other packs: {clash}; nothing was written":
        "identifiants de question déjà pris par d’autres packs : {clash} ; rien n’a été enregistré",
    "{name}: not an .xlsx file (it is not a zip archive); nothing was written":
        "{name} : pas un fichier .xlsx (ce n’est pas une archive zip) ; rien n’a été enregistré",
    "{name}: not a readable {fmt} file ({error}); nothing was written":
        "{name} : pas un fichier {fmt} lisible ({error}) ; rien n’a été enregistré",
    "the upload is larger than this host takes; nothing was written":
        "l’envoi dépasse ce que ce serveur accepte ; rien n’a été enregistré",
    "host key missing or wrong (header {header})":
        "clé d’animateur manquante ou fausse (en-tête {header})",
    "the host key is missing or wrong (header {header} or ?key=)":
        "la clé d’animateur manque ou est fausse (en-tête {header} ou ?key=)",
    "no game {game}": "pas de partie {game}",
    "give one word of letters (up to 40)": "donnez un seul mot, en lettres (40 au plus)",
    "this host has no data folder to keep the word in":
        "ce serveur n’a pas de dossier de données où garder ce mot",
}

# A field's types, as host/schema.py names them in a refusal, alone or joined by "or" (in the
# order a field lists them): "an integer or a number" is "un entier ou un nombre".
_TYPE_WORDS_FR = {"an integer": "un entier", "a string": "un texte",
                  "true or false": "vrai ou faux", "a number": "un nombre", "a list": "une liste",
                  "an object": "un objet", "null": "null"}
FRENCH.update({" or ".join(words): " ou ".join(_TYPE_WORDS_FR[w] for w in words)
               for count in (1, 2, 3) for words in itertools.permutations(_TYPE_WORDS_FR, count)})
