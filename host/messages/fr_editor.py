"""The French of the pack editor's messages: the importers' warnings (host/quiz/importers/*),
the checker's findings (host/quiz/validate.py) and the editor routes' own (host/routes/packs.py).
Keys as in host/messages/fr.py. A warning nests a finding ("{origin}: skipped: field 'answer':
must be ..."): host/messages/__init__.py translates the parts a template fills in, too."""

from __future__ import annotations

# The English a web page shows where the command line's words would not do (the CLI keeps them).
ENGLISH_WEB: dict[str, str] = {
    "{origin}: skipped: no category (give --category)":
        "{origin}: skipped: no category (choose one under Category)",
    "{origin}: category {category} has no match (give --category)":
        "{origin}: category {category} has no match (choose one under Category)",
    "{name} is not a readable pack; see `tourelle questions check`":
        "{name} is not a readable pack",
    # a count's word in its form, never "(s)" (host/messages/__init__.py, `{name|one|other}`)
    "{kind} needs field(s) {missing}": "{kind} needs the {missing|field|fields} {missing}",
    "unknown pack(s): {unknown}": "unknown {unknown|pack|packs}: {unknown}",
    "Unknown territory setting(s): {unknown}. Known: {known}.":
        "Unknown territory {unknown|setting|settings}: {unknown}. Known: {known}.",
    "a deck keeps at least {least} card": "a deck keeps at least {least} {least|card|cards}",
    "unknown setting(s): {unknown}": "unknown {unknown|setting|settings}: {unknown}",
    "this field card already has {most} defence card(s)":
        "this field card already has {most} defence {most|card|cards}",
    "house {house} has only {pile} card(s)": "house {house} has only {pile} {pile|card|cards}",
    "{unsourced} question(s) had no source; their 'source' names the imported file: add where "
    "each fact can be checked":
        "{unsourced} {unsourced|question had no source; its|questions had no source; their} "
        "'source' names the imported file: add where each fact can be checked",
    "{path}:1: missing column(s): {missing}":
        "{path}:1: missing {missing|column|columns}: {missing}",
    "{given} answer(s) (a choice needs at least 2)":
        "{given} {given|answer|answers} (a choice needs at least 2)",
    "correct answer(s) {correct} (need exactly one answer number, 1 to 4)":
        "correct answer given: {correct} (need exactly one answer number, 1 to 4)",
    "{skipped} question(s) with a picture skipped: upload their pictures in the editor":
        "{skipped} {skipped|question with a picture skipped: upload its picture|questions with a "
        "picture skipped: upload their pictures} in the editor",
}

FRENCH_EDITOR: dict[str, str] = {
    # ---- the importers
    "{unsourced} question(s) had no source; their 'source' names the imported file: add where each "
    "fact can be checked":
        "{unsourced} {unsourced|question sans source : sa|questions sans source : leur} « source » "
        "nomme le fichier importé ; ajoutez où vérifier chaque fait",
    "{path}: cannot read as UTF-8 text: {error}": "{path} : illisible comme texte UTF-8 : {error}",
    "{origin}: skipped: no category (give --category)":
        "{origin} : ignorée : pas de catégorie (choisissez-en une dans « Catégorie »)",
    "{origin}: skipped: {why}": "{origin} : ignorée : {why}",
    "field '{field}': {message}": "champ « {field} » : {message}",
    "{file}: row {row}": "{file} : ligne {row}",
    "{path}: empty file": "{path} : fichier vide",
    "{path}:1: missing column(s): {missing}":
        "{path}:1 : {missing|colonne manquante|colonnes manquantes} : {missing}",
    "{file}:{line}: $CATEGORY {name} is not one of ours; ignored":
        "{file}:{line} : $CATEGORY {name} n’est pas une de nos catégories ; ignorée",
    "{path}: no GIFT question found": "{path} : aucune question GIFT trouvée",
    "no answer block {...} (a description, not a question)":
        "pas de bloc de réponse {...} (une description, pas une question)",
    "'{' is never closed": "« { » n’est jamais fermée",
    "essay question": "question de rédaction",
    "matching question": "question d’appariement",
    "matching pair {pair} has no answer": "la paire {pair} n’a pas de réponse",
    "matching question with {count} pairs (an ordering question takes 3 to 6)":
        "question d’appariement à {count} paires (une question à remettre dans l’ordre en prend "
        "3 à 6)",
    "matching question whose answers repeat":
        "question d’appariement dont des réponses se répètent",
    "{origin}: extra answer {right} dropped (an ordering question has no spare items)":
        "{origin} : réponse en trop {right} écartée (une question à remettre dans l’ordre n’a pas "
        "d’élément de plus)",
    "{origin}: matching question imported as an ordering question":
        "{origin} : question d’appariement importée comme question à remettre dans l’ordre",
    "{origin}: range {body} taken as {middle} (the nearest answer wins)":
        "{origin} : intervalle {body} pris comme {middle} (la réponse la plus proche gagne)",
    "short answer question (no ~wrong answers)":
        "question à réponse courte (pas de ~mauvaises réponses)",
    "{rights} right answers (need exactly one)": "{rights} bonnes réponses (il en faut une seule)",
    "numeric answer {shown} (only {{#42}}, {{#42:5}} or {{#40..44}} import)":
        "réponse chiffrée {shown} (seuls {{#42}}, {{#42:5}} ou {{#40..44}} s’importent)",
    "{origin}: tolerance ±{tolerance} dropped (the nearest answer wins)":
        "{origin} : tolérance ±{tolerance} ignorée (la réponse la plus proche gagne)",
    "partial credit ({percent}%)": "points partiels ({percent} %)",
    "{origin}: weights {weights} taken as equal (each right tick counts the same)":
        "{origin} : poids {weights} pris comme égaux (chaque bonne case cochée compte autant)",
    "no wrong answer (every option is right)":
        "aucune mauvaise réponse (toutes les options sont bonnes)",
    "{path}: no header row with 'Question', 'Answer 1', 'Answer 2' and 'Correct answer(s)' (is "
    "this "
    "Kahoot's quiz template?)":
        "{path} : pas de ligne d’en-tête avec « Question », « Answer 1 », « Answer 2 » et « "
        "Correct "
        "answer(s) » (est-ce le modèle de quiz de Kahoot ?)",
    "{given} answer(s) (a choice needs at least 2)":
        "{given} {given|réponse|réponses} (un QCM en demande au moins 2)",
    "correct answer(s) {correct} (need exactly one answer number, 1 to 4)":
        "bonne réponse indiquée : {correct} (il faut un seul numéro de réponse, de 1 à 4)",
    "{path}: not a readable .xlsx file: {error}": "{path} : fichier .xlsx illisible : {error}",
    "{path}: not an Open Trivia DB answer (no 'results' list)":
        "{path} : pas une réponse d’Open Trivia DB (pas de liste « results »)",
    "{path}: Open Trivia DB response_code {code}: {meaning}":
        "{path} : Open Trivia DB response_code {code} : {meaning}",
    "not an object": "pas un objet",
    "type {kind} (only 'multiple' and 'boolean' import)":
        "type {kind} (seuls « multiple » et « boolean » s’importent)",
    "{origin}: category {category} has no match (give --category)":
        "{origin} : la catégorie {category} n’a pas d’équivalent (choisissez-en une dans « "
        "Catégorie »)",
    "{path}: cannot read: {error}": "{path} : illisible : {error}",
    "{path}:{line}: not JSON: {error}": "{path}:{line} : pas du JSON : {error}",
    # ---- a kahoot as JSON (host/quiz/importers/kahoot_json.py)
    "{path}: no 'questions' list (is this a kahoot's JSON?)":
        "{path} : pas de liste « questions » (est-ce le JSON d’un kahoot ?)",
    "not a question object": "pas un objet question",
    "a {kind} slide asks nothing to score": "une diapositive {kind} ne demande rien à noter",
    "its answers are pictures, not text": "ses réponses sont des images, pas du texte",
    "{count} right answers (one answer per team here)":
        "{count} bonnes réponses (une seule réponse par équipe ici)",
    "no accepted answer": "aucune réponse acceptée",
    "no file {image} next to the pack": "pas de fichier {image} à côté du pack",
    "{origin}: wildcard answer {answer} dropped":
        "{origin} : réponse à caractère générique {answer} ignorée",
    "{origin}: answer {answer} worth {percent} % dropped (only full-credit answers are accepted)":
        "{origin} : réponse {answer} à {percent} % ignorée (seules les réponses à 100 % sont "
        "acceptées)",
    # ---- the checker's findings
    "{pack} is not a pack id (lower-case words joined by '-')":
        "{pack} n’est pas un identifiant de pack (mots en minuscules reliés par « - »)",
    "{language} is not one of {languages}": "{language} n’est pas l’une de {languages}",
    "must be a non-empty string, not {value}": "doit être un texte non vide, pas {value}",
    # An empty field: said as such, not with a type's name ("pas a string").
    "must be a non-empty string, not a string": "ne doit pas être vide",
    "item {number} must be a non-empty text, not a string":
        "l’élément {number} ne doit pas être vide",
    "'' is not one of {categories}": "à choisir dans la liste",
    # The types a value was found to be, inside the findings above (validate.describe_type).
    "a string": "un texte",
    "an integer": "un nombre entier",
    "a decimal number": "un nombre décimal",
    "a list": "une liste",
    "a mapping": "un dictionnaire",
    "empty (null)": "vide (null)",
    "a boolean (true/false)": "un booléen (vrai/faux)",
    "must be a list, not {value}": "doit être une liste, pas {value}",
    "a question must be a mapping, not {value}":
        "une question doit être un dictionnaire, pas {value}",
    "must be a string, not {value}": "doit être un texte, pas {value}",
    "{qid} is not of the form <lang>-<category short>-<number>":
        "{qid} n’est pas de la forme <langue>-<catégorie courte>-<numéro>",
    "{qid} must start with the pack's language '{language}-'":
        "{qid} doit commencer par la langue du pack « {language}- »",
    "{category} is not one of {categories}": "{category} n’est pas l’une de {categories}",
    "must be a path or null, not {value}": "doit être un chemin ou null, pas {value}",
    "only numeric questions have a unit": "seules les questions chiffrées ont une unité",
    "has {count}, needs {low} to {high}": "en a {count}, il en faut de {low} à {high}",
    "a numeric question has no options": "une question chiffrée n’a pas d’options",
    "must be a short string, not {value}": "doit être un texte court, pas {value}",
    "unknown field (allowed: {fields})": "champ inconnu (permis : {fields})",
    "missing": "manquant",
    "unknown field": "champ inconnu",
    "must be an integer, not {value}": "doit être un nombre entier, pas {value}",
    "missing (a choice question needs {low} to {high} options)":
        "manquant (un QCM a besoin de {low} à {high} options)",
    "option {number} must be a non-empty string, not {option}{hint}":
        "l’option {number} doit être un texte non vide, pas {option}{hint}",
    "must be the text of an option (or a list of the right ones), not {answer}":
        "doit être le texte d’une option (ou la liste des bonnes), pas {answer}",
    # ---- several right options (host/quiz/several.py: check_several)
    "lists no right option (name at least one, or write the one right option as a text)":
        "ne donne aucune bonne option (nommez-en au moins une, ou écrivez la seule bonne "
        "option comme un texte)",
    "right answer {number} must be the text of an option, not {value}":
        "la bonne réponse {number} doit être le texte d’une option, pas {value}",
    "right answer {number} {answer} is not one of the options":
        "la bonne réponse {number} {answer} n’est pas l’une des options",
    "right answer {number} {answer} is given twice":
        "la bonne réponse {number} {answer} est donnée deux fois",
    "names all {count} options as right: at least one must be wrong":
        "donne les {count} options comme bonnes : au moins une doit être fausse",
    "must be a positive integer, not {answer}": "doit être un entier positif, pas {answer}",
    "{kind} is not one of {kinds}": "{kind} n’est pas l’un de {kinds}",
    "{level} is not between {low} and {high}": "{level} n’est pas entre {low} et {high}",
    "{option} appears twice": "{option} apparaît deux fois",
    "{answer} is not one of the options": "{answer} n’est pas l’une des options",
    "{answer} is not a positive integer": "{answer} n’est pas un entier positif",
    # ---- across a pack's questions (host/quiz/packs.py)
    "duplicate id, first used at {first}": "identifiant en double, déjà pris à {first}",
    "same prompt as question '{first}'": "même énoncé que la question « {first} »",
    "must be a non-empty string or null, not {value}":
        "doit être un texte non vide ou null, pas {value}",
    "has {count} characters, at most {most}": "fait {count} caractères, {most} au plus",
    # ---- typed answers (host/quiz/validate.py: check_text)
    "only text questions have this field": "seules les questions à réponse tapée ont ce champ",
    # ---- ordering questions (host/quiz/ordering.py: check_order)
    "an ordering question has no options (its answer lists the items in order)":
        "une question à remettre dans l’ordre n’a pas d’options (sa réponse donne les "
        "éléments dans l’ordre)",
    "must be the list of items in their right order, not {value}":
        "doit être la liste des éléments dans le bon ordre, pas {value}",
    "has {count} items, needs {low} to {high}":
        "a {count} éléments, il en faut de {low} à {high}",
    "item {number} must be a non-empty text, not {value}":
        "l’élément {number} doit être un texte non vide, pas {value}",
    "item {number} has {count} characters, at most {most}":
        "l’élément {number} fait {count} caractères, {most} au plus",
    "item {number} repeats item {other} ({item})":
        "l’élément {number} répète l’élément {other} ({item})",
    "must be the answer's text, not {value}": "doit être le texte de la réponse, pas {value}",
    "must be a list of answers, not {value}": "doit être une liste de réponses, pas {value}",
    "answer {number} must be text of 1 to {most} characters":
        "la réponse {number} doit être un texte de 1 à {most} caractères",
    "{answer} has no letters or digits": "{answer} n’a ni lettre ni chiffre",
    "{answer} is the same answer as {other} once normalised":
        "{answer} est la même réponse que {other} une fois normalisée",
    "must be a whole percent from {low} to {high}, not {value}":
        "doit être un pourcentage entier de {low} à {high}, pas {value}",
    # ---- sound clips (host/quiz/validate.py: _check_audio; host/quiz/audio.py)
    "a clip needs its audio or video file": "un extrait a besoin de son fichier audio ou vidéo",
    "a question has one clip: a sound or a video, not both":
        "une question a un seul extrait : un son ou une vidéo, pas les deux",
    "a question shows a picture or a video, not both":
        "une question montre une image ou une vidéo, pas les deux",
    # ---- videos (host/quiz/audio.py: VIDEO, checked by host/quiz/media.py)
    "{ref} is not a video file name (allowed: {allowed})":
        "{ref} n’est pas un nom de fichier vidéo (permis : {allowed})",
    "{file}: not a video file name (allowed: {allowed})":
        "{file} : pas un nom de fichier vidéo (permis : {allowed})",
    "{file}: cannot read the video: {error}": "{file} : vidéo illisible : {error}",
    "{file}: the video file is empty": "{file} : le fichier de la vidéo est vide",
    "{file}: the video is {size} bytes, more than the {most} allowed (cut it shorter or lower "
    "its resolution)": "{file} : la vidéo fait {size} octets, plus que les {most} permis "
                       "(raccourcissez-la ou baissez sa résolution)",
    "{file}: not a video (its content is not WebM or MP4)":
        "{file} : pas une vidéo (son contenu n’est ni WebM, ni MP4)",
    "{ref} leads outside the pack's folder (a link): copy the file beside the pack":
        "{ref} mène hors du dossier du pack (un lien) : copiez le fichier à côté du pack",
    "no file {ref} next to the pack (upload the {noun} first)":
        "pas de fichier {ref} à côté du pack (envoyez-le d’abord)",
    "'kind' must be audio or video, not {kind}": "« kind » doit être audio ou video, pas {kind}",
    "no good sound or video {name} beside pack {pack_id}":
        "pas de son ni de vidéo valable {name} à côté du pack {pack_id}",
    "must be [start, end] in seconds, e.g. [12, 42]":
        "doit être [début, fin] en secondes, par exemple [12, 42]",
    "needs 0 <= start < end <= {most} seconds, not [{start}, {end}]":
        "il faut 0 <= début < fin <= {most} secondes, pas [{start}, {end}]",
    "{ref} is not a sound file name (allowed: {allowed})":
        "{ref} n’est pas un nom de fichier son (permis : {allowed})",
    "{file}: not a sound file name (allowed: {allowed})":
        "{file} : pas un nom de fichier son (permis : {allowed})",
    "{file}: cannot read the sound: {error}": "{file} : son illisible : {error}",
    "{file}: the sound file is empty": "{file} : le fichier du son est vide",
    "{file}: the sound is {size} bytes, more than the {most} allowed (cut it shorter)":
        "{file} : le son fait {size} octets, plus que les {most} permis (raccourcissez-le)",
    "{file}: not a sound (its content is not Ogg, MP3, MP4/AAC or WebM)":
        "{file} : pas un son (son contenu n’est ni Ogg, ni MP3, ni MP4/AAC, ni WebM)",
    # ---- pictures (host/quiz/pictures.py: check_image_file, svg_problems)
    "{ref}: use forward slashes ('/') in the path": "{ref} : utilisez des « / » dans le chemin",
    "{ref} must be a path relative to the pack file, not an absolute one":
        "{ref} doit être un chemin relatif au fichier du pack, pas un chemin absolu",
    "{ref} must be beside the pack or in a folder under it ('..' is not allowed)":
        "{ref} doit être à côté du pack ou dans un dossier en dessous (« .. » interdit)",
    "{ref} is not a picture file name (allowed: {allowed})":
        "{ref} n’est pas un nom de fichier d’image (permis : {allowed})",
    "{file}: not a picture file name (allowed: {allowed})":
        "{file} : pas un nom de fichier d’image (permis : {allowed})",
    "{file}: cannot read the picture: {error}": "{file} : image illisible : {error}",
    "{file}: not a file": "{file} : pas un fichier",
    "{file}: the picture file is empty": "{file} : le fichier de l’image est vide",
    "{file}: the picture is {size} bytes, more than the {most} allowed (make it smaller)":
        "{file} : l’image fait {size} octets, plus que les {most} permis (réduisez-la)",
    "{file}: not a picture (its content is not PNG, JPEG, WebP or SVG)":
        "{file} : pas une image (son contenu n’est ni PNG, ni JPEG, ni WebP, ni SVG)",
    "{file}: the content is {found}, not what the name says ({suffix})":
        "{file} : le contenu est du {found}, pas ce que dit le nom ({suffix})",
    "{file}: the SVG {problem}": "{file} : le SVG {problem}",
    "has a DOCTYPE or entity declarations, which are not allowed":
        "a un DOCTYPE ou des déclarations d’entités, interdits",
    "is not well-formed XML: {error}": "n’est pas du XML bien formé : {error}",
    "has a <{name}> element, which is not allowed": "a un élément <{name}>, interdit",
    "has an event handler ({attr} on <{name}>)":
        "a un gestionnaire d’événement ({attr} sur <{name}>)",
    "links outside itself (<{link}>)": "pointe hors de lui-même (<{link}>)",
    "animates a link (<{link}>)": "anime un lien (<{link}>)",
    "{problem}; nothing was written": "{problem} ; rien n’a été enregistré",
    # ---- the editor's routes
    "{skipped} question(s) with a picture skipped: upload their pictures in the editor":
        "{skipped} {skipped|question avec image ignorée : envoyez son image|questions avec image "
        "ignorées : envoyez leurs images} dans l’éditeur",
    "{qid} is already used by another question": "{qid} est déjà pris par une autre question",
    "there is no question {replaces} in this pack to edit":
        "il n’y a pas de question {replaces} à modifier dans ce pack",
    "no file {image} next to the pack (upload the picture first)":
        "pas de fichier {image} à côté du pack (envoyez d’abord l’image)",
    "{pack_id} is already a pack's id": "{pack_id} est déjà l’identifiant d’un pack",
    "this file gives no category: choose a category for its questions; nothing was written":
        "ce fichier ne donne pas la catégorie de ses questions : choisissez-en une dans "
        "« Catégorie » ; rien n’a été enregistré",
    # ---- a pack with its pictures and clips as one zip (host/routes/pack_bundle.py)
    "{name}: not a pack bundle (it is not a zip archive); nothing was written":
        "{name} : pas un pack avec ses fichiers (ce n’est pas une archive zip) ; rien n’a été "
        "enregistré",
    "{name}: not a pack bundle (it must hold one .yaml or .json pack at its top level, it "
    "holds {count}); nothing was written":
        "{name} : pas un pack avec ses fichiers (il doit contenir un seul pack .yaml ou .json "
        "à sa racine, il en contient {count}) ; rien n’a été enregistré",
    "{name}: the zip names a file outside its folder ({member}); nothing was written":
        "{name} : le zip nomme un fichier hors de son dossier ({member}) ; rien n’a été "
        "enregistré",
    "{name}: the bundle would inflate to {size} MB (too big); nothing was written":
        "{name} : le zip décompressé ferait {size} Mo (trop gros) ; rien n’a été enregistré",
    "{name}: cannot read {member} in the zip (it is larger than it says); nothing was written":
        "{name} : impossible de lire {member} dans le zip (il est plus gros qu’annoncé) ; "
        "rien n’a été enregistré",
    "{name}: cannot read {member} in the zip ({error}); nothing was written":
        "{name} : impossible de lire {member} dans le zip ({error}) ; rien n’a été enregistré",
    "{name}: an Office file, not a pack bundle (a Kahoot sheet? name it .xlsx); nothing was "
    "written":
        "{name} : un fichier Office, pas un pack avec ses fichiers (une feuille Kahoot ? "
        "nommez-la .xlsx) ; rien n’a été enregistré",
    "{name}: its pack {pack} is larger than {most} MB; nothing was written":
        "{name} : son pack {pack} dépasse {most} Mo ; rien n’a été enregistré",
    "question {qid} skipped: the bundle has no file {ref}":
        "question {qid} ignorée : le zip ne contient pas le fichier {ref}",
    "question {qid} skipped: its file {ref} is refused: {why}":
        "question {qid} ignorée : son fichier {ref} est refusé : {why}",
}
