"""The French of the card games' English refusal reasons (host/cards/*); keys as in
host/messages/fr.py."""

from __future__ import annotations

FRENCH_CARDS: dict[str, str] = {
    # ---- the card games' shared parts (host/cards/common/*)
    "unknown audience {audience}; expected screen, host or seat:<n>":
        "public inconnu {audience} ; attendu : screen, host ou seat:<n>",
    "bad audience {audience}": "public incorrect {audience}",
    "unknown audience {audience}": "public inconnu {audience}",
    "{game} needs {low} to {high} players": "{game} se joue de {low} à {high} joueurs",
    "every seat needs a distinct whole number 'seat'":
        "chaque place a besoin d’un « seat » entier distinct",
    # ---- Challengers! (host/cards/challengers/*)
    "Challengers! is played by {low} to {high} players":
        "Challengers! se joue de {low} à {high} joueurs",
    "every seat needs a whole number 'seat' >= 0":
        "chaque place a besoin d’un « seat » entier positif ou nul",
    "two seats have the same number": "deux places ont le même numéro",
    "the solo challenge is for one player": "le défi solo est pour un joueur",
    "an event must be a dict with a 'type'": "une demande doit être un objet avec un « type »",
    "unknown event type {kind}; expected one of {actions}":
        "type de demande inconnu {kind} ; attendu : {actions}",
    "the event needs a whole number 'seat'": "la demande a besoin d’un « seat » entier",
    "the robot plays by itself": "le robot joue tout seul",
    "the deck phase is over": "la phase de deck est terminée",
    "you have finished this deck phase": "vous avez fini cette phase de deck",
    "the offer is already chosen": "l’offre est déjà choisie",
    "offer must be 0..{offers}": "l’offre va de 0 à {offers}",
    "you have kept all the cards this round allows":
        "vous avez gardé toutes les cartes permises cette manche",
    "{card} is not in your hand": "{card} n’est pas dans votre main",
    "there is nothing left to redraw": "il n’y a plus rien à repiocher",
    "you may redraw once a round": "vous pouvez repiocher une fois par manche",
    "keep your cards first, then remove": "gardez d’abord vos cartes, puis retirez",
    "{card} is not in your deck": "{card} n’est pas dans votre deck",
    "a deck keeps at least {least} card": "un deck garde au moins {least} {least|carte|cartes}",
    "keep your cards first": "gardez d’abord vos cartes",
    "this timeout is not for the phase now running":
        "ce délai n’est pas celui de la phase en cours",
    "no match is being played": "aucun match n’est en cours",
    "you are not playing a match now": "vous ne jouez pas de match maintenant",
    "seat {actor} reveals now, not seat {seat}":
        "c’est à la place {actor} de révéler, pas à la place {seat}",
    "there is no seat {seat} in this game": "il n’y a pas de place {seat} dans cette partie",
    "unknown setting(s): {unknown}": "{unknown|réglage inconnu|réglages inconnus} : {unknown}",
    "turn_seconds must be a positive number, or 0 or null (no limit)":
        "turn_seconds est un nombre positif, ou 0 ou null (sans limite)",
    "robot_level must be 1, 2, 3, 4 or 5": "robot_level vaut 1, 2, 3, 4 ou 5",
    "solo_challenge must be true or false": "solo_challenge vaut true ou false",
    "not a Challengers! state": "ce n’est pas un état de Challengers!",
    "not a Challengers! state: {exc}": "ce n’est pas un état de Challengers! : {exc}",
    "sets must be {count} different sets of {sets}":
        "sets doit donner {count} séries différentes parmi {sets}",
    "the robot has no view": "le robot n’a pas de vue",
    # ---- Q Squared Joe NG (host/cards/q_squared_joe/*)
    "it is seat {turn}'s turn, not seat {seat}'s":
        "c’est le tour de la place {turn}, pas de la place {seat}",
    "this timeout is not for the turn now running": "ce délai n’est pas celui du tour en cours",
    "the draw pile is empty": "la pioche est vide",
    "your resource pile is empty": "votre pile de ressources est vide",
    "{card} is not in your resource pile": "{card} n’est pas dans votre pile de ressources",
    "only the top card of the resource pile may be taken":
        "seule la carte du dessus de la pile de ressources se prend",
    "this field card already has {most} defence card(s)":
        "cette carte du terrain a déjà {most} {most|carte|cartes} de défense",
    "'zone' must be one of {zones}": "« zone » doit être l’une de {zones}",
    "an attack needs a whole number 'target' seat":
        "une attaque a besoin d’une place « target » (entier)",
    "you cannot attack yourself": "vous ne pouvez pas vous attaquer vous-même",
    "seat {seat} is already eliminated": "la place {seat} est déjà éliminée",
    "seat {seat} has no card in hand": "la place {seat} n’a pas de carte en main",
    "the event needs the 'card' code of a card in your hand":
        "la demande a besoin du code « card » d’une carte de votre main",
    "'slot' must be a field position 0..{slots}":
        "« slot » est une position du terrain de 0 à {slots}",
    "{whose} field position {index} is empty": "la position {index} du terrain ({whose}) est vide",
    "seat {seat} has no resource pile to attack":
        "la place {seat} n’a pas de pile de ressources à attaquer",
    "name the attacked hand card in 'victim' (a card of that hand)":
        "nommez la carte de main attaquée dans « victim » (une carte de cette main)",
    "the attacked hand card is drawn at random; do not name a 'victim'":
        "la carte de main attaquée est tirée au sort : ne nommez pas de « victim »",
    "a field attack runs through the whole field; do not name a 'slot'":
        "une attaque du terrain passe par tout le terrain : ne nommez pas de « slot »",
    "{code} is not a card of this game": "{code} n’est pas une carte de ce jeu",
    "open_cards and choose_hand_target must be true or false":
        "open_cards et choose_hand_target valent true ou false",
    "field_attack must be one of {modes}": "field_attack doit être l’un de {modes}",
    "resource_take must be one of {modes}": "resource_take doit être l’un de {modes}",
    "max_defence must be a whole number >= 0, or null":
        "max_defence est un entier positif ou nul, ou null",
    "choose_hand_target needs open_cards (hands must be visible)":
        "choose_hand_target demande open_cards (les mains doivent être visibles)",
    "move_limit must be a whole number >= 1": "move_limit est un entier d’au moins 1",
    "turn_seconds must be a positive number, or null":
        "turn_seconds est un nombre positif, ou null",
    "not a Q Squared Joe state: {exc}": "ce n’est pas un état de Q Squared Joe : {exc}",
    # ---- Russian Bank (host/cards/russian_bank/*)
    "Russian Bank events need a seat, 0 or 1":
        "les demandes de Russian Bank ont besoin d’une place, 0 ou 1",
    "a move needs \"from\" and \"to\" zone names": "un coup a besoin des zones « from » et « to »",
    "\"count\" must be an integer": "« count » doit être un entier",
    "Russian Bank is played by exactly two seats": "Russian Bank se joue à exactement deux places",
    "an event is a JSON object": "une demande est un objet JSON",
    "unknown Russian Bank event type {kind}": "type de demande de Russian Bank inconnu {kind}",
    "it is not your turn": "ce n’est pas votre tour",
    "Stop! is not played in this game": "Stop ! n’est pas joué dans cette partie",
    "you cannot stop yourself": "vous ne pouvez pas vous arrêter vous-même",
    "this timer is no longer running": "ce minuteur ne tourne plus",
    "a move carries at least one card": "un coup déplace au moins une carte",
    "unknown source {src}": "origine inconnue {src}",
    "house {house} has only {pile} card(s)": "la maison {house} n’a que {pile} {pile|carte|cartes}",
    "only a run built down in alternating colours moves as a stack":
        "seule une suite descendante en couleurs alternées se déplace en bloc",
    "unknown target {dst}": "destination inconnue {dst}",
    "a card cannot move onto its own house": "une carte ne va pas sur sa propre maison",
    "{card} does not go on house {house}: one lower, other colour":
        "{card} ne va pas sur la maison {house} : une de moins, de l’autre couleur",
    "your hand card is already turned: play it or put it on your waste":
        "votre carte de main est déjà retournée : jouez-la ou mettez-la sur votre défausse",
    "you may pass only when your hand and waste are empty":
        "vous ne pouvez passer que si votre main et votre défausse sont vides",
    "only house runs move several cards at once":
        "seules les suites des maisons déplacent plusieurs cartes",
    "turn your hand card over first (draw)": "retournez d’abord votre carte de main (piocher)",
    "a stack moves only from one house to another": "un bloc ne va que d’une maison à une autre",
    "moving {count} cards needs more empty houses (limit {limit})":
        "déplacer {count} cartes demande plus de maisons vides (limite {limit})",
    "only the hand card goes to your waste": "seule la carte de main va sur votre défausse",
    "{card} does not load onto {dst}: same suit, one up or down":
        "{card} ne va pas sur {dst} : même couleur de carte, une de plus ou de moins",
    "{card} does not go on foundation {foundation}":
        "{card} ne va pas sur la fondation {foundation}",
    "your hand and waste are empty: pass": "votre main et votre défausse sont vides : passez",
    "your reserve is empty": "votre réserve est vide",
    "compulsory move first: reserve {card} to a foundation":
        "coup obligatoire d’abord : la carte {card} de la réserve sur une fondation",
    "compulsory move first: {src} {card} to a foundation":
        "coup obligatoire d’abord : {src} {card} sur une fondation",
    "compulsory move first: fill the empty house {index} from the reserve":
        "coup obligatoire d’abord : remplir la maison vide {index} depuis la réserve",
    "unknown Russian Bank settings: {unknown}": "réglages de Russian Bank inconnus : {unknown}",
    "starter must be one of {starters}, not {starter}":
        "starter doit être l’un de {starters}, pas {starter}",
    "reserve_size must be an integer from 1 to 30": "reserve_size est un entier de 1 à 30",
    "stop_mode must be true or false": "stop_mode vaut true ou false",
    "stack_moves must be one of {rules}": "stack_moves doit être l’un de {rules}",
    "move_cap must be an integer of at least 10": "move_cap est un entier d’au moins 10",
    "turn_seconds must be a positive number or null": "turn_seconds est un nombre positif ou null",
    "this Russian Bank state does not hold the two decks exactly once":
        "cet état de Russian Bank ne contient pas les deux jeux exactement une fois",
    # ---- Watchtower (host/cards/watchtower/*)
    "{event} refused: the target must be another player's fort card on top of a stack (or a "
    "fellow campaigner), with enough army cards (6 for a double watchtower, 10 for a triple), "
    "fewer than 3 challenges on that card, and cards within both armies":
        "{event} refusé : la cible doit être une carte du fort d’un autre joueur en haut d’une "
        "pile (ou un autre joueur en campagne), avec assez de cartes d’armée (6 pour une double "
        "tour de guet, 10 pour une triple), moins de 3 défis sur cette carte, et des cartes dans "
        "les deux armées",
    "{kind} is not allowed now (phase {phase}: {allowed})":
        "{kind} n’est pas permis maintenant (phase {phase} : {allowed})",
    "{card} is not a card of your army": "{card} n’est pas une carte de votre armée",
    "a player on campaign has no fort to place cards in":
        "un joueur en campagne n’a pas de fort où poser des cartes",
    "a watchtower is completed only by a card won in battle, taken from a fort or drawn from the "
    "barracks this turn (never during set-up)":
        "une tour de guet ne se complète qu’avec une carte gagnée au combat, prise dans un fort "
        "ou tirée de la caserne ce tour-ci (jamais pendant la mise en place)",
    "{card} is not on top of a stack of your fort":
        "{card} n’est pas en haut d’une pile de votre fort",
    "you have no challenge left this turn": "vous n’avez plus de défi ce tour-ci",
    "a watchtower on campaign cannot be challenged; its army can be fought by another "
    "campaigner, or by anyone once two players are on campaign":
        "une tour de guet en campagne ne se défie pas ; son armée peut être combattue par un "
        "autre joueur en campagne, ou par tous dès que deux joueurs sont en campagne",
    "a pick needs a whole number 'position'": "un choix a besoin d’une « position » entière",
    "position must be 0..{most} (seat {seat}'s army)":
        "la position va de 0 à {most} (armée de la place {seat})",
    "this timeout is not for the decision now waited for":
        "ce délai n’est pas celui de la décision attendue",
    "waiting for seat {chooser} to pick a card of seat {owner}'s army":
        "on attend que la place {chooser} choisisse une carte de l’armée de la place {owner}",
    "seat {chooser} picks now, not seat {seat}":
        "c’est à la place {chooser} de choisir, pas à la place {seat}",
    "you already burnt a card this turn": "vous avez déjà brûlé une carte ce tour-ci",
    "you may not burn now": "vous ne pouvez pas brûler maintenant",
    "no burn before play while another player has a watchtower in their fort":
        "pas de brûlage avant de jouer tant qu’un autre joueur a une tour de guet dans son fort",
    "assassins must be true or false": "assassins vaut true ou false",
    "limit_scope must be one of {scopes}": "limit_scope doit être l’un de {scopes}",
    "setup_burn must be one of {rules}": "setup_burn doit être l’un de {rules}",
    "showdown_even must be one of {rules}": "showdown_even doit être l’un de {rules}",
    "not a Watchtower state: {exc}": "ce n’est pas un état de Watchtower : {exc}",
    "{name} must be a whole number >= 1": "{name} est un entier d’au moins 1",
}
