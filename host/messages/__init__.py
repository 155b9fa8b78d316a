"""Every refusal in the people's two languages: one text per refusal code, and the French of
each specific English reason.

The server's refusals (an ack or `error` event with `ok: false`, an HTTP error of the pack
editor) carry `code`, `reason` (English, for scripts and logs) and `text`: `{"fr": ...,
"en": ...}`, which the pages show in their language (docs/PROTOCOL.md, its first section).

The French comes gettext-style: the English reason is the key (host/messages/fr.py, with
host/messages/fr_cards.py for the card games, host/messages/fr_quiz.py for the quiz round and
host/messages/fr_editor.py for the pack editor's findings and import warnings), with
`{name}` standing for the parts a reason fills in ("unknown action {kind}"), and
`{name|one|other}` in a translation for a word that follows the count `name` gives (a
number, or the items of a list "a, b"): "la maison {house} n’a que {pile} {pile|carte|cartes}"
(French: 0 and 1 are singular; English: 1 alone), never "carte(s)"; a reason with no
French of its own gets its code's text, and an unknown code a plain "Refusé". Callers keep
writing English reasons (Outcome.refuse(code, reason), GameError(reason)); the test
tests/core/test_messages.py checks that every literal one in host/ has its French.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from typing import Any

from host.messages.fr import FRENCH as _FRENCH_PLAY
from host.messages.fr_cards import FRENCH_CARDS
from host.messages.fr_editor import ENGLISH_WEB, FRENCH_EDITOR
from host.messages.fr_plans import FRENCH_PLANS
from host.messages.fr_quiz import FRENCH_QUIZ
from host.messages.fr_venue import FRENCH_VENUE

FRENCH = {**_FRENCH_PLAY, **FRENCH_CARDS, **FRENCH_QUIZ, **FRENCH_EDITOR, **FRENCH_PLANS,
          **FRENCH_VENUE}

# One text per refusal code: (French, English).
CODES: dict[str, tuple[str, str]] = {
    "bad_event": ("Demande mal formée : rien n’a changé.", "A malformed request: nothing changed."),
    "bad_plan": ("Ce programme de soirée est refusé : rien n’a été enregistré.",
                 "This night plan is refused: nothing was written."),
    "bad_colour": ("Ce n’est pas une couleur : rien n’a changé.",
                   "Not a colour: nothing changed."),
    "bad_format": ("Format de fichier inconnu.", "Unknown file format."),
    "bad_message": ("Message mal formé : rien n’a changé.",
                    "A malformed message: nothing changed."),
    "bad_request": ("Demande mal formée : rien n’a changé.",
                    "A malformed request: nothing changed."),
    "bad_settings": ("Réglages refusés.", "Settings refused."),
    "banned": ("L’animateur a retiré ce téléphone.", "The host removed this phone."),
    "broken_pack": ("Ce pack est illisible.", "This pack cannot be read."),
    "busy": ("La partie n’a pas répondu à temps : réessayez.",
             "The game did not answer in time: try again."),
    "empty": ("Le fichier est vide : rien n’a été enregistré.",
              "The file is empty: nothing was written."),
    "exists": ("Ce pack existe déjà.", "This pack exists already."),
    "forbidden": ("Ce n’est pas à vous de faire cela.", "That is not yours to do."),
    "full": ("Toutes les places sont prises.", "Every seat is taken."),
    "ids_taken": ("Des identifiants de question sont déjà pris.",
                  "Some question ids are taken already."),
    "illegal": ("Les règles ne le permettent pas maintenant.", "The rules do not allow that now."),
    "invalid": ("Refusé : voyez les champs signalés.", "Refused: see the fields marked."),
    "internal": ("L’animateur n’a pas pu traiter cela : rien n’a changé.",
                 "The host could not handle that: nothing changed."),
    "needs_category": ("Ce fichier ne donne pas de catégorie : choisissez-en une.",
                       "This file gives no category: choose one."),
    "low_contrast": ("Cette couleur se lit mal sur les pages : rien n’a changé.",
                     "This colour is hard to read on the pages: nothing changed."),
    "moved": ("La salle est passée à une autre partie : choisissez une place.",
              "The room moved to another game: choose a seat."),
    "no_clip": ("Extrait introuvable.", "Clip not found."),
    "no_file": ("Aucun fichier reçu.", "No file received."),
    "no_image": ("Image introuvable.", "Picture not found."),
    "no_memory": ("Ce serveur ne garde pas la mémoire des questions.",
                  "This host keeps no question memory."),
    "no_pack": ("Ce pack n’existe pas.", "There is no such pack."),
    "no_question": ("Cette question n’existe pas.", "There is no such question."),
    "no_questions": ("Aucune question n’a pu être importée : rien n’a été enregistré.",
                     "No question could be imported: nothing was written."),
    "not_a_pack": ("Ce n’est pas un pack de questions lisible : rien n’a été enregistré.",
                   "Not a readable question pack: nothing was written."),
    "not_captain": ("Seul le capitaine de l’équipe répond.", "Only the team's captain answers."),
    "not_found": ("Introuvable.", "Not found."),
    "not_clip": ("Ce n’est pas un son ou une vidéo lisible : rien n’a été enregistré.",
                 "Not a readable sound or video: nothing was written."),
    "not_image": ("Ce n’est pas une image lisible : rien n’a été enregistré.",
                  "Not a readable picture: nothing was written."),
    "not_shown": ("Cette partie n’est pas celle de la salle : rejoignez celle du projecteur.",
                  "That is not the room's game: join the one on the projector."),
    "not_started": ("La partie n’a pas encore commencé.", "The game has not started yet."),
    "nothing_to_undo": ("Rien à annuler.", "Nothing to undo."),
    "out_of_turn": ("Ce n’est pas votre tour.", "It is not your turn."),
    "over": ("La partie est terminée.", "The game is over."),
    "paused": ("La partie est en pause.", "The game is paused."),
    "read_only": ("Ce pack est en lecture seule.", "This pack is read-only."),
    "stale": ("C’était pour une étape déjà passée.", "That was for a step already over."),
    "storage": ("La carte mémoire refuse l’écriture : rien n’est perdu.",
                "The memory card refuses writing: nothing is lost."),
    "taken": ("Cette place est prise.", "That seat is taken."),
    "seat_out": ("Cette place n’est plus en jeu.", "That seat is no longer in play."),
    "too_large": ("Trop gros : rien n’a été enregistré.", "Too large: nothing was written."),
    "unknown_event": ("Demande inconnue.", "Unknown request."),
    "wrong_game": ("Cette partie ne prend pas cela.", "This game does not take that."),
}
REFUSED = ("Refusé.", "Refused.")

_PLACEHOLDER = re.compile(r"\{\{|\}\}|\{(\w+)\}")


def _pattern(template: str) -> re.Pattern[str]:
    """The regular expression of an English template: `{name}` matches any text."""
    parts: list[str] = []
    last = 0
    for match in _PLACEHOLDER.finditer(template):
        parts.append(re.escape(template[last:match.start()]))
        token = match.group(0)
        name = match.group(1)
        parts.append(re.escape(token[0]) if name is None else f"(?P<{name}>.*?)")
        last = match.end()
    parts.append(re.escape(template[last:]))
    return re.compile("".join(parts) + r"\Z", re.DOTALL)


_PLURAL = re.compile(r"\{(\w+)\|([^{}|]*)\|([^{}|]*)\}")  # {name|one|other}


def _count(value: str) -> int:
    """How many a filled-in part says: its number, else the items of its list ("a, b")."""
    value = value.strip()
    if re.fullmatch(r"-?\d+", value):
        return abs(int(value))
    return len(value.split(", ")) if value else 0


def _one_fr(count: int) -> bool:
    return count < 2


def _one_en(count: int) -> bool:
    return count == 1


def _fill(template: str, values: dict[str, str],
          one: Callable[[int], bool] = _one_en) -> str:
    template = _PLURAL.sub(
        lambda m: m.group(2) if one(_count(values.get(m.group(1), ""))) else m.group(3),
        template)
    return _PLACEHOLDER.sub(
        lambda m: m.group(0)[0] if m.group(1) is None else values.get(m.group(1), ""), template
    )


_NAMED = re.compile(r"\{\w+\}")  # a template with a placeholder; others are plain text


class Catalogue:
    """English templates and their translation: plain ones looked up, the others matched."""

    def __init__(self, table: dict[str, str], one: Callable[[int], bool]) -> None:
        self.one = one  # the language's singular: which counts take `{name|one|other}`'s one
        self.exact = {en: out for en, out in table.items() if not _NAMED.search(en)}
        # The most specific first: the template with the most fixed text ("{answer} is not one
        # of the options" before "{language} is not one of {languages}").
        templates = sorted((en for en in table if _NAMED.search(en)),
                           key=lambda en: -len(_NAMED.sub("", en)))
        self.patterns = [(_pattern(en), table[en]) for en in templates]

    def translate(self, english: str, depth: int = 3) -> str | None:
        """The translation of `english`, its filled-in parts translated too when they can be
        (a warning quoting a finding); None when no template matches."""
        if english in self.exact:
            return self.exact[english]
        for pattern, out in self.patterns:
            found = pattern.match(english)
            if found:
                values = {name: (self.translate(value, depth - 1) if depth and value else None)
                          or value for name, value in found.groupdict().items()}
                return _fill(out, values, self.one)
        return None


_TO_FRENCH = Catalogue(FRENCH, _one_fr)
_TO_WEB_ENGLISH = Catalogue(ENGLISH_WEB, _one_en)


def french(reason: str) -> str | None:
    """The French of an English reason from the catalogue, or None when it has none."""
    return _TO_FRENCH.translate(reason)


def both(english: str) -> dict[str, str]:
    """A message (an import warning, a checker's finding) in both languages; the English
    itself where the catalogue has no French (a message built at run time)."""
    web = _TO_WEB_ENGLISH.translate(english, depth=0) or english
    return {"fr": french(english) or web, "en": web}


def _sentence(text: str) -> str:
    """A reason as a sentence: capital first, a full stop unless it ends with one."""
    if not text:
        return text
    first = re.split(r"[\s:]", text, maxsplit=1)[0]
    if not re.search(r"[./\d_'«{<]", first):  # a word, not a file name, an id or a quote
        text = text[0].upper() + text[1:]
    return text if text[-1] in ".!?…" else text + "."


def text(code: str, reason: str = "") -> dict[str, str]:
    """A refusal's words for people: `{"fr": ..., "en": ...}`."""
    fr, en = _words(code, reason)
    return {"fr": fr, "en": en}


@functools.lru_cache(maxsize=2048)
def _words(code: str, reason: str) -> tuple[str, str]:
    """Cached: a burst of the same refusal (a room's double taps) matches the templates once."""
    fr_code, en_code = CODES.get(code, REFUSED)
    fr = french(reason) if reason else None
    en = (_TO_WEB_ENGLISH.translate(reason, depth=0) or reason) if reason else ""
    return (_sentence(fr) if fr else fr_code, _sentence(en) if en else en_code)


def with_text(payload: dict[str, Any]) -> dict[str, Any]:
    """A refusal payload ({"ok": False, "code", "reason", ...}) with its `text` added."""
    if payload.get("ok") is False and "text" not in payload:
        payload["text"] = text(str(payload.get("code", "")), str(payload.get("reason", "")))
    return payload


# A team's move the host's undo could not keep (host/store/replay.py `undone_notices`): what its
# phones read, by `move:gone` (the question or title card it was for was taken back) or
# `move:void` (the same question, but the move no longer applies).
UNDONE: dict[str, tuple[str, str]] = {
    "answer:gone": ("L’animateur a annulé sa dernière décision : la question à laquelle votre "
                    "équipe avait répondu est retirée, et sa réponse avec.",
                    "The host undid their last decision: the question your team had answered "
                    "was taken back, and its answer with it."),
    "buzz:gone": ("L’animateur a annulé sa dernière décision : la question sur laquelle vous "
                  "aviez buzzé est retirée ; votre buzz ne compte plus.",
                  "The host undid their last decision: the question you had buzzed on was "
                  "taken back; your buzz no longer counts."),
    "joker:gone": ("L’animateur a annulé sa dernière décision : le titre de manche où vous "
                   "aviez joué votre joker est retiré ; votre joker reste à jouer.",
                   "The host undid their last decision: the round title card where you had "
                   "played your joker was taken back; your joker is still yours to play."),
    "stake:gone": ("L’animateur a annulé sa dernière décision : la mise de votre équipe était "
                   "pour une question qu’il a retirée ; elle ne compte plus.",
                   "The host undid their last decision: your team's stake was for a question "
                   "that was taken back; it no longer counts."),
    "stake:void": ("L’animateur a annulé sa dernière décision : la mise de votre équipe dépasse "
                   "maintenant ce qu’elle peut miser ; misez à nouveau.",
                   "The host undid their last decision: your team's stake is now more than it "
                   "may bet; bet again."),
    "double:gone": ("L’animateur a annulé sa dernière décision : le quitte ou double de votre "
                    "équipe était sur une question qu’il a retirée ; il ne compte plus, "
                    "choisissez à nouveau.",
                    "The host undid their last decision: your team's double or nothing was on "
                    "a question that was taken back; it no longer counts, choose again."),
}
UNDONE_OTHER = ("L’animateur a annulé sa dernière décision : votre dernier geste ne "
                "s’applique plus et ne compte pas.",
                "The host undid their last decision: your last move no longer applies and "
                "does not count.")


def undone_text(code: str) -> dict[str, str]:
    """What a phone reads when the host's undo could not keep its team's move."""
    fr, en = UNDONE.get(code, UNDONE_OTHER)
    return {"fr": fr, "en": en}
