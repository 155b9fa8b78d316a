"""The French of night plans' and breaks' refusals (host/room/plan_file.py, plans.py,
plan_run.py, breaks.py; host/routes/plans.py)."""

from __future__ import annotations

FRENCH_PLANS: dict[str, str] = {
    "{file}, line {line}: {problem}": "{file}, ligne {line} : {problem}",
    "not valid JSON or YAML: {why}": "ni JSON ni YAML valide : {why}",
    "the file is empty": "le fichier est vide",
    "the file is too large (at most {size} KB)": "le fichier est trop gros ({size} Ko au plus)",
    "{file}: the file is too large (at most {size} KB)":
        "{file} : le fichier est trop gros ({size} Ko au plus)",
    "not UTF-8 text": "ce n’est pas du texte UTF-8",
    "a plan is a mapping with tourelle, version, name and games":
        "un programme est un dictionnaire avec tourelle, version, name et games",
    "{key} is given twice": "{key} est donné deux fois",
    "unknown field {key} in the plan": "champ inconnu {key} dans le programme",
    "unknown field {key} in game {number}": "champ inconnu {key} dans la partie {number}",
    "the plan has no {name}": "le programme n’a pas de {name}",
    "'tourelle' must be 'plan'": "« tourelle » doit valoir « plan »",
    "this host reads plans of version {version}":
        "ce serveur lit les programmes de version {version}",
    "'name' is a text of 1 to {most} characters":
        "« name » est un texte de 1 à {most} caractères",
    "'games' is a list of 1 or more games": "« games » est une liste d’une partie ou plus",
    "a plan holds at most {most} games": "un programme compte {most} parties au plus",
    "game {number} is not a mapping": "la partie {number} n’est pas un dictionnaire",
    "game {number} has no 'kind'": "la partie {number} n’a pas de « kind »",
    "game {number}: {problem}": "partie {number} : {problem}",
    "there is no plan {plan}": "il n’y a pas de programme {plan}",
    "there is no such plan": "ce programme n’existe pas",
    "no plan is running": "aucun programme n’est en cours",
    "the plan has no more games": "le programme n’a plus de partie",
    "the plan's night is over: start the plan again":
        "la soirée du programme est terminée : relancez le programme",
    "the body must be a plan as a JSON object": "le corps doit être un programme en objet JSON",
    "'name' is a text": "« name » est un texte",
    "send the plan as the form's 'file'": "envoyez le programme dans le champ « file »",
    "the plan could not be written: {why}": "le programme n’a pas pu être écrit : {why}",
    "the plan could not be deleted: {why}": "le programme n’a pas pu être supprimé : {why}",
    "this host keeps no plans (no data folder)":
        "ce serveur ne garde pas de programmes (pas de dossier de données)",
    "a break lasts 0 to {most} minutes": "une pause dure de 0 à {most} minutes",
    "a break needs a message or a countdown":
        "une pause a besoin d’un message ou d’un compte à rebours",
    # ---- the break's music (host/room/break_sounds.py, host/routes/break_sounds.py)
    "this host keeps no sounds (no data folder)":
        "ce serveur ne garde pas de sons (pas de dossier de données)",
    "{file}: the sound is {size} bytes, more than the {most} allowed (cut it shorter); "
    "nothing was written":
        "{file} : le son fait {size} octets, plus que les {most} permis (raccourcissez-le) ; "
        "rien n’a été enregistré",
    "{file}: not a sound (its content is not {formats}); nothing was written":
        "{file} : pas un son (son contenu n’est ni Ogg, ni MP3, ni MP4/AAC, ni WebM) ; "
        "rien n’a été enregistré",
    "the sound could not be written: {why}": "le son n’a pas pu être enregistré : {why}",
    "the sound could not be deleted: {why}": "le son n’a pas pu être supprimé : {why}",
    "the sound is larger than {size} MB; nothing was written":
        "le son dépasse {size} Mo : rien n’a été enregistré",
    "send the sound as the form's 'file'": "envoyez le son dans le champ « file »",
    "there is no such sound": "ce son n’existe pas",
    "'music' is null, {\"sound\": id} or {\"question\": id}":
        "« music » vaut null, {\"sound\": id} ou {\"question\": id}",
    "there is no sound {sound} on this host": "ce serveur n’a pas de son {sound}",
    "there is no question {question} with a sound":
        "il n’y a pas de question {question} avec un son",
    "no break with music is shown": "aucune pause avec musique n’est affichée",
    # ---- a plan on paper (host/routes/printing.py)
    "'copies' is a whole number from 1 to {most}":
        "« copies » est un nombre entier de 1 à {most}",
}
