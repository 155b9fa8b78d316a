"""The French of the venue's refusals (host/room/venue.py, host/routes/venue.py). A colour
refused for its contrast carries its own words (host/room/contrast.py: a ratio in French
decimals)."""

from __future__ import annotations

FRENCH_VENUE: dict[str, str] = {
    "'colour' is a colour written #rrggbb":
        "« colour » est une couleur écrite #rrvvbb",
    "'{field}' is a text": "« {field} » est un texte",
    "the body must be a JSON object": "le corps doit être un objet JSON",
    "the venue could not be written: {why}": "le lieu n’a pas pu être enregistré : {why}",
    "this host keeps no venue logo (no data folder)":
        "ce serveur ne garde pas de logo (pas de dossier de données)",
    "{file}: an SVG logo is refused (an SVG can carry scripts): send a PNG, JPEG or WebP":
        "{file} : un logo SVG est refusé (un SVG peut contenir des scripts) : envoyez un PNG, "
        "un JPEG ou un WebP",
    "{file}: not a logo (its content is not PNG, JPEG or WebP)":
        "{file} : pas un logo (son contenu n’est ni PNG, ni JPEG, ni WebP)",
    "{file}: the logo is {size} bytes, more than the {most} allowed (make it smaller)":
        "{file} : le logo fait {size} octets, plus que les {most} permis (réduisez-le)",
    "{file}: the logo file is empty": "{file} : le fichier du logo est vide",
    "the logo is larger than {size} KB; nothing was written":
        "le logo dépasse {size} Ko : rien n’a été enregistré",
    "send the logo as the form's 'file'": "envoyez le logo dans le champ « file »",
    "this host has no logo": "ce serveur n’a pas de logo",
}
